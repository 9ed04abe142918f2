// XmlConfigReader: reads an ls1-mardyn XML configuration (and the phase space it names or
// generates) into a SimulationConfig; every problem found is collected into one InputError.
#pragma once

#include "io/SimulationConfig.h"
#include "io/XmlInput.h"

#include <string>

namespace mardyn {

class XmlConfigReader {
 public:
  struct Options {
    /// False: the phase space is neither read from its .inp file nor generated (molecules stay
    /// empty, currentTime is the XML's); the XML itself, phasespacepoint included, is still checked.
    bool readPhaseSpace = true;
  };

  /// Reads `file`; throws InputError listing every problem (file, line, element, expectation).
  static SimulationConfig read(const std::string& file);
  static SimulationConfig read(const std::string& file, const Options& options);

 private:
  XmlConfigReader(SimulationConfig& config, const Options& options) : _config(config), _options(options) {}
  void readRoot(const XmlNode& root);
  void readRefUnits(const XmlNode& refunits);
  void readIntegratorAndRun(const XmlNode& simulation);
  void readEnsemble(const XmlNode& ensemble);
  void readPhaseSpace(const XmlNode& phasespace);
  void readBinaryPhaseSpace(const XmlNode& phasespace, const XmlNode& file);
  /// The path in child `name` of `parent`, relative to the file it is written in; empty (and a
  /// problem) when missing.
  std::string pathNamed(const XmlNode& parent, const char* name, const char* expected);
  void readGenerator(const XmlNode& generator);
  void readLatticeGenerator(const XmlNode& generator);
  void readMultiObjectGenerator(const XmlNode& generator);
  void readMkTcTS(const XmlNode& generator);
  void readMkesfera(const XmlNode& generator);
  void readCubicGridGenerator(const XmlNode& generator);
  void readPerCellGenerator(const XmlNode& generator);
  void readReplicaGenerator(const XmlNode& generator);
  void readAlgorithm(const XmlNode& algorithm);
  void readThermostats(const XmlNode& thermostats);
  void readPlanar(const XmlNode& longrange);
  void readOutput(const XmlNode& output);
  void checkConsistency(const XmlNode& simulation);
  /// Records a "wrong type" problem unless the node's @type is one of `allowed` (|-separated).
  bool checkType(const XmlNode& node, const std::string& allowed, const std::string& fallback = "");
  /// Records a problem (at `node`) unless `count` generated molecules fit in memory.
  bool checkMoleculeCount(const XmlNode& node, double count);

  SimulationConfig& _config;
  Options _options;
  XmlInput _xml;
  XmlNode _cutoffNode, _domainNode, _cellsNode, _phaseSpaceNode, _simulationNode;
};

}  // namespace mardyn
