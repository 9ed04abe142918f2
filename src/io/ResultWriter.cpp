// ResultWriter: U_pot and U_kin are totals over all molecules (U_kin translational + rotational),
// p is the pressure, *_avg are running averages over the window. Rank 0 writes each row as it is
// produced; a restart keeps the earlier rows before its start step and continues the averages.
#include "io/ResultWriter.h"

#include "io/AtomicFile.h"
#include "io/ResultFileReader.h"
#include "io/RunChain.h"
#include "config/XmlInput.h"
#include "utils/MardynException.h"
#include "utils/Version.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace mardyn {

namespace {
std::string nowString() {
  const std::time_t t = std::time(nullptr);
  char buf[64];
  std::tm tm{};
  localtime_r(&t, &tm);
  std::strftime(buf, sizeof buf, "%c", &tm);
  return buf;
}

/// "# mardyn-chain <id>\n" (nothing for a run without a chain: a Simulation made in code before chains).
std::string chainLine(const std::string& chain) {
  return chain.empty() ? std::string() : "# " + std::string(RunChain::key) + " " + chain + "\n";
}

std::string g17(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
}  // namespace

void ResultWriter::Window::add(double v, std::size_t max) {
  values.push_back(v);
  sum += v;
  if (values.size() > max) {
    sum -= values.front();
    values.pop_front();
  }
}

ResultWriter::ResultWriter(std::string file, unsigned long writeFrequency, std::size_t window, int precision,
                           unsigned long statisticsStart)
    : _file(std::move(file)),
      _writeFrequency(writeFrequency ? writeFrequency : 1),
      _window(window ? window : 1),
      _precision(precision),
      _statisticsStart(statisticsStart) {}

void ResultWriter::init(const SimulationView& sim) {
  if (sim.rank() != 0) return;
  const RestartPoint& restart = sim.config().restart;
  const ResultFileReader::Content existing =
      restart.active ? ResultFileReader::read(_file) : ResultFileReader::Content();
  if (existing.exists) {
    // Only the results of the checkpoint's own run chain are continued (files of both written before chains
    // were, neither says one, are continued as before).
    if (existing.chain != restart.chain)
      throw MardynException(
          "'" + _file + "' holds the results of another run" +
          (existing.chain.empty() ? " (it names no run chain)"
                                  : " (run chain " + existing.chain + ", line " + std::to_string(existing.chainLine) + ")") +
          ", and the checkpoint " + restart.file + " continues " +
          (restart.chain.empty() ? "a run that names no chain" : "run chain " + restart.chain) +
          ": a restart appends only to the results of its own chain (expected the output prefix of the run that wrote "
          "the checkpoint, or a new prefix, -p, for a new .res)");
    // Rows after the start step were written after the checkpoint: this run writes them again. The
    // start step's row stays: it holds the values before that step's thermostat, which the
    // checkpoint's velocities no longer show.
    for (const auto& w : existing.warnings) std::cerr << "Warning: " << w << "\n";
    std::string kept;
    for (const auto& l : existing.lines) {
      if (!l.comment && l.step > restart.step) continue;
      kept += l.text + "\n";
      if (!l.comment && l.step == restart.step) _skipRow = restart.step;
    }
    kept += "# restarted from " + restart.file + " at step " + std::to_string(restart.step) + " at " + nowString() + "\n";
    if (existing.chain != sim.config().runChain) kept += chainLine(sim.config().runChain);  // a chain from here on
    AtomicFile::write(_file, kept);
    _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Append);
    std::cerr << "ResultWriter: continuing " << _file << " after step " << restart.step
              << (_restored ? " (running averages and c_v restored from the checkpoint)\n"
                            : "; running averages and c_v start again (the checkpoint carries none that this run can use)\n");
    return;
  }
  if (restart.active && !_restored)
    std::cerr << "ResultWriter: running averages and c_v start again at step " << restart.step
              << " (the checkpoint carries none that this run can use)\n";
  _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Truncate);
  std::ostringstream os;
  const int w = _precision + 15;
  os << "# " << versionString() << " simulation started at " << nowString() << "\n";
  if (restart.active) os << "# restarted from " << restart.file << " at step " << restart.step << "\n";
  os << chainLine(sim.config().runChain);
  os << "# Averages are the accumulated values over " << _window << " time steps.\n";
  os << std::setw(10) << "# step";
  for (const char* c : {"time", "U_pot", "U_pot_avg", "U_kin", "U_kin_avg", "p", "p_avg", "beta_trans", "beta_rot",
                        "c_v", "N"})
    os << std::setw(w) << c;
  os << "\n";
  write(os.str());
}

