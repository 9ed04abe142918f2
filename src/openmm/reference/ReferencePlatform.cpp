// ReferencePlatform: registers the Reference kernel factory for all its kernels and stores a
// ReferencePlatformData (or a subclass's) in each ContextImpl.
#include "ReferencePlatform.h"

#include "ReferenceKernelFactory.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

ReferencePlatform::ReferencePlatform() {
  auto* factory = new ReferenceKernelFactory();
  for (const auto& name : ReferenceKernelFactory::kernelNames())
    registerKernelFactory(name, factory);
}

const std::string& ReferencePlatform::getName() const {
  static const std::string name = "Reference";
  return name;
}

const std::string& ReferencePlatform::getPropertyValue(const Context& context, const std::string& property) const {
  const ContextImpl& impl = getContextImpl(context);
  const PlatformData& data = getPlatformData(impl);
  std::string name = property;
  auto replacement = _deprecatedPropertyReplacements.find(name);
  if (replacement != _deprecatedPropertyReplacements.end())
    name = replacement->second;
  auto value = data.propertyValues.find(name);
  if (value == data.propertyValues.end())
    throw OpenMMException("Illegal property name for platform " + getName() + ": " + property);
  return value->second;
}

void ReferencePlatform::contextCreated(ContextImpl& context,
                                       const std::map<std::string, std::string>& properties) const {
  std::unique_ptr<PlatformData> data = createPlatformData(context, resolveProperties(properties));
  context.setPlatformData(data.release());
}

void ReferencePlatform::contextDestroyed(ContextImpl& context) const {
  delete static_cast<PlatformData*>(context.getPlatformData());
  context.setPlatformData(nullptr);
}

std::unique_ptr<ReferencePlatform::PlatformData>
ReferencePlatform::createPlatformData(ContextImpl& context,
                                      const std::map<std::string, std::string>& properties) const {
  return std::make_unique<PlatformData>(context.getSystem(), properties);
}

ReferencePlatform::PlatformData& ReferencePlatform::getPlatformData(ContextImpl& context) {
  auto* data = static_cast<PlatformData*>(context.getPlatformData());
  if (data == nullptr)
    throw OpenMMException("ReferencePlatform: the Context has no platform data");
  return *data;
}

const ReferencePlatform::PlatformData& ReferencePlatform::getPlatformData(const ContextImpl& context) {
  auto* data = static_cast<const PlatformData*>(context.getPlatformData());
  if (data == nullptr)
    throw OpenMMException("ReferencePlatform: the Context has no platform data");
  return *data;
}

} // namespace OpenMM
