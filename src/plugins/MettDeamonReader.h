// MettDeamonReader: the XML of ls1-mardyn's MettDeamon plugin and its reservoir phase space; the options
// that would make the run a different one than ls1's are input errors naming them.
#pragma once

#include "config/XmlInput.h"
#include "plugins/MettDeamon.h"

namespace mardyn {

class MettDeamonReader {
 public:
  /// Reads <plugin name="MettDeamon"> (problems go to `xml`); the reservoir files are read here.
  static MettDeamonConfig read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);
};

}  // namespace mardyn
