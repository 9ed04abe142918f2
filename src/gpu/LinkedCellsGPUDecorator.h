// LinkedCellsGPUDecorator: a ParticleContainer that decorates a LinkedCells and keeps the molecules on a
// device for the whole run: the time step (leapfrog, thermostat, cell rebuild with a skin, periodic
// images, forces with the chosen cell processor, sums) runs there (ResidentTimeStep), and the host gets
// a few scalars per step. The molecules come back to the host only when something asks for them
// (forEach: outputs, checkpoints) or for the COMPARE_TO_CPU check, which runs the CPU reference on the
// wrapped LinkedCells. Under MPI each rank has its own device; the boundary layers travel between the
// devices (DeviceHaloExchange) on a queue of their own while the interior forces are computed.
#pragma once

#include "gpu/CellProcessorAutoTuner.h"
#include "gpu/CpuComparison.h"
#include "gpu/DeviceTimeStep.h"
#include "gpu/GpuOptions.h"
#include "gpu/MoleculeInteraction.h"
#include "gpu/PhaseProfile.h"

#include "ResidentTimeStep.h"
#include "compute/ComputeContext.h"
#include "molecules/InteractionParameters.h"
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/LinkedCells.h"

#include <iosfwd>
#include <memory>

namespace mardyn::gpu {

class DeviceHaloExchange;

class LinkedCellsGPUDecorator : public ParticleContainer, public ResidentTimeStep {
 public:
  /// cells: built with cutoff + skin (the skin is cells->cutoff() - params.cutoff()); box: the
  /// periodic box.
  LinkedCellsGPUDecorator(std::unique_ptr<LinkedCells> cells, std::unique_ptr<compute::ComputeContext> context,
                          const std::vector<Component>& components, const InteractionParameters& params,
                          const GpuOptions& options, std::ostream& log, const Vec3& box);
  ~LinkedCellsGPUDecorator() override;

  // ParticleContainer: the owned molecules as on the device (downloaded when asked for).
  const Vec3& boundingBoxMin() const override { return _cells->boundingBoxMin(); }
  const Vec3& boundingBoxMax() const override { return _cells->boundingBoxMax(); }
  double cutoff() const override { return _cells->cutoff(); }
  double haloWidth() const override { return _cells->haloWidth(); }
  void rebuild(const Vec3& boxMin, const Vec3& boxMax) override;
  void addParticle(const Molecule& m) override;
  /// Refused: the device makes its own halo.
  void addHaloParticle(const Molecule& m) override;
  void deleteHaloParticles() override {}
  void update() override;
  std::vector<Molecule> extractLeavingParticles() override;
  std::size_t numOwnedParticles() const override;
  std::size_t numHaloParticles() const override;
  void forEach(const std::function<void(Molecule&)>& f, IterateOver which) override;
  void forEach(const std::function<void(const Molecule&)>& f, IterateOver which) const override;
  void forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                       IterateOver which) const override;
  /// A whole traversal on the device's cells (rebuilt first if needed), the molecules' forces and
  /// torques set; the CPU processor passed in is not used. U_pot and virial: traversalResult().
  void traverseCells(CellProcessor& processor) override;
  bool traversalResult(double& upot, double& virial) const override;

  // ResidentTimeStep
  void preForces(double dt) override;
  void exchange(DomainDecompBase& decomp, const Domain& domain) override;
  void computeForces() override;
  void postForces(double dt, bool kick, KineticSums& sums) override;
  void scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot) override;
  void setForceLimits(const std::vector<double>& force2, const std::vector<double>& torque2) override;
  std::uint64_t transferredBytes() const override;
  /// "Device memory: ... (... bytes per molecule)", the cell rebuilds, under MPI the bytes copied between
  /// the devices per step, with phaseProfile the device time per phase, and with MARDYN_COMPUTE_PROFILE=1
  /// the kernels' share of the device time.
  std::string summary(unsigned long steps) const override;

  double lastUpot() const { return _upot; }
  double lastVirial() const { return _virial; }
  const CpuComparison& lastComparison() const { return _comparison; }
  /// The interaction in use; with "auto" only after the first traversal (throws before).
  const MoleculeInteraction& interaction() const;
  /// The tuner of cellProcessor "auto" (nullptr otherwise); its results after the first traversal.
  const CellProcessorAutoTuner* autoTuner() const { return _tuner.get(); }
  const compute::ComputeContext& context() const { return *_context; }
  LinkedCells& linkedCells() { return *_cells; }
  /// The device side (after the first exchange or traversal; throws before).
  DeviceTimeStep& deviceStep();
  double skin() const { return _skin; }
  /// Under MPI, the peer access for device-to-device transfers instead of the context's own (a test double
  /// that copies within one process); before the first exchange.
  void usePeerAccess(compute::PeerAccess& peer) { _peerOverride = &peer; }
  /// The halo exchange under MPI (nullptr on one process or before the first exchange).
  const DeviceHaloExchange* haloExchange() const { return _halo.get(); }

 private:
  /// Creates the device side on first use: along axes with one process the periodic images are made
  /// on the device, along the others they come from the neighbours.
  void attach(const DomainDecompBase* decomp);
  /// Uploads the host's molecules if the host changed them.
  void uploadIfChanged();
  /// Downloads the owned molecules if the device changed them.
  void downloadIfChanged() const;
  /// The device's cells for a traversal: rebuilt (collectively under MPI) where needed, else the halo
  /// moved with its sources.
  void prepareCells();
  void rebuildCells();
  /// The interaction in use (chosen by timing on the first traversal with "auto").
  MoleculeInteraction& chooseInteraction();
  void compareWithCpu();
  void checkQuaternionConversion();

  std::unique_ptr<LinkedCells> _cells;
  std::unique_ptr<compute::ComputeContext> _context;
  std::unique_ptr<InteractionParameters> _params;
  std::vector<Component> _components;
  GpuOptions _options;
  std::ostream& _log;
  Vec3 _box;
  double _skin = 0.0;
  std::unique_ptr<DeviceTimeStep> _step;
  std::unique_ptr<DeviceHaloExchange> _halo;
  std::unique_ptr<PhaseProfile> _phases;
  compute::PeerAccess* _peerOverride = nullptr;
  std::uint64_t _peerBytesBefore = 0;  ///< device-to-device bytes before the first step
  unsigned long _steps = 0;             ///< preForces calls
  std::unique_ptr<MoleculeInteraction> _interaction;
  std::unique_ptr<CellProcessorAutoTuner> _tuner;
  std::unique_ptr<LegacyCellProcessor> _cpu;
  mutable std::vector<Molecule> _host;  ///< the owned molecules as the host last saw them
  mutable bool _hostCurrent = true;      ///< _host equals the device's molecules
  bool _deviceCurrent = true;            ///< the device's molecules equal _host
  std::vector<Molecule> _leaving;
  std::vector<unsigned long> _countPerComponent;
  std::vector<unsigned long> _rotDofPerComponent;
  DomainDecompBase* _decomp = nullptr;  ///< of the last exchange (none: one process, periodic box)
  const Domain* _domain = nullptr;
  double _upot = 0.0, _virial = 0.0;
  unsigned long _traversals = 0;
  CpuComparison _comparison;
  std::vector<double> _forceLimit2, _torqueLimit2;  ///< per component (setForceLimits)
};

}  // namespace mardyn::gpu
