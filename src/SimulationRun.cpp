// Simulation's run loop and what it reports: the start-up line (CPU kernels, processes, where the physics
// plugins run) and the summary after the loop (wall and loop time, molecule updates per second, host-device
// traffic, decomposition and work balance, timers).
#include "Simulation.h"

#include "utils/Threads.h"

#include <algorithm>
#include <iomanip>
#include <iterator>
#include <ostream>
#include <sstream>

namespace mardyn {

std::string Simulation::startupLine() const {
  std::string supported;
  for (SimdLevel l : allSimdLevels())
    if (cpuSupports(l)) supported += std::string(supported.empty() ? "" : " ") + simdLevelName(l);
  const int threads = maxThreads();
  std::ostringstream os;
  os << "CPU: " << _processorName << " cell processor, " << simdLevelName(_simd) << " kernels (CPU has " << supported
     << "), " << threads << (threads == 1 ? " thread" : " threads") << " x " << _decomp->numProcs()
     << (_decomp->numProcs() == 1 ? " process" : " processes");
  if (!_physics.empty()) {
    os << "\nPhysics plugins:";
    for (std::size_t i = 0; i < _physics.size(); ++i) {
      const std::string where = !_resident                         ? "on the CPU"
                                : _pluginPlaces[i] == "device" ? "on the device"
                                                               : "through the host";
      os << (i ? ", " : " ") << _physics[i]->name() << " " << where;
    }
  }
  return os.str();
}

void Simulation::run(std::ostream& log) {
  Timer wall;
  wall.start();
  prepare();
  const unsigned long steps = _config.stepsToRun();
  // Step lines and the terminal progress line come from the output plugins (StepLineWriter).
  const double bytesBefore = _resident ? static_cast<double>(_resident->transferredBytes()) : 0.0;
  Timer loop;
  loop.start();
  for (unsigned long s = 0; s < steps; ++s) step();
  loop.stop();
  const double bytes = _resident ? static_cast<double>(_resident->transferredBytes()) - bytesBefore : -1.0;
  finish();
  wall.stop();
  // Every timer's maximum and mean over the processes (the force computation's is the work balance):
  // collective, before rank 0 prints. The timers are named in one order on every process.
  std::vector<double> timerMax;
  for (const char* name : timerNames) timerMax.push_back(_timers[name].seconds());
  std::vector<double> timerSum = timerMax;
  _decomp->allreduceMax(timerMax);
  _decomp->allreduceSum(timerSum);
  for (double& t : timerSum) t /= _decomp->numProcs();
  if (_decomp->rank() == 0 && !_config.quiet)
    printSummary(log, wall.seconds(), loop.seconds(), steps, bytes, timerMax, timerSum);
}

void Simulation::printSummary(std::ostream& log, double wallSeconds, double loopSeconds, unsigned long steps,
                              double transferredBytes, const std::vector<double>& timerMax,
                              const std::vector<double>& timerMean) const {
  const double workMax = timerMax[1], workMean = timerMean[1];  // timerNames[1]: the force computation
  const double updates = static_cast<double>(_globals.numMolecules) * static_cast<double>(steps);
  std::ostringstream os;
  os << "Wall time: " << std::setprecision(6) << wallSeconds << " s (time loop " << loopSeconds << " s, "
     << steps << " steps, " << _decomp->numProcs() << (_decomp->numProcs() == 1 ? " process)\n" : " processes)\n");
  os << "Molecule updates per second: " << std::setprecision(6) << (loopSeconds > 0 ? updates / loopSeconds : 0.0)
     << "\n";
  // Where the molecules live on a device: what crossed between host and device per step of the loop
  // (this process; outputs included).
  if (transferredBytes >= 0.0)
    os << "Host-device traffic: " << std::setprecision(6) << (steps > 0 ? transferredBytes / steps : 0.0)
       << " bytes/step\n";
  if (_resident) os << _resident->summary(steps);
  os << "Decomposition: " << _decomp->name() << "; work per process (force computation) max/mean "
     << std::setprecision(3) << (workMean > 0.0 ? workMax / workMean : 1.0) << " (max " << workMax << " s, mean "
     << workMean << " s), " << _decomp->rebalanceCount() << (_decomp->rebalanceCount() == 1 ? " rebalancing" : " rebalancings")
     << (_newtonAcross ? "; pairs across process faces computed once" : "") << "\n";
  // Balanced totals can still leave each step waiting for a different slowest process: each step's time (from
  // one step's reduction to the next) of the slowest process at that step, summed, against the mean's.
  if (_decomp->numProcs() > 1 && _meanSteps > 0.0)
    os << "Steps: the slowest process's time per step, summed over the steps, is " << std::setprecision(3)
       << _slowestSteps / _meanSteps << " times the mean process's (" << _slowestSteps << " s against " << _meanSteps
       << " s)\n";
  if (_follower)
    os << "Halo: " << _haloRefreshes << " steps moved only the halo copies' positions, " << _fullExchanges
       << " exchanged molecules\n";
  const bool several = _decomp->numProcs() > 1;
  os << (several ? "Timers (this process; the maximum and the mean over the processes):\n" : "Timers:\n");
  for (const auto& [name, timer] : _timers.all()) {
    os << "  " << std::left << std::setw(12) << name << std::right << std::setw(12) << std::fixed
       << std::setprecision(3) << timer.seconds() << " s  " << std::setw(5) << std::setprecision(1)
       << (wallSeconds > 0 ? 100.0 * timer.seconds() / wallSeconds : 0.0) << " %";
    const auto k = std::find(std::begin(timerNames), std::end(timerNames), name) - std::begin(timerNames);
    if (several && k < static_cast<std::ptrdiff_t>(std::size(timerNames)))
      os << "  max " << std::setprecision(3) << timerMax[k] << " s, mean " << timerMean[k] << " s";
    os << "\n";
  }
  log << os.str() << std::flush;
}

}  // namespace mardyn
