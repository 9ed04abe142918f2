// BrownianIntegrator: temperature and friction with validation; each step updates the state, computes the
// forces of the integration groups and runs the platform's IntegrateBrownianStep kernel.
#include "openmm/BrownianIntegrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateBrownianStepKernel.h"

namespace OpenMM {

BrownianIntegrator::BrownianIntegrator(double temperature, double frictionCoeff, double stepSize)
    : _temperature(0.0), _friction(0.0) {
  setTemperature(temperature);
  setFriction(frictionCoeff);
  setStepSize(stepSize);
}

void BrownianIntegrator::setTemperature(double temperature) {
  if (!(temperature >= 0.0))
    throw OpenMMException("BrownianIntegrator: temperature cannot be negative, got " + std::to_string(temperature));
  _temperature = temperature;
}

void BrownianIntegrator::setFriction(double coeff) {
  if (!(coeff > 0.0))
    throw OpenMMException("BrownianIntegrator: friction coefficient must be positive, got " + std::to_string(coeff));
  _friction = coeff;
}

void BrownianIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  _kernel = context.getPlatform().createKernel(IntegrateBrownianStepKernel::Name(), context);
  _kernel.getAs<IntegrateBrownianStepKernel>().initialize(context.getSystem(), *this);
}

void BrownianIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> BrownianIntegrator::getKernelNames() { return {IntegrateBrownianStepKernel::Name()}; }

double BrownianIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateBrownianStepKernel>().computeKineticEnergy(boundContext("BrownianIntegrator"), *this);
}

void BrownianIntegrator::step(int steps) {
  ContextImpl& context = boundContext("BrownianIntegrator");
  for (int i = 0; i < steps; i++) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    _kernel.getAs<IntegrateBrownianStepKernel>().execute(context, *this);
  }
}

} // namespace OpenMM
