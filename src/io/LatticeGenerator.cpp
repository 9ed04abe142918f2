// LatticeGenerator: cubic / BCC / FCC lattices with seeded velocities at a target temperature, and
// uniformly random orientations (Shoemake's method) for rigid multi-site components.
#include "io/LatticeGenerator.h"

#include <cmath>
#include <random>

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

}  // namespace mardyn
