// The integration kernels of the common-compute platforms.
#include "ComputeIntegrationKernels.h"

#include "ComputePlatformData.h"
#include "openmm/AndersenThermostat.h"
#include "openmm/CMMotionRemover.h"
#include "openmm/LangevinIntegrator.h"
#include "openmm/LangevinMiddleIntegrator.h"
#include "openmm/VerletIntegrator.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ComputeIntegrateVerletStepKernel::initialize(const System&, const VerletIntegrator&) {
  _kernel = _data.program().createKernel("integrateVerlet");
}

void ComputeIntegrateVerletStepKernel::execute(ContextImpl&, const VerletIntegrator& integrator) {
  const double dt = integrator.getStepSize();
  _kernel->call()
      .arg(_data.numAtoms())
      .mixedArg(dt)
      .arg(_data.posq())
      .arg(_data.velm())
      .arg(_data.force())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
  _data.time += dt;
  _data.stepCount++;
}

double ComputeIntegrateVerletStepKernel::computeKineticEnergy(ContextImpl&, const VerletIntegrator& integrator) {
  return _data.kineticEnergy(0.5 * integrator.getStepSize());
}

void ComputeIntegrateLangevinStepKernel::initialize(const System&, const LangevinIntegrator& integrator) {
  _kernel = _data.program().createKernel("integrateLangevin");
  _data.seedRandom(integrator.getRandomNumberSeed());
}

void ComputeIntegrateLangevinStepKernel::execute(ContextImpl&, const LangevinIntegrator& integrator) {
  const double dt = integrator.getStepSize(), friction = integrator.getFriction();
  const double kT = BOLTZ * integrator.getTemperature();
  const double vscale = std::exp(-dt * friction);
  const double fscale = friction == 0.0 ? dt : (1.0 - vscale) / friction;
  const double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  _kernel->call()
      .arg(_data.numAtoms())
      .mixedArg(dt)
      .mixedArg(vscale)
      .mixedArg(fscale)
      .mixedArg(noisescale)
      .arg(static_cast<unsigned long long>(_data.randomSeed))
      .arg(static_cast<unsigned long long>(_data.randomCounter++))
      .arg(_data.atomIndex())
      .arg(_data.posq())
      .arg(_data.velm())
      .arg(_data.force())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
  _data.time += dt;
  _data.stepCount++;
}

double ComputeIntegrateLangevinStepKernel::computeKineticEnergy(ContextImpl&, const LangevinIntegrator& integrator) {
  return _data.kineticEnergy(0.5 * integrator.getStepSize());
}

void ComputeIntegrateLangevinMiddleStepKernel::initialize(const System&, const LangevinMiddleIntegrator& integrator) {
  _kernel = _data.program().createKernel("integrateLangevinMiddle");
  _data.seedRandom(integrator.getRandomNumberSeed());
}

void ComputeIntegrateLangevinMiddleStepKernel::execute(ContextImpl&, const LangevinMiddleIntegrator& integrator) {
  const double dt = integrator.getStepSize();
  const double kT = BOLTZ * integrator.getTemperature();
  const double vscale = std::exp(-dt * integrator.getFriction());
  const double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  _kernel->call()
      .arg(_data.numAtoms())
      .mixedArg(dt)
      .mixedArg(vscale)
      .mixedArg(noisescale)
      .arg(static_cast<unsigned long long>(_data.randomSeed))
      .arg(static_cast<unsigned long long>(_data.randomCounter++))
      .arg(_data.atomIndex())
      .arg(_data.posq())
      .arg(_data.velm())
      .arg(_data.force())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
  _data.time += dt;
  _data.stepCount++;
}

double ComputeIntegrateLangevinMiddleStepKernel::computeKineticEnergy(ContextImpl&, const LangevinMiddleIntegrator&) {
  return _data.kineticEnergy(0.0);
}

void ComputeRemoveCMMotionKernel::initialize(const System&, const CMMotionRemover& force) { _frequency = force.getFrequency(); }

void ComputeRemoveCMMotionKernel::execute(ContextImpl&) {
  if (_data.stepCount % _frequency != 0) return;
  _data.removeCenterOfMassMotion();
}

void ComputeApplyAndersenThermostatKernel::initialize(const System&, const AndersenThermostat& thermostat) {
  _kernel = _data.program().createKernel("applyAndersen");
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
      .arg(_data.velm())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
}

} // namespace OpenMM
