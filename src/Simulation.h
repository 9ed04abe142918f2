// Simulation: owns the domain, the decomposition, the particle container, the cell processor, the
// integrator, the thermostat, the physics and the output plugins, and runs ls1-mardyn's time loop.
#pragma once

#include "Domain.h"
#include "ResidentTimeStep.h"
#include "SimulationSampling.h"
#include "integrators/Leapfrog.h"
#include "io/OutputPlugin.h"
#include "config/SimulationConfig.h"
#include "molecules/InteractionParameters.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/CellProcessor.h"
#include "particleContainer/ConditionsCheck.h"
#include "particleContainer/LinkedCells.h"
#include "particleContainer/VerletListCellProcessor.h"
#include "plugins/PhysicsPlugin.h"
#include "thermostats/VelocityScalingThermostat.h"
#include "utils/ScopedTimer.h"
#include "utils/SimdLevel.h"
#include "utils/TimerSet.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class Simulation : public SimulationView {
 public:
  /// Takes the configuration as read (command-line overrides already applied: productionSteps,
  /// outputPrefix, finalCheckpoint, legacyCellProcessor, quiet, printInterval). Without a
  /// decomposition DomainDecompFactory chooses one (MPI under mpirun with more than one process,
  /// else sequential). Throws MardynException on an inconsistent set-up.
  explicit Simulation(SimulationConfig config, std::unique_ptr<DomainDecompBase> decomposition = nullptr);
  ~Simulation() override;
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  void addOutputPlugin(std::unique_ptr<OutputPlugin> plugin);

  /// Replaces the container by a decorator of the LinkedCells (e.g. a GPU traversal); call before
  /// prepare()/run().
  using ContainerDecorator = std::function<std::unique_ptr<ParticleContainer>(std::unique_ptr<LinkedCells>)>;
  void setContainerDecorator(ContainerDecorator decorator);
  /// Where a decorator keeps the molecules elsewhere (a GPU): makes the binning of the observing output plugins
  /// there (called when the run is prepared, with the decorated container).
  using BinningFactory = std::function<std::unique_ptr<MoleculeBinning>(ParticleContainer&, const SamplingView&,
                                                                         const PlanarLongRange* planar)>;
  void setDeviceBinning(BinningFactory factory);

  /// Places the molecules, computes the initial forces and the step-0 values, calls the plugins'
  /// init() and afterStep(0).
  void prepare();
  /// One time step (half kick, drift, exchange, forces, half kick, thermostat, outputs).
  void step();
  /// What computes the forces on the CPU and how wide: processor, kernel variant, threads x processes;
  /// with physics plugins a second line says where each runs (main prints it on standard error at start-up).
  std::string startupLine() const;
  /// prepare(), config().stepsToRun() steps, finish(); then the summary (wall time, molecule
  /// updates per second, timer breakdown) on `log` (rank 0, unless quiet). Step and progress
  /// lines are the output plugins' job.
  void run(std::ostream& log);
  /// Calls the plugins' finish().
  void finish();

  // SimulationView
  const SimulationConfig& config() const override { return _config; }
  const GlobalValues& globals() const override { return _globals; }
  int rank() const override { return _decomp->rank(); }
  std::vector<Molecule> gatherMolecules() const override;
  std::vector<std::pair<std::string, std::string>> pluginStates() const override;
  const SamplingView* sampling() const override;
  std::string fromRoot(std::string value) const override {
    _decomp->broadcastFromRoot(value);
    return value;
  }

  unsigned long currentStep() const { return _step; }
  /// Exchanges so far (prepare() included) that only moved the halo copies with their originals, and
  /// those that migrated molecules and made new halo copies.
  unsigned long haloRefreshes() const { return _haloRefreshes; }
  unsigned long fullExchanges() const { return _fullExchanges; }
  /// Whether the current Verlet list computes each pair across a process face once (--newton).
  bool newtonAcrossFaces() const { return _follower && _follower->newton(); }
  double currentTime() const { return _time; }
  const Domain& domain() const { return *_domain; }
  ParticleContainer& container() { return *_container; }
  const std::vector<Component>& components() const { return _config.components; }
  const TimerSet& timers() const { return _timers; }
  /// Summed over the steps of the loop: each step's time (from one step's reduction to the next) of the process
  /// that was slowest at that step, and of the mean process. The same on every process.
  double slowestStepsSeconds() const { return _slowestSteps; }
  double meanStepsSeconds() const { return _meanSteps; }
  /// The physics plugins in the order they act at each point of the step: the planar long-range correction,
  /// the <plugin>s in XML order, TemperatureControl.
  const std::vector<std::unique_ptr<PhysicsPlugin>>& physicsPlugins() const { return _physics; }

 private:
  /// The LinkedCells and the CPU cell processor for the configuration (CellProcessorFactory).
  void createContainer(bool decorated);
  void computeForces();
  void computeGlobalValues(const KineticSums& sums, bool applyThermostat);
  /// The timers the summary gives the maximum and the mean over the processes of, in this order.
  static constexpr const char* timerNames[] = {"cells", "forces", "integration", "I/O"};
  void printSummary(std::ostream& log, double wallSeconds, double loopSeconds, unsigned long steps,
                    double transferredBytes, const std::vector<double>& timerMax,
                    const std::vector<double>& timerMean) const;  // per timerNames
  /// The kinetic sums of the owned molecules after the second half kick (kick) or as they are (step 0),
  /// and U_pot and virial of the last traversal.
  KineticSums finishForces(bool kick);
  /// The exchange of a time step: between Verlet-list builds only the halo copies' positions travel
  /// (when the run allows it, see prepare()), else exchangeMolecules().
  void exchange();

  SimulationConfig _config;
  std::unique_ptr<DomainDecompBase> _decomp;
  std::unique_ptr<Domain> _domain;
  std::unique_ptr<InteractionParameters> _params;
  std::unique_ptr<ParticleContainer> _container;
  std::unique_ptr<CellProcessor> _processor;
  std::string _processorName;  // as CellProcessorFactory names it
  SimdLevel _simd = SimdLevel::Sse2;
  std::unique_ptr<Leapfrog> _integrator;
  std::unique_ptr<VelocityScalingThermostat> _thermostat;
  /// With TemperatureControl in the NVT ensemble: the ensemble's global velocity scaling, of which only the
  /// explosion heuristic acts (ls1 computes the global factors and applies the heuristic in every NVT run).
  std::unique_ptr<VelocityScalingThermostat> _explosionGuard;
  /// The physics plugins (physicsPlugins()); each is called at every point of the step, in this order.
  std::vector<std::unique_ptr<PhysicsPlugin>> _physics;
  /// Creates the physics plugins of the configuration and connects them.
  void createPhysicsPlugins();
  /// What the physics plugins work on now.
  PluginStep pluginStep(bool startStep = false);
  /// Every physics plugin's hook, through the resident time step where there is one.
  void runPlugins(PluginHook hook, PluginStep& s);
  std::vector<std::string> _pluginPlaces;  ///< per plugin where it runs with the resident time step
  double _pluginUpot = 0.0, _pluginVirial = 0.0;  ///< what the plugins add to the resident step's sums
  std::unique_ptr<ConditionsCheck> _conditions;
  std::vector<std::unique_ptr<OutputPlugin>> _outputs;
  ContainerDecorator _decorator;
  ResidentTimeStep* _resident = nullptr;  ///< the container, when it runs the step where its molecules live
  GlobalValues _globals;
  TimerSet _timers;
  double _localUpot = 0.0, _localVirial = 0.0;
  unsigned long _step = 0;
  double _time = 0.0;
  bool _prepared = false;
  std::unique_ptr<SimulationSampling> _sampling;  ///< what observing output plugins sample
  BinningFactory _binningFactory;
  VerletListCellProcessor* _follower = nullptr;  ///< the Verlet list, where halo copies may follow between builds
  bool _haloFollows = false;                     ///< every process can follow its halo copies now
  bool _newtonAcross = false;                    ///< pairs across process faces computed once (--newton)
  /// Under MPI the processes agree on the next list build in the step's reduction (the list's forecast), not
  /// in a collective of its own after the halo refresh.
  bool _forecastLists = false;
  bool _listKeepsNext = false;  ///< the last reduction's forecast: the next exchange only refreshes the halo
  double _workAtRebalance = 0.0;                 ///< the "forces" timer at the last rebalancing
  /// This process's time since the last step's reduction (its work, and its waits for its neighbours' messages,
  /// before it waits for all processes in the reduction), and its maximum and mean over the processes summed
  /// over the steps of the loop: their ratio says how long the processes wait there for each step's slowest.
  Timer _sinceReduction;
  double _slowestSteps = 0.0, _meanSteps = 0.0;
  unsigned long _fullExchanges = 0, _haloRefreshes = 0;
};

}  // namespace mardyn
