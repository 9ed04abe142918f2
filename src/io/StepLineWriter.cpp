// StepLineWriter: ls1's step line (T, total U_pot, p; default stream precision, tab-separated)
// on rank 0, plus a carriage-return progress line when the output is a terminal.
#include "io/StepLineWriter.h"

#include <cstdio>
#include <sstream>

namespace mardyn {

StepLineWriter::StepLineWriter(std::ostream& out, unsigned long interval, unsigned long totalSteps, bool progress,
                               std::ostream& progressOut)
    : _out(out), _interval(interval), _totalSteps(totalSteps), _progress(progress), _progressOut(progressOut) {}

std::string StepLineWriter::formatLine(unsigned long step, const GlobalValues& g, const RefUnits& units) {
  std::ostringstream os;
  os << "Simstep = " << step << "\tT = " << g.temperature << "\tU_pot = " << g.uPot << "\tp = " << g.pressure;
  if (units.given)
    os << "\t[SI: T/K = " << g.temperature * units.temperatureKelvin()
       << "  p/Pa = " << g.pressure * units.pressurePascal() << "]";
  return os.str();
}

void StepLineWriter::init(const SimulationView&) {}

void StepLineWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (sim.rank() != 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (!_started) {
    _started = true;
    _firstStep = step;
    _start = _lastProgress = now;
  }
  const bool line = _interval > 0 && step % _interval == 0;
  if (line) {
    if (_progress) _progressOut << "\r\033[K";
    _out << formatLine(step, sim.globals(), sim.config().refUnits) << std::endl;
  }
  if (_progress && (line || now - _lastProgress > std::chrono::milliseconds(500))) {
    _lastProgress = now;
    const double secs = std::chrono::duration<double>(now - _start).count();
    const double done = static_cast<double>(step - _firstStep);
    const double rate = secs > 0 ? done / secs : 0.0;
    const double eta = rate > 0 && _totalSteps > step ? (_totalSteps - step) / rate : 0.0;
    char buf[160];
    std::snprintf(buf, sizeof buf, "\r\033[Kstep %lu/%lu  %.1f steps/s  ETA %.0f s", step, _totalSteps, rate, eta);
    _progressOut << buf << std::flush;
  }
}

void StepLineWriter::finish(unsigned long, double, const SimulationView& sim) {
  if (sim.rank() == 0 && _progress) _progressOut << "\r\033[K" << std::flush;
}

}  // namespace mardyn
