// PerCellGenerator: ls1-mardyn's generator name="PerCellGenerator": the same number of molecules in every
// linked cell of the box (cells of edge >= cutoff / cellsInCutoffRadius, as ls1's linked cells divide the
// box), each placed uniformly at random inside its cell; component 1; velocities of equal magnitude
// sqrt((3 + f_rot) T / m) in random directions (ls1's EqualVelocityAssigner stream, std::mt19937 seeded with
// 0), then the total momentum removed. ls1 draws the positions from std::random_device (a different set-up
// every run); here they come from std::mt19937_64 seeded with <seed> (default 1), so runs repeat.
#pragma once

#include "config/ElementReaders.h"

#include <array>
#include <cstdint>
#include <vector>

namespace mardyn {

class PerCellGenerator {
 public:
  struct Settings {
    unsigned long perCell = 0;       ///< numMoleculesPerCell
    double temperature = 0.0;        ///< initTemperature
    bool atLeastTwo = true;          ///< generateAtLeastTwoParticles: 2 molecules anywhere when perCell is 0
    std::uint64_t seed = 1;          ///< seed of the positions
    double cellEdge = 1.0;           ///< the shortest cell edge: cutoff / cellsInCutoffRadius
  };
  /// Cells per direction: floor(L / cellEdge), at least 1 (ls1's linked cells).
  static std::array<unsigned long, 3> cells(const Vec3& box, double cellEdge);
  static std::vector<MoleculeRecord> generate(const Settings& s, const Component& component, const Vec3& box);
  /// The generator's entry in GeneratorRegistry: reads <generator name="PerCellGenerator"> and puts its molecules into
  /// the configuration (problems go to `xml`).
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
