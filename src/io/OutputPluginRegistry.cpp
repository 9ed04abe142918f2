// OutputPluginRegistry: the table of output plugins by XML name. To add a plugin, add one entry to
// table() below (its settings and its factory). File names: command-line prefix if given, else the
// plugin's outputprefix, else "mardyn".
#include "io/OutputPluginRegistry.h"

#include "io/BinaryCheckpointWriter.h"
#include "io/CheckpointWriter.h"
#include "io/ResultWriter.h"
#include "io/StepLineWriter.h"
#include "config/XmlInput.h"
#include "io/XyzWriter.h"

#include <iostream>
#include <map>
#include <utility>

namespace mardyn {

namespace {
std::string prefixOf(const OutputPluginConfig& p, const SimulationConfig& c) {
  if (!c.outputPrefix.empty()) return c.outputPrefix;
  if (!p.outputPrefix.empty()) return p.outputPrefix;
  return "mardyn";
}

/// A setting already checked by OutputPluginRegistry::check.
long param(const OutputPluginConfig& p, const char* name, long fallback) {
  const auto it = p.params.find(name);
  if (it == p.params.end()) return fallback;
  return parseLong(it->second).value_or(fallback);
}

using Setting = OutputPluginRegistry::Setting;
using Factory = OutputPluginRegistry::Factory;
struct Entry {
  std::string name;
  std::vector<Setting> settings;  ///< besides writefrequency and outputprefix, which every plugin reads
  Factory factory;
};

const std::vector<Entry>& table() {
  using K = Setting::Kind;
  static const std::vector<Entry> plugins = {
      {"ResultWriter",
       {{"accumulation_steps", K::Integer, 1, 100000000, ""}, {"writeprecision", K::Integer, 1, 17, ""}},
       [](const OutputPluginConfig& p, const SimulationConfig& c) -> std::unique_ptr<OutputPlugin> {
         return std::make_unique<ResultWriter>(prefixOf(p, c) + ".res", p.writeFrequency,
                                               static_cast<std::size_t>(param(p, "accumulation_steps", 1000)),
                                               static_cast<int>(param(p, "writeprecision", 5)), c.equilibrationSteps);
       }},
      {"CheckpointWriter",
       {{"type", K::Text, 0, 0, "ASCII|binary"}, {"incremental", K::Text, 0, 0, "true|false|1|0"},
        {"appendTimestamp", K::Text, 0, 0, "false|0"}},
       [](const OutputPluginConfig& p, const SimulationConfig& c) -> std::unique_ptr<OutputPlugin> {
         const auto type = p.params.find("type");
         if ((type != p.params.end() && type->second == "binary") || p.type == "binary") {
           const auto inc = p.params.find("incremental");
           const bool incremental = inc == p.params.end() || inc->second == "true" || inc->second == "1";
           return std::make_unique<BinaryCheckpointWriter>(prefixOf(p, c), p.writeFrequency, incremental);
         }
         return std::make_unique<CheckpointWriter>(prefixOf(p, c), p.writeFrequency);
       }},
      {"XyzWriter", {},
       [](const OutputPluginConfig& p, const SimulationConfig& c) -> std::unique_ptr<OutputPlugin> {
         return std::make_unique<XyzWriter>(prefixOf(p, c) + ".xyz", p.writeFrequency);
       }},
  };
  return plugins;
}

const Entry* find(const std::string& name) {
  for (const auto& e : table())
    if (e.name == name) return &e;
  return nullptr;
}

SettingSource sourceOf(const OutputPluginConfig& p, const std::string& name) {
  const auto it = p.sources.find(name);
  if (it != p.sources.end()) return it->second;
  return {p.file, p.line, "outputplugin[@name=" + p.name + "]/" + name};
}
}  // namespace

std::vector<std::string> OutputPluginRegistry::names() {
  std::vector<std::string> n;
  for (const auto& e : table()) n.push_back(e.name);
  return n;
}

bool OutputPluginRegistry::isKnown(const std::string& name) { return find(name) != nullptr; }

void OutputPluginRegistry::check(const OutputPluginConfig& p, std::vector<InputProblem>& problems,
                                 std::vector<InputProblem>& warnings) {
  const Entry* e = find(p.name);
  if (!e) return;
  for (const auto& [name, value] : p.params) {
    if (name == "writefrequency" || name == "outputprefix") continue;
    const Setting* s = nullptr;
    for (const auto& candidate : e->settings)
      if (candidate.name == name) s = &candidate;
    if (!s) {
      std::string known = "writefrequency, outputprefix";
      for (const auto& c : e->settings) known += ", " + c.name;
      warnings.push_back(sourceOf(p, name).problem("setting <" + name + "> of " + p.name + " ignored (known: " + known + ")"));
      continue;
    }
    if (s->kind == Setting::Kind::Integer) {
      const auto v = parseLong(value);
      if (!v || *v < s->min || *v > s->max)
        problems.push_back(sourceOf(p, name).problem("wrong value: '" + value + "' (expected an integer " +
                                                     std::to_string(s->min) + ".." + std::to_string(s->max) + ")"));
    } else if (!s->choices.empty() && ("|" + s->choices + "|").find("|" + value + "|") == std::string::npos) {
      problems.push_back(sourceOf(p, name).problem("wrong value: '" + value + "' (expected " + s->choices + ")"));
    }
  }
  if (!p.type.empty() && p.params.count("type") == 0 && e->name == "CheckpointWriter" && p.type != "ASCII" &&
      p.type != "binary")
    problems.push_back({p.file, p.line, "outputplugin[@name=" + p.name + "]",
                        "wrong value: type=\"" + p.type + "\" (expected ASCII or binary)"});
}

std::unique_ptr<OutputPlugin> OutputPluginRegistry::create(const OutputPluginConfig& plugin,
                                                           const SimulationConfig& config) {
  const Entry* e = find(plugin.name);
  if (!e) return nullptr;
  std::vector<InputProblem> problems, warnings;
  check(plugin, problems, warnings);
  if (!problems.empty()) throw InputError(problems);
  return e->factory(plugin, config);
}

std::vector<std::unique_ptr<OutputPlugin>> OutputPluginRegistry::createAll(const SimulationConfig& config,
                                                                           std::ostream& warnings) {
  std::vector<std::unique_ptr<OutputPlugin>> plugins;
  if (!config.quiet) {
    const bool terminal = false;  // the Simulation draws the progress line itself
    plugins.push_back(std::make_unique<StepLineWriter>(std::cout, config.printInterval, config.totalSteps(), terminal,
                                                       std::cerr));
  }
  for (const auto& p : config.outputPlugins) {
    auto plugin = create(p, config);
    if (plugin) {
      plugins.push_back(std::move(plugin));
      continue;
    }
    std::string known;
    for (const auto& n : names()) known += (known.empty() ? "" : ", ") + n;
    warnings << "Warning: " << p.file << ":" << p.line << ": unknown output plugin '" << p.name
             << "' ignored (known: " << known << ")\n";
  }
  if (config.finalCheckpoint)
    plugins.push_back(std::make_unique<CheckpointWriter>(config.outputPrefix.empty() ? "mardyn" : config.outputPrefix, 0));
  // Saved states go back to the plugins of the same name, in order.
  std::map<std::string, std::size_t> used;
  for (auto& plugin : plugins) {
    std::size_t seen = 0;
    for (const auto& [name, state] : config.restart.pluginStates) {
      if (name != plugin->name()) continue;
      if (seen++ == used[name]) {
        try {
          plugin->restoreState(state);
        } catch (const MardynException& e) {
          throw InputError(InputProblem{config.restart.file, 0, "# mardyn-state " + name, e.what()});
        }
        break;
      }
    }
    ++used[plugin->name()];
  }
  return plugins;
}

}  // namespace mardyn
