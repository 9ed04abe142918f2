// CavityWriter: ls1's CavityEnsemble grid (indices round(N * extent - 0.0009756), points at (0.5009756 + k) of the
// control volume's spacing, ids k_x N_y N_z + k_y N_z + k_z + 1), its neighbour counts from the view's binning
// (where the molecules live, summed over the processes) and its XYZ files.
#include "io/CavityWriter.h"

#include "io/AtomicFile.h"
#include "io/Ls1Format.h"
#include "io/MoleculeSums.h"
#include "io/SamplingView.h"
#include "io/StreamingFile.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace mardyn {

std::shared_ptr<const PluginSettings> CavityWriter::read(XmlInput& xml, const XmlNode& e, const SimulationConfig& config,
                                                         OutputPluginConfig&) {
  auto s = std::make_shared<Settings>();
  s->incremental = xml.boolean(e, "incremental", true);
  s->maxNeighbours = static_cast<int>(xml.integer(e, "maxNeighbours", 1L));
  if (s->maxNeighbours <= 0) xml.problem(xml.child(e, "maxNeighbours"), "maxNeighbours must be positive");
  s->radius = static_cast<float>(xml.number(e, "radius", 1.0));
  if (!(s->radius > 0)) xml.problem(xml.child(e, "radius"), "radius must be positive");
  const char* n[3] = {"Nx", "Ny", "Nz"};
  for (int d = 0; d < 3; ++d) {
    const long v = xml.integer(e, n[d], 1L);
    if (v <= 0 || v > 100000) xml.problem(xml.child(e, n[d]), std::string(n[d]) + " out of range (expected 1..100000)");
    s->grid[d] = static_cast<unsigned>(std::clamp(v, 1L, 100000L));
  }
  s->upper = config.box;
  if (const XmlNode cv = xml.child(e, "ControlVolume")) {
    const char* lo[3] = {"x0", "y0", "z0"};
    const char* hi[3] = {"x1", "y1", "z1"};
    for (int d = 0; d < 3; ++d) {
      s->lower[d] = xml.number(cv, lo[d], 0.0);
      s->upper[d] = xml.number(cv, hi[d], config.box[d]);
      if (s->lower[d] >= s->upper[d] || s->lower[d] < 0 || s->upper[d] > config.box[d])
        xml.problem(cv, "the control volume must lie in the box with lower < upper bounds");
    }
  }
  for (const XmlNode& c : xml.children(e, "componentid")) {
    const char* t = c.element->GetText();
    const auto id = parseLong(t ? t : "");
    if (!id) xml.problem(c, "wrong type: componentid (expected an integer)");
    else s->componentIds.push_back(static_cast<int>(*id));
  }
  if (s->componentIds.empty()) xml.problem(e, "missing element <componentid> (expected one per cavity set)");
  return s;
}

CavityWriter::CavityWriter(const Settings& settings, std::string prefix, unsigned long writeFrequency,
                           const SimulationConfig& config)
    : _s(settings), _prefix(std::move(prefix)), _writeFrequency(writeFrequency ? writeFrequency : 1),
      _totalSteps(config.totalSteps()), _equilibration(config.equilibrationSteps), _box(config.box) {}

MoleculeBinning::CavityRequest CavityWriter::request() const {
  MoleculeBinning::CavityRequest r;
  for (int d = 0; d < 3; ++d) {
    const double n = _s.grid[d], extent = _s.upper[d] - _s.lower[d];
    const double minReduced = (0.0 - _s.lower[d]) / extent, maxReduced = (_box[d] - _s.lower[d]) / extent;
    r.first[d] = static_cast<long>(std::round(n * minReduced - 0.0009756));
    r.last[d] = static_cast<long>(std::round(n * maxReduced - 0.0009756)) - 1;
    r.lower[d] = _s.lower[d];
    r.spacing[d] = extent / n;
    r.grid[d] = static_cast<long>(_s.grid[d]);
  }
  r.radius = static_cast<double>(_s.radius);
  return r;
}

std::vector<std::pair<long, Vec3>> CavityWriter::cavities(const std::vector<double>& counts) const {
  const MoleculeBinning::CavityRequest r = request();
  const long ny = r.last[1] - r.first[1] + 1, nz = r.last[2] - r.first[2] + 1;
  std::vector<std::pair<long, Vec3>> out;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] > _s.maxNeighbours) continue;
    const long i = static_cast<long>(k);
    const long kx = r.first[0] + i / (ny * nz), ky = r.first[1] + (i / nz) % ny, kz = r.first[2] + i % nz;
    out.emplace_back(kx * r.grid[1] * r.grid[2] + ky * r.grid[2] + kz + 1,
                     Vec3{sums::cavityPoint(r.lower.x, r.spacing.x, kx), sums::cavityPoint(r.lower.y, r.spacing.y, ky),
                          sums::cavityPoint(r.lower.z, r.spacing.z, kz)});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return static_cast<unsigned long>(a.first) < static_cast<unsigned long>(b.first);
  });
  return out;
}

void CavityWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(_prefix + "-c0.cav.xyz");
}

void CavityWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (step < _equilibration || step % _writeFrequency != 0) return;
  const SamplingView* view = sim.sampling();
  if (!view) return;
  MoleculeBinning& binning = view->binning();
  if (_handle < 0) _handle = binning.addCavity(request());
  binning.accumulateCavity(_handle);
  std::vector<double> counts = binning.takeCavity(_handle);
  view->allreduceSum(counts);  // integers: exact in any order
  if (sim.rank() != 0) return;
  const std::vector<std::pair<long, Vec3>> found = cavities(counts);
  const int digits = static_cast<int>(std::ceil(std::log(static_cast<double>(_totalSteps / _writeFrequency)) / std::log(10.)));
  for (int cid : _s.componentIds) {
    std::string file = _prefix + "-c" + std::to_string(cid);
    if (_s.incremental) file += "-" + Ls1Format::padded(step / _writeFrequency, std::max(0, digits));
    file += ".cav.xyz";
    static const char* kElements[] = {"C", "N", "O", "F"};
    const char* element = cid >= 0 && cid < 4 ? kElements[cid] : "Ne";
    std::ostringstream os;
    os << found.size() << "\ncomment line\n";
    for (const auto& c : found) os << element << " " << c.second.x << "\t" << c.second.y << "\t" << c.second.z << "\n";
    AtomicFile::write(file, os.str());
  }
}

}  // namespace mardyn
