// OutputPluginRegistry: the one table of output plugins by name (ls1's outputplugin[@name]);
// adding a plugin is one line in OutputPluginRegistry.cpp.
#pragma once

#include "io/OutputPlugin.h"

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace mardyn {

class OutputPluginRegistry {
 public:
  using Factory = std::function<std::unique_ptr<OutputPlugin>(const OutputPluginConfig&, const SimulationConfig&)>;

  /// Names of every registered plugin.
  static std::vector<std::string> names();
  static bool isKnown(const std::string& name);

  /// Creates one plugin; nullptr for an unknown name.
  static std::unique_ptr<OutputPlugin> create(const OutputPluginConfig& plugin, const SimulationConfig& config);

  /// Every plugin the configuration asks for, in XML order, plus the per-step line (unless quiet)
  /// and the final checkpoint (if config.finalCheckpoint). Unknown names give one warning line each
  /// on `warnings` and are skipped.
  static std::vector<std::unique_ptr<OutputPlugin>> createAll(const SimulationConfig& config, std::ostream& warnings);
};

}  // namespace mardyn
