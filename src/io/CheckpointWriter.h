// CheckpointWriter: ls1-mardyn ASCII checkpoints (ICRVQD, full precision), readable back as input:
// <prefix>-<step>.restart.dat every writefrequency steps, or only <prefix>.restart.dat at the end.
// Each carries its step and the plugins' saved states, so that a restart continues from it.
#pragma once

#include "io/OutputPlugin.h"

#include <string>
#include <vector>

namespace mardyn {

class CheckpointWriter : public OutputPlugin {
 public:
  /// writeFrequency 0: only the final checkpoint `<prefix>.restart.dat` at finish().
  CheckpointWriter(std::string prefix, unsigned long writeFrequency);
  std::string name() const override { return "CheckpointWriter"; }
  /// Checks that the checkpoint files can be written (their directory takes new files).
  void init(const SimulationView& sim) override;
  /// Writes at every writefrequency-th step except the start step (0, or the checkpoint's step on
  /// a restart: the file the run started from is not rewritten).
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  /// The final checkpoint; when its name is the file this run started from, the periodic name of
  /// the last step is used instead (the start file is never overwritten).
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// File name of the checkpoint for a step (periodic form).
  std::string fileName(unsigned long step) const;
  /// Writes one checkpoint of `step` (collective: every rank calls, rank 0 writes): the run chain, the plugins'
  /// states and, last, the CRC-32 of everything before it; synced to the disk before it takes its name.
  static void writeCheckpoint(const std::string& file, unsigned long step, double time, const SimulationView& sim);

 private:
  /// Rank 0's part of writeCheckpoint, with the molecules gathered.
  static void writeGathered(const std::string& file, unsigned long step, double time, const SimulationView& sim,
                            std::vector<Molecule> molecules);
  std::string _prefix;
  unsigned long _writeFrequency;
};

}  // namespace mardyn
