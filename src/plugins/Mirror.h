// Mirror: ls1-mardyn's mirror plugin, types 1 (molecules beyond the plane moving further out have v_y
// reversed) and 2 (a spring force k (y_mirror - y) on molecules beyond the plane), after the forces.
#pragma once

#include "io/SimulationConfig.h"
#include "particleContainer/ParticleContainer.h"

namespace mardyn {

class Mirror {
 public:
  explicit Mirror(MirrorConfig config) : _config(config) {}
  void apply(ParticleContainer& container) const;

 private:
  MirrorConfig _config;
};

}  // namespace mardyn
