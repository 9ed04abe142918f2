// GammaWriter: every step the molecules in range add their Vi_y - (Vi_x + Vi_z)/2; every writefrequency steps
// (after the first) the sums over L_x L_z numInterfaces writefrequency make a row in ls1's format. As ls1, the
// first window also holds the start step's sample.
#include "io/GammaWriter.h"

#include "io/Ls1Format.h"

#include <sstream>

namespace mardyn {

std::shared_ptr<const PluginSettings> GammaWriter::read(XmlInput& xml, const XmlNode& e, const SimulationConfig& config,
                                                        OutputPluginConfig& plugin) {
  auto s = std::make_shared<Settings>();
  if (plugin.params.count("writefrequency")) s->frequency = plugin.writeFrequency;
  plugin.writeFrequency = s->frequency;
  const long n = xml.integer(e, "numInterfaces", 2L);
  if (n < 1) xml.problem(xml.child(e, "numInterfaces"), "numInterfaces must be positive (expected >= 1)");
  s->numInterfaces = static_cast<unsigned>(std::max(1L, n));
  s->ymax = config.box.y;
  if (const XmlNode range = xml.child(e, "range")) {
    s->ymin = xml.number(range, "ymin", 0.0);
    s->ymax = xml.number(range, "ymax", config.box.y);
  }
  return s;
}

GammaWriter::GammaWriter(const Settings& settings, std::string file, const SimulationConfig& config)
    : _s(settings), _file(std::move(file)), _box(config.box), _components(config.components.size()),
      _startStep(config.startStep()), _sum(config.components.size() + 1, 0.0) {}

void GammaWriter::init(const SimulationView& sim) {
  if (sim.rank() != 0) return;
  _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Truncate);
  std::ostringstream h;
  h << std::setw(24) << "simstep";
  for (std::size_t c = 0; c <= _components; ++c) h << std::setw(22) << "gamma[" << c << "]";
  _out->write(h.str() + "\n");
}

std::vector<double> GammaWriter::sample(const SamplingView& view, double ymin, double ymax, std::size_t components) {
  std::vector<double> g(components + 1, 0.0);
  view.forEachWithVirial(
      [&](const Molecule& m, const Vec3& vi, const Vec3*) {
        if ((m.r().y - ymax) * (m.r().y - ymin) > 0) return;
        const double gamma = vi.y - 0.5 * (vi.x + vi.z);
        g[m.componentId() + 1] += gamma;
        g[0] += gamma;
      },
      false);
  view.allreduceSum(g);
  return g;
}

void GammaWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  const SamplingView* view = sim.sampling();
  if (!view) return;
  const std::vector<double> g = sample(*view, _s.ymin, _s.ymax, _components);
  for (std::size_t c = 0; c < _sum.size(); ++c) _sum[c] += g[c];
  if (step % _s.frequency != 0 || step <= _startStep) return;
  if (_out) {
    std::ostringstream row;
    row << std::setw(24) << step;
    for (double v : _sum) row << Ls1Format::sci(v / (_box.x * _box.z * _s.numInterfaces) / static_cast<double>(_s.frequency));
    _out->write(row.str() + "\n");
  }
  std::fill(_sum.begin(), _sum.end(), 0.0);
}

}  // namespace mardyn
