// MkesferaGenerator: ls1-mardyn's generator name="mkesfera": a droplet of one density in a surrounding fluid
// of another, on a jittered face-centred lattice, with ls1's random stream and seed (ls1's molecules, ids from 1).
#pragma once

#include "config/ElementReaders.h"

#include <vector>

namespace mardyn {

class MkesferaGenerator {
 public:
  struct Settings {
    double outerDensity = 0.0;  ///< outer-density
    double radius = 0.0;        ///< droplet/radius
    double density = 0.0;       ///< droplet/density
    Vec3 centre;                ///< droplet/center/{x,y,z} (default: half the largest box length)
  };
  static Settings read(XmlInput& xml, const XmlNode& generator, const Vec3& box);
  /// Component 1, speeds sqrt(3 T) in random directions; `cutoff` enters ls1's seed.
  static std::vector<MoleculeRecord> generate(const Settings& s, const Vec3& box, double temperature, double cutoff);
  /// The generator's entry in GeneratorRegistry: reads <generator name="mkesfera"> and puts its molecules into
  /// the configuration (problems go to `xml`).
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
