// VariableLangevinIntegrator: parameters with validation; each step updates the state, computes the forces of the
// integration groups and runs the platform's IntegrateVariableLangevinStep kernel, which returns the step it took.
// Checkpoints keep the previous step size (the next step is at most twice it).
#include "openmm/VariableLangevinIntegrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateVariableLangevinStepKernel.h"

#include <istream>
#include <limits>
#include <ostream>

namespace OpenMM {

VariableLangevinIntegrator::VariableLangevinIntegrator(double temperature, double frictionCoeff, double errorTol)
    : _temperature(0.0), _friction(0.0), _errorTolerance(0.0) {
  setTemperature(temperature);
  setFriction(frictionCoeff);
  setErrorTolerance(errorTol);
  setStepSize(0.0); // as in OpenMM: no step taken yet
}

void VariableLangevinIntegrator::setTemperature(double temp) {
  if (!(temp >= 0.0))
    throw OpenMMException("VariableLangevinIntegrator: temperature cannot be negative, got " + std::to_string(temp));
  _temperature = temp;
}

void VariableLangevinIntegrator::setFriction(double coeff) {
  if (!(coeff >= 0.0))
    throw OpenMMException("VariableLangevinIntegrator: friction coefficient cannot be negative, got " +
                          std::to_string(coeff));
  _friction = coeff;
}

void VariableLangevinIntegrator::setErrorTolerance(double tol) {
  if (!(tol > 0.0))
    throw OpenMMException("VariableLangevinIntegrator: error tolerance must be positive, got " + std::to_string(tol));
  _errorTolerance = tol;
}

void VariableLangevinIntegrator::setMaximumStepSize(double size) {
  if (!(size >= 0.0))
    throw OpenMMException("VariableLangevinIntegrator: maximum step size cannot be negative, got " +
                          std::to_string(size));
  _maxStepSize = size;
}

void VariableLangevinIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  _kernel = context.getPlatform().createKernel(IntegrateVariableLangevinStepKernel::Name(), context);
  _kernel.getAs<IntegrateVariableLangevinStepKernel>().initialize(context.getSystem(), *this);
}

void VariableLangevinIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> VariableLangevinIntegrator::getKernelNames() {
  return {IntegrateVariableLangevinStepKernel::Name()};
}

double VariableLangevinIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateVariableLangevinStepKernel>().computeKineticEnergy(
      boundContext("VariableLangevinIntegrator"), *this);
}

void VariableLangevinIntegrator::step(int steps) {
  ContextImpl& context = boundContext("VariableLangevinIntegrator");
  for (int i = 0; i < steps; i++) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    double dt = _kernel.getAs<IntegrateVariableLangevinStepKernel>().execute(
        context, *this, std::numeric_limits<double>::infinity());
    setStepSize(dt);
  }
}

void VariableLangevinIntegrator::stepTo(double time) {
  ContextImpl& context = boundContext("VariableLangevinIntegrator");
  while (context.getTime() < time) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    double dt = _kernel.getAs<IntegrateVariableLangevinStepKernel>().execute(context, *this, time);
    if (!(dt > 0.0))
      break;
    setStepSize(dt);
  }
}

void VariableLangevinIntegrator::createCheckpoint(std::ostream& stream) const {
  double last = _kernel.getAs<IntegrateVariableLangevinStepKernel>().getLastStepSize();
  stream.write(reinterpret_cast<const char*>(&last), sizeof(last));
}

void VariableLangevinIntegrator::loadCheckpoint(std::istream& stream) {
  double last = 0.0;
  stream.read(reinterpret_cast<char*>(&last), sizeof(last));
  if (!stream)
    throw OpenMMException("VariableLangevinIntegrator: the checkpoint is truncated");
  _kernel.getAs<IntegrateVariableLangevinStepKernel>().setLastStepSize(last);
  if (last > 0.0)
    setStepSize(last);
}

} // namespace OpenMM
