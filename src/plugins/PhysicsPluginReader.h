// PhysicsPluginReader: ls1-mardyn's plugins that change forces, positions or velocities. The table of
// names is in one place: each is either read (MaxCheck) or an input error naming it, never skipped.
// Plugins that only observe are left to the output-plugin registry.
#pragma once

#include "io/SimulationConfig.h"
#include "io/XmlInput.h"

#include <string>

namespace mardyn {

class PhysicsPluginReader {
 public:
  /// Whether `name` is a plugin that changes the physics (supported or not).
  static bool changesPhysics(const std::string& name);
  /// Reads every <plugin>/<outputplugin> of `simulation` that changes the physics into `config`;
  /// unsupported ones become problems at their element.
  static void read(XmlInput& xml, const XmlNode& simulation, SimulationConfig& config);
};

}  // namespace mardyn
