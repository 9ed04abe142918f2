// CubicSpline: the spline's second derivatives M solve M[i-1] + 4 M[i] + M[i+1] = 6 (y[i+1] - 2 y[i] + y[i-1]) / h^2
// (tridiagonal with M = 0 at the ends for the natural spline, cyclic for the periodic one, solved by the
// Sherman-Morrison correction of a tridiagonal solve); the knot slopes follow from M.
#include "CubicSpline.h"

#include "openmm/OpenMMException.h"

#include <cmath>

namespace OpenMM {
namespace CubicSpline {

namespace {

/** Solves the tridiagonal system with sub-diagonal a, diagonal b, super-diagonal c (Thomas algorithm). */
std::vector<double> solveTridiagonal(const std::vector<double>& a, const std::vector<double>& b,
                                     const std::vector<double>& c, const std::vector<double>& r) {
  size_t n = b.size();
  std::vector<double> gamma(n), x(n);
  double beta = b[0];
  x[0] = r[0] / beta;
  for (size_t i = 1; i < n; i++) {
    gamma[i] = c[i - 1] / beta;
    beta = b[i] - a[i] * gamma[i];
    x[i] = (r[i] - a[i] * x[i - 1]) / beta;
  }
  for (size_t i = n - 1; i-- > 0;)
    x[i] -= gamma[i + 1] * x[i + 1];
  return x;
}

/** Second derivatives of the periodic spline through the m distinct values y[0..m-1]. */
std::vector<double> periodicSecondDerivatives(const std::vector<double>& y, size_t m, double h) {
  std::vector<double> r(m);
  for (size_t i = 0; i < m; i++)
    r[i] = 6.0 * (y[(i + 1) % m] - 2.0 * y[i] + y[(i + m - 1) % m]) / (h * h);
  if (m == 2) // both neighbours of a knot are the same knot: [[4, 2], [2, 4]]
    return {(4.0 * r[0] - 2.0 * r[1]) / 12.0, (4.0 * r[1] - 2.0 * r[0]) / 12.0};
  // Cyclic system A = T + u v^T with u = (gamma, 0, ..., 0, 1), v = (1, 0, ..., 0, 1/gamma).
  const double gamma = -4.0;
  std::vector<double> a(m, 1.0), b(m, 4.0), c(m, 1.0), u(m, 0.0);
  b[0] -= gamma;
  b[m - 1] -= 1.0 / gamma;
  u[0] = gamma;
  u[m - 1] = 1.0;
  std::vector<double> x = solveTridiagonal(a, b, c, r), z = solveTridiagonal(a, b, c, u);
  double factor = (x[0] + x[m - 1] / gamma) / (1.0 + z[0] + z[m - 1] / gamma);
  for (size_t i = 0; i < m; i++)
    x[i] -= factor * z[i];
  return x;
}

} // namespace

std::vector<double> knotDerivatives(const std::vector<double>& y, double h, bool periodic) {
  size_t n = y.size();
  if (n < (periodic ? 3u : 2u))
    throw OpenMMException(std::string("CubicSpline: a ") + (periodic ? "periodic spline needs at least three" :
                          "spline needs at least two") + " points");
  std::vector<double> m2(n, 0.0);
  if (periodic) {
    std::vector<double> cyclic = periodicSecondDerivatives(y, n - 1, h);
    for (size_t i = 0; i + 1 < n; i++)
      m2[i] = cyclic[i];
    m2[n - 1] = cyclic[0];
  } else if (n > 2) {
    size_t k = n - 2;
    std::vector<double> a(k, 1.0), b(k, 4.0), c(k, 1.0), r(k);
    for (size_t i = 0; i < k; i++)
      r[i] = 6.0 * (y[i + 2] - 2.0 * y[i + 1] + y[i]) / (h * h);
    std::vector<double> inner = solveTridiagonal(a, b, c, r);
    for (size_t i = 0; i < k; i++)
      m2[i + 1] = inner[i];
  }
  std::vector<double> slope(n);
  for (size_t i = 0; i + 1 < n; i++)
    slope[i] = (y[i + 1] - y[i]) / h - h * (2.0 * m2[i] + m2[i + 1]) / 6.0;
  slope[n - 1] = (y[n - 1] - y[n - 2]) / h + h * (m2[n - 2] + 2.0 * m2[n - 1]) / 6.0;
  return slope;
}

void hermiteBasis(double t, double h, int order, double basis[4]) {
  double t2 = t * t, t3 = t2 * t;
  switch (order) {
  case 0:
    basis[0] = 2 * t3 - 3 * t2 + 1;
    basis[1] = t3 - 2 * t2 + t;
    basis[2] = -2 * t3 + 3 * t2;
    basis[3] = t3 - t2;
    break;
  case 1:
    basis[0] = 6 * t2 - 6 * t;
    basis[1] = 3 * t2 - 4 * t + 1;
    basis[2] = -6 * t2 + 6 * t;
    basis[3] = 3 * t2 - 2 * t;
    break;
  case 2:
    basis[0] = 12 * t - 6;
    basis[1] = 6 * t - 4;
    basis[2] = -12 * t + 6;
    basis[3] = 6 * t - 2;
    break;
  case 3:
    basis[0] = 12;
    basis[1] = 6;
    basis[2] = -12;
    basis[3] = 6;
    break;
  default:
    basis[0] = basis[1] = basis[2] = basis[3] = 0.0;
    return;
  }
  // The slope weights carry the cell width; each derivative in x divides by it once.
  basis[1] *= h;
  basis[3] *= h;
  double scale = std::pow(h, -order);
  for (int k = 0; k < 4; k++)
    basis[k] *= scale;
}

} // namespace CubicSpline
} // namespace OpenMM
