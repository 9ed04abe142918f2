// MaxCheck: ls1-mardyn's plugin that limits forces, velocities, torques and angular momenta of the
// molecules in (or outside) a range to per-component maxima, before the first half kick and after the
// forces of each controlled step (what lets ls1's generated set-ups with overlaps start).
#pragma once

#include "io/SimulationConfig.h"
#include "particleContainer/ParticleContainer.h"

namespace mardyn {

class MaxCheck {
 public:
  explicit MaxCheck(MaxCheckConfig config) : _config(std::move(config)) {}
  /// Whether the plugin acts at `step` (start <= step <= stop, step % frequency == 0).
  bool actsAt(unsigned long step) const;
  /// Applies the limits to the owned molecules at `step` (nothing outside the control window).
  void apply(ParticleContainer& container, unsigned long step) const;

 private:
  MaxCheckConfig _config;
};

}  // namespace mardyn
