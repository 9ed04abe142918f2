// The variable-step integrators of the common-compute platforms: the error sum on the device, the step size on
// the host (IntegrationRules), the step on the device.
#include "ComputeVariableStepKernels.h"

#include "ComputeIntegrationKernels.h"
#include "ComputePlatformData.h"
#include "openmm/VariableLangevinIntegrator.h"
#include "openmm/VariableVerletIntegrator.h"
#include "openmm/internal/IntegrationRules.h"

namespace OpenMM {

namespace {

/// The step size from the RMS acceleration summed on the device (sumSquaredAcceleration).
double variableStepSize(ComputePlatformData& data, mardyn::compute::ComputeKernel& error, double tol, double lastStep,
                        double maxStep, double fallback, double maxTime, bool& reachesTarget) {
  mardyn::compute::KernelCall call = error.call();
  call.arg(data.numAtoms()).arg(data.velm()).arg(data.force());
  const double sum = data.sumOverBlocks(call, 1)[0];
  int degreesOfFreedom = 0;
  for (double m : data.masses)
    if (m != 0.0) degreesOfFreedom += 3;
  return IntegrationRules::variableStepSize(sum, degreesOfFreedom, tol, lastStep, maxStep, fallback, data.time, maxTime,
                                            reachesTarget);
}

/// After the step's kernel: constraints, virtual sites, time (exactly maxTime when the step reaches it).
void finishVariableStep(ComputePlatformData& data, double dt, double tol, bool reachesTarget, double maxTime) {
  data.constraints().applyToPositions(tol, 1.0 / dt);
  data.finishStep(dt);
  if (reachesTarget) data.time = maxTime;
}

} // namespace

void ComputeIntegrateVariableVerletStepKernel::initialize(const System&, const VariableVerletIntegrator&) {
  _kernel = _data.program().createKernel("integrateVerlet");
  _error = _data.program().createKernel("sumSquaredAcceleration");
}

double ComputeIntegrateVariableVerletStepKernel::execute(ContextImpl&, const VariableVerletIntegrator& integrator,
                                                         double maxTime) {
  bool reachesTarget = false;
  const double dt = variableStepSize(_data, *_error, integrator.getErrorTolerance(), _lastStep,
                                     integrator.getMaximumStepSize(), integrator.getStepSize(), maxTime, reachesTarget);
  if (!(dt > 0.0)) return 0.0;
  auto call = _kernel->call();
  call.arg(_data.numAtoms()).mixedArg(0.5 * (_lastStep + dt)).mixedArg(dt).arg(_data.posq()).arg(_data.velm());
  call.arg(_data.force());
  _data.constraints().referenceArguments(call);
  call.execute(static_cast<std::size_t>(_data.numAtoms()));
  finishVariableStep(_data, dt, integrator.getConstraintTolerance(), reachesTarget, maxTime);
  _lastStep = dt;
  return dt;
}

double ComputeIntegrateVariableVerletStepKernel::computeKineticEnergy(ContextImpl&, const VariableVerletIntegrator&) {
  return _data.kineticEnergy(0.5 * _lastStep);
}

void ComputeIntegrateVariableLangevinStepKernel::initialize(const System&, const VariableLangevinIntegrator& integrator) {
  _kernel = _data.program().createKernel("integrateLangevin");
  _error = _data.program().createKernel("sumSquaredAcceleration");
  _data.seedRandom(integrator.getRandomNumberSeed());
}

double ComputeIntegrateVariableLangevinStepKernel::execute(ContextImpl&, const VariableLangevinIntegrator& integrator,
                                                           double maxTime) {
  bool reachesTarget = false;
  const double dt = variableStepSize(_data, *_error, integrator.getErrorTolerance(), _lastStep,
                                     integrator.getMaximumStepSize(), integrator.getStepSize(), maxTime, reachesTarget);
  if (!(dt > 0.0)) return 0.0;
  launchLangevinStep(_data, *_kernel, dt, integrator.getFriction(), integrator.getTemperature());
  finishVariableStep(_data, dt, integrator.getConstraintTolerance(), reachesTarget, maxTime);
  _lastStep = dt;
  return dt;
}

double ComputeIntegrateVariableLangevinStepKernel::computeKineticEnergy(ContextImpl&,
                                                                        const VariableLangevinIntegrator&) {
  return _data.kineticEnergy(0.5 * _lastStep);
}

} // namespace OpenMM
