// PlatformRegistry: created on first use with the Reference platform registered; plugins add more.
// Access is serialised by a mutex so plugins may be loaded from any thread.
#include "PlatformRegistry.h"

#include "ReferencePlatform.h"
#include "openmm/OpenMMException.h"

namespace OpenMM {

PlatformRegistry& PlatformRegistry::instance() {
  static PlatformRegistry registry;
  return registry;
}

PlatformRegistry::PlatformRegistry() { _platforms.push_back(std::make_unique<ReferencePlatform>()); }

void PlatformRegistry::add(Platform* platform) {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  std::unique_ptr<Platform> owned(platform);
  if (platform == nullptr)
    throw OpenMMException("Platform::registerPlatform: null platform");
  for (auto& p : _platforms)
    if (p.get() == platform) {
      owned.release();
      throw OpenMMException("Platform::registerPlatform: platform '" + platform->getName() + "' registered twice");
    }
  _platforms.push_back(std::move(owned));
}

int PlatformRegistry::size() {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  return static_cast<int>(_platforms.size());
}

Platform& PlatformRegistry::at(int index) {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  if (index < 0 || index >= static_cast<int>(_platforms.size()))
    throw OpenMMException("Platform::getPlatform: index " + std::to_string(index) + " out of range (" +
                          std::to_string(_platforms.size()) + " platforms registered)");
  return *_platforms[index];
}

Platform* PlatformRegistry::find(const std::string& name) {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  for (auto& p : _platforms)
    if (p->getName() == name)
      return p.get();
  return nullptr;
}

bool PlatformRegistry::rememberPlugin(void* handle) {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  return _pluginHandles.insert(handle).second;
}

void PlatformRegistry::setLoadFailures(std::vector<std::string> failures) {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  _loadFailures = std::move(failures);
}

std::vector<std::string> PlatformRegistry::loadFailures() {
  std::lock_guard<std::recursive_mutex> lock(_mutex);
  return _loadFailures;
}

} // namespace OpenMM
