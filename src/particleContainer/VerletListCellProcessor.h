// VerletListCellProcessor: single-centre LJ forces from a Verlet (neighbour) list with a skin, kept
// across traversals while no molecule moved more than half the skin; rebuilt when that is not sure.
#pragma once

#include "molecules/InteractionParameters.h"
#include "particleContainer/CellProcessor.h"
#include "particleContainer/LJTypeTable.h"
#include "particleContainer/VerletListKernels.h"
#include "particleContainer/VerletListThreads.h"
#include "particleContainer/VerletNeighbourList.h"
#include "utils/SimdLevel.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace mardyn {

/// Works for the systems of SingleCentreCellProcessor (one LJ centre at the centre of mass, no switch).
/// It keeps no reference to molecules between traversals: every molecule copy the traversal presents
/// (owned or halo) is matched to a list entry ("slot") by its id and its position, which must lie within
/// skin/2 of the slot's position when the list was built; so molecules moved by the integrator, wrapped
/// across periodic faces, migrated between processes, re-sorted into other cells, or halo copies made
/// anew are found again. The list is rebuilt when an owned molecule has no such slot, an owned molecule
/// was too far outside the owned region at build time to be listed with all its partners, a halo copy
/// without a slot lies within the cutoff of the owned region, or the owned region changed. Halo slots
/// within skin/2 of the owned region are listed with all their partners too (a molecule crossing a
/// periodic face continues as one of them). Energy and virial of a pair count one half for each end that
/// is owned now, which gives ls1's weights (1 owned-owned, 1/2 owned-halo).
/// The halo should be at least cutoff + skin wide (LinkedCells with cutoff + skin); with a narrower halo
/// results stay correct, but new halo copies force more rebuilds.
class VerletListCellProcessor : public CellProcessor {
 public:
  /// skin > 0 (throws MardynException otherwise); simd: the kernel variant (the CPU must support it).
  VerletListCellProcessor(const InteractionParameters& params, double skin, SimdLevel simd = bestSimdLevel());

  /// The systems it handles: the same as SingleCentreCellProcessor::applies.
  static bool applies(const std::vector<Component>& components, const InteractionParameters& params);

  double skin() const { return _skin; }
  /// Cutoff + skin: the list range, and the halo width the container should provide.
  double listRange() const { return _range; }
  /// Number of list builds so far (the first traversal builds one).
  unsigned long rebuilds() const { return _rebuilds; }
  SimdLevel simd() const { return _simd; }

  void initTraversal() override;
  void preprocessCell(ParticleCell& cell) override;
  void processCellPair(ParticleCell& /*cell1*/, ParticleCell& /*cell2*/) override {}
  void processCell(ParticleCell& /*cell*/) override {}
  void postprocessCell(ParticleCell& cell) override;
  void endTraversal() override;
  double upot() const override { return _upot; }
  double virial() const override { return _virial; }
  bool setsForces() const override { return true; }
  bool usesCellPairs() const override { return false; }

 protected:
  /// The pair computation over the list (this class: the LJ kernel of its variant into _force, _upot,
  /// _virial); a subclass computes other interactions over the same list and slots.
  virtual void computeForces();
  /// The LJ type a slot's molecule is listed with (this class: of its one LJ centre).
  virtual int slotType(const Molecule& m) const;
  /// The slot of molecule i of a container cell in this traversal.
  std::int64_t slotOf(const ParticleCell& cell, std::size_t i) const { return _cellSlots[cell.index()].slot[i]; }
  /// Whether a list row/slot takes part in this traversal (its molecule is present).
  bool present(std::size_t slot) const { return _seen[slot] == _stamp; }
  /// Runs the matching or rebuild and computeForces() once per traversal.
  void compute();

  // For subclasses: the slots (molecule copies of this traversal in list order; see the class comment).
  std::size_t _numSlots = 0;
  std::vector<double> _pos;               // now: x, y, z, 1 if owned (0 for halo or absent) per slot
  std::vector<const Molecule*> _molecule; // the molecule copy of each present slot in this traversal
  std::vector<std::size_t> _rowStart;     // row i: _partners[_rowStart[i]] .. (padded with slot _numSlots)
  std::vector<std::uint32_t> _partners;
  double _upot = 0.0, _virial = 0.0;

 private:
  /// Slots of the molecules of one container cell at the last traversal (a guess for the next one).
  struct CellSlots {
    std::vector<unsigned long> id;
    std::vector<std::int64_t> slot;
  };

  bool matchAll();
  std::int64_t findSlot(unsigned long id, double x, double y, double z) const;
  void rebuild();
  double distance2ToRegion(double x, double y, double z) const;

  const InteractionParameters& _params;
  double _cutoff2, _skin, _range, _halfSkin2;
  unsigned _numTypes;
  LJTypeTable _ljTypes;
  SimdLevel _simd;
  VerletRowsVariant _kernel;
  VerletListThreads _threads;

  // This traversal
  std::vector<ParticleCell*> _visited;
  double _regionMin[3], _regionMax[3];
  bool _computed = false;

  // The list and its slots (in the list's bin order)
  bool _haveList = false;
  unsigned long _rebuilds = 0;
  double _builtMin[3] = {0, 0, 0}, _builtMax[3] = {0, 0, 0};
  VerletNeighbourList _list;
  std::vector<double> _ref;            // at the build: x, y, z, 1 if listed with all partners (owned or near)
  std::vector<double> _force;          // fx, fy, fz, unused per slot
  std::vector<int> _type;
  std::vector<unsigned long> _slotId;
  std::vector<std::int64_t> _nextSameId;
  std::vector<unsigned> _seen;
  unsigned _stamp = 0;
  bool _denseIds = false;                                     // ids up to ~4 x slots: a table
  std::vector<std::int64_t> _firstSlotById;                   // first slot of each id, or -1
  std::unordered_map<unsigned long, std::int64_t> _firstSlot;  // the same for sparse ids
  std::vector<CellSlots> _cellSlots;  // by container cell index
};

}  // namespace mardyn
