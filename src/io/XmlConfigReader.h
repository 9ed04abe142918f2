// XmlConfigReader: reads an ls1-mardyn XML configuration (and the phase space it names or
// generates) into a SimulationConfig; every problem found is collected into one InputError.
#pragma once

#include "config/ElementReaders.h"
#include "config/SimulationConfig.h"
#include "config/XmlInput.h"

#include <string>

namespace mardyn {

class XmlConfigReader {
 public:
  struct Options {
    /// False: the phase space is neither read from its .inp file nor generated (molecules stay
    /// empty, currentTime is the XML's); the XML itself, phasespacepoint included, is still checked.
    bool readPhaseSpace = true;
  };

  /// Reads `file`; throws InputError listing every problem (file, line, element, expectation). The
  /// physics plugins' and the generators' elements are read by `readers` (ConfigurationReader hands over
  /// their rooms' tables).
  static SimulationConfig read(const std::string& file, const ElementReaders& readers, const Options& options);
  static SimulationConfig read(const std::string& file, const ElementReaders& readers) {
    return read(file, readers, Options());
  }

 private:
  XmlConfigReader(SimulationConfig& config, const ElementReaders& readers, const Options& options)
      : _config(config), _readers(readers), _options(options) {}
  void readRoot(const XmlNode& root);
  void readRefUnits(const XmlNode& refunits);
  void readIntegratorAndRun(const XmlNode& simulation);
  void readEnsemble(const XmlNode& ensemble);
  void readPhaseSpace(const XmlNode& phasespace);
  void readBinaryPhaseSpace(const XmlNode& phasespace, const XmlNode& file);
  /// The path in child `name` of `parent`, relative to the file it is written in; empty (and a
  /// problem) when missing.
  std::string pathNamed(const XmlNode& parent, const char* name, const char* expected);
  /// The generator named by the element, from the readers' table.
  void readGenerator(const XmlNode& generator);
  void readAlgorithm(const XmlNode& algorithm);
  void readThermostats(const XmlNode& thermostats);
  void readPlanar(const XmlNode& longrange);
  /// The physics plugins (through the readers' table) and the output plugins.
  void readOutput(const XmlNode& output);
  void checkConsistency(const XmlNode& simulation);
  /// Records a "wrong type" problem unless the node's @type is one of `allowed` (|-separated).
  bool checkType(const XmlNode& node, const std::string& allowed, const std::string& fallback = "");
  /// Records a problem (at `node`) unless `count` generated molecules fit in memory.
  bool checkMoleculeCount(const XmlNode& node, double count);

  SimulationConfig& _config;
  const ElementReaders& _readers;
  Options _options;
  XmlInput _xml;
  XmlNode _cutoffNode, _domainNode, _cellsNode, _phaseSpaceNode, _simulationNode;
};

}  // namespace mardyn
