// OutputPlugin: the interface of everything that writes results during a run (ResultWriter,
// CheckpointWriter, XyzWriter, the per-step line), and the read-only view of the Simulation it gets.
#pragma once

#include "config/SimulationConfig.h"
#include "molecules/Molecule.h"

#include <string>
#include <utility>
#include <vector>

namespace mardyn {

/// Global values of the current step, already reduced over all ranks (identical on every rank).
struct GlobalValues {
  unsigned long numMolecules = 0;
  double volume = 0.0;
  double temperature = 0.0;       ///< T from translational + rotational kinetic energy (ls1's T)
  double temperatureTrans = 0.0;
  double temperatureRot = 0.0;
  double uPot = 0.0;              ///< total potential energy, long-range correction included
  double uKinTrans = 0.0;         ///< total translational kinetic energy (1/2 sum m v^2)
  double uKinRot = 0.0;           ///< total rotational kinetic energy
  double virial = 0.0;            ///< total virial sum r.F (ls1's convention), correction included
  double pressure = 0.0;          ///< rho T + virial / (3 V)
  double betaTrans = 1.0;         ///< velocity-scaling factor applied this step (1 = none)
  double betaRot = 1.0;           ///< angular-momentum scaling factor applied this step
  unsigned long degreesOfFreedom = 0;  ///< 3 N + sum of rotational degrees of freedom
};

/// What an output plugin may look at. Implemented by the Simulation.
class SimulationView {
 public:
  virtual ~SimulationView() = default;
  virtual const SimulationConfig& config() const = 0;   ///< components, box, output prefix, ...
  virtual const GlobalValues& globals() const = 0;
  virtual int rank() const = 0;                         ///< MPI rank, 0 when serial
  /// Collective: every rank must call it. Rank 0 receives every molecule (no halo copies),
  /// the other ranks an empty vector.
  virtual std::vector<Molecule> gatherMolecules() const = 0;
  /// (plugin name, OutputPlugin::saveState()) of every plugin with a state, in plugin order:
  /// what a checkpoint saves so that a restart continues the plugins' statistics.
  virtual std::vector<std::pair<std::string, std::string>> pluginStates() const { return {}; }
};

/// An output plugin. The Simulation calls init() once after the initial force computation,
/// afterStep(S, ...) right after it (the values of the start step S: 0, or the step of the
/// checkpoint a restart continues), afterStep(n, ...) after step n = S+1..N on every rank, and
/// finish() once after the last step. Plugins decide themselves, from their write frequency,
/// whether to write at a step; rank 0 writes. init() opens (or checks) every file the plugin will
/// write, so that an unwritable path stops the run before its first step. Result rows and
/// trajectory frames are appended and flushed as they are produced; checkpoints are atomic.
class OutputPlugin {
 public:
  virtual ~OutputPlugin() = default;
  virtual std::string name() const = 0;
  virtual void init(const SimulationView& sim) = 0;
  virtual void afterStep(unsigned long step, double time, const SimulationView& sim) = 0;
  virtual void finish(unsigned long step, double time, const SimulationView& sim) = 0;
  /// One line of text (no newline) from which a restarted run continues this plugin's statistics
  /// (running averages); empty when there is nothing to carry over. Checkpoints save it.
  virtual std::string saveState() const { return {}; }
  /// Called before init() with what a checkpoint saved for this plugin; throws MardynException
  /// when the text cannot be used.
  virtual void restoreState(const std::string& /*state*/) {}
};

}  // namespace mardyn
