// ReferenceEwaldSum: structure factors from per-dimension phase tables exp(2 pi i m s_d) of the fractional
// coordinates; the half space of wave vectors, doubled.
#include "ReferenceEwaldSum.h"

#include <cmath>
#include <complex>

namespace OpenMM {

void ReferenceEwaldSum::reciprocalVectors(const Vec3* box, Vec3* recip) {
  const double ax = box[0][0], bx = box[1][0], by = box[1][1], cx = box[2][0], cy = box[2][1], cz = box[2][2];
  recip[0] = Vec3(1.0 / ax, -bx / (ax * by), (bx * cy - by * cx) / (ax * by * cz));
  recip[1] = Vec3(0.0, 1.0 / by, -cy / (by * cz));
  recip[2] = Vec3(0.0, 0.0, 1.0 / cz);
}

double ReferenceEwaldSum::compute(const std::vector<Vec3>& positions, const std::vector<double>& charges,
                                  const Vec3* box, double alpha, const int kmax[3], double coulombConstant,
                                  std::vector<Vec3>& forces, bool includeForces) {
  using Complex = std::complex<double>;
  const int n = static_cast<int>(positions.size());
  Vec3 recip[3];
  reciprocalVectors(box, recip);
  const double volume = box[0][0] * box[1][1] * box[2][2];
  // phase[d][(m + kmax-1) * n + i] = exp(2 pi i m s_d(i)) for -kmax < m < kmax.
  std::vector<Complex> phase[3];
  for (int d = 0; d < 3; d++) {
    const int width = 2 * kmax[d] - 1;
    phase[d].resize(static_cast<size_t>(width) * n);
    for (int i = 0; i < n; i++) {
      double s = positions[i].dot(recip[d]);
      for (int m = -(kmax[d] - 1); m < kmax[d]; m++)
        phase[d][static_cast<size_t>(m + kmax[d] - 1) * n + i] = std::polar(1.0, 2.0 * M_PI * m * s);
    }
  }
  const double factor = 4.0 * M_PI * coulombConstant / volume; // the half space counted twice
  double energy = 0.0;
  std::vector<Complex> terms(n);
  for (int m1 = 0; m1 < kmax[0]; m1++)
    for (int m2 = (m1 == 0 ? 0 : -(kmax[1] - 1)); m2 < kmax[1]; m2++)
      for (int m3 = (m1 == 0 && m2 == 0 ? 1 : -(kmax[2] - 1)); m3 < kmax[2]; m3++) {
        Vec3 k = (recip[0] * m1 + recip[1] * m2 + recip[2] * m3) * (2.0 * M_PI);
        double k2 = k.dot(k);
        double g = std::exp(-k2 / (4.0 * alpha * alpha)) / k2;
        const Complex* p1 = &phase[0][static_cast<size_t>(m1 + kmax[0] - 1) * n];
        const Complex* p2 = &phase[1][static_cast<size_t>(m2 + kmax[1] - 1) * n];
        const Complex* p3 = &phase[2][static_cast<size_t>(m3 + kmax[2] - 1) * n];
        Complex s(0.0, 0.0);
        for (int i = 0; i < n; i++) {
          terms[i] = p1[i] * p2[i] * p3[i];
          s += charges[i] * terms[i];
        }
        energy += factor * g * std::norm(s);
        if (includeForces)
          for (int i = 0; i < n; i++)
            forces[i] += k * (2.0 * factor * g * charges[i] * (terms[i] * std::conj(s)).imag());
      }
  return energy;
}

} // namespace OpenMM
