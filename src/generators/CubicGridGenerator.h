// CubicGridGenerator: ls1-mardyn's generator name="CubicGridGenerator", reproduced as a serial ls1 run makes it:
// a body-centred grid fitted to the box, filled linked cell by linked cell with ls1's velocity stream.
#pragma once

#include "config/ElementReaders.h"

#include <array>
#include <vector>

namespace mardyn {

class CubicGridGenerator {
 public:
  struct Settings {
    unsigned long numMolecules = 0;  ///< <numMolecules>, or <density> times the volume (truncated, as ls1)
    double temperature = 0.0;        ///< the ensemble's temperature
    double cellEdge = 1.0;           ///< the linked cells' edge: cutoff / cellsInCutoffRadius (as ls1: a float)
    int cellsInCutoff = 1;           ///< halo cells per side
  };

  /// ls1's grid: per direction n_d = round((N/2 * L_d^3 / V)^(1/3)), then the n_d +-1 whose 2 n_x n_y n_z is
  /// closest to N (in ls1's order of trials).
  static std::array<unsigned long, 3> moleculesPerDimension(unsigned long numMolecules, const Vec3& box);
  /// The molecules in ls1's order: cells in ls1's index order (x fastest), inside a cell the grid points of
  /// the cell's range in x, y, z loops, each point's two sites (offsets 1/4 and 3/4 of the spacing); every cell
  /// draws its velocities from a new EqualVelocityAssigner stream (std::mt19937 seeded with 0): speed
  /// sqrt((3 + f_rot) T / m), ls1's angles. Ids from 0 in that order; then the mean momentum is removed and the
  /// velocities scaled to the temperature T (ls1's IOHelpers::removeMomentum).
  static std::vector<MoleculeRecord> generate(const Settings& s, const Component& component, const Vec3& box);
  /// The generator's entry in GeneratorRegistry: reads <generator name="CubicGridGenerator"> (numMolecules or
  /// density, binaryMixture false) and the cells from algorithm/cutoffs and algorithm/datastructure.
  static void readAndGenerate(XmlInput& xml, const XmlNode& generator, GeneratorInput& input);
};

}  // namespace mardyn
