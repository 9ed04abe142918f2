// The integration kernels of the common-compute platforms: each step, then its constraints, on the device.
#include "ComputeIntegrationKernels.h"

#include "ComputePlatformData.h"
#include "openmm/AndersenThermostat.h"
#include "openmm/BrownianIntegrator.h"
#include "openmm/CMMotionRemover.h"
#include "openmm/LangevinIntegrator.h"
#include "openmm/LangevinMiddleIntegrator.h"
#include "openmm/System.h"
#include "openmm/VerletIntegrator.h"
#include "openmm/internal/AndersenThermostatImpl.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace OpenMM {

void ComputeIntegrateVerletStepKernel::initialize(const System&, const VerletIntegrator&) {
  _kernel = _data.program().createKernel("integrateVerlet");
}

void ComputeIntegrateVerletStepKernel::execute(ContextImpl&, const VerletIntegrator& integrator) {
  const double dt = integrator.getStepSize();
  auto call = _kernel->call();
  call.arg(_data.numAtoms()).mixedArg(dt).mixedArg(dt).arg(_data.posq()).arg(_data.velm()).arg(_data.force());
  _data.constraints().referenceArguments(call);
  call.execute(static_cast<std::size_t>(_data.numAtoms()));
  // v = (x' - x)/dt with x' constrained: the displacements of the constraints are added to v over dt.
  _data.constraints().applyToPositions(integrator.getConstraintTolerance(), 1.0 / dt);
  _data.finishStep(dt);
}

double ComputeIntegrateVerletStepKernel::computeKineticEnergy(ContextImpl&, const VerletIntegrator& integrator) {
  return _data.kineticEnergy(0.5 * integrator.getStepSize());
}

void ComputeIntegrateLangevinStepKernel::initialize(const System&, const LangevinIntegrator& integrator) {
  _kernel = _data.program().createKernel("integrateLangevin");
  _data.seedRandom(integrator.getRandomNumberSeed());
}

void launchLangevinStep(ComputePlatformData& data, mardyn::compute::ComputeKernel& kernel, double dt, double friction,
                        double temperature) {
  const double kT = BOLTZ * temperature;
  const double vscale = std::exp(-dt * friction);
  const double fscale = friction == 0.0 ? dt : (1.0 - vscale) / friction;
  const double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  data.constraints().saveReference();
  auto call = kernel.call();
  call.arg(data.numAtoms()).mixedArg(dt).mixedArg(vscale).mixedArg(fscale).mixedArg(noisescale);
  data.randomStepArguments(call);
  call.arg(data.force()).execute(static_cast<std::size_t>(data.numAtoms()));
}

void ComputeIntegrateLangevinStepKernel::execute(ContextImpl&, const LangevinIntegrator& integrator) {
  const double dt = integrator.getStepSize();
  launchLangevinStep(_data, *_kernel, dt, integrator.getFriction(), integrator.getTemperature());
  _data.constraints().applyToPositions(integrator.getConstraintTolerance(), 1.0 / dt);
  _data.finishStep(dt);
}

double ComputeIntegrateLangevinStepKernel::computeKineticEnergy(ContextImpl&, const LangevinIntegrator& integrator) {
  return _data.kineticEnergy(0.5 * integrator.getStepSize());
}

void ComputeIntegrateLangevinMiddleStepKernel::initialize(const System&, const LangevinMiddleIntegrator& integrator) {
  _kernel = _data.program().createKernel("integrateLangevinMiddle");
  _kick = _data.program().createKernel("kickVelocities");
  _drift = _data.program().createKernel("driftLangevinMiddle");
  _data.seedRandom(integrator.getRandomNumberSeed());
}

