// COMaligner: ls1-mardyn's plugin that moves all molecules so that their centre of mass approaches the box
// centre in the chosen dimensions (every `interval` steps, at most 0.9 cutoff per move).
#pragma once

#include "io/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/ParticleContainer.h"

namespace mardyn {

class COMaligner {
 public:
  COMaligner(COMalignerConfig config, const Vec3& box, double cutoff) : _config(config), _box(box), _maxMove(0.9 * cutoff) {}
  /// Moves the owned molecules at steps 1, 1 + interval, ... (before the exchange wraps them into the box);
  /// returns the move.
  Vec3 apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) const;

 private:
  COMalignerConfig _config;
  Vec3 _box;
  double _maxMove;
};

}  // namespace mardyn
