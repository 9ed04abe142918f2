// BinaryCheckpointWriter: gathers the molecules on rank 0, sorts them by id, writes both files atomically.
#include "io/BinaryCheckpointWriter.h"

#include "io/BinaryPhaseSpace.h"
#include "io/StreamingFile.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

BinaryCheckpointWriter::BinaryCheckpointWriter(std::string prefix, unsigned long writeFrequency, bool incremental)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency == 0 ? 1 : writeFrequency), _incremental(incremental) {}

std::string BinaryCheckpointWriter::baseName(unsigned long step, unsigned long totalSteps) const {
  if (!_incremental) return _prefix + ".restart";
  const unsigned long count = totalSteps / _writeFrequency;
  const int digits = count > 0 ? static_cast<int>(std::ceil(std::log10(static_cast<double>(count)))) : 0;
  std::string n = std::to_string(step / _writeFrequency);
  if (static_cast<int>(n.size()) < digits) n.insert(0, static_cast<std::size_t>(digits) - n.size(), '0');
  return _prefix + "-" + n + ".restart";
}

void BinaryCheckpointWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(baseName(sim.config().totalSteps(), sim.config().totalSteps()) + ".dat");
}

void BinaryCheckpointWriter::afterStep(unsigned long step, double time, const SimulationView& sim) {
  if (step % _writeFrequency != 0) return;
  std::vector<Molecule> mols = sim.gatherMolecules();
  if (sim.rank() != 0) return;
  std::sort(mols.begin(), mols.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  BinaryPhaseSpace::write(baseName(step, sim.config().totalSteps()), time, sim.config().box, mols);
}

}  // namespace mardyn
