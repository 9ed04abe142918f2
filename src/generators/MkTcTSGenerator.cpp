// MkTcTSGenerator: ls1's mkTcTS: per layer a grid of cells of 3 sites (face centres), filled to the layer's
// density by random swaps (5 passes), each molecule displaced by up to 1/16 of a cell.
//   <generator name="mkTcTS"> <layer1> <l1_ratio/> <l1_offset/> <density/> </layer1> <layer2> <density/> </layer2>
#include "generators/MkTcTSGenerator.h"

#include "generators/Ls1Random.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

MkTcTSGenerator::Settings MkTcTSGenerator::read(XmlInput& xml, const XmlNode& g) {
  Settings s;
  const XmlNode l1 = xml.requiredChild(g, "layer1", "<layer1> with <density>");
  if (l1) {
    s.l1Ratio = xml.number(l1, "l1_ratio", 0.5);
    s.l1Offset = xml.number(l1, "l1_offset", 0.3);
    s.rho1 = xml.number(l1, "density", true, "a positive density").value_or(0.0);
    if (!(s.rho1 > 0)) xml.problem(l1, "layer1/density must be positive (expected > 0)");
    if (!(s.l1Ratio > 0 && s.l1Ratio < 1)) xml.problem(l1, "l1_ratio out of range (expected 0 < l1_ratio < 1)");
  }
  s.rho2 = s.rho1;
  if (const XmlNode l2 = xml.child(g, "layer2")) s.rho2 = xml.number(l2, "density", s.rho1);
  if (s.rho2 < 0) xml.problem(g, "layer2/density must not be negative");
  return s;
}

std::vector<MoleculeRecord> MkTcTSGenerator::generate(const Settings& s, const Vec3& box, double T, double cutoff,
                                                      std::size_t numComponents) {
  constexpr int passes = 5;
  constexpr double varFraction = 0.125;
  std::size_t units[3][2];
  double unit[3][2], nIdeal[2];
  for (int l = 0; l < 2; ++l) {
    const double ratio = l == 0 ? s.l1Ratio : 1 - s.l1Ratio;
    nIdeal[l] = box.x * (ratio * box.y) * box.z * (l == 0 ? s.rho1 : s.rho2);
    const double nBoxes = nIdeal[l] / 3.0;  // 3 molecules per cell
    units[1][l] = static_cast<std::size_t>(std::round(std::pow(nBoxes * (ratio * box.y) * (ratio * box.y) / (box.x * box.z), 1.0 / 3.0)));
    if (units[1][l] == 0) units[1][l] = 1;
    const double bxbz = nBoxes / units[1][l];
    units[0][l] = static_cast<std::size_t>(std::round(std::sqrt(box.x * bxbz / box.z)));
    if (units[0][l] == 0) units[0][l] = 1;
    units[2][l] = static_cast<std::size_t>(std::ceil(bxbz / units[0][l]));
    for (int d = 0; d < 3; ++d) unit[d][l] = (d == 1 ? ratio : 1.0) * box[d] / static_cast<double>(units[d][l]);
  }
  Ls1Random rnd(Ls1Random::seedSum({Ls1Random::seedTerm(10000.0 * box.x), -Ls1Random::seedTerm(3162.3 * cutoff),
                                     Ls1Random::seedTerm(1000.0 * T), Ls1Random::seedTerm(100.0 * box.y)}));
  std::vector<bool> fill[2];
  unsigned n[2], slots[2];
  for (int l = 0; l < 2; ++l) {
    slots[l] = static_cast<unsigned>(3 * units[0][l] * units[1][l] * units[2][l]);
    fill[l].assign(slots[l], true);
    n[l] = slots[l];
  }
  for (int l = 0; l < 2; ++l)
    for (int m = 0; m < passes; ++m) {
      const bool swapIn = n[l] < nIdeal[l];
      const double pSwap = (nIdeal[l] - n[l]) / ((swapIn ? slots[l] : 0) - static_cast<double>(n[l]));
      for (unsigned idx = 0; idx < slots[l]; ++idx)  // i, j, k, d in ls1's nesting = the flat index order
        if (pSwap >= rnd.rnd()) {
          if (fill[l][idx]) --n[l];
          fill[l][idx] = swapIn;
          if (swapIn) ++n[l];
        }
    }
  const double offset[3][2] = {{0.1, 0.1}, {s.l1Offset, s.l1Offset + s.l1Ratio}, {0.1, 0.1}};
  const double faceOffset[3][3] = {{0.0, 0.5, 0.5}, {0.5, 0.0, 0.5}, {0.5, 0.5, 0.0}};
  const double vAvg = std::sqrt(3.0 * T);
  std::vector<MoleculeRecord> out;
  unsigned long id = 1;
  for (int l = 0; l < 2; ++l)
    for (std::size_t i = 0; i < units[0][l]; ++i)
      for (std::size_t j = 0; j < units[1][l]; ++j)
        for (std::size_t k = 0; k < units[2][l]; ++k)
          for (int d = 0; d < 3; ++d) {
            if (!fill[l][((units[1][l] * i + j) * units[2][l] + k) * 3 + d]) continue;
            const std::size_t cell[3] = {i, j, k};
            Vec3 q;
            for (int c = 0; c < 3; ++c) {
              q[c] = cell[c] * unit[c][l];
              q[c] += box[c] * offset[c][l] + unit[c][l] * faceOffset[c][d];
              q[c] += varFraction * unit[c][l] * (rnd.rnd() - 0.5);
              if (q[c] > box[c]) q[c] -= box[c];
            }
            const double phi = 2 * M_PI * rnd.rnd();
            const double omega = 2 * M_PI * rnd.rnd();
            MoleculeRecord m;
            m.id = id++;
            m.component = (l == 1 && numComponents >= 2) ? 1u : 0u;
            m.r = q;
            m.v = {vAvg * std::cos(phi) * std::cos(omega), vAvg * std::cos(phi) * std::sin(omega), vAvg * std::sin(phi)};
            // ls1 keeps a molecule only inside its domain [0, L): one exactly on the upper face is dropped
            if (q.x >= 0 && q.x < box.x && q.y >= 0 && q.y < box.y && q.z >= 0 && q.z < box.z) out.push_back(m);
          }
  return out;
}

// ls1's mkTcTS seeds its random stream with the cutoff radius, which is read later (algorithm): read it here.
void MkTcTSGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  const MkTcTSGenerator::Settings s = MkTcTSGenerator::read(xml, g);
  const XmlNode cutoffs = xml.child(xml.child(in.simulation, "algorithm"), "cutoffs");
  const double rc = cutoffs ? xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  const double count = in.config.box.x * in.config.box.y * in.config.box.z * std::max(s.rho1, s.rho2);
  if (!xml.problems().empty() || !in.fits(g, count) || !in.readPhaseSpace) return;
  in.config.molecules = MkTcTSGenerator::generate(s, in.config.box, in.config.temperature, rc, in.config.components.size());
}

}  // namespace mardyn
