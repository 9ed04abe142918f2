// WallPotential: ls1-mardyn's wall at y = yoff: every LJ centre within ycut of the wall's surface feels the
// integrated Lennard-Jones 9-3 (or 10-4-3) force of a half-space (or layer) of wall sites, mixed per component.
#pragma once

#include "io/SimulationConfig.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

class WallPotential {
 public:
  WallPotential(const WallPotentialConfig& config, const std::vector<Component>& components);
  /// Adds the wall force to the sites (force and torque) of the owned molecules; ls1 skips step 0 and keeps
  /// the wall's energy out of U_pot.
  void apply(ParticleContainer& container, unsigned long step) const;
  /// Force along y on a centre of component c at signed distance `rel` from the wall surface.
  double force(unsigned component, double rel) const;

 private:
  WallPotentialConfig _config;
  std::vector<bool> _considered;
  std::vector<double> _eps, _sigma;  ///< mixed with each component's first LJ centre
};

}  // namespace mardyn
