// OutputPluginRegistry: the one table of output plugins by name (ls1's outputplugin[@name]) with
// the settings each takes; adding a plugin is one entry in OutputPluginRegistry.cpp.
#pragma once

#include "io/OutputPlugin.h"
#include "utils/MardynException.h"

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace mardyn {

class OutputPluginRegistry {
 public:
  using Factory = std::function<std::unique_ptr<OutputPlugin>(const OutputPluginConfig&, const SimulationConfig&)>;

  /// One setting a plugin takes: an integer in [min, max], or a text from `choices` (|-separated,
  /// any text when empty).
  struct Setting {
    std::string name;
    enum class Kind { Integer, Text } kind = Kind::Integer;
    long min = 0, max = 0;
    std::string choices;
  };

  /// Names of every registered plugin.
  static std::vector<std::string> names();
  static bool isKnown(const std::string& name);

  /// Checks the settings of a known plugin: a bad value is a problem at its file and line, a
  /// setting the plugin does not take is a warning. Unknown plugins are not checked.
  static void check(const OutputPluginConfig& plugin, std::vector<InputProblem>& problems,
                    std::vector<InputProblem>& warnings);

  /// Creates one plugin; nullptr for an unknown name. Throws InputError for bad settings.
  static std::unique_ptr<OutputPlugin> create(const OutputPluginConfig& plugin, const SimulationConfig& config);

  /// Every plugin the configuration asks for, in XML order, plus the per-step line (unless quiet)
  /// and the final checkpoint (if config.finalCheckpoint). Unknown names give one warning line each
  /// on `warnings` and are skipped. On a restart, each plugin gets the state its checkpoint saved (the k-th
  /// plugin of a name the k-th state of that name); a state it cannot use is a warning on `warnings` (file
  /// and line), and the plugin starts its statistics again.
  static std::vector<std::unique_ptr<OutputPlugin>> createAll(const SimulationConfig& config, std::ostream& warnings);

  /// The output prefixes the plugins of createAll() write under, each once (OutputPrefixLock locks them).
  static std::vector<std::string> prefixes(const SimulationConfig& config);
};

}  // namespace mardyn
