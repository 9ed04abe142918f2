// ReferencePlatform: the built-in platform; double precision, written for clarity. Subclasses (the CPU
// platform) reuse its data and kernels, override createPlatformData() and register faster kernel factories.
#pragma once

#include "ReferencePlatformData.h"
#include "openmm/Platform.h"

#include <memory>

namespace OpenMM {

class ReferencePlatform : public Platform {
public:
  using PlatformData = ReferencePlatformData;

  /** Registers a ReferenceKernelFactory for every kernel the Reference platform implements. */
  ReferencePlatform();
  const std::string& getName() const override;
  double getSpeed() const override { return 1.0; }
  bool supportsDoublePrecision() const override { return true; }
  const std::string& getPropertyValue(const Context& context, const std::string& property) const override;
  void contextCreated(ContextImpl& context, const std::map<std::string, std::string>& properties) const override;
  void contextDestroyed(ContextImpl& context) const override;

  /** The PlatformData of a Context created by this platform or a subclass. */
  static PlatformData& getPlatformData(ContextImpl& context);
  static const PlatformData& getPlatformData(const ContextImpl& context);

protected:
  /** Creates the data stored in the ContextImpl; subclasses return their own PlatformData subclass. */
  virtual std::unique_ptr<PlatformData> createPlatformData(ContextImpl& context,
                                                           const std::map<std::string, std::string>& properties) const;
};

} // namespace OpenMM
