// GeneratorRegistry: the table of generators by XML name. To add a generator, add one entry below: its name
// and the static function that reads its element and generates the molecules.
#include "generators/GeneratorRegistry.h"

#include "generators/CubicGridGenerator.h"
#include "generators/LatticeGenerator.h"
#include "generators/MkTcTSGenerator.h"
#include "generators/MkesferaGenerator.h"
#include "generators/MultiObjectGenerator.h"
#include "generators/PerCellGenerator.h"
#include "generators/ReplicaGenerator.h"

namespace mardyn {

void GeneratorRegistry::addReaders(ElementReaders& readers) {
  const std::vector<ElementReaders::Generator> table = {
      {"Lattice", &LatticeGenerator::readAndGenerate, false},  // mardyn's own
      {"CubicGridGenerator", &CubicGridGenerator::readAndGenerate, true},
      {"MultiObjectGenerator", &MultiObjectGenerator::readAndGenerate, true},
      {"mkTcTS", &MkTcTSGenerator::readAndGenerate, true},
      {"mkesfera", &MkesferaGenerator::readAndGenerate, true},
      {"PerCellGenerator", &PerCellGenerator::readAndGenerate, true},
      {"ReplicaGenerator", &ReplicaGenerator::readAndGenerate, true},
  };
  readers.generators.insert(readers.generators.end(), table.begin(), table.end());
}

}  // namespace mardyn
