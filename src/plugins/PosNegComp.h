// PosNegComp: ls1-mardyn's PosNegComp plugin: molecules between two planes y = left and y = right take one
// component while they move in +y and another while they move in -y (to sample the fluxes apart).
#pragma once

#include "io/SimulationConfig.h"
#include "molecules/Component.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

class PosNegComp {
 public:
  PosNegComp(PosNegCompConfig config, const std::vector<Component>& components)
      : _config(config), _components(components) {}
  /// ls1's beforeForces and afterForces: every molecule (owned or halo) with left < y < right that is not of
  /// component `ignore` gets component `pos` if v_y > 0, else `neg`.
  void apply(ParticleContainer& container) const;

 private:
  PosNegCompConfig _config;
  const std::vector<Component>& _components;
};

}  // namespace mardyn
