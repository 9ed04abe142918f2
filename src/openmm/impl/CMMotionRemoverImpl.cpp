// CMMotionRemoverImpl: requests the RemoveCMMotion kernel and runs it at the start of each step
// (the kernel counts steps and acts every `frequency` of them).
#include "openmm/internal/CMMotionRemoverImpl.h"

#include "openmm/Platform.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/RemoveCMMotionKernel.h"

namespace OpenMM {

void CMMotionRemoverImpl::initialize(ContextImpl& context) {
  _kernel = context.getPlatform().createKernel(RemoveCMMotionKernel::Name(), context);
  _kernel.getAs<RemoveCMMotionKernel>().initialize(context.getSystem(), _owner);
}

void CMMotionRemoverImpl::updateContextState(ContextImpl& context, bool&) {
  _kernel.getAs<RemoveCMMotionKernel>().execute(context);
}

std::vector<std::string> CMMotionRemoverImpl::getKernelNames() { return {RemoveCMMotionKernel::Name()}; }

} // namespace OpenMM
