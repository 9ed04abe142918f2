// MettDeamonFeedrateDirector: ls1-mardyn's plugin that sets MettDeamon's feed from the molecules a Meland
// mirror removes, so that the reservoir feeds in what leaves the box (a stationary evaporation).
#pragma once

#include "io/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"

#include <deque>

namespace mardyn {

class MettDeamonFeedrateDirector {
 public:
  explicit MettDeamonFeedrateDirector(FeedrateDirectorConfig config);
  /// ls1's beforeForces: adds this step's removals (this process's); after every `updateFreq` calls, sums them
  /// over the processes, appends removed-per-step * invDensityArea to the list (keeping the last numvals), sets
  /// `feed` to the list's mean and returns true. Rank 0 writes the restart file at steps s % writefreq == 0.
  bool beforeForces(unsigned long removedThisStep, double invDensityArea, const DomainDecompBase& decomp,
                    unsigned long step, double& feed);
  double mean() const;
  const std::deque<double>& list() const { return _list; }
  long mirrorID() const { return _config.mirrorID; }

 private:
  void writeRestart(unsigned long step, int rank) const;
  FeedrateDirectorConfig _config;
  std::deque<double> _list;
  unsigned long _sampled = 0;
  unsigned long _removed = 0;
};

}  // namespace mardyn
