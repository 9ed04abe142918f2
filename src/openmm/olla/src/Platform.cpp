// Platform: kernel-factory map, property defaults and the static registry interface (findPlatform,
// getPlatformByName). Plugin loading is in PluginLoader.cpp.
#include "openmm/Platform.h"

#include "PlatformRegistry.h"
#include "openmm/Context.h"
#include "openmm/KernelFactory.h"
#include "openmm/OpenMMException.h"

#include <algorithm>

namespace OpenMM {

Platform::~Platform() {
  for (KernelFactory* factory : _ownedFactories)
    delete factory;
}

const std::string& Platform::getPropertyValue(const Context&, const std::string& property) const {
  return getPropertyDefaultValue(property);
}

void Platform::setPropertyValue(Context&, const std::string& property, const std::string&) const {
  throw OpenMMException("Platform " + getName() + ": property '" + property +
                        "' cannot be changed after a Context has been created");
}

const std::string& Platform::getPropertyDefaultValue(const std::string& property) const {
  static const std::string empty;
  std::string name = property;
  auto replacement = _deprecatedPropertyReplacements.find(name);
  if (replacement != _deprecatedPropertyReplacements.end())
    name = replacement->second;
  if (std::find(_platformProperties.begin(), _platformProperties.end(), name) == _platformProperties.end())
    throw OpenMMException("Illegal property name for platform " + getName() + ": " + property);
  auto value = _defaultProperties.find(name);
  return value == _defaultProperties.end() ? empty : value->second;
}

void Platform::setPropertyDefaultValue(const std::string& property, const std::string& value) {
  std::string name = property;
  auto replacement = _deprecatedPropertyReplacements.find(name);
  if (replacement != _deprecatedPropertyReplacements.end())
    name = replacement->second;
  if (std::find(_platformProperties.begin(), _platformProperties.end(), name) == _platformProperties.end())
    throw OpenMMException("Illegal property name for platform " + getName() + ": " + property);
  _defaultProperties[name] = value;
}

std::map<std::string, std::string>
Platform::resolveProperties(const std::map<std::string, std::string>& properties) const {
  std::map<std::string, std::string> resolved;
  for (const auto& name : _platformProperties)
    resolved[name] = getPropertyDefaultValue(name);
  for (const auto& entry : properties) {
    std::string name = entry.first;
    auto replacement = _deprecatedPropertyReplacements.find(name);
    if (replacement != _deprecatedPropertyReplacements.end())
      name = replacement->second;
    if (resolved.find(name) == resolved.end())
      throw OpenMMException("Illegal property name for platform " + getName() + ": " + entry.first);
    resolved[name] = entry.second;
  }
  return resolved;
}

void Platform::contextCreated(ContextImpl&, const std::map<std::string, std::string>&) const {}

void Platform::linkedContextCreated(ContextImpl& context, ContextImpl&) const { contextCreated(context, {}); }

void Platform::contextDestroyed(ContextImpl&) const {}

void Platform::registerKernelFactory(const std::string& name, KernelFactory* factory) {
  if (factory == nullptr)
    throw OpenMMException("Platform " + getName() + ": null KernelFactory registered for " + name);
  _factories[name] = factory;
  _ownedFactories.insert(factory);
}

bool Platform::supportsKernels(const std::vector<std::string>& kernelNames) const {
  for (const auto& name : kernelNames)
    if (_factories.find(name) == _factories.end())
      return false;
  return true;
}

Kernel Platform::createKernel(const std::string& name, ContextImpl& context) const {
  auto factory = _factories.find(name);
  if (factory == _factories.end())
    throw OpenMMException("Platform " + getName() + " does not support the kernel '" + name + "'");
  return Kernel(factory->second->createKernelImpl(name, *this, context));
}

ContextImpl& Platform::getContextImpl(Context& context) { return context.getImpl(); }

const ContextImpl& Platform::getContextImpl(const Context& context) { return context.getImpl(); }

void Platform::registerPlatform(Platform* platform) { PlatformRegistry::instance().add(platform); }

int Platform::getNumPlatforms() { return PlatformRegistry::instance().size(); }

Platform& Platform::getPlatform(int index) { return PlatformRegistry::instance().at(index); }

Platform& Platform::getPlatformByName(const std::string& name) {
  Platform* platform = PlatformRegistry::instance().find(name);
  if (platform != nullptr)
    return *platform;
  std::string known;
  for (int i = 0; i < getNumPlatforms(); i++)
    known += (i > 0 ? ", " : "") + getPlatform(i).getName();
  throw OpenMMException("There is no registered Platform called \"" + name + "\" (registered: " + known +
                        "; were plugins loaded with Platform::loadPluginsFromDirectory()?)");
}

Platform& Platform::getPlatform(const std::string& name) { return getPlatformByName(name); }

Platform& Platform::findPlatform(const std::vector<std::string>& kernelNames) {
  Platform* best = nullptr;
  for (int i = 0; i < getNumPlatforms(); i++) {
    Platform& platform = getPlatform(i);
    if (platform.supportsKernels(kernelNames) && (best == nullptr || platform.getSpeed() > best->getSpeed()))
      best = &platform;
  }
  if (best == nullptr)
    throw OpenMMException("No Platform supports all the kernels this System and Integrator require");
  return *best;
}

std::string Platform::getOpenMMVersion() { return "7.7"; }

} // namespace OpenMM
