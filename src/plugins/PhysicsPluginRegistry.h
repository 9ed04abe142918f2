// PhysicsPluginRegistry: the one table of physics plugins by name (ls1's <plugin name="...">): each entry's
// reader and factory. Adding a plugin is one entry in PhysicsPluginRegistry.cpp.
#pragma once

#include "config/ElementReaders.h"
#include "plugins/PhysicsPlugin.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class PhysicsPluginRegistry {
 public:
  /// The readers that the XML reader walks: one per name of the table (ls1's physics-changing plugins that
  /// are not ported refuse themselves with what they do), and the checks between plugins.
  static void addReaders(ElementReaders& readers);
  /// Names of the plugins that run.
  static std::vector<std::string> names();
  /// The plugin of one configured element; throws MardynException for a name without a factory.
  static std::unique_ptr<PhysicsPlugin> create(const PhysicsPluginConfig& plugin, const PluginSetup& setup);
};

}  // namespace mardyn
