// PlatformRegistry: the process-wide list of Platforms (the built-in Reference platform first) and of
// loaded plugin libraries; the one piece of shared state the OpenMM API requires. Internal to olla.
#pragma once

#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace OpenMM {

class Platform;

class PlatformRegistry {
public:
  static PlatformRegistry& instance();

  void add(Platform* platform);
  int size();
  Platform& at(int index);
  Platform* find(const std::string& name);

  /** Returns false if handle was loaded before; otherwise remembers it. */
  bool rememberPlugin(void* handle);
  void setLoadFailures(std::vector<std::string> failures);
  std::vector<std::string> loadFailures();

private:
  PlatformRegistry();
  std::recursive_mutex _mutex;
  std::vector<std::unique_ptr<Platform>> _platforms;
  std::set<void*> _pluginHandles;
  std::vector<std::string> _loadFailures;
};

} // namespace OpenMM
