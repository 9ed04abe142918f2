// DriftCtrl: ls1-mardyn's drift control: the mean velocity per bin along y is sampled over several steps and,
// every `control` steps, the molecules of the target component in the range are shifted to the target drift.
#pragma once

#include "io/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

class DriftCtrl {
 public:
  DriftCtrl(DriftCtrlConfig config, std::size_t numComponents);
  /// ls1's beforeForces: called after the exchange of each step, before the forces.
  void apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step);
  unsigned numBins() const { return _bins; }

 private:
  int binOf(double y) const;
  DriftCtrlConfig _config;
  std::size_t _groups;  ///< 0: all components, c: component c (1-based)
  unsigned _bins;
  double _width;
  std::vector<double> _sums;  ///< per group and bin: count, sum vx, sum vy, sum vz (local, since the last control)
};

}  // namespace mardyn
