// VectorizedCellProcessor: the fast default cell processor: per-cell structure-of-arrays site data
// (positions, site types, owning molecule's centre), branch-free inner loops the compiler vectorises.
#pragma once

#include "molecules/InteractionParameters.h"
#include "particleContainer/CellDataSoA.h"
#include "particleContainer/CellProcessor.h"

#include <vector>

namespace mardyn {

class VectorizedCellProcessor : public CellProcessor {
 public:
  explicit VectorizedCellProcessor(const InteractionParameters& params);

  void initTraversal() override;
  void preprocessCell(ParticleCell& cell) override;
  void processCellPair(ParticleCell& cell1, ParticleCell& cell2) override;
  void processCell(ParticleCell& cell) override;
  void postprocessCell(ParticleCell& cell) override;
  void endTraversal() override;
  double upot() const override { return _upot; }
  double virial() const override { return _virial; }

 private:
  /// LJ centres of soa1 against those of soa2 (self: j > i only); further site kinds get their
  /// own loop beside it.
  template <bool Self>
  void ljLoop(CellDataSoA& soa1, CellDataSoA& soa2, double weight);

  const InteractionParameters& _params;
  double _cutoff2;
  std::vector<double> _eps24, _sig2, _shift;  // flattened numLJTypes^2 tables
  unsigned _numLJTypes;
  std::vector<CellDataSoA> _soa;              // by cell index
  double _upot = 0.0, _virial = 0.0;
};

}  // namespace mardyn
