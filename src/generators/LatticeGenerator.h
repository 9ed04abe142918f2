// LatticeGenerator: places molecules of one component on a simple-cubic, BCC or FCC lattice filling the
// box, with seeded Maxwell-Boltzmann velocities (and angular momenta) scaled to a target temperature.
#pragma once

#include "config/ElementReaders.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mardyn {

class LatticeGenerator {
 public:
  enum class Lattice { Cubic, BCC, FCC };

  struct Settings {
    Lattice lattice = Lattice::FCC;
    std::array<unsigned, 3> cells{1, 1, 1};  ///< unit cells per direction
    unsigned component = 0;                  ///< 0-based
    double temperature = 1.0;                ///< k_B = 1
    std::uint64_t seed = 1;
    bool randomOrientations = true;          ///< for components with rotational degrees of freedom
  };

  /// Molecules per unit cell: 1 (cubic), 2 (BCC) or 4 (FCC).
  static unsigned basisSize(Lattice l) { return l == Lattice::FCC ? 4u : (l == Lattice::BCC ? 2u : 1u); }

  /// Generates cells[0]*cells[1]*cells[2]*basisSize molecules with ids 1..N. The centre-of-mass
  /// momentum is zero and sum m v^2 = 3 N T exactly; rotational kinetic energy matches T over the
  /// rotational degrees of freedom (ls1's temperature: T = 2 E_kin / (3 N + rotational DOF)).
  static std::vector<MoleculeRecord> generate(const Settings& s, const Component& component, const Vec3& box);
  /// The generator's entry in GeneratorRegistry: reads <generator name="Lattice"> and puts its molecules into
  /// the configuration (problems go to `xml`).
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
  /// ls1's CubicGridGenerator: <numMolecules> or <density>; a BCC lattice of n^3 cells filling the box.
  static void readCubicGrid(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
