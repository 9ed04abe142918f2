// LangevinIntegrator: temperature and friction with validation; each step updates the state, computes the
// forces of the integration groups and runs the platform's IntegrateLangevinStep kernel.
#include "openmm/LangevinIntegrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateLangevinStepKernel.h"

namespace OpenMM {

LangevinIntegrator::LangevinIntegrator(double temperature, double frictionCoeff, double stepSize)
    : _temperature(0.0), _friction(0.0) {
  setTemperature(temperature);
  setFriction(frictionCoeff);
  setStepSize(stepSize);
}

void LangevinIntegrator::setTemperature(double temperature) {
  if (!(temperature >= 0.0))
    throw OpenMMException("LangevinIntegrator: temperature cannot be negative, got " + std::to_string(temperature));
  _temperature = temperature;
}

void LangevinIntegrator::setFriction(double coeff) {
  if (!(coeff >= 0.0))
    throw OpenMMException("LangevinIntegrator: friction coefficient cannot be negative, got " + std::to_string(coeff));
  _friction = coeff;
}

void LangevinIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  _kernel = context.getPlatform().createKernel(IntegrateLangevinStepKernel::Name(), context);
  _kernel.getAs<IntegrateLangevinStepKernel>().initialize(context.getSystem(), *this);
}

void LangevinIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> LangevinIntegrator::getKernelNames() { return {IntegrateLangevinStepKernel::Name()}; }

double LangevinIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateLangevinStepKernel>().computeKineticEnergy(boundContext("LangevinIntegrator"), *this);
}

void LangevinIntegrator::step(int steps) {
  ContextImpl& context = boundContext("LangevinIntegrator");
  for (int i = 0; i < steps; i++) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    _kernel.getAs<IntegrateLangevinStepKernel>().execute(context, *this);
  }
}

} // namespace OpenMM
