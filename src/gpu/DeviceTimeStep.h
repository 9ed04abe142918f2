// DeviceTimeStep: everything of a time step that is not the force calculation, on the device where the
// molecules live: the step program (cell rebuild, halo images, leapfrog, thermostat, deterministic sums,
// conditions check) and its components, the molecule storage, the cell-pair list and the statistics.
// The host sees a few scalars per step (results()) and the molecules only when it asks for them.
#pragma once

#include "gpu/CellBuilder.h"
#include "gpu/ComponentDescriptor.h"
#include "gpu/DeviceConditions.h"
#include "gpu/DeviceGrid.h"
#include "gpu/DeviceIntegrator.h"
#include "compute/DeviceScan.h"
#include "gpu/DomainTraverser.h"
#include "gpu/GlobalStats.h"
#include "gpu/MoleculeInteraction.h"
#include "gpu/MoleculeStorage.h"

#include "compute/ComputeContext.h"
#include "molecules/InteractionParameters.h"

#include <iosfwd>
#include <memory>
#include <vector>

namespace mardyn::gpu {

class DeviceTimeStep {
 public:
  /// The scalars of a step as downloaded: U_pot and virial of the last traversal, and the kinetic sums
  /// per component of the last postForces().
  struct Scalars {
    double upot = 0.0, virial = 0.0;
    std::vector<double> summv2, sumIw2;
  };

  /// Compiles the step program for these components on `grid`; debugLog: where the component tables
  /// are printed (nullptr: nowhere).
  DeviceTimeStep(compute::ComputeContext& context, const std::vector<Component>& components,
                 const InteractionParameters& params, DeviceGrid grid, std::ostream* debugLog = nullptr);

  /// Makes `owned` the device's molecules; the cells are rebuilt before the next traversal.
  void setOwned(const std::vector<Molecule>& owned);
  /// The owned molecules as they are on the device.
  std::vector<Molecule> ownedMolecules() const { return _storage->ownedMolecules(_components); }

  /// Half kick and drift on the device.
  void preForces(double dt);
  /// Whether the cells must be rebuilt before the next traversal: after setOwned(), with no skin, or
  /// when a molecule moved more than half the skin since the last rebuild (one int downloaded).
  bool needsRebuild();
  /// Rebuilds the cells (wrap, images, binning); on one process: the whole rebuild.
  void rebuild();
  /// Counts a rebuild made by others (DeviceHaloExchange under MPI).
  void countRebuild() {
    _forceRebuild = false;
    ++_rebuilds;
  }
  /// Images follow their sources (between rebuilds).
  void refreshImages();
  /// Forces, torques, U_pot and virial with `interaction`.
  void computeForces(MoleculeInteraction& interaction);
  /// Second half kick (with kick) and the kinetic sums.
  void postForces(double dt, bool kick);
  /// The conditions check of the molecules and forces, then U_pot, virial and the kinetic sums (two
  /// small downloads).
  Scalars results();
  /// Per component, the squared force and torque beyond which results() throws ResidentTimeStep::ForceAlarm.
  void setForceLimits(const std::vector<double>& force2, const std::vector<double>& torque2) {
    _conditions->setLimits(force2, torque2);
  }
  void scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot);

  compute::ComputeContext& context() { return _context; }
  ComponentDescriptor& descriptor() { return *_descriptor; }
  const DeviceGrid& grid() const { return _grid; }
  MoleculeStorage& storage() { return *_storage; }
  CellBuilder& cellBuilder() { return *_builder; }
  TraversalTarget& target() { return *_target; }
  compute::DeviceScan& scan() { return *_scan; }
  /// The step program (its kernels: CellBuilder.cc, Leapfrog.cc, HaloExchange.cc, ...).
  compute::ComputeProgram& program() { return *_program; }
  const std::vector<Component>& components() const { return _components; }
  /// Cell rebuilds so far.
  unsigned long rebuilds() const { return _rebuilds; }

 private:
  compute::ComputeContext& _context;
  std::vector<Component> _components;
  DeviceGrid _grid;
  std::unique_ptr<ComponentDescriptor> _descriptor;
  std::unique_ptr<MoleculeStorage> _storage;
  std::unique_ptr<compute::DeviceScan> _scan;
  std::unique_ptr<CellBuilder> _builder;
  std::unique_ptr<DeviceIntegrator> _integrator;
  std::unique_ptr<DomainTraverser> _traverser;
  std::unique_ptr<GlobalStats> _stats;
  std::unique_ptr<DeviceConditions> _conditions;
  compute::PrecisionArray _results;  ///< U_pot, virial, sum m v^2 per component, sum L^2/I per component
  compute::PinnedHostBuffer _hostResults;  ///< the conditions' four words, then _results as on the device
  std::unique_ptr<compute::ComputeEvent> _resultsReady;
  std::unique_ptr<TraversalTarget> _target;
  std::unique_ptr<compute::ComputeProgram> _program;
  bool _forceRebuild = true;
  unsigned long _rebuilds = 0;
};

}  // namespace mardyn::gpu
