// MkTcTSGenerator: ls1-mardyn's generator name="mkTcTS": two layers along y (liquid and vapour, or two
// densities) of molecules on a slightly perturbed face-centred lattice, with ls1's random stream and seed,
// so that it places and numbers the molecules as ls1 does.
#pragma once

#include "config/ElementReaders.h"

#include <vector>

namespace mardyn {

class MkTcTSGenerator {
 public:
  struct Settings {
    double l1Ratio = 0.5;   ///< layer1/l1_ratio: the fraction of the box height of layer 1
    double l1Offset = 0.3;  ///< layer1/l1_offset: where layer 1 starts, as a fraction of the box height
    double rho1 = 0.0;      ///< layer1/density
    double rho2 = 0.0;      ///< layer2/density (default: rho1)
  };
  static Settings read(XmlInput& xml, const XmlNode& generator);
  /// Layer 1 of component 1, layer 2 of component 2 (or 1 if there is one), speeds sqrt(3 T) in random
  /// directions, ids from 1. `cutoff` enters ls1's seed.
  static std::vector<MoleculeRecord> generate(const Settings& s, const Vec3& box, double temperature, double cutoff,
                                              std::size_t numComponents);
  /// The generator's entry in GeneratorRegistry: reads <generator name="mkTcTS"> and puts its molecules into
  /// the configuration (problems go to `xml`).
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
