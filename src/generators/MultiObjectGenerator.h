// MultiObjectGenerator: ls1-mardyn's generator name="MultiObjectGenerator": a list of <objectgenerator>s,
// each filling one object with molecules (GridFiller: a lattice with a basis; ReplicaFiller: copies of a
// phase space read from file), optionally assigning velocities at the ensemble temperature.
#pragma once

#include "io/SimulationConfig.h"
#include "io/XmlInput.h"

#include <functional>
#include <vector>

namespace mardyn {

class MultiObjectGenerator {
 public:
  /// What a generator reads besides its element: components, box, ensemble temperature; `fits`
  /// says whether a number of molecules fits in memory (and records a problem at a node if not).
  struct Context {
    const SimulationConfig& config;
    std::function<bool(const XmlNode&, double)> fits;
    bool generate = true;  ///< false: only check the XML (no files read, nothing made)
  };

  /// Reads `generator` and returns its molecules (ids from 1 in order of creation, as ls1 numbers
  /// them); problems go to xml.problems(). Sets `timeReset` when a ReplicaFiller was used (ls1 then
  /// starts at time 0).
  static std::vector<MoleculeRecord> generate(XmlInput& xml, const XmlNode& generator, const Context& context,
                                              bool& timeReset);
};

}  // namespace mardyn
