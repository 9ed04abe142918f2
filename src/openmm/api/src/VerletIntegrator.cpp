// VerletIntegrator: each step lets the forces update the state, computes forces of the integration
// groups and runs the platform's IntegrateVerletStep kernel.
#include "openmm/VerletIntegrator.h"

#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateVerletStepKernel.h"

namespace OpenMM {

VerletIntegrator::VerletIntegrator(double stepSize) { setStepSize(stepSize); }

void VerletIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  _kernel = context.getPlatform().createKernel(IntegrateVerletStepKernel::Name(), context);
  _kernel.getAs<IntegrateVerletStepKernel>().initialize(context.getSystem(), *this);
}

void VerletIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> VerletIntegrator::getKernelNames() { return {IntegrateVerletStepKernel::Name()}; }

double VerletIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateVerletStepKernel>().computeKineticEnergy(boundContext("VerletIntegrator"), *this);
}

void VerletIntegrator::step(int steps) {
  ContextImpl& context = boundContext("VerletIntegrator");
  for (int i = 0; i < steps; i++) {
    context.updateContextState();
    context.calcForcesAndEnergy(true, false, getIntegrationForceGroups());
    _kernel.getAs<IntegrateVerletStepKernel>().execute(context, *this);
  }
}

} // namespace OpenMM
