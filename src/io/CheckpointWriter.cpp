// CheckpointWriter: gathers every molecule on rank 0, sorts by id, writes the file atomically.
#include "io/CheckpointWriter.h"

#include "io/AtomicFile.h"
#include "io/PhaseSpaceWriter.h"

#include <algorithm>
#include <cstdio>

namespace mardyn {

CheckpointWriter::CheckpointWriter(std::string prefix, unsigned long writeFrequency)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency) {}

std::string CheckpointWriter::fileName(unsigned long step) const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "-%09lu", step);
  return _prefix + buf + ".restart.dat";
}

void CheckpointWriter::writeCheckpoint(const std::string& file, double time, const SimulationView& sim) {
  std::vector<Molecule> mols = sim.gatherMolecules();
  if (sim.rank() != 0) return;
  std::sort(mols.begin(), mols.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  AtomicFile f(file);
  PhaseSpaceWriter::write(f.stream(), sim.config(), time, mols);
  f.commit();
}

void CheckpointWriter::afterStep(unsigned long step, double time, const SimulationView& sim) {
  if (_writeFrequency == 0 || step == 0 || step % _writeFrequency != 0) return;
  writeCheckpoint(fileName(step), time, sim);
}

void CheckpointWriter::finish(unsigned long, double time, const SimulationView& sim) {
  if (_writeFrequency == 0) writeCheckpoint(_prefix + ".restart.dat", time, sim);
}

}  // namespace mardyn
