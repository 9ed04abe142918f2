// Kernel: handle to a shared KernelImpl; access throws a clear error when the handle is empty.
// getAs<T>() (in the header) casts to the abstract kernel interface.
#include "openmm/Kernel.h"

namespace OpenMM {

std::string Kernel::getName() const { return _impl ? _impl->getName() : std::string("(empty kernel)"); }

const KernelImpl& Kernel::getImpl() const {
  if (!_impl)
    throw OpenMMException("Kernel: access to an empty kernel handle");
  return *_impl;
}

KernelImpl& Kernel::getImpl() {
  if (!_impl)
    throw OpenMMException("Kernel: access to an empty kernel handle");
  return *_impl;
}

} // namespace OpenMM
