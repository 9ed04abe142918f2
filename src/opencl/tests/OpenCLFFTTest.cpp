// The OpenCL backend's FFT (VkFFT, where built in) on grids of the sizes particle-mesh Ewald picks (products of
// 2, 3, 5 and 7, odd and even, up to 80 points an axis), against the compute layer's own kernels (KernelFFT,
// itself checked against a brute-force transform in ComputeFFTTest), real to half spectrum and back, in single
// and double precision on every OpenCL device.
#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "compute/ComputeFFT.h"
#include "compute/KernelFFT.h"
#include "compute/PrecisionArray.h"
#include "compute/tests/ComputeTestDevices.h"
#include "opencl/OpenCLFFT.h"
#include "tests/TestSkip.h"

using namespace mardyn::compute;
using mardyn::compute::testing::ComputeTestDevices;

class OpenCLFFTTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(OpenCLFFTTest);
  CPPUNIT_TEST(pmeGridsMatchKernels);
  CPPUNIT_TEST(convolutionMatchesThreeSteps);
  CPPUNIT_TEST_SUITE_END();

 public:
  void pmeGridsMatchKernels() {
    if (!mardyn::opencl::OpenCLFFT::available())
      return mardyn::testing::skipTest("built without VkFFT: the OpenCL backend uses the compute kernels");
    // The largest difference between `found` and `expected` (n values) relative to the largest expected value.
    auto relativeDifference = [](const std::vector<double>& found, const std::vector<double>& expected, std::size_t n) {
      double largest = 0.0, worst = 0.0;
      for (std::size_t i = 0; i < n; ++i) {
        largest = std::max(largest, std::abs(expected[i]));
        worst = std::max(worst, std::abs(found[i] - expected[i]));
      }
      return worst / largest;
    };
    const int grids[][3] = {{80, 80, 80}, {48, 50, 45}, {42, 35, 56}};
    int compared = 0;
    for (Precision precision : {Precision::Single, Precision::Double})
      for (const auto& options : ComputeTestDevices::all(precision)) {
        if (options.backend != "opencl") continue;
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        for (const auto& g : grids) {
          const int nx = g[0], ny = g[1], nz = g[2];
          const std::size_t points = static_cast<std::size_t>(nx) * ny * nz, half = halfSpectrumSize(nx, ny, nz);
          const std::string where = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) + " in " +
                                    precisionName(precision) + " precision";
          auto native = createFFT(*context, nx, ny, nz, FFTKind::Real);
          CPPUNIT_ASSERT_EQUAL_MESSAGE(where + ": the backend's FFT", std::string("VkFFT"), native->implementation());
          KernelFFT kernels(*context, nx, ny, nz, FFTKind::Real);
          std::mt19937 random(nx + 1000 * nz);
          std::uniform_real_distribution<double> u(-1.0, 1.0);
          std::vector<double> values(points);
          for (auto& v : values) v = u(random);
          PrecisionArray real(*context, PrecisionArray::Kind::Real, 1, points, "fftReal");
          PrecisionArray spectrum(*context, PrecisionArray::Kind::Real, 2, half, "fftHalf");
          std::vector<double> expected, found;
          real.upload(values);
          kernels.transform(real.array(), spectrum.array(), true);
          spectrum.download(expected);
          real.upload(values);
          native->transform(real.array(), spectrum.array(), true);
          spectrum.download(found);
          const double tol = precision == Precision::Double ? 1e-12 : 2e-5;
          const double forward = relativeDifference(found, expected, 2 * half);
          CPPUNIT_ASSERT_MESSAGE(where + " forward: largest difference " + std::to_string(forward) +
                                     " of the largest value",
                                 forward <= tol);
          // Backward from the kernels' spectrum: the values times the number of points.
          spectrum.upload(expected);
          native->transform(spectrum.array(), real.array(), false);
          real.download(found);
          std::vector<double> scaled(values);
          for (auto& v : scaled) v *= double(points);
          const double backward = relativeDifference(found, scaled, points);
          CPPUNIT_ASSERT_MESSAGE(where + " backward: largest difference " + std::to_string(backward) +
                                     " of the largest value",
                                 backward <= tol);
          ++compared;
        }
      }
    if (compared == 0) mardyn::testing::skipTest("no OpenCL device");
  }

  /// The fused convolution (forward, product with a complex kernel, backward in VkFFT's launches) against the
  /// three steps: the forward transform, the product on the host, the backward transform (times the gain the plan
  /// measured on a unit impulse).
  void convolutionMatchesThreeSteps() {
    if (!mardyn::opencl::OpenCLFFT::available())
      return mardyn::testing::skipTest("built without VkFFT: the OpenCL backend uses the compute kernels");
    const int grids[][3] = {{64, 64, 64}, {48, 50, 45}, {42, 35, 56}};
    int compared = 0;
    for (Precision precision : {Precision::Single, Precision::Double})
      for (const auto& options : ComputeTestDevices::all(precision)) {
        if (options.backend != "opencl") continue;
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        for (const auto& g : grids) {
          const int nx = g[0], ny = g[1], nz = g[2];
          const std::size_t points = static_cast<std::size_t>(nx) * ny * nz, half = halfSpectrumSize(nx, ny, nz);
          const std::string where = std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) + " in " +
                                    precisionName(precision) + " precision";
          auto fft = createFFT(*context, nx, ny, nz, FFTKind::Real);
          CPPUNIT_ASSERT_MESSAGE(where + ": VkFFT fuses a convolution", fft->convolves());
          std::mt19937 random(7 * nx + nz);
          std::uniform_real_distribution<double> u(-1.0, 1.0);
          std::vector<double> values(points), factors(2 * half);
          for (auto& v : values) v = u(random);
          for (auto& f : factors) f = u(random);
          PrecisionArray real(*context, PrecisionArray::Kind::Real, 1, points, "convolutionData");
          PrecisionArray kernel(*context, PrecisionArray::Kind::Real, 2, half, "convolutionKernel");
          PrecisionArray spectrum(*context, PrecisionArray::Kind::Real, 2, half, "convolutionSpectrum");
          real.upload(values);
          kernel.upload(factors);
          fft->convolve(real.array(), kernel.array());
          std::vector<double> fused, s;
          real.download(fused);
          // The three steps.
          real.upload(values);
          fft->transform(real.array(), spectrum.array(), true);
          spectrum.download(s);
          for (std::size_t k = 0; k < half; k++) {
            const double re = s[2 * k] * factors[2 * k] - s[2 * k + 1] * factors[2 * k + 1];
            const double im = s[2 * k] * factors[2 * k + 1] + s[2 * k + 1] * factors[2 * k];
            s[2 * k] = re;
            s[2 * k + 1] = im;
          }
          spectrum.upload(s);
          std::vector<double> expected;
          fft->transform(spectrum.array(), real.array(), false);
          real.download(expected);
          for (auto& e : expected) e *= fft->convolutionGain();
          double largest = 0.0, worst = 0.0;
          for (std::size_t i = 0; i < points; i++) {
            largest = std::max(largest, std::abs(expected[i]));
            worst = std::max(worst, std::abs(fused[i] - expected[i]));
          }
          const double tol = precision == Precision::Double ? 1e-12 : 2e-5;
          CPPUNIT_ASSERT_MESSAGE(where + ": largest difference " + std::to_string(worst / largest) +
                                     " of the largest value",
                                 worst <= tol * largest);
          ++compared;
        }
      }
    if (compared == 0) mardyn::testing::skipTest("no OpenCL device");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OpenCLFFTTest);
