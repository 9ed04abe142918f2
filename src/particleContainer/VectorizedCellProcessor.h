// VectorizedCellProcessor: the fast default cell processor: per-cell structure-of-arrays site data,
// a vectorised centre-of-mass distance filter, then branch-free site loops over packed neighbours.
#pragma once

#include "molecules/InteractionParameters.h"
#include "particleContainer/CellDataSoA.h"
#include "particleContainer/CellProcessor.h"
#include "particleContainer/LJTypeTable.h"
#include "particleContainer/MoleculePairInteraction.h"
#include "particleContainer/MultipoleCellData.h"
#include "utils/SimdLevel.h"

#include <vector>

namespace mardyn {

namespace multipoleloops {
struct Sums;
}

/// For every molecule i of the first cell: (1) the centre-of-mass distances to the molecules of the
/// second cell are computed in one vectorised loop; (2) the molecules within the cutoff are listed
/// branch-free; (3) for each site kind, the sites of the listed molecules are packed into contiguous
/// buffers and every site of i runs a vectorised loop over them; (4) the buffer forces are added back.
/// LJ centres use the packed loops (ljSites); charges, dipoles and quadrupoles are packed the same
/// way and run the loops of VectorizedMultipoleLoops.h. With the optional
/// smooth cutoff, the molecule pairs inside the switching range go through MoleculePairInteraction.
class VectorizedCellProcessor : public CellProcessor {
 public:
  /// simd: the variant of the row loops (the CPU must support it).
  explicit VectorizedCellProcessor(const InteractionParameters& params, SimdLevel simd = bestSimdLevel());
  SimdLevel simd() const { return _simd; }

  void initTraversal() override;
  void preprocessCell(ParticleCell& cell) override;
  void processCellPair(ParticleCell& cell1, ParticleCell& cell2) override;
  void processCell(ParticleCell& cell) override;
  void postprocessCell(ParticleCell& cell) override;
  void endTraversal() override;
  double upot() const override { return _upot; }
  double virial() const override { return _virial; }

  // The pieces, for processors that find the molecule pairs themselves (MultiSiteVerletListCellProcessor).
  /// Appends the sites of m (space frame) to soa and mp; nullptr: an entry without sites.
  void appendMolecule(CellDataSoA& soa, MultipoleCellData& mp, const Molecule* m) const;
  /// Rewrites entry m of soa and mp, laid out by appendMolecule for a molecule of m's component, with
  /// the sites of m in space frame, and zeroes its force and torque accumulators.
  void updateMolecule(CellDataSoA& soa, MultipoleCellData& mp, std::size_t entry, const Molecule& m) const;
  /// Molecule m of (soa1, mp1) against the molecules listed[0..n) of (soa2, mp2), every one with its centre
  /// within the cutoff: site forces to both sides; U_pot and virial of the pairs with listed[0..nFirst)
  /// times weightFirst, of the others times weightRest, added to upot(), virial(). The partners' sites
  /// are packed once for both weights.
  void moleculeAgainstListed(CellDataSoA& soa1, MultipoleCellData& mp1, std::size_t m, CellDataSoA& soa2,
                             MultipoleCellData& mp2, const std::size_t* listed, std::size_t n, std::size_t nFirst,
                             double weightFirst, double weightRest);
  /// Force and torque on molecule m from its sites' accumulators.
  static void moleculeForce(const CellDataSoA& soa, const MultipoleCellData& mp, std::size_t m, Vec3& force,
                            Vec3& torque);

 private:
  /// Up to this many LJ types, the packed centres are grouped by type (the loop with one parameter set).
  static constexpr unsigned maxGroupedTypes = 4;
  /// The row loops of one instruction-set variant.
  struct Kernels {
    using LJRow = void (*)(double, double, double, const double*, const double*, const double*, const double*,
                           const double*, const double*, double*, double*, double*, std::size_t, double&, double&,
                           double&, double&, double&);
    LJRow ljRowSingleType, ljRowPerSite;
    void (*multipoleRows)(MultipoleCellData&, std::size_t, MultipoleCellData&, const std::size_t*, double, double,
                          multipoleloops::Sums*);
  };
  static Kernels kernelsFor(SimdLevel level);

  /// Packed site data of the neighbours of one molecule (one site kind).
  struct PackedSites {
    std::vector<std::size_t> index;  ///< site index in the neighbour cell
    std::vector<int> type;           ///< site type (packing per centre only)
    std::vector<double> x, y, z;     ///< site position
    std::vector<double> fx, fy, fz;  ///< force accumulators
    std::vector<double> eps24, sig2, shift6;  ///< pair parameters against the current i site
    std::size_t groupStart[2 * maxGroupedTypes + 1];  ///< grouped packing: group g = weight * types + type
    void reserve(std::size_t n);
  };

  /// Molecules of soa1 against those of soa2 (Self: each pair once), energy/virial times weight.
  template <bool Self>
  void pairLoop(CellDataSoA& soa1, CellDataSoA& soa2, MultipoleCellData& mp1, MultipoleCellData& mp2, double weight);
  /// LJ centres of molecule m of soa1 against the LJ centres of the molecules listed[0..numListed) of soa2;
  /// 6 U and the virial of the pairs with listed[0..numFirst) go to u6[0], vir[0], the others' to u6[1],
  /// vir[1]. With few LJ types the packed centres are grouped by (weight, type), so that every group
  /// runs the loop with one parameter set; else the parameters are packed per centre.
  void ljSites(CellDataSoA& soa1, std::size_t m, CellDataSoA& soa2, const std::size_t* listed, std::size_t numListed,
               std::size_t numFirst, double u6[2], double vir[2]);


  /// Molecule pairs of the cell(s) with rs <= R < rc when the cutoff switch is on.
  void switchedPairs(ParticleCell& cell1, ParticleCell& cell2, bool self, double weight);

  const InteractionParameters& _params;
  MoleculePairInteraction _pair;
  double _cutoff2;
  double _innerCutoff2;                        // rc^2, or rs^2 with the cutoff switch
  LJTypeTable _ljTypes;
  unsigned _numLJTypes;
  bool _oneComponent;  // LJ type = site number in the molecule
  std::vector<CellDataSoA> _soa;               // by cell index
  std::vector<MultipoleCellData> _multipoles;  // charges, dipoles, quadrupoles by cell index
  MultipoleCellData _packedMultipoles;         // the listed neighbours' electrostatic sites
  std::vector<double> _dist2;                  // centre distances of the current molecule
  std::vector<std::size_t> _listed;            // molecules of the neighbour cell within the cutoff
  PackedSites _lj;
  double _upot = 0.0, _virial = 0.0;
  SimdLevel _simd;
  Kernels _kernels = kernelsFor(_simd);
};

}  // namespace mardyn
