// OutputPluginRegistry: the table of output plugins by XML name. To add a plugin, add one line to
// table() below. File names: command-line prefix if given, else the plugin's outputprefix, else "mardyn".
#include "io/OutputPluginRegistry.h"

#include "io/CheckpointWriter.h"
#include "io/ResultWriter.h"
#include "io/StepLineWriter.h"
#include "io/XmlInput.h"
#include "io/XyzWriter.h"

#include <cstdio>
#include <iostream>
#include <unistd.h>
#include <utility>

namespace mardyn {

namespace {
std::string prefixOf(const OutputPluginConfig& p, const SimulationConfig& c) {
  if (!c.outputPrefix.empty()) return c.outputPrefix;
  if (!p.outputPrefix.empty()) return p.outputPrefix;
  return "mardyn";
}

long param(const OutputPluginConfig& p, const char* name, long fallback) {
  const auto it = p.params.find(name);
  if (it == p.params.end()) return fallback;
  return parseLong(it->second).value_or(fallback);
}

using Factory = OutputPluginRegistry::Factory;
const std::vector<std::pair<std::string, Factory>>& table() {
  static const std::vector<std::pair<std::string, Factory>> plugins = {
      {"ResultWriter",
       [](const OutputPluginConfig& p, const SimulationConfig& c) -> std::unique_ptr<OutputPlugin> {
         return std::make_unique<ResultWriter>(prefixOf(p, c) + ".res", p.writeFrequency,
                                               static_cast<std::size_t>(param(p, "accumulation_steps", 1000)),
                                               static_cast<int>(param(p, "writeprecision", 5)), c.equilibrationSteps);
       }},
      {"CheckpointWriter",
       [](const OutputPluginConfig& p, const SimulationConfig& c) -> std::unique_ptr<OutputPlugin> {
         return std::make_unique<CheckpointWriter>(prefixOf(p, c), p.writeFrequency);
       }},
      {"XyzWriter",
       [](const OutputPluginConfig& p, const SimulationConfig& c) -> std::unique_ptr<OutputPlugin> {
         return std::make_unique<XyzWriter>(prefixOf(p, c) + ".xyz", p.writeFrequency);
       }},
  };
  return plugins;
}
}  // namespace

std::vector<std::string> OutputPluginRegistry::names() {
  std::vector<std::string> n;
  for (const auto& e : table()) n.push_back(e.first);
  return n;
}

bool OutputPluginRegistry::isKnown(const std::string& name) {
  for (const auto& e : table())
    if (e.first == name) return true;
  return false;
}

std::unique_ptr<OutputPlugin> OutputPluginRegistry::create(const OutputPluginConfig& plugin,
                                                           const SimulationConfig& config) {
  for (const auto& e : table())
    if (e.first == plugin.name) return e.second(plugin, config);
  return nullptr;
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
  return plugins;
}

}  // namespace mardyn
