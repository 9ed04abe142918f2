// CheckpointWriter: ls1-mardyn ASCII checkpoints (ICRVQD, full precision), readable back as input:
// <prefix>-<step>.restart.dat every writefrequency steps, or only <prefix>.restart.dat at the end.
#pragma once

#include "io/OutputPlugin.h"

#include <string>

namespace mardyn {

class CheckpointWriter : public OutputPlugin {
 public:
  /// writeFrequency 0: only the final checkpoint `<prefix>.restart.dat` at finish().
  CheckpointWriter(std::string prefix, unsigned long writeFrequency);
  std::string name() const override { return "CheckpointWriter"; }
  void init(const SimulationView&) override {}
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// File name of the checkpoint for a step (periodic form).
  std::string fileName(unsigned long step) const;
  /// Writes one checkpoint (collective: every rank calls, rank 0 writes).
  static void writeCheckpoint(const std::string& file, double time, const SimulationView& sim);

 private:
  std::string _prefix;
  unsigned long _writeFrequency;
};

}  // namespace mardyn
