// SingleCentreCellProcessor: fast cell processor for systems of single-centre LJ molecules only (one
// LJ centre at the centre of mass, no electrostatic sites): neighbours gathered per cell, packed once.
#pragma once

#include "molecules/InteractionParameters.h"
#include "particleContainer/CellProcessor.h"
#include "particleContainer/LJTypeTable.h"
#include "utils/SimdLevel.h"

#include <vector>

namespace mardyn {

/// The traversal calls processCell(c1) and processCellPair(c1, c2) for all partners of a cell c1 one
/// after another; this processor only records the partner cells' molecules (positions, cell, index)
/// and, when c1 changes (and at the end), runs for every molecule of c1 one vectorised distance
/// filter over all of them, packs those within the cutoff contiguously and runs one branch-free LJ
/// loop over them. Results equal VectorizedCellProcessor's (tested against brute force).
class SingleCentreCellProcessor : public CellProcessor {
 public:
  /// simd: the variant of the row loop (the CPU must support it).
  explicit SingleCentreCellProcessor(const InteractionParameters& params, SimdLevel simd = bestSimdLevel());
  SimdLevel simd() const { return _simd; }

  /// True if every component has exactly one LJ centre, at its centre of mass, and nothing else,
  /// and no cutoff switch is in use.
  static bool applies(const std::vector<Component>& components, const InteractionParameters& params);

  void initTraversal() override;
  void preprocessCell(ParticleCell& cell) override;
  void processCellPair(ParticleCell& cell1, ParticleCell& cell2) override;
  void processCell(ParticleCell& cell) override;
  void postprocessCell(ParticleCell& cell) override;
  void endTraversal() override;
  double upot() const override { return _upot; }
  double virial() const override { return _virial; }

 private:
  /// Positions and LJ types of one cell's molecules, and their force accumulators.
  struct CellData {
    std::vector<double> x, y, z, fx, fy, fz;
    std::vector<int> type;
  };
  /// Molecules of the partner cells of the current first cell (energy weight 1, or 1/2 for halo pairs).
  struct Candidates {
    std::size_t n = 0;
    std::size_t skipBegin = 0;  ///< where the first cell's own molecules start (only j > i pair)
    bool hasSelf = false;
    std::vector<double> x, y, z;
    std::vector<std::size_t> cell, index;
    std::vector<int> type;
    void grow(std::size_t need);
  };
  /// The packed neighbours of one molecule.
  struct Packed {
    std::vector<double> x, y, z, fx, fy, fz, eps24, sig2, shift6;
    std::vector<std::size_t> from;  ///< candidate index
    void grow(std::size_t need);
  };

  void begin(std::size_t cell1);
  void append(Candidates& c, std::size_t cell2, bool self);
  void flush();
  void molecule(std::size_t m, Candidates& c, double& u6, double& vir);

  const InteractionParameters& _params;
  double _cutoff2;
  unsigned _numTypes;
  LJTypeTable _ljTypes;
  using LJRow = void (*)(bool, double, double, double, const double*, const double*, const double*, const double*,
                         const double*, const double*, double*, double*, double*, std::size_t, double&, double&,
                         double&, double&, double&);
  SimdLevel _simd;
  LJRow _ljRow;
  std::vector<CellData> _cells;                // by cell index
  static constexpr std::size_t noCell = static_cast<std::size_t>(-1);
  std::size_t _current = noCell;
  Candidates _full, _half;
  Packed _packed;
  std::vector<double> _dist2;
  std::vector<std::size_t> _listed;
  double _upot = 0.0, _virial = 0.0;
};

}  // namespace mardyn
