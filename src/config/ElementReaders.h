// ElementReaders: the readers of the XML elements that belong to rooms above the XML reader (the physics
// plugins, the generators), each registered by name in its own room's table and handed to the reader.
#pragma once

#include "config/SimulationConfig.h"
#include "config/XmlInput.h"

#include <functional>
#include <string>
#include <vector>

namespace mardyn {

/// What a generator reads and where it puts what it makes.
struct GeneratorInput {
  SimulationConfig& config;  ///< components, box and temperature as read; molecules (box, time) written here
  XmlNode simulation;        ///< the <simulation> element (a generator may look at algorithm/cutoffs)
  std::string domainPath;    ///< the element path of the box (for messages about it)
  bool readPhaseSpace = true;  ///< false: the settings are checked, nothing is generated
  /// Whether `count` molecules fit in memory; records a problem at the node when they do not.
  std::function<bool(const XmlNode&, double count)> fits;
};

struct ElementReaders {
  /// One <plugin name="..."> that changes the physics: its reader appends a PhysicsPluginConfig to the
  /// configuration (or records why the plugin is refused).
  struct Plugin {
    std::string name;
    std::function<void(XmlInput&, const XmlNode& element, SimulationConfig&)> read;
  };
  /// One <generator name="..."> (names compared without case).
  struct Generator {
    std::string name;
    std::function<void(XmlInput&, const XmlNode& element, GeneratorInput&)> read;
  };

  std::vector<Plugin> plugins;
  /// Runs after every plugin element is read: what one plugin needs of others (a director its mirror, ...).
  std::function<void(XmlInput&, const XmlNode& simulation, SimulationConfig&)> checkPlugins;
  std::vector<Generator> generators;

  /// The reader of a physics plugin's name, or nullptr.
  const Plugin* plugin(const std::string& name) const {
    for (const Plugin& p : plugins)
      if (p.name == name) return &p;
    return nullptr;
  }
};

}  // namespace mardyn
