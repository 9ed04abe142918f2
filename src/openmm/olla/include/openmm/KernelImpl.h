// KernelImpl: abstract base of every kernel implementation a Platform creates.
// Concrete kernel interfaces (kernels/*.h) derive from it; platforms implement those.
#pragma once

#include <string>

namespace OpenMM {

class Platform;

class KernelImpl {
public:
  KernelImpl(std::string name, const Platform& platform);
  virtual ~KernelImpl() = default;
  KernelImpl(const KernelImpl&) = delete;
  KernelImpl& operator=(const KernelImpl&) = delete;

  /** The name under which this kernel was requested from the Platform. */
  std::string getName() const { return _name; }
  /** The Platform that created this kernel. */
  const Platform& getPlatform() const { return *_platform; }

private:
  std::string _name;
  const Platform* _platform;
};

} // namespace OpenMM
