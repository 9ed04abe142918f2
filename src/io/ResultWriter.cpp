// ResultWriter: U_pot and U_kin are totals over all molecules (U_kin translational + rotational),
// p is the pressure, *_avg are running averages over the window; written atomically (rank 0).
#include "io/ResultWriter.h"

#include "io/AtomicFile.h"
#include "utils/Version.h"

#include <ctime>
#include <iomanip>
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
  std::ostringstream os;
  const int w = _precision + 15;
  os << "# " << versionString() << " simulation started at " << nowString() << "\n";
  os << "# Averages are the accumulated values over " << _window << " time steps.\n";
  os << std::setw(10) << "# step";
  for (const char* c : {"time", "U_pot", "U_pot_avg", "U_kin", "U_kin_avg", "p", "p_avg", "beta_trans", "beta_rot",
                        "c_v", "N"})
    os << std::setw(w) << c;
  os << "\n";
  _content = os.str();
  flush();
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
  _upot.add(g.uPot, _window);
  _ukin.add(ukin, _window);
  _p.add(g.pressure, _window);
  if (step >= _statisticsStart) {
    _sumU += g.uPot;
    _sumUU += g.uPot * g.uPot;
    ++_countU;
  }
  if (sim.rank() != 0 || step % _writeFrequency != 0) return;
  std::ostringstream os;
  const int w = _precision + 15;
  os << std::setw(10) << step << std::scientific << std::setprecision(_precision);
  for (double v : {time, g.uPot, _upot.average(), ukin, _ukin.average(), g.pressure, _p.average(), g.betaTrans,
                   g.betaRot, heatCapacity(g)})
    os << std::setw(w) << v;
  os << std::setw(w) << g.numMolecules << "\n";
  _content += os.str();
  if (std::chrono::steady_clock::now() - _lastFlush > std::chrono::seconds(10)) flush();
}

void ResultWriter::finish(unsigned long, double, const SimulationView& sim) {
  if (sim.rank() != 0) return;
  _content += "# mardyn simulation finished at " + nowString() + "\n";
  flush();
}

void ResultWriter::flush() {
  AtomicFile::write(_file, _content);
  _lastFlush = std::chrono::steady_clock::now();
}

}  // namespace mardyn
