// ReferencePmeGrid: E = (f / 2 pi V) sum_{m != 0} exp(-pi^2 m^2 / alpha^2) / m^2 B(m) |F(Q)(m)|^2, computed as
// 1/2 sum_k Q(k) (theta * Q)(k) with the convolution done in Fourier space; the force on a charge is minus the
// B-spline gradient of its grid weights against the convolved grid. The dispersion kernel (Essmann et al. 1995):
// E = -(pi^(3/2) beta^3 / 2V) sum_m f(pi |m| / beta) B(m) |F(Q)(m)|^2, f(b) = ((1 - 2b^2) exp(-b^2) + 2 b^3 sqrt(pi)
// erfc(b)) / 3, m = 0 included (f(0) = 1/3).
#include "ReferencePmeGrid.h"

#include "ReferenceEwaldSum.h"

#include <cmath>
#include <fftw3.h>

namespace OpenMM {

void ReferencePmeGrid::bsplines(double w, double* values, double* derivatives) {
  // values[j] = M_k(w + j), built up from M_1 to M_Order by the recursion
  // M_{k+1}(x) = x/k M_k(x) + (k+1-x)/k M_k(x-1).
  double a[Order + 1] = {1.0};
  for (int k = 1; k < Order; k++) {
    if (k == Order - 1)
      for (int j = 0; j < Order; j++)
        derivatives[j] = (j < k ? a[j] : 0.0) - (j > 0 ? a[j - 1] : 0.0);
    double next[Order + 1] = {};
    for (int j = 0; j <= k; j++) {
      double x = w + j;
      next[j] = (x / k) * (j < k ? a[j] : 0.0) + ((k + 1 - x) / k) * (j > 0 ? a[j - 1] : 0.0);
    }
    for (int j = 0; j <= k; j++)
      a[j] = next[j];
  }
  for (int j = 0; j < Order; j++)
    values[j] = a[j];
}

ReferencePmeGrid::ReferencePmeGrid(int nx, int ny, int nz, double alpha, Kernel kernel)
    : _size{nx, ny, nz}, _alpha(alpha), _kernel(kernel) {
  const size_t realSize = static_cast<size_t>(nx) * ny * nz;
  const size_t complexSize = static_cast<size_t>(nx) * ny * (nz / 2 + 1);
  _real = fftw_alloc_real(realSize);
  _complex = fftw_alloc_complex(complexSize);
  _forward = fftw_plan_dft_r2c_3d(nx, ny, nz, _real, static_cast<fftw_complex*>(_complex), FFTW_ESTIMATE);
  _backward = fftw_plan_dft_c2r_3d(nx, ny, nz, static_cast<fftw_complex*>(_complex), _real, FFTW_ESTIMATE);
  // |b(m)|^2 = 1 / |sum_{k=0}^{n-2} M_n(k+1) exp(2 pi i m k / K)|^2.
  double values[Order], derivatives[Order];
  bsplines(0.0, values, derivatives);
  for (int d = 0; d < 3; d++) {
    _moduli[d].resize(_size[d]);
    for (int m = 0; m < _size[d]; m++) {
      double re = 0.0, im = 0.0;
      for (int k = 0; k <= Order - 2; k++) {
        double angle = 2.0 * M_PI * m * k / _size[d];
        re += values[k + 1] * std::cos(angle);
        im += values[k + 1] * std::sin(angle);
      }
      double norm = re * re + im * im;
      _moduli[d][m] = norm > 1e-14 ? 1.0 / norm : 0.0;
    }
  }
}

ReferencePmeGrid::~ReferencePmeGrid() {
  fftw_destroy_plan(static_cast<fftw_plan>(_forward));
  fftw_destroy_plan(static_cast<fftw_plan>(_backward));
  fftw_free(_real);
  fftw_free(_complex);
}

void ReferencePmeGrid::setExecutor(int numThreads, Executor execute) {
  _numThreads = execute && numThreads > 1 ? numThreads : 1;
  _execute = _numThreads > 1 ? std::move(execute) : Executor();
}

double ReferencePmeGrid::compute(const std::vector<Vec3>& positions, const std::vector<double>& charges,
                                 const Vec3* box, double coulombConstant, std::vector<Vec3>& forces,
                                 bool includeForces) {
  const int nx = _size[0], ny = _size[1], nz = _size[2];
  const int n = static_cast<int>(positions.size());
  Vec3 recip[3];
  ReferenceEwaldSum::reciprocalVectors(box, recip);
  const double volume = box[0][0] * box[1][1] * box[2][2];
  // Each parallel section gives thread t the part [count t / T, count (t+1) / T) of its range.
  const int numThreads = _numThreads;
  auto run = [&](const std::function<void(int)>& task) {
    if (numThreads > 1)
      _execute(task);
    else
      task(0);
  };
  auto part = [numThreads](size_t count, int t, size_t& begin, size_t& end) {
    begin = count * t / numThreads;
    end = count * (t + 1) / numThreads;
  };
  // Grid coordinates, B-spline weights and the first grid index of each particle.
  std::vector<double> weights(static_cast<size_t>(n) * 3 * Order), slopes(weights.size());
  std::vector<int> base(static_cast<size_t>(n) * 3);
  run([&](int t) {
    size_t begin, end;
    part(n, t, begin, end);
    for (size_t i = begin; i < end; i++)
      for (int d = 0; d < 3; d++) {
        double s = positions[i].dot(recip[d]);
        double u = (s - std::floor(s)) * _size[d];
        double whole = std::floor(u);
        base[3 * i + d] = static_cast<int>(whole) % _size[d];
        bsplines(u - whole, &weights[(3 * i + d) * Order], &slopes[(3 * i + d) * Order]);
      }
  });
  auto wrap = [](int k, int size) { return k < 0 ? k + size : k; };
  // Spread: Q(k) += q M(u - k), k = floor(u) - j. Thread t owns the planes x in its part of 0..nx-1 and adds
  // every particle's contributions to them in particle order, so each grid point sums in the same order for any
  // number of threads.
  const size_t total = static_cast<size_t>(nx) * ny * nz;
  run([&](int t) {
    size_t x0, x1;
    part(nx, t, x0, x1);
    std::fill(_real + x0 * ny * nz, _real + x1 * ny * nz, 0.0);
    for (int i = 0; i < n; i++) {
      if (charges[i] == 0.0)
        continue;
      const double* wx = &weights[(3 * i) * Order];
      const double* wy = &weights[(3 * i + 1) * Order];
      const double* wz = &weights[(3 * i + 2) * Order];
      for (int a = 0; a < Order; a++) {
        size_t gx = wrap(base[3 * i] - a, nx);
        if (gx < x0 || gx >= x1)
          continue;
        for (int b = 0; b < Order; b++) {
          int gy = wrap(base[3 * i + 1] - b, ny);
          double wab = charges[i] * wx[a] * wy[b];
          double* row = _real + (gx * ny + gy) * nz;
          for (int c = 0; c < Order; c++)
            row[wrap(base[3 * i + 2] - c, nz)] += wab * wz[c];
        }
      }
    }
  });
  // Convolution in Fourier space: multiply by theta(m) = f/(pi V) exp(-pi^2 m^2/alpha^2)/m^2 B(m) (Coulomb).
  fftw_execute(static_cast<fftw_plan>(_forward));
  auto* spectrum = static_cast<fftw_complex*>(_complex);
  const double prefactor = coulombConstant / (M_PI * volume), scale = M_PI * M_PI / (_alpha * _alpha);
  // theta = 2 x the energy factor of |F(Q)(m)|^2 (the energy is 1/2 Q . (theta * Q)).
  const double dispersionPrefactor = -std::pow(M_PI, 1.5) * _alpha * _alpha * _alpha / volume;
  const int nzc = nz / 2 + 1;
  run([&](int t) {
    size_t xBegin, xEnd;
    part(nx, t, xBegin, xEnd);
    for (int x = static_cast<int>(xBegin); x < static_cast<int>(xEnd); x++) {
      int mx = x <= nx / 2 ? x : x - nx;
      for (int y = 0; y < ny; y++) {
        int my = y <= ny / 2 ? y : y - ny;
        for (int z = 0; z < nzc; z++) {
          int mz = z;
          size_t index = (static_cast<size_t>(x) * ny + y) * nzc + z;
          Vec3 m = recip[0] * mx + recip[1] * my + recip[2] * mz;
          double m2 = m.dot(m);
          double moduli = _moduli[0][x] * _moduli[1][y] * _moduli[2][z];
          double theta;
          if (_kernel == Kernel::Dispersion) {
            double b = M_PI * std::sqrt(m2) / _alpha;
            double f =
                ((1.0 - 2.0 * b * b) * std::exp(-b * b) + 2.0 * b * b * b * std::sqrt(M_PI) * std::erfc(b)) / 3.0;
            theta = dispersionPrefactor * f * moduli;
          } else if (mx == 0 && my == 0 && mz == 0) {
            theta = 0.0;
          } else {
            theta = prefactor * std::exp(-scale * m2) / m2 * moduli;
          }
          spectrum[index][0] *= theta;
          spectrum[index][1] *= theta;
        }
      }
    }
  });
  // Keep the charge grid's energy: E = 1/2 sum_k Q(k) conv(k) needs Q, which the backward transform overwrites.
  std::vector<double> charge(_real, _real + total);
  fftw_execute(static_cast<fftw_plan>(_backward)); // _real now holds the convolution (unnormalised transform)
  std::vector<double> partial(numThreads, 0.0);
  run([&](int t) {
    size_t begin, end;
    part(total, t, begin, end);
    double sum = 0.0;
    for (size_t k = begin; k < end; k++)
      sum += charge[k] * _real[k];
    partial[t] = sum;
  });
  double energy = 0.0;
  for (double sum : partial)
    energy += sum;
  energy *= 0.5;
  if (includeForces) {
    run([&](int t) {
      size_t begin, end;
      part(n, t, begin, end);
      for (size_t i = begin; i < end; i++) {
        if (charges[i] == 0.0)
          continue;
        const double* wx = &weights[(3 * i) * Order];
        const double* wy = &weights[(3 * i + 1) * Order];
        const double* wz = &weights[(3 * i + 2) * Order];
        const double* dx = &slopes[(3 * i) * Order];
        const double* dy = &slopes[(3 * i + 1) * Order];
        const double* dz = &slopes[(3 * i + 2) * Order];
        double gu[3] = {0.0, 0.0, 0.0}; // dE/du_d
        for (int a = 0; a < Order; a++) {
          int gx = wrap(base[3 * i] - a, nx);
          for (int b = 0; b < Order; b++) {
            int gy = wrap(base[3 * i + 1] - b, ny);
            const double* row = _real + (static_cast<size_t>(gx) * ny + gy) * nz;
            for (int c = 0; c < Order; c++) {
              double value = row[wrap(base[3 * i + 2] - c, nz)];
              gu[0] += dx[a] * wy[b] * wz[c] * value;
              gu[1] += wx[a] * dy[b] * wz[c] * value;
              gu[2] += wx[a] * wy[b] * dz[c] * value;
            }
          }
        }
        Vec3 gradient = recip[0] * (gu[0] * nx) + recip[1] * (gu[1] * ny) + recip[2] * (gu[2] * nz);
        forces[i] -= gradient * charges[i];
      }
    });
  }
  return energy;
}

} // namespace OpenMM
