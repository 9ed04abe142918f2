// Plugin loading for Platform: dlopen() shared libraries that export registerPlatforms() and
// registerKernelFactories(); for a directory, all platforms are registered before any factory.
#include "openmm/Platform.h"

#include "PlatformRegistry.h"
#include "openmm/OpenMMException.h"

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <dlfcn.h>

namespace OpenMM {

namespace {

using RegisterFunction = void (*)();

struct LoadedPlugin {
  std::string file;
  RegisterFunction registerPlatforms, registerKernelFactories;
};

/** Opens one library; returns false (and sets error) if it is not a plugin. Already-loaded libraries are skipped. */
bool openPlugin(const std::string& file, LoadedPlugin& plugin, bool& alreadyLoaded, std::string& error) {
  void* handle = dlopen(file.c_str(), RTLD_LAZY | RTLD_GLOBAL);
  if (handle == nullptr) {
    const char* message = dlerror();
    error = "Error loading library " + file + ": " + (message ? message : "unknown error");
    return false;
  }
  plugin.file = file;
  plugin.registerPlatforms = reinterpret_cast<RegisterFunction>(dlsym(handle, "registerPlatforms"));
  plugin.registerKernelFactories = reinterpret_cast<RegisterFunction>(dlsym(handle, "registerKernelFactories"));
  if (plugin.registerPlatforms == nullptr || plugin.registerKernelFactories == nullptr) {
    error = "Library " + file + " is not an OpenMM plugin (registerPlatforms/registerKernelFactories missing)";
    return false;
  }
  alreadyLoaded = !PlatformRegistry::instance().rememberPlugin(handle);
  return true;
}

void callRegistration(const LoadedPlugin& plugin, RegisterFunction function, std::vector<std::string>& failures) {
  try {
    function();
  } catch (const std::exception& e) {
    failures.push_back("Error initializing plugin " + plugin.file + ": " + e.what());
  }
}

} // namespace

void Platform::loadPluginLibrary(const std::string& file) {
  LoadedPlugin plugin;
  bool alreadyLoaded = false;
  std::string error;
  if (!openPlugin(file, plugin, alreadyLoaded, error))
    throw OpenMMException(error);
  if (alreadyLoaded)
    return;
  plugin.registerPlatforms();
  plugin.registerKernelFactories();
}

std::vector<std::string> Platform::loadPluginsFromDirectory(const std::string& directory) {
  std::vector<std::string> files;
  if (DIR* dir = opendir(directory.c_str())) {
    while (dirent* entry = readdir(dir)) {
      std::string name = entry->d_name;
      if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0)
        files.push_back(directory + "/" + name);
    }
    closedir(dir);
  }
  std::sort(files.begin(), files.end());
  std::vector<LoadedPlugin> plugins;
  std::vector<std::string> failures, loaded;
  for (const auto& file : files) {
    LoadedPlugin plugin;
    bool alreadyLoaded = false;
    std::string error;
    if (!openPlugin(file, plugin, alreadyLoaded, error))
      failures.push_back(error);
    else if (!alreadyLoaded)
      plugins.push_back(plugin);
  }
  for (const auto& plugin : plugins)
    callRegistration(plugin, plugin.registerPlatforms, failures);
  for (const auto& plugin : plugins) {
    callRegistration(plugin, plugin.registerKernelFactories, failures);
    loaded.push_back(plugin.file);
  }
  PlatformRegistry::instance().setLoadFailures(failures);
  return loaded;
}

std::vector<std::string> Platform::getPluginLoadFailures() { return PlatformRegistry::instance().loadFailures(); }

std::string Platform::getDefaultPluginsDirectory() {
  if (const char* fromEnvironment = std::getenv("OPENMM_PLUGIN_DIR"))
    return fromEnvironment;
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&Platform::getDefaultPluginsDirectory), &info) != 0 && info.dli_fname) {
    std::string library = info.dli_fname;
    size_t slash = library.find_last_of('/');
    std::string dir = slash == std::string::npos ? "." : library.substr(0, slash);
    return dir + "/plugins";
  }
  return "plugins";
}

} // namespace OpenMM
