// MkesferaGenerator: ls1's mkesfera: a cubic grid of cells (3 face sites each) over a cube of the largest
// box length, each site filled with the probability that gives the local density (droplet inside the radius,
// with periodic distances), then jittered by up to 3.5 % of a cell.
//   <generator name="mkesfera"> <outer-density/> <droplet> <radius/> <density/> <center><x/><y/><z/></center> </droplet>
#include "generators/MkesferaGenerator.h"

#include "generators/Ls1Random.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

MkesferaGenerator::Settings MkesferaGenerator::read(XmlInput& xml, const XmlNode& g, const Vec3& box) {
  Settings s;
  const double half = 0.5 * std::max({box.x, box.y, box.z});
  s.centre = {half, half, half};
  s.outerDensity = xml.number(g, "outer-density", true, "a density >= 0").value_or(0.0);
  const XmlNode d = xml.requiredChild(g, "droplet", "<droplet> with <radius> and <density>");
  if (d) {
    s.radius = xml.number(d, "radius", true, "a radius >= 0").value_or(0.0);
    s.density = xml.number(d, "density", true, "a density >= 0").value_or(0.0);
    if (const XmlNode c = xml.child(d, "center"))
      s.centre = {xml.number(c, "x", half), xml.number(c, "y", half), xml.number(c, "z", half)};
  }
  if (s.outerDensity < 0 || s.density < 0 || s.radius < 0)
    xml.problem(g, "mkesfera: negative density or radius (expected >= 0)");
  if (!(std::max(s.outerDensity, s.density) > 0)) xml.problem(g, "mkesfera: both densities are 0 (expected molecules)");
  return s;
}

std::vector<MoleculeRecord> MkesferaGenerator::generate(const Settings& s, const Vec3& box, double T, double cutoff) {
  constexpr double varFraction = 0.07, boxOverload = 1.3333;
  const double Ro = 0.5 * std::max({box.x, box.y, box.z});
  const double rhoMax = std::max(s.density, s.outerDensity);
  const int units = static_cast<int>(std::ceil(std::pow(8.0 * Ro * Ro * Ro * (boxOverload * rhoMax) / 3.0, 1.0 / 3.0)));
  const double unit = 2.0 * Ro / units;
  Ls1Random rnd(Ls1Random::seedSum({Ls1Random::seedTerm(10000.0 * Ro), -Ls1Random::seedTerm(3162.3 * cutoff),
                                     Ls1Random::seedTerm(1000.0 * T), -Ls1Random::seedTerm(316.23 * s.density),
                                     Ls1Random::seedTerm(100.0 * s.radius)}));
  const auto slots = static_cast<unsigned>(3.0 * units * units * units);
  const double boxDensity = slots / (8.0 * Ro * Ro * Ro);
  const double pIn = s.density / boxDensity, pOut = s.outerDensity / boxDensity;
  const double face[3][3] = {{0.0, 0.5, 0.5}, {0.5, 0.0, 0.5}, {0.5, 0.5, 0.0}};  // [dimension][site]
  std::vector<char> fill(static_cast<std::size_t>(units) * units * units * 3, 0);
  std::size_t n = 0;
  for (int i = 0; i < units; ++i)
    for (int j = 0; j < units; ++j)
      for (int k = 0; k < units; ++k)
        for (int p = 0; p < 3; ++p) {
          const int idx[3] = {i, j, k};
          double qq = 0;
          bool outside = false;
          for (int d = 0; d < 3; ++d) {
            double q = (idx[d] + face[d][p]) * unit;
            if (q > box[d] || q < 0) outside = true;
            q -= s.centre[d];
            q -= std::round(q / box[d]) * box[d];
            qq += q * q;
          }
          const bool filled = (qq > s.radius * s.radius ? pOut : pIn) >= rnd.rnd();  // drawn for every site
          if (!outside) fill[n++] = filled;
          else fill[n++] = 0;
        }
  std::vector<MoleculeRecord> out;
  const double vAvg = std::sqrt(3.0 * T);
  unsigned long id = 1;
  n = 0;
  for (int i = 0; i < units; ++i)
    for (int j = 0; j < units; ++j)
      for (int k = 0; k < units; ++k)
        for (int p = 0; p < 3; ++p) {
          const float r1 = rnd.rnd(), r2 = rnd.rnd(), r3 = rnd.rnd();
          if (!fill[n++]) continue;
          const int idx[3] = {i, j, k};
          Vec3 q;
          bool outside = false;
          for (int d = 0; d < 3; ++d) {
            q[d] = (idx[d] + varFraction * (r1 - 0.5) + face[d][p]) * unit;
            outside = outside || q[d] < 0 || q[d] >= box[d];
          }
          if (outside) continue;
          const double phi = 2 * M_PI * r2, omega = 2 * M_PI * r3;
          MoleculeRecord m;
          m.id = id++;
          m.r = q;
          m.v = {vAvg * std::cos(phi) * std::cos(omega), vAvg * std::cos(phi) * std::sin(omega), vAvg * std::sin(phi)};
          out.push_back(m);
        }
  return out;
}

void MkesferaGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  const MkesferaGenerator::Settings s = MkesferaGenerator::read(xml, g, in.config.box);
  const XmlNode cutoffs = xml.child(xml.child(in.simulation, "algorithm"), "cutoffs");
  const double rc = cutoffs ? xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  // mkesfera fills a cube of the largest box length with a third more sites than the densest phase needs
  const double edge = std::max({in.config.box.x, in.config.box.y, in.config.box.z});
  const double count = 1.3333 * edge * edge * edge * std::max(s.density, s.outerDensity);
  if (!xml.problems().empty() || !in.fits(g, count) || !in.readPhaseSpace) return;
  in.config.molecules = MkesferaGenerator::generate(s, in.config.box, in.config.temperature, rc);
}

}  // namespace mardyn
