// CellProcessor: ls1-mardyn's interface for what a container traversal does with cells: the
// interactions of one cell with itself and of one cell pair, with set-up and tear-down hooks.
#pragma once

#include "particleContainer/ParticleCell.h"

namespace mardyn {

/// Contract of a traversal (ParticleContainer::traverseCells):
///  initTraversal(); preprocessCell(c) for every cell (halo included); then processCell(c) for every
///  owned cell and processCellPair(c1, c2) for every unordered pair of neighbouring cells of which at
///  least one is owned, each pair exactly once; postprocessCell(c) for every cell; endTraversal().
/// Cutoff is on the centre-of-mass distance. Forces and torques are added to the molecules of both
/// cells (Newton's third law); those on halo copies are discarded by the container. The potential
/// energy and virial of a pair between an owned and a halo molecule count one half, since the
/// mirrored pair is seen from the other side too (periodic image or neighbouring process).
/// Two hooks relax this for processors that find their pairs themselves: setsForces() (no clearing
/// before) and usesCellPairs() (no processCell/processCellPair calls).
class CellProcessor {
 public:
  virtual ~CellProcessor() = default;

  virtual void initTraversal() = 0;
  virtual void preprocessCell(ParticleCell& cell) = 0;
  virtual void processCellPair(ParticleCell& cell1, ParticleCell& cell2) = 0;
  virtual void processCell(ParticleCell& cell) = 0;
  virtual void postprocessCell(ParticleCell& cell) = 0;
  virtual void endTraversal() = 0;

  /// Potential energy of the owned molecules summed in the last traversal (no long-range correction).
  virtual double upot() const = 0;
  /// Virial sum over pairs of r_ij . F_ij (centre-of-mass distance, ls1's molecular virial).
  virtual double virial() const = 0;

  /// True if postprocessCell sets (rather than adds to) the force and torque of every owned molecule
  /// and nothing reads them before: the container then does not clear them first (halo copies keep
  /// whatever they hold; their forces are discarded anyway).
  virtual bool setsForces() const { return false; }
  /// False if processCell and processCellPair do nothing (the processor finds its pairs itself): the
  /// container may then leave out the walk over the cell pairs.
  virtual bool usesCellPairs() const { return true; }
};

}  // namespace mardyn
