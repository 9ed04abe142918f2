// ComputePlatform: properties and the creation of each Context's device data.
#include "ComputePlatform.h"

#include "ComputeKernelFactory.h"
#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <algorithm>
#include <cctype>

namespace OpenMM {

const std::string& ComputePlatform::precisionProperty() {
  static const std::string name = "Precision";
  return name;
}

const std::string& ComputePlatform::deviceIndexProperty() {
  static const std::string name = "DeviceIndex";
  return name;
}

const std::string& ComputePlatform::deterministicForcesProperty() {
  static const std::string name = "DeterministicForces";
  return name;
}

const std::string& ComputePlatform::disablePmeStreamProperty() {
  static const std::string name = "DisablePmeStream";
  return name;
}

std::string ComputePlatform::booleanProperty(const std::map<std::string, std::string>& properties,
                                             const std::string& name, const std::string& platform) {
  std::string value = properties.at(name);
  std::transform(value.begin(), value.end(), value.begin(), [](unsigned char c) { return std::tolower(c); });
  if (value != "true" && value != "false")
    throw OpenMMException("Illegal value for " + platform + " " + name + ": " + properties.at(name) + " (true or false)");
  return value;
}

ComputePlatform::ComputePlatform(std::string name, std::string backend, double speed)
    : _name(std::move(name)), _backend(std::move(backend)), _speed(speed) {
  _platformProperties = {precisionProperty(), deviceIndexProperty(), deterministicForcesProperty(),
                         disablePmeStreamProperty()};
  setPropertyDefaultValue(precisionProperty(), "single");
  setPropertyDefaultValue(deviceIndexProperty(), "0");
  setPropertyDefaultValue(deterministicForcesProperty(), "false");
  setPropertyDefaultValue(disablePmeStreamProperty(), "false");
  // OpenMM's per-backend property names are accepted as well.
  _deprecatedPropertyReplacements[_name + "Precision"] = precisionProperty();
  _deprecatedPropertyReplacements[_name + "DeviceIndex"] = deviceIndexProperty();
  _deprecatedPropertyReplacements[_name + "DeterministicForces"] = deterministicForcesProperty();
  _deprecatedPropertyReplacements[_name + "DisablePmeStream"] = disablePmeStreamProperty();
  auto* factory = new ComputeKernelFactory();
  for (const auto& kernel : ComputeKernelFactory::kernelNames()) registerKernelFactory(kernel, factory);
}

const std::string& ComputePlatform::getPropertyValue(const Context& context, const std::string& property) const {
  const ComputePlatformData& data = getData(getContextImpl(context));
  std::string name = property;
  auto replacement = _deprecatedPropertyReplacements.find(name);
  if (replacement != _deprecatedPropertyReplacements.end()) name = replacement->second;
  auto value = data.propertyValues.find(name);
  if (value == data.propertyValues.end())
    throw OpenMMException("Illegal property name for platform " + getName() + ": " + property);
  return value->second;
}

void ComputePlatform::contextCreated(ContextImpl& context, const std::map<std::string, std::string>& properties) const {
  auto* data = new ComputePlatformData(*this, context.getSystem(), resolveProperties(properties));
  context.setPlatformData(data);
  data->setMolecules(context.getMolecules());
}

void ComputePlatform::contextDestroyed(ContextImpl& context) const {
  delete static_cast<ComputePlatformData*>(context.getPlatformData());
  context.setPlatformData(nullptr);
}

ComputePlatformData& ComputePlatform::getData(ContextImpl& context) {
  auto* data = static_cast<ComputePlatformData*>(context.getPlatformData());
  if (data == nullptr) throw OpenMMException("ComputePlatform: the Context has no platform data");
  return *data;
}

const ComputePlatformData& ComputePlatform::getData(const ContextImpl& context) {
  auto* data = static_cast<const ComputePlatformData*>(context.getPlatformData());
  if (data == nullptr) throw OpenMMException("ComputePlatform: the Context has no platform data");
  return *data;
}

} // namespace OpenMM
