// CubicGridGenerator: ls1-mardyn's CubicGridGenerator as its serial run makes it (grid size, linked cells,
// per-cell velocity streams, ids from 0, momentum removal), and the reading of its element.
#include "generators/CubicGridGenerator.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace mardyn {

std::array<unsigned long, 3> CubicGridGenerator::moleculesPerDimension(unsigned long numMolecules, const Vec3& box) {
  const unsigned long long half = numMolecules / 2;  // two interpenetrating grids
  const double vol = box.x * box.y * box.z;
  std::array<unsigned long, 3> n{};
  for (int d = 0; d < 3; ++d) {
    const double frac = box[d] * box[d] * box[d] / vol;
    n[d] = static_cast<unsigned long>(std::round(std::pow(static_cast<double>(half) * frac, 1.0 / 3.0)));
  }
  auto distance = [numMolecules](long a, long b, long c) {
    const unsigned long made = static_cast<unsigned long>(a * b * c * 2);
    return std::max(made, numMolecules) - std::min(made, numMolecules);
  };
  unsigned long best = distance(static_cast<long>(n[0]), static_cast<long>(n[1]), static_cast<long>(n[2]));
  const std::array<long, 3> start{static_cast<long>(n[0]), static_cast<long>(n[1]), static_cast<long>(n[2])};
  for (long z = -1; z <= 1; ++z)
    for (long y = -1; y <= 1; ++y)
      for (long x = -1; x <= 1; ++x) {
        const long a = start[0] + x, b = start[1] + y, c = start[2] + z;
        const unsigned long dist = distance(a, b, c);
        if (dist < best) {
          best = dist;
          n = {static_cast<unsigned long>(a), static_cast<unsigned long>(b), static_cast<unsigned long>(c)};
        }
      }
  return n;
}

std::vector<MoleculeRecord> CubicGridGenerator::generate(const Settings& s, const Component& component, const Vec3& box) {
  const std::array<unsigned long, 3> n = moleculesPerDimension(s.numMolecules, box);
  Vec3 spacing, origin1, origin2;
  for (int d = 0; d < 3; ++d) {
    spacing[d] = box[d] / static_cast<double>(n[d]);
    origin1[d] = spacing[d] * 0.25;
    origin2[d] = spacing[d] * 0.25 * 3.0;
  }
  // ls1's linked cells of one process over the whole box: inner cells of edge L / floor(L / edge) (the edge
  // a float, as ls1 computes it), framed by cellsInCutoff halo cells; a cell's borders as ls1 computes them.
  const int halo = s.cellsInCutoff;
  std::array<long, 3> inner{}, perDim{};
  Vec3 cellLength;
  for (int d = 0; d < 3; ++d) {
    inner[d] = static_cast<long>(std::floor(box[d] / static_cast<float>(s.cellEdge)));
    perDim[d] = inner[d] + 2 * halo;
    cellLength[d] = box[d] / static_cast<double>(inner[d]);
  }
  auto border = [&](long index, int d) {
    const double haloMin = -halo * cellLength[d];
    if (index == 0) return haloMin;
    if (index == halo) return 0.0;
    if (index == perDim[d] - halo) return box[d];
    if (index == perDim[d]) return box[d] + halo * cellLength[d];
    return static_cast<double>(index) * cellLength[d] + haloMin;
  };
  auto inside = [](double lo, double hi, double r) { return r >= lo && r < hi; };

  const double vAbs = std::sqrt((3.0 + component.rotationalDegreesOfFreedom()) * s.temperature / component.mass());
  std::vector<MoleculeRecord> out;
  for (long cz = halo; cz < perDim[2] - halo; ++cz)
    for (long cy = halo; cy < perDim[1] - halo; ++cy)
      for (long cx = halo; cx < perDim[0] - halo; ++cx) {  // halo cells add nothing (ls1 drops their molecules)
        const std::array<long, 3> c{cx, cy, cz};
        Vec3 lo, hi;
        std::array<long, 3> first{}, last{};
        for (int d = 0; d < 3; ++d) {
          lo[d] = border(c[d], d);
          hi[d] = border(c[d] + 1, d);
          first[d] = static_cast<long>(std::floor(lo[d] / box[d] * static_cast<double>(n[d]))) - 1;
          last[d] = static_cast<long>(std::ceil(hi[d] / box[d] * static_cast<double>(n[d]))) + 1;
        }
        std::mt19937 gen(0);  // ls1 makes a new EqualVelocityAssigner for every cell
        std::uniform_real_distribution<double> uniform(0.0, 1.0);
        auto add = [&](double x, double y, double z) {
          MoleculeRecord m;
          m.id = out.size();
          m.component = 0;
          m.r = {x, y, z};
          const double phi = 2 * M_PI * uniform(gen);
          const double theta = std::acos(2 * uniform(gen) - 1);
          m.v = {vAbs * std::sin(phi), vAbs * std::cos(phi) * std::sin(theta), vAbs * std::cos(phi) * std::cos(theta)};
          out.push_back(m);
        };
        for (long i = first[0]; i < last[0]; ++i) {
          const double x1 = origin1.x + static_cast<double>(i) * spacing.x;
          const double x2 = origin2.x + static_cast<double>(i) * spacing.x;
          const bool x1In = inside(lo.x, hi.x, x1), x2In = inside(lo.x, hi.x, x2);
          if (!(x1In || x2In)) continue;
          for (long j = first[1]; j < last[1]; ++j) {
            const double y1 = origin1.y + static_cast<double>(j) * spacing.y;
            const double y2 = origin2.y + static_cast<double>(j) * spacing.y;
            const bool y1In = inside(lo.y, hi.y, y1), y2In = inside(lo.y, hi.y, y2);
            if (!(y1In || y2In)) continue;
            for (long k = first[2]; k < last[2]; ++k) {
              const double z1 = origin1.z + static_cast<double>(k) * spacing.z;
              const double z2 = origin2.z + static_cast<double>(k) * spacing.z;
              if (x1In && y1In && inside(lo.z, hi.z, z1)) add(x1, y1, z1);
              if (x2In && y2In && inside(lo.z, hi.z, z2)) add(x2, y2, z2);
            }
          }
        }
      }
  // ls1's IOHelpers::removeMomentum: sums in the order of the molecules, every velocity shifted, then scaled so
  // that the temperature (translation; the molecules do not rotate yet) is the target again.
  double mass = 0.0;
  Vec3 momentum;
  for (const MoleculeRecord& m : out) {
    mass += component.mass();
    momentum.x += component.mass() * m.v.x;
    momentum.y += component.mass() * m.v.y;
    momentum.z += component.mass() * m.v.z;
  }
  if (mass > 0) {
    const Vec3 sub{momentum.x / mass, momentum.y / mass, momentum.z / mass};
    for (MoleculeRecord& m : out) m.v -= sub;
  }
  double ekin = 0.0;
  unsigned long dof = 0;
  for (const MoleculeRecord& m : out) {
    ekin += 0.5 * component.mass() * (m.v.x * m.v.x + m.v.y * m.v.y + m.v.z * m.v.z);
    dof += 3 + component.rotationalDegreesOfFreedom();
  }
  if (ekin > 0 && dof > 0) {
    const double current = 2 * ekin / static_cast<double>(dof);
    const double scale = std::sqrt(s.temperature / current);
    for (MoleculeRecord& m : out) m.v = {m.v.x * scale, m.v.y * scale, m.v.z * scale};
  }
  return out;
}

