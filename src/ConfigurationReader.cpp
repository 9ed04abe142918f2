// ConfigurationReader: the tables of the rooms above the XML reader, collected in one place.
#include "ConfigurationReader.h"

#include "generators/GeneratorRegistry.h"
#include "plugins/PhysicsPluginRegistry.h"

namespace mardyn {

ElementReaders ConfigurationReader::readers() {
  ElementReaders r;
  PhysicsPluginRegistry::addReaders(r);
  GeneratorRegistry::addReaders(r);
  return r;
}

SimulationConfig ConfigurationReader::read(const std::string& file, const XmlConfigReader::Options& options) {
  return XmlConfigReader::read(file, readers(), options);
}

}  // namespace mardyn
