// Kernel: a reference-counted handle to a KernelImpl, as returned by Platform::createKernel().
// getAs<T>() gives the implementation through its abstract kernel interface.
#pragma once

#include "openmm/KernelImpl.h"
#include "openmm/OpenMMException.h"

#include <memory>
#include <string>

namespace OpenMM {

class Kernel {
public:
  Kernel() = default;
  /** Takes ownership of impl. */
  explicit Kernel(KernelImpl* impl) : _impl(impl) {}

  std::string getName() const;
  bool isValid() const { return _impl != nullptr; }
  const KernelImpl& getImpl() const;
  KernelImpl& getImpl();

  template <class T> const T& getAs() const { return castTo<T>(); }
  template <class T> T& getAs() { return castTo<T>(); }

private:
  template <class T> T& castTo() const {
    T* cast = dynamic_cast<T*>(_impl.get());
    if (cast == nullptr)
      throw OpenMMException("Kernel: '" + getName() + "' does not implement the requested kernel interface");
    return *cast;
  }
  std::shared_ptr<KernelImpl> _impl;
};

} // namespace OpenMM
