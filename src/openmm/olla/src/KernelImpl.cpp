// KernelImpl: stores the kernel's name and the Platform that created it.
// Everything else is defined by the kernel interfaces and their implementations.
#include "openmm/KernelImpl.h"

namespace OpenMM {

KernelImpl::KernelImpl(std::string name, const Platform& platform) : _name(std::move(name)), _platform(&platform) {}

} // namespace OpenMM
