// GeneratorRegistry: the table of generators by XML name. To add a generator, add one entry below: its name
// and the static function that reads its element and generates the molecules.
#include "generators/GeneratorRegistry.h"

#include "generators/LatticeGenerator.h"
#include "generators/MkTcTSGenerator.h"
#include "generators/MkesferaGenerator.h"
#include "generators/MultiObjectGenerator.h"
#include "generators/PerCellGenerator.h"
#include "generators/ReplicaGenerator.h"

namespace mardyn {

void GeneratorRegistry::addReaders(ElementReaders& readers) {
  const std::vector<ElementReaders::Generator> table = {
      {"Lattice", &LatticeGenerator::readAndGenerate},
      {"CubicGridGenerator", &LatticeGenerator::readCubicGrid},
      {"MultiObjectGenerator", &MultiObjectGenerator::readAndGenerate},
      {"mkTcTS", &MkTcTSGenerator::readAndGenerate},
      {"mkesfera", &MkesferaGenerator::readAndGenerate},
      {"PerCellGenerator", &PerCellGenerator::readAndGenerate},
      {"ReplicaGenerator", &ReplicaGenerator::readAndGenerate},
  };
  readers.generators.insert(readers.generators.end(), table.begin(), table.end());
}

}  // namespace mardyn