void ComputeIntegrateLangevinMiddleStepKernel::execute(ContextImpl&, const LangevinMiddleIntegrator& integrator) {
  const double dt = integrator.getStepSize();
  const double kT = BOLTZ * integrator.getTemperature();
  const double vscale = std::exp(-dt * integrator.getFriction());
  const double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  const std::size_t atoms = static_cast<std::size_t>(_data.numAtoms());
  ComputeConstraints& constraints = _data.constraints();
  if (constraints.empty()) {
    auto call = _kernel->call();
    call.arg(_data.numAtoms()).mixedArg(dt).mixedArg(vscale).mixedArg(noisescale);
    _data.randomStepArguments(call);
    call.arg(_data.force()).execute(atoms);
  } else {
    // Kick, constrain the velocities, drift-thermostat-drift, constrain the positions (their displacement an
    // impulse over dt on the velocities), as OpenMM defines the step.
    const double tol = integrator.getConstraintTolerance();
    if (constraints.fusesLangevinMiddle()) {
      // The same arithmetic in two launches instead of four (a small System's step is bound by its launches).
      constraints.kickAndConstrainVelocities(dt, tol);
      constraints.driftAndConstrainPositions(dt, vscale, noisescale, tol);
      _data.finishStep(dt);
      return;
    }
    _kick->call().arg(_data.numAtoms()).mixedArg(dt).arg(_data.velm()).arg(_data.force()).execute(atoms);
    constraints.applyToVelocities(tol);
    auto call = _drift->call();
    call.arg(_data.numAtoms()).mixedArg(dt).mixedArg(vscale).mixedArg(noisescale);
    _data.randomStepArguments(call);
    constraints.referenceArguments(call);
    call.execute(atoms);
    constraints.applyToPositions(tol, 1.0 / dt);
  }
  _data.finishStep(dt);
}

double ComputeIntegrateLangevinMiddleStepKernel::computeKineticEnergy(ContextImpl&, const LangevinMiddleIntegrator&) {
  return _data.kineticEnergy(0.0);
}

void ComputeIntegrateBrownianStepKernel::initialize(const System&, const BrownianIntegrator& integrator) {
  _kernel = _data.program().createKernel("integrateBrownian");
  _data.seedRandom(integrator.getRandomNumberSeed());
}

void ComputeIntegrateBrownianStepKernel::execute(ContextImpl&, const BrownianIntegrator& integrator) {
  const double dt = integrator.getStepSize();
  const double tau = dt / integrator.getFriction();
  const double noisescale = std::sqrt(2.0 * BOLTZ * integrator.getTemperature() * tau);
  _data.constraints().saveReference();
  auto call = _kernel->call();
  call.arg(_data.numAtoms()).mixedArg(dt).mixedArg(tau).mixedArg(noisescale);
  _data.randomStepArguments(call);
  call.arg(_data.force()).execute(static_cast<std::size_t>(_data.numAtoms()));
  _data.constraints().applyToPositions(integrator.getConstraintTolerance(), 1.0 / dt);
  _data.finishStep(dt);
}

double ComputeIntegrateBrownianStepKernel::computeKineticEnergy(ContextImpl&, const BrownianIntegrator&) {
  return _data.kineticEnergy(0.0);
}

void ComputeRemoveCMMotionKernel::initialize(const System&, const CMMotionRemover& force) { _frequency = force.getFrequency(); }

void ComputeRemoveCMMotionKernel::execute(ContextImpl&) {
  if (_data.stepCount % _frequency != 0) return;
  _data.removeCenterOfMassMotion();
}

void ComputeApplyAndersenThermostatKernel::initialize(const System& system, const AndersenThermostat& thermostat) {
  _kernel = _data.program().createKernel("applyAndersen");
  // Atoms linked by constraints collide together (as on the Reference platform).
  std::vector<int> group(static_cast<std::size_t>(system.getNumParticles()));
  for (const std::vector<int>& members : AndersenThermostatImpl::calcParticleGroups(system)) {
    const int first = *std::min_element(members.begin(), members.end());
    for (int a : members) group[static_cast<std::size_t>(a)] = first;
  }
  _collisionGroup.initialize(_data.context(), std::max<std::size_t>(1, group.size()), "andersenGroup");
  _collisionGroup.uploadBytes(group.data(), 0, group.size() * sizeof(int));
  _seed = thermostat.getRandomNumberSeed();
}

void ComputeApplyAndersenThermostatKernel::execute(ContextImpl& context) {
  _data.seedRandom(_seed);
  const double kT = BOLTZ * context.getParameter(AndersenThermostat::Temperature());
  const double frequency = context.getParameter(AndersenThermostat::CollisionFrequency());
  const double probability = 1.0 - std::exp(-frequency * context.getIntegrator().getStepSize());
  _kernel->call()
      .arg(_data.numAtoms())
      .mixedArg(probability)
      .mixedArg(kT)
      .arg(static_cast<unsigned long long>(_data.randomSeed))
      .arg(static_cast<unsigned long long>(_data.randomCounter++))
      .arg(_data.atomIndex())
      .arg(_collisionGroup)
      .arg(_data.velm())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
}

} // namespace OpenMM
