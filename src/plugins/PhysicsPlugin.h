// PhysicsPlugin: the interface of everything that changes forces, positions, velocities or components during
// a run (ls1's PluginBase): one hook per point of the time step where ls1 calls its plugins.
#pragma once

#include "config/SimulationConfig.h"
#include "molecules/Molecule.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/ParticleContainer.h"

#include <string>
#include <vector>

namespace mardyn {

/// What a plugin is made with.
struct PluginSetup {
  const SimulationConfig& config;  ///< components (they outlive the plugins), box, cutoff, time step
  int rank = 0;                    ///< this process
};

/// What a plugin works on at one point of a step.
struct PluginStep {
  ParticleContainer& container;  ///< this process's molecules: owned ones and halo copies
  DomainDecompBase& decomp;
  Vec3 regionMin, regionMax;     ///< this process's region
  unsigned long step = 0;
  /// The force computation of the run's first step (prepare(): step 0, or a restart's step).
  bool startStep = false;
  /// At siteWiseForces: this process's U_pot and virial of the traversal, to which a plugin may add.
  double* upot = nullptr;
  double* virial = nullptr;
};

/// A physics plugin. The Simulation holds a list of them (the XML's order, with the planar correction first
/// and TemperatureControl last) and calls every plugin at each point of the step, in the list's order. A
/// plugin registers by name in PhysicsPluginRegistry (its reader and its factory); the hooks it does not
/// override do nothing.
class PhysicsPlugin {
 public:
  virtual ~PhysicsPlugin() = default;
  virtual std::string name() const = 0;

  /// Once, when every plugin of the run exists: a plugin that works with others finds them here.
  virtual void connect(const std::vector<PhysicsPlugin*>& /*plugins*/) {}
  /// Before the start configuration is distributed (every molecule, on every process).
  virtual void prepareMolecules(std::vector<Molecule>& /*molecules*/) {}
  /// After the first exchange, before the first force computation (ls1's init).
  virtual void init(PluginStep& /*s*/) {}

  // The points of a step, in the order they come:
  /// Before the first half kick (ls1's beforeEventNewTimestep).
  virtual void beforeEventNewTimestep(PluginStep& /*s*/) {}
  /// After the drift, before the exchange: where molecules are moved, inserted or removed (ls1's
  /// beforeForces), so that their halo copies follow.
  virtual void beforeExchange(PluginStep& /*s*/) {}
  /// After the exchange, before the traversal (ls1's beforeForces).
  virtual void beforeForces(PluginStep& /*s*/) {}
  /// After the traversal: forces on sites (ls1's siteWiseForces). Also at the start step.
  virtual void siteWiseForces(PluginStep& /*s*/) {}
  /// After every plugin's siteWiseForces (ls1's afterForces). Also at the start step.
  virtual void afterForces(PluginStep& /*s*/) {}
  /// After the second half kick, the global values and the thermostat (ls1's endStep).
  virtual void endStep(PluginStep& /*s*/) {}

  /// DistControl placed its interfaces at `left` and `right` along y: a plugin that follows them moves.
  virtual void followInterfaces(double /*left*/, double /*right*/) {}
  /// Whether the plugin caps forces and velocities (MaxCheck): then only non-finite values stop a run.
  virtual bool capsForces() const { return false; }
};

}  // namespace mardyn
