// ConfigurationReader: reads a configuration with every table of this program: the XML reader (io/) with the
// readers of the physics plugins (plugins/) and of the generators (generators/), which it hands over.
#pragma once

#include "config/ElementReaders.h"
#include "io/XmlConfigReader.h"

#include <string>

namespace mardyn {

class ConfigurationReader {
 public:
  /// The registered readers of the physics plugins and the generators.
  static ElementReaders readers();
  /// XmlConfigReader::read with those readers; throws InputError listing every problem.
  static SimulationConfig read(const std::string& file, const XmlConfigReader::Options& options);
  static SimulationConfig read(const std::string& file) { return read(file, XmlConfigReader::Options()); }
};

}  // namespace mardyn
