// LangevinMiddleIntegrator: temperature and friction with validation; each step updates the state, computes the
// forces of the integration groups and runs the platform's IntegrateLangevinMiddleStep kernel.
#include "openmm/LangevinMiddleIntegrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateLangevinMiddleStepKernel.h"

namespace OpenMM {

LangevinMiddleIntegrator::LangevinMiddleIntegrator(double temperature, double frictionCoeff, double stepSize)
    : _temperature(0.0), _friction(0.0) {
  setTemperature(temperature);
  setFriction(frictionCoeff);
  setStepSize(stepSize);
}

void LangevinMiddleIntegrator::setTemperature(double temperature) {
  if (!(temperature >= 0.0))
    throw OpenMMException("LangevinMiddleIntegrator: temperature cannot be negative, got " +
                          std::to_string(temperature));
  _temperature = temperature;
}

void LangevinMiddleIntegrator::setFriction(double coeff) {
  if (!(coeff >= 0.0))
    throw OpenMMException("LangevinMiddleIntegrator: friction coefficient cannot be negative, got " +
                          std::to_string(coeff));
  _friction = coeff;
}

void LangevinMiddleIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  _kernel = context.getPlatform().createKernel(IntegrateLangevinMiddleStepKernel::Name(), context);
  _kernel.getAs<IntegrateLangevinMiddleStepKernel>().initialize(context.getSystem(), *this);
}

void LangevinMiddleIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> LangevinMiddleIntegrator::getKernelNames() {
  return {IntegrateLangevinMiddleStepKernel::Name()};
}

double LangevinMiddleIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateLangevinMiddleStepKernel>().computeKineticEnergy(
      boundContext("LangevinMiddleIntegrator"), *this);
}

void LangevinMiddleIntegrator::step(int steps) {
  ContextImpl& context = boundContext("LangevinMiddleIntegrator");
  for (int i = 0; i < steps; i++) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    _kernel.getAs<IntegrateLangevinMiddleStepKernel>().execute(context, *this);
  }
}

} // namespace OpenMM
