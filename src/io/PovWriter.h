// PovWriter: ls1-mardyn's PovWriter: a POV-Ray scene of the molecules every writefrequency steps: one object per
// component (a sphere of half sigma per LJ centre, blobs for several), placed by each molecule's rotation matrix
// and centre, under ls1's camera and lights (<prefix>[-<n>].pov).
#pragma once

#include "io/OutputPlugin.h"

#include <string>

namespace mardyn {

class PovWriter : public OutputPlugin {
 public:
  PovWriter(std::string prefix, unsigned long writeFrequency, bool incremental, unsigned long totalSteps);
  std::string name() const override { return "PovWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}
  /// The scene of `molecules` as ls1 writes it (the date line aside).
  static std::string scene(const std::string& fileName, const SimulationConfig& config,
                           const std::vector<Molecule>& molecules);

 private:
  std::string _prefix;
  unsigned long _writeFrequency, _totalSteps;
  bool _incremental;
};

}  // namespace mardyn
