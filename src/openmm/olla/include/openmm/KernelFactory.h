// KernelFactory: creates KernelImpls by name for a Platform. A Platform maps each kernel name to
// the factory registered for it; plugins may add factories to Platforms defined elsewhere.
#pragma once

#include <string>

namespace OpenMM {

class ContextImpl;
class KernelImpl;
class Platform;

class KernelFactory {
public:
  virtual ~KernelFactory() = default;
  /** Creates a new KernelImpl; the caller takes ownership. */
  virtual KernelImpl* createKernelImpl(std::string name, const Platform& platform, ContextImpl& context) const = 0;
};

} // namespace OpenMM
