// The device FFTs (createFFT: the backend's own where it has one, and the compute layer's kernels) against a
// brute-force discrete Fourier transform of random values, on grids whose axes need every kind of pass
// (radices 4, 2, 3, 5, 7 and a larger prime), forward and backward, complex and real (even and odd nz), in
// single and double precision on every device.
#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <random>
#include <vector>

#include "compute/ComputeFFT.h"
#include "compute/KernelFFT.h"
#include "compute/PrecisionArray.h"
#include "compute/tests/ComputeTestDevices.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

namespace {
using Complex = std::complex<double>;

/// The unnormalised 3D DFT of `in` (nx x ny x nz, z fastest) with e^(sign 2 pi i k.m / n), one axis at a time.
std::vector<Complex> bruteForce(std::vector<Complex> v, int nx, int ny, int nz, double sign) {
  const int n[3] = {nx, ny, nz};
  const int stride[3] = {ny * nz, nz, 1};
  for (int axis = 0; axis < 3; ++axis) {
    std::vector<Complex> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      const int k = static_cast<int>(i / stride[axis]) % n[axis];
      const std::size_t base = i - static_cast<std::size_t>(k) * stride[axis];
      Complex sum = 0;
      for (int m = 0; m < n[axis]; ++m)
        sum += v[base + static_cast<std::size_t>(m) * stride[axis]] *
               std::polar(1.0, sign * 2 * M_PI * double(k) * double(m) / double(n[axis]));
      out[i] = sum;
    }
    v.swap(out);
  }
  return v;
}
}  // namespace

class ComputeFFTTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ComputeFFTTest);
  CPPUNIT_TEST(radicesMultiplyToLength);
  CPPUNIT_TEST(transformsMatchBruteForce);
  CPPUNIT_TEST(realTransformsMatchBruteForce);
  CPPUNIT_TEST_SUITE_END();

 public:
  void radicesMultiplyToLength() {
    for (int n = 1; n <= 130; ++n) {
      int product = 1;
      for (int r : KernelFFT::radices(n)) product *= r;
      CPPUNIT_ASSERT_EQUAL(n, product);
    }
  }

  /// Each grid forward and backward, with the backend's FFT and with the kernels, against the brute force
  /// (to 1e-5 of the largest value in single precision, 1e-12 in double).
  void transformsMatchBruteForce() {
    const int grids[][3] = {{8, 12, 10}, {7, 9, 14}, {11, 6, 15}};
    for (Precision precision : {Precision::Single, Precision::Double})
      for (const auto& options : ComputeTestDevices::all(precision)) {
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        for (const auto& g : grids) {
          const int nx = g[0], ny = g[1], nz = g[2];
          const std::size_t points = static_cast<std::size_t>(nx) * ny * nz;
          std::mt19937 random(nx * 100 + ny * 10 + nz);
          std::uniform_real_distribution<double> u(-1.0, 1.0);
          std::vector<Complex> input(points);
          for (auto& c : input) c = Complex(u(random), u(random));
          for (int kernels = 0; kernels < 2; ++kernels) {
            std::unique_ptr<ComputeFFT> fft;
            if (kernels) fft = std::make_unique<KernelFFT>(*context, nx, ny, nz);
            else fft = createFFT(*context, nx, ny, nz);
            for (int forward = 0; forward < 2; ++forward) {
              const double sign = forward ? -1.0 : 1.0;
              const auto expected = bruteForce(input, nx, ny, nz, sign);
              PrecisionArray grid(*context, PrecisionArray::Kind::Real, 2, points, "fftGrid");
              std::vector<double> flat(2 * points);
              for (std::size_t i = 0; i < points; ++i) {
                flat[2 * i] = input[i].real();
                flat[2 * i + 1] = input[i].imag();
              }
              grid.upload(flat);
              fft->transform(grid.array(), grid.array(), forward != 0);
              grid.download(flat);
              double largest = 0.0, worst = 0.0;
              for (std::size_t i = 0; i < points; ++i) {
                largest = std::max(largest, std::abs(expected[i]));
                worst = std::max(worst, std::abs(Complex(flat[2 * i], flat[2 * i + 1]) - expected[i]));
              }
              const double tol = precision == Precision::Double ? 1e-12 : 1e-5;
              CPPUNIT_ASSERT_MESSAGE(fft->implementation() + " on " + options.backend + ", " + std::to_string(nx) +
                                         "x" + std::to_string(ny) + "x" + std::to_string(nz) +
                                         (forward ? " forward" : " backward") + ": largest error " +
                                         std::to_string(worst / largest) + " of the largest value",
                                     worst <= tol * largest);
            }
          }
        }
      }
  }

  /// FFTKind::Real: the forward transform of random real values against the first nz / 2 + 1 coefficients of
  /// the brute-force complex transform, and the backward transform of that half spectrum against the values
  /// times nx ny nz (the tolerances of the complex transforms).
  void realTransformsMatchBruteForce() {
    const int grids[][3] = {{8, 12, 10}, {7, 9, 14}, {11, 6, 15}, {6, 5, 9}};
    for (Precision precision : {Precision::Single, Precision::Double})
      for (const auto& options : ComputeTestDevices::all(precision)) {
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        for (const auto& g : grids) {
          const int nx = g[0], ny = g[1], nz = g[2], zs = nz / 2 + 1;
          const std::size_t points = static_cast<std::size_t>(nx) * ny * nz, half = halfSpectrumSize(nx, ny, nz);
          CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(nx) * ny * zs, half);
          std::mt19937 random(nx * 100 + ny * 10 + nz);
          std::uniform_real_distribution<double> u(-1.0, 1.0);
          std::vector<double> values(points);
          for (auto& v : values) v = u(random);
          const auto spectrum = bruteForce(std::vector<Complex>(values.begin(), values.end()), nx, ny, nz, -1.0);
          std::vector<double> expectedHalf(2 * half);
          for (std::size_t line = 0; line < static_cast<std::size_t>(nx) * ny; ++line)
            for (int k = 0; k < zs; ++k) {
              expectedHalf[2 * (line * zs + k)] = spectrum[line * nz + k].real();
              expectedHalf[2 * (line * zs + k) + 1] = spectrum[line * nz + k].imag();
            }
          const double tol = precision == Precision::Double ? 1e-12 : 1e-5;
          for (int kernels = 0; kernels < 2; ++kernels) {
            std::unique_ptr<ComputeFFT> fft;
            if (kernels) fft = std::make_unique<KernelFFT>(*context, nx, ny, nz, FFTKind::Real);
            else fft = createFFT(*context, nx, ny, nz, FFTKind::Real);
            const std::string where = fft->implementation() + " on " + options.backend + ", " + std::to_string(nx) +
                                      "x" + std::to_string(ny) + "x" + std::to_string(nz);
            PrecisionArray real(*context, PrecisionArray::Kind::Real, 1, points, "fftReal");
            PrecisionArray complex(*context, PrecisionArray::Kind::Real, 2, half, "fftHalf");
            real.upload(values);
            fft->transform(real.array(), complex.array(), true);
            std::vector<double> got;
            complex.download(got);
            double largest = 0.0, worst = 0.0;
            for (std::size_t i = 0; i < 2 * half; ++i) {
              largest = std::max(largest, std::abs(expectedHalf[i]));
              worst = std::max(worst, std::abs(got[i] - expectedHalf[i]));
            }
            CPPUNIT_ASSERT_MESSAGE(where + " forward: largest error " + std::to_string(worst / largest),
                                   worst <= tol * largest);
            complex.upload(expectedHalf);
            fft->transform(complex.array(), real.array(), false);
            real.download(got);
            largest = worst = 0.0;
            for (std::size_t i = 0; i < points; ++i) {
              largest = std::max(largest, std::abs(values[i] * double(points)));
              worst = std::max(worst, std::abs(got[i] - values[i] * double(points)));
            }
            CPPUNIT_ASSERT_MESSAGE(where + " backward: largest error " + std::to_string(worst / largest),
                                   worst <= tol * largest);
          }
        }
      }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ComputeFFTTest);
