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
///
/// Pairs across a periodic face of the process's own region (setPeriodicSelf: the region spans the box
/// along that axis) are counted once: between two molecules owned here at the build ("local" ones,
/// along the other axes at least skin/2 inside the region, so that they stay here until the next build),
/// every pair of copies at one separation appears several times in the list (owned-owned or owned-image,
/// and image-image copies); one is kept, at weight 1: the owned-owned pair, or of the two owned-image
/// copies the one whose owned end has the smaller id. Its forces go to the copies' owned molecules
/// wherever they are now (after a wrap the kept pair may join two images). The list is rebuilt when a
/// local molecule has no owned copy here any more. Other pairs (partners owned by another process, self
/// images) keep the weights above. This needs every copy within cutoff + skin/2 of the region in the
/// halo, which a halo of cutoff + skin gives.
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
  /// Axes along which the owned region is the whole periodic box (one process along it): pairs across
  /// those faces are counted once (see the class comment). The halo must be at least cutoff + skin wide.
  void setPeriodicSelf(bool x, bool y, bool z);
  /// Counting once is given up (for the rest of the run) when at a build it leaves out less than this
  /// share of the listed pairs (default 0.2 here; 0 for the multi-site subclass, whose pairs cost more).
  void setOnceMinShare(double share) { _onceMinShare = share; _onceOff = false; }
  /// Whether the current list counts some pairs once.
  bool countsOnce() const { return _once; }
  /// Newton's third law across process faces, from the next list build on (it must come at the same step
  /// on every process, after a full exchange whose halo plan every process can follow): a pair of an owned
  /// molecule and a halo copy is listed only where the molecule with the smaller id is owned, at weight 1,
  /// so that each pair is computed on one process; the forces and torques on the halo copies are set on
  /// them, for DomainDecompBase::returnHaloForces to add to their originals. Owned molecules must stay on
  /// this process while the list lives (no migration between builds). Off: the weights above.
  void setNewton(bool on) { _newtonNext = on; }
  /// Whether the current list computes the pairs with halo copies once (setNewton at its build).
  bool newton() const { return _newton; }
  /// Pairs of the last list counted once (weight 1 with forces to the owners), and the other pairs.
  std::size_t pairsCountedOnce() const { return _pairsOnce; }
  std::size_t pairsWeighted() const { return _pairsWeighted; }

  /// Between list builds, when since the last traversal the container's molecules only moved (not
  /// re-sorted, none added or removed) and their halo copies moved with them (DomainDecompBase::
  /// refreshHalo): takes their positions into the slots and checks them as the matching would. False
  /// when that is not enough (a molecule moved more than skin/2 from where the list saw it, a halo copy
  /// without a slot came within the cutoff of the region, or there is no list yet): then the container
  /// needs a full exchange and the traversal the matching.
  bool followMolecules();

  /// Where the list will stand after the next drift (r += dt (v + dt/2 F/m), Leapfrog's first half step with
  /// the velocities and forces as they are now), so that processes can agree on a list build through the
  /// reduction of the step before it (DomainDecompBase::allreduceSumMax) instead of a collective of its own.
  /// Every value is a maximum over this process's owned molecules (or halo copies without a slot), so that
  /// the maxima over all processes bound every copy's motion too.
  struct Forecast {
    double displacement = 0.0;  ///< farthest an owned molecule will lie from where the list saw it
    double step = 0.0;          ///< farthest the drift moves an owned molecule
    double speed = 0.0;         ///< largest |v| of an owned molecule (what a velocity scaling before the drift changes)
    double intrusion = -1e300;  ///< largest (cutoff - distance to the owned region) of a halo copy without a slot
    bool followable = false;    ///< there is a list whose slots the last traversal matched
    /// As values whose element-wise maxima over processes are the forecast for all of them, and back.
    std::vector<double> maxima() const { return {displacement, step, speed, intrusion, followable ? 0.0 : 1.0}; }
    static Forecast fromMaxima(const std::vector<double>& m) {
      return {m.at(0), m.at(1), m.at(2), m.at(3), m.at(4) == 0.0};
    }
  };
  /// Call after the last traversal, with nothing changed since but velocities (the kick): the forecast.
  Forecast forecast(double dt) const;
  /// Whether, with the maxima of every process's forecast, followMolecules() will succeed everywhere after
  /// the drift, when the velocities are scaled before it by factors b with |b - 1| <= scaling (a thermostat):
  /// false also where that is not sure within round-off.
  bool forecastKeepsList(const Forecast& everywhere, double dt, double scaling) const;
  /// After followMolecules() returned true on every process: the next traversal keeps the slots of the
  /// last one (no matching).
  void keepSlotsNextTraversal() { _keepSlots = true; }
  /// The next traversal builds the list anew (processes that follow their halo copies rebuild together,
  /// at the full exchange one of them needed).
  void rebuildNextTraversal() { _haveList = false; }

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
  /// Whether periodic pairs may be counted once (this class: yes); a subclass whose computeForces()
  /// reads only _rowStart/_partners with the per-slot weights returns false and gets every pair there.
  virtual bool countsImagesOnce() const { return true; }
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
  // Pairs counted once (empty unless setPeriodicSelf applies): the same layout, weight 1, forces folded
  // from image slots onto their owners' slots.
  std::vector<std::size_t> _rowStartOnce;
  std::vector<std::uint32_t> _partnersOnce;
  bool _once = false;                  // the last list has pairs counted once
  std::vector<std::uint8_t> _local;    // per slot: its molecule was local at the build (see listPairs)
  /// For a present local slot that is not owned now: the slot of its molecule's owned copy, or -1 if
  /// that is not here (then computeForces sets _ownersLost and the list is rebuilt).
  std::int64_t imageOwner(std::size_t s) const;
  bool _ownersLost = false;
  double _upot = 0.0, _virial = 0.0;

 private:
  /// Position given to slots whose molecule is absent in a traversal: beyond every cutoff.
  static constexpr double farAway = 1.0e30;
  /// Slots of the molecules of one container cell at the last traversal (a guess for the next one).
  struct CellSlots {
    std::vector<unsigned long> id;
    std::vector<std::int64_t> slot;
  };

  bool matchAll();
  void listPairs();
  /// listPairs() with Newton across faces: every kept pair in the rows counted once (see setNewton).
  void listNewtonPairs();
  std::int64_t firstSlot(unsigned long id) const;
  std::int64_t findSlot(unsigned long id, double x, double y, double z) const;
  void rebuild();
  double distance2ToRegion(double x, double y, double z) const;

  const InteractionParameters& _params;
  double _cutoff2, _skin, _range, _halfSkin2;
  unsigned _numTypes;
  LJTypeTable _ljTypes;
  SimdLevel _simd;
  VerletRowsVariant _kernel;
  VerletListThreads _threads, _threadsOnce;
  bool _selfAxis[3] = {false, false, false};
  std::size_t _pairsOnce = 0, _pairsWeighted = 0;
  double _onceMinShare = 0.2;
  bool _onceOff = false;  // counting once saved too little at a build
  bool _newtonNext = false, _newton = false;
  std::vector<std::int64_t> _owner;    // per local slot: the slot of its owned copy (updated on wraps)
  std::vector<double> _forceWeighted;  // forces of the weighted pairs where both kinds are listed

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
  bool _followable = false;  // _molecule and _cellSlots describe the container as the last traversal saw it
  bool _keepSlots = false;
  std::vector<const Molecule*> _unmatched;  // halo copies without a slot at the last matching
  bool _denseIds = false;                                     // ids up to ~4 x slots: a table
  std::vector<std::int64_t> _firstSlotById;                   // first slot of each id, or -1
  std::unordered_map<unsigned long, std::int64_t> _firstSlot;  // the same for sparse ids
  std::vector<CellSlots> _cellSlots;  // by container cell index
};

}  // namespace mardyn
