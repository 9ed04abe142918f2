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
      _startStep(config.startStep()) {}

void GammaWriter::init(const SimulationView& sim) {
  if (sim.rank() != 0) return;
  _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Truncate);
  std::ostringstream h;
  h << std::setw(24) << "simstep";
  for (std::size_t c = 0; c <= _components; ++c) h << std::setw(22) << "gamma[" << c << "]";
  _out->write(h.str() + "\n");
}

MoleculeBinning::Request GammaWriter::request() const {
  MoleculeBinning::Request r;
  r.geometry = MoleculeBinning::Geometry::RangeY;  // ls1: (y - ymax)(y - ymin) <= 0
  r.lower = _s.ymin;
  r.upper = _s.ymax;
  r.perComponent = true;
  r.fieldMask = 1u << MoleculeBinning::Gamma;
  return r;
}

void GammaWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  const SamplingView* view = sim.sampling();
  if (!view) return;
  MoleculeBinning& binning = view->binning();
  if (_binning < 0) _binning = binning.add(request());
  binning.accumulate(_binning);
  if (step % _s.frequency != 0 || step <= _startStep) return;
  std::vector<double> sum = binning.take(_binning);  // total, then per component
  view->allreduceSum(sum);
  if (_out) {
    std::ostringstream row;
    row << std::setw(24) << step;
    for (double v : sum) row << Ls1Format::sci(v / (_box.x * _box.z * _s.numInterfaces) / static_cast<double>(_s.frequency));
    _out->write(row.str() + "\n");
  }
}

}  // namespace mardyn
