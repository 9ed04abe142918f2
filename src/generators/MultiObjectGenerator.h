// MultiObjectGenerator: ls1-mardyn's generator name="MultiObjectGenerator": a list of <objectgenerator>s,
// each filling one object with molecules (GridFiller: a lattice with a basis; ReplicaFiller: copies of a
// phase space read from file), optionally assigning velocities at the ensemble temperature.
#pragma once

#include "config/ElementReaders.h"

#include <functional>
#include <vector>

namespace mardyn {

class MultiObjectGenerator {
 public:

  /// Reads `generator` and returns its molecules (ids from 1 in order of creation, as ls1 numbers
  /// them); problems go to xml.problems(). Sets `timeReset` when a ReplicaFiller was used (ls1 then
  /// starts at time 0).
  static std::vector<MoleculeRecord> generate(XmlInput& xml, const XmlNode& generator, const GeneratorInput& input,
                                              bool& timeReset);
  /// The generator's entry in GeneratorRegistry: the molecules go into the configuration (time 0 after a
  /// ReplicaFiller, as ls1).
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
