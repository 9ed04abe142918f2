// StepLineWriter: the per-step line in ls1-mardyn's form "Simstep = N  T = ..  U_pot = ..  p = .."
// every `interval` steps, and on a terminal a progress line (steps/s, ETA).
#pragma once

#include "io/OutputPlugin.h"

#include <chrono>
#include <ostream>

namespace mardyn {

class StepLineWriter : public OutputPlugin {
 public:
  /// `progress`: also draw a progress line on `progressOut` (a terminal).
  StepLineWriter(std::ostream& out, unsigned long interval, unsigned long totalSteps, bool progress,
                 std::ostream& progressOut);
  std::string name() const override { return "StepLineWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// The line for one step (without newline); with refunits given, SI values are appended.
  static std::string formatLine(unsigned long step, const GlobalValues& g, const RefUnits& units);

 private:
  std::ostream& _out;
  unsigned long _interval;
  unsigned long _totalSteps;
  bool _progress;
  std::ostream& _progressOut;
  unsigned long _firstStep = 0;
  bool _started = false;
  std::chrono::steady_clock::time_point _start, _lastProgress;
};

}  // namespace mardyn
