// VariableVerletIntegrator: tolerance and maximum step with validation; each step updates the state, computes the
// forces of the integration groups and runs the platform's IntegrateVariableVerletStep kernel, which returns the
// step size it took.
#include "openmm/VariableVerletIntegrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateVariableVerletStepKernel.h"

#include <istream>
#include <limits>
#include <ostream>

namespace OpenMM {

VariableVerletIntegrator::VariableVerletIntegrator(double errorTol) : _errorTolerance(0.0) {
  setErrorTolerance(errorTol);
  setStepSize(0.0); // as in OpenMM: no step taken yet
}

void VariableVerletIntegrator::setErrorTolerance(double tol) {
  if (!(tol > 0.0))
    throw OpenMMException("VariableVerletIntegrator: error tolerance must be positive, got " + std::to_string(tol));
  _errorTolerance = tol;
}

void VariableVerletIntegrator::setMaximumStepSize(double size) {
  if (!(size >= 0.0))
    throw OpenMMException("VariableVerletIntegrator: maximum step size cannot be negative, got " +
                          std::to_string(size));
  _maxStepSize = size;
}

void VariableVerletIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  _kernel = context.getPlatform().createKernel(IntegrateVariableVerletStepKernel::Name(), context);
  _kernel.getAs<IntegrateVariableVerletStepKernel>().initialize(context.getSystem(), *this);
}

void VariableVerletIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> VariableVerletIntegrator::getKernelNames() {
  return {IntegrateVariableVerletStepKernel::Name()};
}

double VariableVerletIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateVariableVerletStepKernel>().computeKineticEnergy(
      boundContext("VariableVerletIntegrator"), *this);
}

void VariableVerletIntegrator::step(int steps) {
  ContextImpl& context = boundContext("VariableVerletIntegrator");
  for (int i = 0; i < steps; i++) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    double dt = _kernel.getAs<IntegrateVariableVerletStepKernel>().execute(context, *this,
                                                                           std::numeric_limits<double>::infinity());
    setStepSize(dt);
  }
}

void VariableVerletIntegrator::stepTo(double time) {
  ContextImpl& context = boundContext("VariableVerletIntegrator");
  while (context.getTime() < time) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    double dt = _kernel.getAs<IntegrateVariableVerletStepKernel>().execute(context, *this, time);
    if (dt > 0.0)
      setStepSize(dt);
  }
}

void VariableVerletIntegrator::createCheckpoint(std::ostream& stream) const {
  double last = _kernel.getAs<IntegrateVariableVerletStepKernel>().getLastStepSize();
  stream.write(reinterpret_cast<const char*>(&last), sizeof(last));
}

void VariableVerletIntegrator::loadCheckpoint(std::istream& stream) {
  double last = 0.0;
  stream.read(reinterpret_cast<char*>(&last), sizeof(last));
  if (!stream)
    throw OpenMMException("VariableVerletIntegrator: the checkpoint is truncated");
  _kernel.getAs<IntegrateVariableVerletStepKernel>().setLastStepSize(last);
  if (last > 0.0)
    setStepSize(last);
}

} // namespace OpenMM
