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

#include <functional>
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
  /// Whether the cells must be rebuilt before the next traversal: after setOwned(), with no skin, or when a
  /// molecule moved more than half the skin since the last rebuild. The last step foresaw it (results(),
  /// scaleVelocities()) when one preForces() came since: then the answer needs no wait for the device (after
  /// a thermostat's scaling, one for that kernel only, while the drift runs). Otherwise the drift's own
  /// check is downloaded.
  bool needsRebuild();
  /// Rebuilds the cells (wrap, images, binning); on one process: the whole rebuild.
  void rebuild();
  /// The next exchange rebuilds the cells (molecules moved, came or went outside the time step's kernels).
  void requestRebuild() { _forceRebuild = true; }
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
  /// The conditions check of the molecules and forces, then U_pot, virial and the kinetic sums, with the
  /// next step's rebuild as foreseen by postForces() and the drift's own check (one wait). Throws
  /// MardynException if that check found a molecule farther than half the skin from where its cells were
  /// built although they were not rebuilt (the foresight failed). afterWait runs once the device has passed
  /// them, before any check can throw (collective work that every process must reach).
  Scalars results(const std::function<void()>& afterWait = {});
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
  /// The next step's rebuild as foreseen at the end of a step.
  struct Foresight {
    unsigned long forDrift = 0;  ///< valid once preForces() has been called this many times (0: none)
    bool rebuild = false;
    bool pending = false;  ///< scaleVelocities' answer still on its way to _foreseenHost
  };
  Foresight _foresight;
  bool _foreseenInResults = false;   ///< postForces() queued a foresight that results() reads
  unsigned long _drifts = 0;          ///< preForces() calls
  unsigned long _rebuildsAtDrift = 0;
  bool _driftUnchecked = false;       ///< results() has not yet read the drift's check of the last preForces()
  double _dt = 0.0;
  compute::PinnedHostBuffer _foreseenHost;  ///< scaleVelocities' answer
  std::unique_ptr<compute::ComputeEvent> _foreseenReady;
};

}  // namespace mardyn::gpu
