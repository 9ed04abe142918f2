// ResultWriter: U_pot and U_kin are totals over all molecules (U_kin translational + rotational),
// p is the pressure, *_avg are running averages over the window. Rank 0 writes each row as it is
// produced; a restart keeps the earlier rows before its start step and continues the averages.
#include "io/ResultWriter.h"

#include "io/AtomicFile.h"
#include "io/ResultFileReader.h"
#include "config/XmlInput.h"
#include "utils/MardynException.h"
#include "utils/Version.h"

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
    AtomicFile::write(_file, kept);
    _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Append);
    std::cerr << "ResultWriter: continuing " << _file << " after step " << restart.step
              << (_restored ? " (running averages and c_v restored from the checkpoint)\n"
                            : "; running averages and c_v start again (the checkpoint carries none)\n");
    return;
  }
  if (restart.active && !_restored)
    std::cerr << "ResultWriter: running averages and c_v start again at step " << restart.step
              << " (the checkpoint carries none)\n";
  _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Truncate);
  std::ostringstream os;
  const int w = _precision + 15;
  os << "# " << versionString() << " simulation started at " << nowString() << "\n";
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
    if (!v) throw MardynException("ResultWriter: the checkpoint's saved state is damaged at item " + std::to_string(k + 1));
    ++k;
    return *v;
  };
  if (number() != 1.0) throw MardynException("ResultWriter: the checkpoint's saved state has an unknown version");
  const double last = number();
  number();  // the window of the run that saved it; this run's accumulation_steps rules
  _sumU = number();
  _sumUU = number();
  _countU = static_cast<unsigned long>(number());
  for (Window* w : {&_upot, &_ukin, &_p}) {
    w->sum = number();
    const double n = number();
    if (!(n >= 0 && n <= 1e8)) throw MardynException("ResultWriter: the checkpoint's saved state is damaged");
    w->values.clear();
    for (double i = 0; i < n; ++i) w->values.push_back(number());
    if (w->values.size() > _window) {  // a smaller window now: keep the newest values
      while (w->values.size() > _window) w->values.pop_front();
      w->sum = 0.0;
      for (double v : w->values) w->sum += v;
    }
  }
  if (k != t.size()) throw MardynException("ResultWriter: the checkpoint's saved state has extra items");
  _lastStep = static_cast<unsigned long>(last);
  _restored = true;
}

}  // namespace mardyn
