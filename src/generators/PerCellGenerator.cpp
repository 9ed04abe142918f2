// PerCellGenerator: the cells of the box, a number of molecules at uniformly random places in each, the
// velocities of equal magnitude in ls1's random directions, and the reading of its element.
#include "generators/PerCellGenerator.h"

#include <cmath>
#include <random>

namespace mardyn {

std::array<unsigned long, 3> PerCellGenerator::cells(const Vec3& box, double cellEdge) {
  std::array<unsigned long, 3> n{};
  for (int d = 0; d < 3; ++d) n[d] = std::max(1.0, std::floor(box[d] / cellEdge));
  return n;
}

std::vector<MoleculeRecord> PerCellGenerator::generate(const Settings& s, const Component& component, const Vec3& box) {
  std::vector<MoleculeRecord> out;
  std::mt19937_64 place(s.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto add = [&](const Vec3& lo, const Vec3& size) {
    MoleculeRecord m;
    m.id = out.size() + 1;
    m.component = 0;
    for (int d = 0; d < 3; ++d) m.r[d] = std::min(lo[d] + unit(place) * size[d], box[d] * (1.0 - 1e-15));
    out.push_back(m);
  };
  const auto n = cells(box, s.cellEdge);
  const Vec3 edge{box.x / n[0], box.y / n[1], box.z / n[2]};
  if (s.perCell == 0) {
    if (s.atLeastTwo)
      for (int i = 0; i < 2; ++i) add(Vec3(), box);
  } else {
    out.reserve(n[0] * n[1] * n[2] * s.perCell);
    for (unsigned long x = 0; x < n[0]; ++x)
      for (unsigned long y = 0; y < n[1]; ++y)
        for (unsigned long z = 0; z < n[2]; ++z)
          for (unsigned long i = 0; i < s.perCell; ++i)
            add(Vec3{x * edge.x, y * edge.y, z * edge.z}, edge);
  }
  // equal speeds in random directions, with the stream and angle convention of ls1's EqualVelocityAssigner
  std::mt19937 gen(0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const double vAbs = std::sqrt((3.0 + component.rotationalDegreesOfFreedom()) * s.temperature / component.mass());
  Vec3 momentum;
  for (MoleculeRecord& m : out) {
    const double phi = 2 * M_PI * uniform(gen);
    const double theta = std::acos(2 * uniform(gen) - 1);
    m.v = {vAbs * std::sin(phi), vAbs * std::cos(phi) * std::sin(theta), vAbs * std::cos(phi) * std::cos(theta)};
    momentum += m.v;
  }
  if (!out.empty()) {
    const Vec3 drift = momentum / static_cast<double>(out.size());  // one component: equal masses
    for (MoleculeRecord& m : out) m.v -= drift;
  }
  return out;
}

// ls1-mardyn's PerCellGenerator: <numMoleculesPerCell> (required) molecules in every linked cell, whose edge
// comes from algorithm/cutoffs/radiusLJ and algorithm/datastructure/cellsInCutoffRadius (read here),
// <initTemperature> (required, > 0), <generateAtLeastTwoParticles> (default true), <seed> (default 1).
void PerCellGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  PerCellGenerator::Settings s;
  const auto perCell = xml.integer(g, "numMoleculesPerCell", true, "a number of molecules per cell >= 0");
  if (perCell && *perCell < 0) xml.problem(xml.child(g, "numMoleculesPerCell"), "numMoleculesPerCell must not be negative (expected >= 0)");
  const auto T = xml.number(g, "initTemperature", true, "a positive temperature");
  if (T && !(*T > 0)) xml.problem(xml.child(g, "initTemperature"), "initTemperature must be positive (expected > 0)");
  s.atLeastTwo = xml.boolean(g, "generateAtLeastTwoParticles", true);
  s.seed = static_cast<std::uint64_t>(xml.integer(g, "seed", 1L));
  const XmlNode algorithm = xml.child(in.simulation, "algorithm");
  const XmlNode cutoffs = xml.child(algorithm, "cutoffs");
  const double rc = cutoffs ? xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  const XmlNode ds = xml.child(algorithm, "datastructure");
  const long inCutoff = ds ? xml.integer(ds, "cellsInCutoffRadius", 1L) : 1L;
  if (!(rc > 0)) {
    xml.problem(g, "PerCellGenerator needs algorithm/cutoffs/radiusLJ > 0 (the cells are the linked cells)");
    return;
  }
  if (!perCell || !T || *perCell < 0 || !(*T > 0) || inCutoff < 1 || !xml.problems().empty()) return;
  s.perCell = static_cast<unsigned long>(*perCell);
  s.temperature = *T;
  s.cellEdge = rc / static_cast<double>(inCutoff);
  const auto n = PerCellGenerator::cells(in.config.box, s.cellEdge);
  const double count = s.perCell == 0 ? (s.atLeastTwo ? 2.0 : 0.0)
                                      : static_cast<double>(n[0]) * n[1] * n[2] * static_cast<double>(s.perCell);
  if (!in.fits(xml.child(g, "numMoleculesPerCell"), count) || !in.readPhaseSpace) return;
  in.config.molecules = PerCellGenerator::generate(s, in.config.components[0], in.config.box);
}

}  // namespace mardyn
