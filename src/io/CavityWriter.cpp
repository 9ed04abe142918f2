// CavityWriter: ls1's CavityEnsemble grid (indices round(N * extent - 0.0009756), points at (0.5009756 + k) of the
// control volume's spacing, ids k_x N_y N_z + k_y N_z + k_z + 1), its neighbour count and its XYZ files.
#include "io/CavityWriter.h"

#include "io/AtomicFile.h"
#include "io/Ls1Format.h"
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

std::vector<std::pair<long, Vec3>> CavityWriter::points() const {
  std::vector<std::pair<long, Vec3>> out;
  int lo[3], hi[3];
  Vec3 spacing;
  for (int d = 0; d < 3; ++d) {
    const double n = _s.grid[d], extent = _s.upper[d] - _s.lower[d];
    const double minReduced = (0.0 - _s.lower[d]) / extent, maxReduced = (_box[d] - _s.lower[d]) / extent;
    lo[d] = static_cast<int>(std::round(n * minReduced - 0.0009756));
    hi[d] = static_cast<int>(std::round(n * maxReduced - 0.0009756)) - 1;
    spacing[d] = extent / n;
  }
  int k[3];
  for (k[0] = lo[0]; k[0] <= hi[0]; ++k[0])
    for (k[1] = lo[1]; k[1] <= hi[1]; ++k[1])
      for (k[2] = lo[2]; k[2] <= hi[2]; ++k[2]) {
        const long id = static_cast<long>(k[0]) * _s.grid[1] * _s.grid[2] + static_cast<long>(k[1]) * _s.grid[2] + k[2] + 1;
        Vec3 r;
        for (int d = 0; d < 3; ++d) r[d] = _s.lower[d] + (0.5009756 + k[d]) * spacing[d];
        out.emplace_back(id, r);
      }
  return out;
}

std::vector<std::pair<long, Vec3>> CavityWriter::cavities(const std::vector<Molecule>& molecules) const {
  const double rr = static_cast<double>(_s.radius) * _s.radius, R = std::sqrt(rr);
  // A cell grid of edge R over the box for the neighbour counts (no periodic images, as ls1's region query).
  std::array<long, 3> n{};
  for (int d = 0; d < 3; ++d) n[d] = std::max(1L, static_cast<long>(_box[d] / R));
  auto cellOf = [&](double x, int d) { return std::clamp(static_cast<long>(x / _box[d] * n[d]), 0L, n[d] - 1); };
  std::vector<std::vector<const Molecule*>> cells(static_cast<std::size_t>(n[0] * n[1] * n[2]));
  for (const Molecule& m : molecules)
    cells[static_cast<std::size_t>(cellOf(m.r().x, 0) + n[0] * (cellOf(m.r().y, 1) + n[1] * cellOf(m.r().z, 2)))].push_back(&m);
  std::vector<std::pair<long, Vec3>> out;
  for (const auto& [id, r] : points()) {
    Vec3 lo, hi;
    for (int d = 0; d < 3; ++d) {
      lo[d] = std::max(0.0, r[d] - R);
      hi[d] = std::min(_box[d], r[d] + R);
    }
    int neighbours = 0;
    for (long z = cellOf(lo.z, 2); z <= cellOf(hi.z, 2); ++z)
      for (long y = cellOf(lo.y, 1); y <= cellOf(hi.y, 1); ++y)
        for (long x = cellOf(lo.x, 0); x <= cellOf(hi.x, 0); ++x)
          for (const Molecule* m : cells[static_cast<std::size_t>(x + n[0] * (y + n[1] * z))]) {
            if (static_cast<long>(m->id()) == id) continue;
            if (norm2(m->r() - r) < rr) ++neighbours;
          }
    if (neighbours <= _s.maxNeighbours) out.emplace_back(id, r);
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
  const std::vector<Molecule> molecules = sim.gatherMolecules();  // collective
  if (sim.rank() != 0) return;
  const std::vector<std::pair<long, Vec3>> found = cavities(molecules);
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
