// The OpenCL backend's FFT (VkFFT, where built in) on grids of the sizes particle-mesh Ewald picks (products of
// 2, 3, 5 and 7, odd and even, up to 80 points an axis), against the compute layer's own kernels (KernelFFT,
// itself checked against a brute-force transform in ComputeFFTTest), real to half spectrum and back, in single
// and double precision on every OpenCL device.
#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <array>
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
    forEachGrid({{80, 80, 80}, {48, 50, 45}, {42, 35, 56}}, [](ComputeContext& context, const Grid& g) {
      auto native = createFFT(context, g.nx, g.ny, g.nz, FFTKind::Real);
      CPPUNIT_ASSERT_EQUAL_MESSAGE(g.where + ": the backend's FFT", std::string("VkFFT"), native->implementation());
      KernelFFT kernels(context, g.nx, g.ny, g.nz, FFTKind::Real);
      const std::vector<double> values = randomValues(g.points, g.nx + 1000 * g.nz);
      PrecisionArray real(context, PrecisionArray::Kind::Real, 1, g.points, "fftReal");
      PrecisionArray spectrum(context, PrecisionArray::Kind::Real, 2, g.half, "fftHalf");
      std::vector<double> expected, found;
      real.upload(values);
      kernels.transform(real.array(), spectrum.array(), true);
      spectrum.download(expected);
      real.upload(values);
      native->transform(real.array(), spectrum.array(), true);
      spectrum.download(found);
      assertRelativelyClose(expected, found, 2 * g.half, g.tol, g.where + " forward");
      // Backward from the kernels' spectrum: the values times the number of points.
      spectrum.upload(expected);
      native->transform(spectrum.array(), real.array(), false);
      real.download(found);
      std::vector<double> scaled(values);
      for (auto& v : scaled) v *= double(g.points);
      assertRelativelyClose(scaled, found, g.points, g.tol, g.where + " backward");
    });
  }

  /// The fused convolution (forward, product with a complex kernel, backward in VkFFT's launches) against the
  /// three steps: the forward transform, the product on the host, the backward transform (times the gain the plan
  /// measured on a unit impulse).
  void convolutionMatchesThreeSteps() {
    forEachGrid({{64, 64, 64}, {48, 50, 45}, {42, 35, 56}}, [](ComputeContext& context, const Grid& g) {
      auto fft = createFFT(context, g.nx, g.ny, g.nz, FFTKind::Real);
      CPPUNIT_ASSERT_MESSAGE(g.where + ": VkFFT fuses a convolution", fft->convolves());
      const std::vector<double> values = randomValues(g.points, 7 * g.nx + g.nz);
      const std::vector<double> factors = randomValues(2 * g.half, 11 * g.nx + g.nz);
      PrecisionArray real(context, PrecisionArray::Kind::Real, 1, g.points, "convolutionData");
      PrecisionArray kernel(context, PrecisionArray::Kind::Real, 2, g.half, "convolutionKernel");
      PrecisionArray spectrum(context, PrecisionArray::Kind::Real, 2, g.half, "convolutionSpectrum");
      real.upload(values);
      kernel.upload(factors);
      fft->convolve(real.array(), kernel.array());
      std::vector<double> fused, s;
      real.download(fused);
      // The three steps.
      real.upload(values);
      fft->transform(real.array(), spectrum.array(), true);
      spectrum.download(s);
      for (std::size_t k = 0; k < g.half; k++) {
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
      assertRelativelyClose(expected, fused, g.points, g.tol, g.where);
    });
  }

 private:
  /// A grid of PME's sizes in one precision on one device: its extents, value counts, name and tolerance.
  struct Grid {
    int nx, ny, nz;
    std::size_t points, half;
    std::string where;
    double tol;
  };

  /// Runs check on each grid in single and double precision on every OpenCL device; skips itself where VkFFT is
  /// not built in or no OpenCL device ran it.
  template <class Check> static void forEachGrid(const std::vector<std::array<int, 3>>& grids, Check check) {
    if (!mardyn::opencl::OpenCLFFT::available())
      return mardyn::testing::skipTest("built without VkFFT: the OpenCL backend uses the compute kernels");
    int compared = 0;
    for (Precision precision : {Precision::Single, Precision::Double})
      for (const auto& options : ComputeTestDevices::all(precision)) {
        if (options.backend != "opencl") continue;
        auto context = ComputeTestDevices::create(options);
        if (!context) continue;
        for (const auto& e : grids) {
          Grid g{e[0], e[1], e[2], static_cast<std::size_t>(e[0]) * e[1] * e[2], halfSpectrumSize(e[0], e[1], e[2]),
                 std::to_string(e[0]) + "x" + std::to_string(e[1]) + "x" + std::to_string(e[2]) + " in " +
                     precisionName(precision) + " precision",
                 precision == Precision::Double ? 1e-12 : 2e-5};
          check(*context, g);
          ++compared;
        }
      }
    if (compared == 0) mardyn::testing::skipTest("no OpenCL device");
  }

  static std::vector<double> randomValues(std::size_t n, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> values(n);
    for (auto& v : values) v = u(random);
    return values;
  }

  /// The largest difference of the first n values, relative to the largest expected one, is at most tol.
  static void assertRelativelyClose(const std::vector<double>& expected, const std::vector<double>& found,
                                    std::size_t n, double tol, const std::string& what) {
    double largest = 0.0, worst = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      largest = std::max(largest, std::abs(expected[i]));
      worst = std::max(worst, std::abs(found[i] - expected[i]));
    }
    CPPUNIT_ASSERT_MESSAGE(what + ": largest difference " + std::to_string(worst / largest) + " of the largest value",
                           worst <= tol * largest);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OpenCLFFTTest);