double ResultWriter::heatCapacity(const GlobalValues& g) const {
  if (_countU == 0 || g.numMolecules == 0 || g.temperature <= 0) return 0.0;
  const double n = static_cast<double>(g.numMolecules);
  const double rotDof = static_cast<double>(g.degreesOfFreedom) - 3.0 * n;
  const double ideal = 1.5 + 0.5 * rotDof / n;
  const double var = (_sumUU - _sumU * _sumU / _countU) / _countU;
  return ideal + var / (n * g.temperature * g.temperature);
}

void ResultWriter::afterStep(unsigned long step, double time, const SimulationView& sim) {
  const GlobalValues& g = sim.globals();
  const double ukin = g.uKinTrans + g.uKinRot;
  if (!_lastStep || step > *_lastStep) {  // a restored state may already hold this step
    _upot.add(g.uPot, _window);
    _ukin.add(ukin, _window);
    _p.add(g.pressure, _window);
    if (step >= _statisticsStart) {
      _sumU += g.uPot;
      _sumUU += g.uPot * g.uPot;
      ++_countU;
    }
    _lastStep = step;
  }
  if (sim.rank() != 0 || step % _writeFrequency != 0 || (_skipRow && step == *_skipRow)) return;
  std::ostringstream os;
  const int w = _precision + 15;
  os << std::setw(10) << step << std::scientific << std::setprecision(_precision);
  for (double v : {time, g.uPot, _upot.average(), ukin, _ukin.average(), g.pressure, _p.average(), g.betaTrans,
                   g.betaRot, heatCapacity(g)})
    os << std::setw(w) << v;
  os << std::setw(w) << g.numMolecules << "\n";
  write(os.str());
}

void ResultWriter::finish(unsigned long, double, const SimulationView& sim) {
  if (sim.rank() != 0) return;
  write("# mardyn simulation finished at " + nowString() + "\n");
}

void ResultWriter::write(const std::string& text) {
  if (_out) _out->write(text);
}

// State: "1 lastStep window sumU sumUU countU" then for U_pot, U_kin, p: "sum count values...".
std::string ResultWriter::saveState() const {
  if (!_lastStep) return {};
  std::string s = "1 " + std::to_string(*_lastStep) + " " + std::to_string(_window) + " " + g17(_sumU) + " " +
                  g17(_sumUU) + " " + std::to_string(_countU);
  for (const Window* w : {&_upot, &_ukin, &_p}) {
    s += " " + g17(w->sum) + " " + std::to_string(w->values.size());
    for (double v : w->values) s += " " + g17(v);
  }
  return s;
}

void ResultWriter::restoreState(const std::string& state) {
  std::istringstream in(state);
  std::vector<std::string> t;
  for (std::string w; in >> w;) t.push_back(w);
  std::size_t k = 0;
  auto number = [&]() {
    const auto v = k < t.size() ? parseFinite(t[k]) : std::nullopt;
    if (!v)
      throw MardynException("the saved state is damaged at item " + std::to_string(k + 1) +
                            (k < t.size() ? " ('" + t[k] + "', expected a finite number)"
                                          : " (it ends there; expected " + std::to_string(k + 1) + " items or more)"));
    ++k;
    return *v;
  };
  // Read into locals: a damaged state changes nothing (the run then starts the averages again).
  if (number() != 1.0) throw MardynException("the saved state has an unknown version (expected 1)");
  const double last = number();
  number();  // the window of the run that saved it; this run's accumulation_steps rules
  const double sumU = number(), sumUU = number(), countU = number();
  Window windows[3];
  for (Window& w : windows) {
    w.sum = number();
    const double n = number();
    if (!(n >= 0 && n <= 1e8 && n == std::floor(n)))
      throw MardynException("the saved state is damaged at item " + std::to_string(k) + " ('" + t[k - 1] +
                            "', expected a count of values)");
    for (double i = 0; i < n; ++i) w.values.push_back(number());
    if (w.values.size() > _window) {  // a smaller window now: keep the newest values
      while (w.values.size() > _window) w.values.pop_front();
      w.sum = 0.0;
      for (double v : w.values) w.sum += v;
    }
  }
  if (k != t.size())
    throw MardynException("the saved state has " + std::to_string(t.size() - k) + " items more than it "
                          "announces (from item " + std::to_string(k + 1) + ")");
  if (!(last >= 0 && countU >= 0)) throw MardynException("the saved state's step or count is negative");
  _sumU = sumU;
  _sumUU = sumUU;
  _countU = static_cast<unsigned long>(countU);
  _upot = windows[0];
  _ukin = windows[1];
  _p = windows[2];
  _lastStep = static_cast<unsigned long>(last);
  _restored = true;
}

}  // namespace mardyn
