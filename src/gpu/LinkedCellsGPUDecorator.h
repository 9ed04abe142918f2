// LinkedCellsGPUDecorator: a ParticleContainer that decorates a LinkedCells. Cells, halos and
// integration stay on the LinkedCells; traverseCells computes all cell interactions on a device
// (MoleculeInteraction; with cellProcessor "auto" the one CellProcessorAutoTuner picks on the first
// traversal) and, with compareToCpu, checks them against the CPU reference each step.
#pragma once

#include "gpu/CellProcessorAutoTuner.h"
#include "gpu/GpuOptions.h"
#include "gpu/MoleculeInteraction.h"

#include "compute/ComputeContext.h"
#include "molecules/InteractionParameters.h"
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/LinkedCells.h"

#include <iosfwd>
#include <memory>

namespace mardyn::gpu {

/// Outcome of one COMPARE_TO_CPU check (owned molecules).
struct CpuComparison {
  double forceNormDeviation = 0.0;   ///< ||F_gpu - F_cpu|| / ||F_cpu|| over all molecules
  double torqueNormDeviation = 0.0;  ///< the same for torques (0 without torques)
  double maxForceDeviation = 0.0;    ///< max_i |F_gpu,i - F_cpu,i| / rms_i |F_cpu,i|
  double maxTorqueDeviation = 0.0;
  double upotGpu = 0.0, upotCpu = 0.0;
  double virialGpu = 0.0, virialCpu = 0.0;
  double relativeUpotDifference() const;
  double relativeVirialDifference() const;
};

class LinkedCellsGPUDecorator : public ParticleContainer {
 public:
  LinkedCellsGPUDecorator(std::unique_ptr<LinkedCells> cells, std::unique_ptr<compute::ComputeContext> context,
                          const std::vector<Component>& components, const InteractionParameters& params,
                          const GpuOptions& options, std::ostream& log);
  ~LinkedCellsGPUDecorator() override;

  const Vec3& boundingBoxMin() const override { return _cells->boundingBoxMin(); }
  const Vec3& boundingBoxMax() const override { return _cells->boundingBoxMax(); }
  double cutoff() const override { return _cells->cutoff(); }
  double haloWidth() const override { return _cells->haloWidth(); }
  void rebuild(const Vec3& boxMin, const Vec3& boxMax) override { _cells->rebuild(boxMin, boxMax); }
  void addParticle(const Molecule& m) override { _cells->addParticle(m); }
  void addHaloParticle(const Molecule& m) override { _cells->addHaloParticle(m); }
  void deleteHaloParticles() override { _cells->deleteHaloParticles(); }
  void update() override { _cells->update(); }
  std::vector<Molecule> extractLeavingParticles() override { return _cells->extractLeavingParticles(); }
  std::size_t numOwnedParticles() const override { return _cells->numOwnedParticles(); }
  std::size_t numHaloParticles() const override { return _cells->numHaloParticles(); }
  void forEach(const std::function<void(Molecule&)>& f, IterateOver which) override { _cells->forEach(f, which); }
  void forEach(const std::function<void(const Molecule&)>& f, IterateOver which) const override {
    static_cast<const LinkedCells&>(*_cells).forEach(f, which);
  }
  void forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                       IterateOver which) const override {
    _cells->forEachInRegion(lo, hi, f, which);
  }

  /// Computes the interactions on the device and sets the molecules' forces and torques. The
  /// CPU processor passed in is not used (its sums stay empty): U_pot and virial of the traversal
  /// are lastUpot()/lastVirial() (and traversalResult()). With cellProcessor "auto" the first
  /// traversal times the candidates on these cells, logs autoTuner()->summary() and goes on with
  /// the chosen processor's results (the other candidates' results are discarded).
  void traverseCells(CellProcessor& processor) override;
  /// U_pot and virial of the last traversal, as the CellProcessor contract defines them.
  bool traversalResult(double& upot, double& virial) const override;

  double lastUpot() const { return _upot; }
  double lastVirial() const { return _virial; }
  const CpuComparison& lastComparison() const { return _comparison; }
  /// The interaction in use; with "auto" only after the first traversal (throws before).
  const MoleculeInteraction& interaction() const;
  /// The tuner of cellProcessor "auto" (nullptr otherwise); its results after the first traversal.
  const CellProcessorAutoTuner* autoTuner() const { return _tuner.get(); }
  const compute::ComputeContext& context() const { return *_context; }
  LinkedCells& linkedCells() { return *_cells; }
  /// Seconds spent in the device traversal (upload, kernels, download) since construction; of
  /// the tuning traversal only the chosen processor's last compute.
  const MoleculeInteraction::Timings& accumulatedTimings() const { return _total; }

 private:
  std::unique_ptr<MoleculeInteraction> makeInteraction(const CellProcessorVariant& variant, int blockSize);
  void compareWithCpu();
  void checkQuaternionConversion();

  std::unique_ptr<LinkedCells> _cells;
  std::unique_ptr<compute::ComputeContext> _context;
  std::unique_ptr<InteractionParameters> _params;
  std::vector<Component> _components;
  GpuOptions _options;
  std::ostream& _log;
  std::unique_ptr<MoleculeInteraction> _interaction;
  std::unique_ptr<CellProcessorAutoTuner> _tuner;
  std::unique_ptr<LegacyCellProcessor> _cpu;
  double _upot = 0.0, _virial = 0.0;
  unsigned long _traversals = 0;
  bool _descriptorsPrinted = false;
  CpuComparison _comparison;
  MoleculeInteraction::Timings _total;
};

}  // namespace mardyn::gpu
