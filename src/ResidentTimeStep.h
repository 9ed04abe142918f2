// ResidentTimeStep: the time step of a particle container whose molecules live elsewhere (on a GPU) and
// which advances them there itself. The Simulation calls it instead of the Leapfrog, the decomposition's
// exchange, the traversal and the thermostat's loop over molecules, so that between outputs the
// molecules never leave their home; outputs read them through the container as usual.
#pragma once

#include "Domain.h"
#include "integrators/Leapfrog.h"
#include "parallel/DomainDecompBase.h"
#include "plugins/PhysicsPlugin.h"
#include "utils/MardynException.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mardyn {

class ResidentTimeStep {
 public:
  /// A force or torque on a molecule beyond its component's limit, or not finite, found where the
  /// molecules live: the caller looks at the molecules (through the container) to name the cause.
  class ForceAlarm : public MardynException {
   public:
    using MardynException::MardynException;
  };

  virtual ~ResidentTimeStep() = default;

  /// First half kick and drift of the owned molecules (Leapfrog::preForces).
  virtual void preForces(double dt) = 0;
  /// After the drift: periodic wrap, migration and halo copies where the cells must be rebuilt, else
  /// only the halo copies moved with their originals. Collective under MPI.
  virtual void exchange(DomainDecompBase& decomp, const Domain& domain) = 0;
  /// Forces and torques; U_pot and virial come with postForces (ParticleContainer::traversalResult).
  virtual void computeForces() = 0;
  /// With kick the second half kick (Leapfrog::postForces); then the kinetic sums of the owned
  /// molecules per component into sums (reset by the caller).
  virtual void postForces(double dt, bool kick, KineticSums& sums) = 0;
  /// v *= betaTrans[c], L *= betaRot[c] for the owned molecules of component c (the thermostat).
  virtual void scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot) = 0;
  /// ls1's explosion heuristic at temperature T (VelocityScalingThermostat::capKineticEnergies): every
  /// owned molecule's translational kinetic energy capped at 10 T, its rotational one at 3 f_rot T, with
  /// the force and torque scaled alike.
  virtual void capKineticEnergies(double temperature) = 0;
  /// Per component, the squared force and torque beyond which postForces throws ForceAlarm.
  virtual void setForceLimits(const std::vector<double>& force2, const std::vector<double>& torque2) = 0;
  /// Bytes copied between the host and the molecules' home so far, both ways.
  virtual std::uint64_t transferredBytes() const = 0;
  /// Lines for the end-of-run summary (memory held, rebuilds, a kernel profile where one was taken).
  virtual std::string summary(unsigned long steps) const = 0;

  /// Takes over the physics plugins (in the order they act): each runs where the molecules live when
  /// there is an implementation for it there, else through the host with the molecules of the region its
  /// hook touches (PhysicsPlugin::region) carried there and back. Returns, per plugin, "device" or "host".
  virtual std::vector<std::string> attachPlugins(const std::vector<PhysicsPlugin*>& plugins) = 0;
  /// The plugins' init, after the first exchange.
  virtual void initPlugins(PluginStep& step) = 0;
  /// Every plugin's hook at this point of the step, in their order.
  virtual void runPlugins(PluginHook hook, PluginStep& step) = 0;
};

}  // namespace mardyn
