// LatticeGenerator: cubic / BCC / FCC lattices with seeded velocities at a target temperature, and
// uniformly random orientations (Shoemake's method) for rigid multi-site components.
#include "generators/LatticeGenerator.h"

#include <tinyxml2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <random>
#include <sstream>

namespace mardyn {

std::vector<MoleculeRecord> LatticeGenerator::generate(const Settings& s, const Component& component, const Vec3& box) {
  static const Vec3 fccBasis[4] = {{0.25, 0.25, 0.25}, {0.75, 0.75, 0.25}, {0.75, 0.25, 0.75}, {0.25, 0.75, 0.75}};
  static const Vec3 bccBasis[2] = {{0.25, 0.25, 0.25}, {0.75, 0.75, 0.75}};
  static const Vec3 cubicBasis[1] = {{0.5, 0.5, 0.5}};
  const Vec3* basis = s.lattice == Lattice::FCC ? fccBasis : (s.lattice == Lattice::BCC ? bccBasis : cubicBasis);
  const unsigned nb = basisSize(s.lattice);
  const Vec3 a{box.x / s.cells[0], box.y / s.cells[1], box.z / s.cells[2]};

  std::mt19937_64 rng(s.seed);
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);

  std::vector<MoleculeRecord> mols;
  mols.reserve(static_cast<std::size_t>(s.cells[0]) * s.cells[1] * s.cells[2] * nb);
  const double m = component.mass();
  const Vec3 I = component.momentsOfInertia();
  const bool rotates = component.rotationalDegreesOfFreedom() > 0;
  unsigned long id = 1;
  for (unsigned i = 0; i < s.cells[0]; ++i)
    for (unsigned j = 0; j < s.cells[1]; ++j)
      for (unsigned k = 0; k < s.cells[2]; ++k)
        for (unsigned b = 0; b < nb; ++b) {
          MoleculeRecord r;
          r.id = id++;
          r.component = s.component;
          r.r = {(i + basis[b].x) * a.x, (j + basis[b].y) * a.y, (k + basis[b].z) * a.z};
          const double sd = std::sqrt(s.temperature / m);
          r.v = {sd * gauss(rng), sd * gauss(rng), sd * gauss(rng)};
          if (rotates) {
            if (s.randomOrientations) {
              const double u1 = uniform(rng), u2 = uniform(rng), u3 = uniform(rng);
              Quaternion q(std::sqrt(1 - u1) * std::sin(2 * M_PI * u2), std::sqrt(1 - u1) * std::cos(2 * M_PI * u2),
                           std::sqrt(u1) * std::sin(2 * M_PI * u3), std::sqrt(u1) * std::cos(2 * M_PI * u3));
              q.normalize();
              r.q = q;
            }
            Vec3 Lb;
            for (int d = 0; d < 3; ++d)
              if (I[d] > 0) Lb[d] = std::sqrt(s.temperature * I[d]) * gauss(rng);
            r.L = r.q.rotateInv(Lb);
          }
          mols.push_back(r);
        }

  const std::size_t n = mols.size();
  if (n == 0) return mols;
  Vec3 vcm;
  for (const auto& r : mols) vcm += r.v;
  vcm = vcm / static_cast<double>(n);
  double twoEkin = 0.0;
  for (auto& r : mols) {
    r.v -= vcm;
    twoEkin += m * norm2(r.v);
  }
  const double scale = twoEkin > 0 ? std::sqrt(3.0 * n * s.temperature / twoEkin) : 0.0;
  for (auto& r : mols) r.v *= scale;

  if (rotates) {
    double twoErot = 0.0;
    for (const auto& r : mols) {
      const Vec3 Lb = r.q.rotate(r.L);
      for (int d = 0; d < 3; ++d)
        if (I[d] > 0) twoErot += Lb[d] * Lb[d] / I[d];
    }
    const double dof = static_cast<double>(n) * component.rotationalDegreesOfFreedom();
    const double rs = twoErot > 0 ? std::sqrt(dof * s.temperature / twoErot) : 0.0;
    for (auto& r : mols) r.L *= rs;
  }
  return mols;
}

void LatticeGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  LatticeGenerator::Settings s;
  std::string lattice = xml.text(g, "lattice").value_or("fcc");
  std::transform(lattice.begin(), lattice.end(), lattice.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lattice == "fcc") s.lattice = LatticeGenerator::Lattice::FCC;
  else if (lattice == "bcc") s.lattice = LatticeGenerator::Lattice::BCC;
  else if (lattice == "cubic" || lattice == "sc") s.lattice = LatticeGenerator::Lattice::Cubic;
  else xml.problem(xml.child(g, "lattice"), "wrong type: lattice '" + lattice + "' (expected fcc, bcc or cubic)");
  const XmlNode cells = xml.requiredChild(g, "cells", "a number of unit cells per direction");
  if (cells) {
    const char* t = cells.element->GetText();
    std::istringstream words(t ? t : "");
    std::vector<long> n;
    for (std::string w; words >> w;) n.push_back(parseLong(w).value_or(0));
    std::array<long, 3> c{0, 0, 0};
    if (n.size() == 1 || n.size() == 3) {
      for (int d = 0; d < 3; ++d) c[d] = n[n.size() == 1 ? 0 : d];
    } else {
      const char* names[3] = {"x", "y", "z"};
      for (int d = 0; d < 3; ++d) c[d] = xml.integer(cells, names[d], true, "a positive integer").value_or(1);
    }
    const long maxCells = 1L << 30;
    for (int d = 0; d < 3; ++d) s.cells[d] = c[d] > 0 && c[d] <= maxCells ? static_cast<unsigned>(c[d]) : 0u;
    if (c[0] <= 0 || c[1] <= 0 || c[2] <= 0) xml.problem(cells, "cells must be positive (expected integers > 0)");
    else if (s.cells[0] == 0 || s.cells[1] == 0 || s.cells[2] == 0) xml.problem(cells, "cells out of range (expected <= 2^30 per direction)");
    else if (!in.fits(cells, static_cast<double>(s.cells[0]) * s.cells[1] * s.cells[2] *
                                            LatticeGenerator::basisSize(s.lattice)))
      s.cells = {0, 0, 0};
  }
  const std::string cidName = xml.child(g, "componentid") ? "componentid" : "component";
  const long cid = xml.integer(g, cidName, 1L);
  if (cid < 1 || cid > static_cast<long>(in.config.components.size())) {
    const XmlNode cn = xml.child(g, cidName);
    xml.problem(cn ? cn : g, "unknown component id " + std::to_string(cid) + " (expected 1.." +
                                                 std::to_string(in.config.components.size()) + ")");
    return;
  }
  s.component = static_cast<unsigned>(cid - 1);
  s.temperature = xml.number(g, "temperature", in.config.temperature);
  if (s.temperature < 0) xml.problem(xml.child(g, "temperature"), "temperature must not be negative (expected >= 0)");
  s.seed = static_cast<std::uint64_t>(xml.integer(g, "seed", 1L));
  s.randomOrientations = xml.boolean(g, "randomorientation", true);
  if (s.cells[0] && s.cells[1] && s.cells[2] && in.readPhaseSpace)
    in.config.molecules = LatticeGenerator::generate(s, in.config.components[s.component], in.config.box);
}

// ls1-mardyn's CubicGridGenerator: <numMolecules> or <density> (one of them); a body-centred cubic
// lattice of n^3 cells, n = ceil((N/2)^(1/3)), filling the box, component 1, ensemble temperature.
void LatticeGenerator::readCubicGrid(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  const auto count = xml.integer(g, "numMolecules", false, "a positive number of molecules");
  const auto density = xml.number(g, "density", false, "a positive density");
  if (count.has_value() == density.has_value()) {
    xml.problem(g, "CubicGridGenerator needs exactly one of <numMolecules> and <density>");
    return;
  }
  const double n = count ? static_cast<double>(*count) : *density * in.config.box.x * in.config.box.y * in.config.box.z;
  if (!(n > 0)) {
    xml.problem(g, "CubicGridGenerator: the number of molecules must be positive");
    return;
  }
  if (xml.boolean(g, "binaryMixture", false)) {
    xml.problem(xml.child(g, "binaryMixture"), "binaryMixture is not supported (expected false)");
    return;
  }
  LatticeGenerator::Settings s;
  s.lattice = LatticeGenerator::Lattice::BCC;
  const double perDim = std::ceil(std::cbrt(n / 2.0) - 1e-9);
  if (!in.fits(xml.child(g, count ? "numMolecules" : "density"), 2.0 * perDim * perDim * perDim)) return;
  const auto cells = static_cast<unsigned>(perDim);
  s.cells = {cells, cells, cells};
  s.component = 0;
  s.temperature = in.config.temperature;
  s.seed = static_cast<std::uint64_t>(xml.integer(g, "seed", 1L));
  if (in.readPhaseSpace) in.config.molecules = LatticeGenerator::generate(s, in.config.components[0], in.config.box);
}

}  // namespace mardyn
