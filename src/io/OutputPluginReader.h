// OutputPluginReader: the output/outputplugin elements (and ls1's plugin elements directly under
// simulation) as OutputPluginConfigs, each setting typed against the plugin's table entry.
#pragma once

#include "config/ElementReaders.h"

#include <vector>

namespace mardyn {

class OutputPluginReader {
 public:
  /// Every plugin element of `simulation` in XML order, unknown names included, but for the physics
  /// plugins that `readers` reads. Problems (a bad value of a known plugin's setting, a writefrequency
  /// that is not a positive integer) and warnings (a setting the plugin does not have) go to `xml`.
  static std::vector<OutputPluginConfig> read(XmlInput& xml, const XmlNode& simulation, const ElementReaders& readers);
};

}  // namespace mardyn
