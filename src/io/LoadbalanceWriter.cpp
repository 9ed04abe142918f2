// LoadbalanceWriter: each step's time per timer (the step's share of this program's cumulative timers; the default
// timer: wall time between the steps' outputs) and its running average are gathered at each flush; rank 0 writes
// ls1's columns (min, max, f_LB = max/min, imbalance, imbalance of the averages) and warns above a warning level.
#include "io/LoadbalanceWriter.h"

#include <tinyxml2.h>

#include <algorithm>
#include <ostream>
#include <sstream>

namespace mardyn {

const std::vector<std::pair<std::string, std::vector<std::string>>>& LoadbalanceWriter::timerMap() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> m = {
      {"LoadbalanceWriter_default", {}},  // the whole step
      {"SIMULATION_LOOP", {}},
      {"SIMULATION_FORCE_CALCULATION", {"forces"}},
      {"SIMULATION_COMPUTATION", {"forces", "integration"}},
      {"SIMULATION_DECOMPOSITION", {"cells"}},
      {"SIMULATION_MPI_OMP_COMMUNICATION", {"cells"}},
      {"SIMULATION_UPDATE_CONTAINER", {"cells"}},
      {"SIMULATION_PER_STEP_IO", {"I/O"}},
  };
  return m;
}

std::shared_ptr<const PluginSettings> LoadbalanceWriter::read(XmlInput& xml, const XmlNode& e, const SimulationConfig&,
                                                              OutputPluginConfig&) {
  auto s = std::make_shared<Settings>();
  const long avg = xml.integer(e, "averageLength", 10L);
  if (avg < 1) xml.problem(xml.child(e, "averageLength"), "averageLength must be positive (expected >= 1)");
  s->averageLength = static_cast<unsigned long>(std::max(1L, avg));
  if (const auto f = xml.text(e, "outputfilename")) s->file = *f;
  double defaultLevel = 0;
  for (const XmlNode& t : xml.children(xml.child(e, "timers"), "timer")) {
    const std::string name = xml.text(t, "name").value_or("");
    const double level = xml.number(t, "warninglevel", 0.0);
    bool known = false;
    for (const auto& m : timerMap()) known = known || m.first == name;
    if (!known) {
      std::string list;
      for (const auto& m : timerMap()) list += (list.empty() ? "" : ", ") + m.first;
      xml.problem(xml.child(t, "name") ? xml.child(t, "name") : t, "unknown timer '" + name + "' (expected one of " + list + ")");
      continue;
    }
    if (name == "LoadbalanceWriter_default") defaultLevel = level;
    else s->timers.push_back({name, level});
  }
  s->timers.push_back({"LoadbalanceWriter_default", defaultLevel});
  return s;
}

LoadbalanceWriter::LoadbalanceWriter(const Settings& settings, unsigned long writeFrequency, std::ostream& warnings)
    : _s(settings), _writeFrequency(writeFrequency ? writeFrequency : 1), _warnings(warnings),
      _previous(settings.timers.size(), 0.0) {}

double LoadbalanceWriter::seconds(const SimulationView& sim, const std::string& name) const {
  for (const auto& m : timerMap())
    if (m.first == name && !m.second.empty()) {
      double t = 0;
      for (const auto& part : sim.sampling()->timers().all())
        for (const std::string& p : m.second)
          if (part.first == p) t += part.second.seconds();
      return t;
    }
  return -1;  // the step's wall time
}

void LoadbalanceWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0) {
    _out = std::make_unique<StreamingFile>(_s.file, StreamingFile::Mode::Truncate);
    std::ostringstream h;
    h << "#simstep";
    for (const auto& t : _s.timers) h << "\t#" << t.name << "#\t\t";
    h << "\nstep";
    for (std::size_t k = 0; k < _s.timers.size(); ++k) h << "\tmin\tmax\tf_LB\timbalance\timbalance_average";
    _out->write(h.str() + "\n");
  }
  if (sim.sampling())
    for (std::size_t k = 0; k < _s.timers.size(); ++k) _previous[k] = std::max(0.0, seconds(sim, _s.timers[k].name));
  _step.start();
}

void LoadbalanceWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (!sim.sampling()) return;
  _step.stop();
  std::vector<double> now(_s.timers.size());
  for (std::size_t k = 0; k < _s.timers.size(); ++k) {
    const double total = seconds(sim, _s.timers[k].name);
    now[k] = total < 0 ? _step.seconds() : total - _previous[k];
    if (total >= 0) _previous[k] = total;
  }
  _step = Timer();
  _window.push_back(now);
  if (_window.size() > _s.averageLength) _window.pop_front();
  _steps.push_back(step);
  _times.insert(_times.end(), now.begin(), now.end());
  for (std::size_t k = 0; k < now.size(); ++k) {
    double sum = 0;
    for (const auto& w : _window) sum += w[k];
    _averaged.push_back(sum / static_cast<double>(_window.size()));
  }
  if (step % _writeFrequency == 0) flush(sim);
  _step.start();
}

void LoadbalanceWriter::flush(const SimulationView& sim) {
  const SamplingView& view = *sim.sampling();
  std::vector<double> local(_times);
  local.insert(local.end(), _averaged.begin(), _averaged.end());
  const std::vector<double> all = view.numProcs() > 1 ? view.allgather(local) : local;
  const std::size_t n = local.size(), procs = all.size() / n, timers = _s.timers.size();
  if (sim.rank() == 0 && _out) {
    std::ostringstream rows;
    for (std::size_t i = 0; i < _steps.size(); ++i) {
      rows << _steps[i];
      for (std::size_t k = 0; k < timers; ++k) {
        double lo = 0, hi = 0, sum = 0, avgMax = 0, avgSum = 0;
        for (std::size_t r = 0; r < procs; ++r) {
          const double t = all[r * n + i * timers + k], a = all[r * n + _times.size() + i * timers + k];
          lo = r == 0 ? t : std::min(lo, t);
          hi = r == 0 ? t : std::max(hi, t);
          sum += t;
          avgMax = r == 0 ? a : std::max(avgMax, a);
          avgSum += a;
        }
        const double fLB = hi / lo;
        rows << "\t" << lo << "\t" << hi << "\t" << fLB << "\t" << 1 - (sum / procs) / hi << "\t"
             << 1 - (avgSum / procs) / avgMax;
        if (_s.timers[k].warningLevel > 0 && _s.timers[k].warningLevel < fLB)
          _warnings << "Warning: Load balance limit exceeded in simstep " << _steps[i] << " for timer " << _s.timers[k].name
                    << ", limit: " << _s.timers[k].warningLevel << "  value: " << fLB << "\n";
      }
      rows << "\n";
    }
    _out->write(rows.str());
  }
  _steps.clear();
  _times.clear();
  _averaged.clear();
}

}  // namespace mardyn
