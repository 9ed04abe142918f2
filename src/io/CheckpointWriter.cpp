// CheckpointWriter: gathers every molecule on rank 0, sorts by id, writes the file atomically.
#include "io/CheckpointWriter.h"

#include "io/AtomicFile.h"
#include "io/PhaseSpaceWriter.h"
#include "io/StreamingFile.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace mardyn {

namespace {
bool sameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (a.empty() || b.empty()) return false;
  if (std::filesystem::equivalent(a, b, ec)) return true;
  return std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec) && !ec;
}
}  // namespace

CheckpointWriter::CheckpointWriter(std::string prefix, unsigned long writeFrequency)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency) {}

std::string CheckpointWriter::fileName(unsigned long step) const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "-%09lu", step);
  return _prefix + buf + ".restart.dat";
}

void CheckpointWriter::init(const SimulationView& sim) {
  if (sim.rank() != 0) return;
  StreamingFile::checkWritable(_writeFrequency == 0 ? _prefix + ".restart.dat" : fileName(sim.config().totalSteps()));
}

void CheckpointWriter::writeCheckpoint(const std::string& file, unsigned long step, double time,
                                       const SimulationView& sim) {
  std::vector<Molecule> mols = sim.gatherMolecules();
  if (sim.rank() == 0) writeGathered(file, step, time, sim, std::move(mols));
}

void CheckpointWriter::writeGathered(const std::string& file, unsigned long step, double time,
                                     const SimulationView& sim, std::vector<Molecule> mols) {
  std::sort(mols.begin(), mols.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  CheckpointInfo info;
  info.step = step;
  info.chain = sim.config().runChain;
  info.pluginStates = sim.pluginStates();
  info.checksum = true;
  AtomicFile f(file);
  PhaseSpaceWriter::write(f.stream(), sim.config(), time, mols, info);
  f.stream() << PhaseSpaceWriter::checksumLine(f.checksum());
  f.commit();
}

void CheckpointWriter::afterStep(unsigned long step, double time, const SimulationView& sim) {
  if (_writeFrequency == 0 || step == sim.config().startStep() || step % _writeFrequency != 0) return;
  // Every rank takes part in the gather; what rank 0 then finds on the disk decides only its own write.
  std::vector<Molecule> mols = sim.gatherMolecules();
  if (sim.rank() != 0) return;
  if (sim.config().restart.active && sameFile(fileName(step), sim.config().restart.file)) return;  // kept as it is
  writeGathered(fileName(step), step, time, sim, std::move(mols));
}

void CheckpointWriter::finish(unsigned long step, double time, const SimulationView& sim) {
  if (_writeFrequency != 0) return;
  std::vector<Molecule> mols = sim.gatherMolecules();  // every rank; the file name is rank 0's decision
  if (sim.rank() != 0) return;
  std::string file = _prefix + ".restart.dat";
  if (sim.config().restart.active && sameFile(file, sim.config().restart.file)) {
    file = fileName(step);
    std::cerr << "CheckpointWriter: the run started from " << sim.config().restart.file
              << ", which is kept; the final checkpoint is " << file << "\n";
  }
  writeGathered(file, step, time, sim, std::move(mols));
}

}  // namespace mardyn
