// ParallelInput without MPI: the one process reads everything.
#include "parallel/ParallelInput.h"

#include "io/XmlConfigReader.h"

namespace mardyn {

SimulationConfig ParallelInput::read(const std::string& file, const ElementReaders& readers) {
  return XmlConfigReader::read(file, readers);
}

}  // namespace mardyn
