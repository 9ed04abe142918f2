// Backend lookup by name and the choice of a device.
#include "compute/BackendRegistry.h"

#include "compute/DeviceSelection.h"

namespace mardyn::compute {

void BackendRegistry::add(const std::string& name, Lister lister, Factory factory) {
  if (has(name)) throw ComputeException("compute backend '" + name + "' registered twice");
  _entries.push_back({name, std::move(lister), std::move(factory)});
}

bool BackendRegistry::has(const std::string& name) const {
  for (const auto& e : _entries)
    if (e.name == name) return true;
  return false;
}

std::vector<std::string> BackendRegistry::names() const {
  std::vector<std::string> result;
  for (const auto& e : _entries) result.push_back(e.name);
  return result;
}

const BackendRegistry::Entry& BackendRegistry::entry(const std::string& name) const {
  for (const auto& e : _entries)
    if (e.name == name) return e;
  std::string known;
  for (const auto& e : _entries) known += (known.empty() ? "" : ", ") + e.name;
  throw ComputeException("unknown compute backend '" + name + "' (built-in: " + (known.empty() ? "none" : known) +
                         ")");
}

DeviceList BackendRegistry::devices(const std::string& name) const { return entry(name).lister(); }

std::unique_ptr<ComputeContext> BackendRegistry::create(const ContextOptions& options) const {
  ContextOptions chosen = options;
  if (options.backend == "auto" || options.backend.empty()) {
    std::string reasons;
    for (const auto& e : _entries) {
      DeviceList list = e.lister();
      if (!list.devices.empty()) {
        chosen.backend = e.name;
        break;
      }
      reasons += "\n  " + e.name + ": " + list.unavailableReason;
    }
    if (chosen.backend == "auto" || chosen.backend.empty())
      throw ComputeException("no compute device found" + (reasons.empty() ? std::string(" (no backend built)") : reasons));
  }
  const Entry& e = entry(chosen.backend);
  DeviceList list = e.lister();
  if (list.devices.empty())
    throw ComputeException("compute backend '" + e.name + "' has no device: " + list.unavailableReason);
  const int count = static_cast<int>(list.devices.size());
  if (chosen.deviceIndex < 0)
    chosen.deviceIndex = DeviceSelection::deviceForLocalRank(DeviceSelection::nodeLocalRankFromEnvironment(), count);
  if (chosen.deviceIndex >= count)
    throw ComputeException("compute backend '" + e.name + "' has " + std::to_string(count) +
                           " device(s), index " + std::to_string(chosen.deviceIndex) + " requested");
  return e.factory(chosen);
}

}  // namespace mardyn::compute
