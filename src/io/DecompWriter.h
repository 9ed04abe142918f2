// DecompWriter: ls1-mardyn's DecompWriter: the domain decomposition every writefrequency steps: the box, then one
// line per process with its region and its particle container (<prefix>[-<n>].decomp).
#pragma once

#include "io/OutputPlugin.h"

#include <string>

namespace mardyn {

class DecompWriter : public OutputPlugin {
 public:
  /// incremental: number the files (ls1's default); totalSteps: for the width of the numbers.
  DecompWriter(std::string prefix, unsigned long writeFrequency, bool incremental, unsigned long totalSteps);
  std::string name() const override { return "DecompWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}
  /// ls1's file name: prefix, -<step / writefrequency padded to the digits of steps / writefrequency>, suffix.
  static std::string numbered(const std::string& prefix, unsigned long step, unsigned long writeFrequency,
                              unsigned long totalSteps, bool incremental, const std::string& suffix);

 private:
  std::string _prefix;
  unsigned long _writeFrequency, _totalSteps;
  bool _incremental;
};

}  // namespace mardyn
