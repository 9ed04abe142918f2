// BinaryCheckpointWriter: ls1-mardyn's CheckpointWriter with type binary: at every step that is a multiple
// of writefrequency, the start step included, `<prefix>-<step/writefrequency>.restart.header.xml` and
// `<prefix>-<step/writefrequency>.restart.dat` (BinaryPhaseSpace), numbered as ls1 numbers them.
#pragma once

#include "io/OutputPlugin.h"

#include <string>

namespace mardyn {

class BinaryCheckpointWriter : public OutputPlugin {
 public:
  /// incremental false: every checkpoint is `<prefix>.restart.*` (ls1's <incremental>false</incremental>).
  BinaryCheckpointWriter(std::string prefix, unsigned long writeFrequency, bool incremental);
  std::string name() const override { return "CheckpointWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}

  /// The common part of both file names for a step (without .header.xml / .dat): ls1 pads
  /// step/writefrequency with zeros to the digits of totalSteps/writefrequency.
  std::string baseName(unsigned long step, unsigned long totalSteps) const;

 private:
  std::string _prefix;
  unsigned long _writeFrequency;
  bool _incremental;
};

}  // namespace mardyn