// <generator name="CubicGridGenerator"> <numMolecules/> or <density/> <binaryMixture>false</binaryMixture>
void CubicGridGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  const auto count = xml.integer(g, "numMolecules", false, "a positive number of molecules");
  const auto density = xml.number(g, "density", false, "a positive density");
  if (count.has_value() == density.has_value()) {
    xml.problem(g, "CubicGridGenerator needs exactly one of <numMolecules> and <density>");
    return;
  }
  const Vec3& box = in.config.box;
  const double n = count ? static_cast<double>(*count) : *density * box.x * box.y * box.z;
  if (!(n >= 2) || n > 1e18) {
    xml.problem(xml.child(g, count ? "numMolecules" : "density"),
                "CubicGridGenerator: the number of molecules must be at least 2 (two grids), got " + std::to_string(n));
    return;
  }
  if (xml.boolean(g, "binaryMixture", false)) {
    xml.problem(xml.child(g, "binaryMixture"), "binaryMixture is not supported (expected false)");
    return;
  }
  if (in.config.components.empty()) return;
  Settings s;
  s.numMolecules = static_cast<unsigned long>(n);
  s.temperature = in.config.temperature;
  const XmlNode algorithm = xml.child(in.simulation, "algorithm");
  const XmlNode cutoffs = xml.child(algorithm, "cutoffs");
  const double rc = cutoffs ? xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  const XmlNode ds = xml.child(algorithm, "datastructure");
  const long inCutoff = ds ? xml.integer(ds, "cellsInCutoffRadius", 1L) : 1L;
  if (!(rc > 0) || inCutoff < 1) {
    xml.problem(g, "CubicGridGenerator needs algorithm/cutoffs/radiusLJ > 0 (ls1 fills its linked cells one by one)");
    return;
  }
  s.cellEdge = rc / static_cast<double>(inCutoff);
  s.cellsInCutoff = static_cast<int>(inCutoff);
  for (int d = 0; d < 3; ++d)
    if (!(box[d] >= static_cast<float>(s.cellEdge))) {
      xml.problem(g, "CubicGridGenerator: the box is narrower than one linked cell (cutoff / cellsInCutoffRadius)");
      return;
    }
  const auto perDim = moleculesPerDimension(s.numMolecules, box);
  if (perDim[0] < 1 || perDim[1] < 1 || perDim[2] < 1) {
    xml.problem(g, "CubicGridGenerator: too few molecules for a grid along every axis of this box");
    return;
  }
  if (!in.fits(xml.child(g, count ? "numMolecules" : "density"), 2.0 * perDim[0] * perDim[1] * perDim[2])) return;
  if (in.readPhaseSpace) in.config.molecules = generate(s, in.config.components[0], box);
}

}  // namespace mardyn
