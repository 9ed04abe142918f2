// Platform: one implementation of every kernel (Reference, CPU, ...). Holds the name -> KernelFactory
// map and property defaults; the static registry finds platforms by name and loads plugin libraries.
#pragma once

#include "openmm/Kernel.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace OpenMM {

class Context;
class ContextImpl;
class KernelFactory;

class Platform {
public:
  Platform() = default;
  virtual ~Platform();
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;

  /** Unique name of this platform, e.g. "Reference". */
  virtual const std::string& getName() const = 0;
  /** Rough relative speed; findPlatform() prefers the fastest platform that supports a System. */
  virtual double getSpeed() const = 0;
  virtual bool supportsDoublePrecision() const = 0;

  /** Names of the properties a Context on this platform accepts. */
  const std::vector<std::string>& getPropertyNames() const { return _platformProperties; }
  /** Value of a property in a Context that uses this platform. */
  virtual const std::string& getPropertyValue(const Context& context, const std::string& property) const;
  /** Changes a property of an existing Context (only before its kernels are created; rarely useful). */
  virtual void setPropertyValue(Context& context, const std::string& property, const std::string& value) const;
  const std::string& getPropertyDefaultValue(const std::string& property) const;
  void setPropertyDefaultValue(const std::string& property, const std::string& value);

  /** Called by ContextImpl when a Context is created or destroyed: create or free platform data. */
  virtual void contextCreated(ContextImpl& context, const std::map<std::string, std::string>& properties) const;
  virtual void linkedContextCreated(ContextImpl& context, ContextImpl& originalContext) const;
  virtual void contextDestroyed(ContextImpl& context) const;

  /** Registers factory for the kernel `name`; the Platform takes ownership (one factory may serve many names). */
  void registerKernelFactory(const std::string& name, KernelFactory* factory);
  bool supportsKernels(const std::vector<std::string>& kernelNames) const;
  /** Creates a kernel through the factory registered for `name`; throws if there is none. */
  Kernel createKernel(const std::string& name, ContextImpl& context) const;

  // ---- Registry of all platforms ----
  /** Registers a platform; the registry takes ownership. */
  static void registerPlatform(Platform* platform);
  static int getNumPlatforms();
  static Platform& getPlatform(int index);
  static Platform& getPlatformByName(const std::string& name);
  /** The same as getPlatformByName(name) (OpenMM 8's spelling). */
  static Platform& getPlatform(const std::string& name);
  static Platform& getPlatform(const char* name) { return getPlatform(std::string(name)); }
  /** The fastest registered platform that supports all kernelNames. */
  static Platform& findPlatform(const std::vector<std::string>& kernelNames);

  /** Loads one plugin library and calls its registerPlatforms() then registerKernelFactories(). */
  static void loadPluginLibrary(const std::string& file);
  /** Loads every shared library in directory; returns the files loaded. */
  static std::vector<std::string> loadPluginsFromDirectory(const std::string& directory);
  /** $OPENMM_PLUGIN_DIR if set, otherwise the `plugins` directory beside the OpenMM library. */
  static std::string getDefaultPluginsDirectory();
  /** Messages for libraries that failed to load in the last loadPluginsFromDirectory() calls. */
  static std::vector<std::string> getPluginLoadFailures();
  static std::string getOpenMMVersion();

protected:
  /** Property names a subclass accepts; set in its constructor. */
  std::vector<std::string> _platformProperties;
  /** Old property name -> current name. */
  std::map<std::string, std::string> _deprecatedPropertyReplacements;

  /** Resolves the value of every platform property from user properties and defaults; throws on unknown names. */
  std::map<std::string, std::string> resolveProperties(const std::map<std::string, std::string>& properties) const;
  static ContextImpl& getContextImpl(Context& context);
  static const ContextImpl& getContextImpl(const Context& context);

private:
  std::map<std::string, KernelFactory*> _factories;
  std::set<KernelFactory*> _ownedFactories;
  std::map<std::string, std::string> _defaultProperties;
};

} // namespace OpenMM
