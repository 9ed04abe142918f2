// LongRangeCorrectionTest: the homogeneous long-range correction of Domain against the closed form
// for single LJ centres and against direct numerical orientation averages for off-centre LJ sites.
#include "Domain.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>
#include <vector>

using namespace mardyn;

class LongRangeCorrectionTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(LongRangeCorrectionTest);
  CPPUNIT_TEST(singleCentreClosedForm);
  CPPUNIT_TEST(multiCentreNumerical);
  CPPUNIT_TEST(shiftedHasNoCorrection);
  CPPUNIT_TEST_SUITE_END();

 public:
  void singleCentreClosedForm() {
    const double eps = 1.3, sigma = 1.1, rc = 3.0;
    std::vector<Component> comps;
    comps.emplace_back(0, "LJ");
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, eps, sigma, false});
    InteractionParameters params(comps, rc);
    Domain domain({10.0, 11.0, 12.0});
    const unsigned long n = 1000;
    domain.computeLongRangeCorrection(comps, {n}, params);
    const double pi = std::acos(-1.0);
    const double rho = n / domain.volume();
    const double x3 = std::pow(sigma / rc, 3), x9 = x3 * x3 * x3;
    const double u = 8.0 / 3.0 * pi * n * rho * eps * std::pow(sigma, 3) * (x9 / 3.0 - x3);
    const double p = 16.0 / 3.0 * pi * rho * rho * eps * std::pow(sigma, 3) * (2.0 / 3.0 * x9 - x3);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(u, domain.upotCorrection(), 1e-13 * std::abs(u));
    // p_lrc = W_lrc / (3 V)
    CPPUNIT_ASSERT_DOUBLES_EQUAL(p, domain.virialCorrection() / (3.0 * domain.volume()), 1e-13 * std::abs(p));
  }

  static void gaussLegendre(int n, std::vector<double>& x, std::vector<double>& w) {
    x.resize(n);
    w.resize(n);
    const double pi = std::acos(-1.0);
    for (int i = 0; i < n; ++i) {
      double z = std::cos(pi * (i + 0.75) / (n + 0.5)), dp = 0.0;
      for (int it = 0; it < 100; ++it) {
        double p0 = 1.0, p1 = z;
        for (int k = 2; k <= n; ++k) {
          const double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        dp = n * (z * p1 - p0) / (z * z - 1);
        const double dz = p1 / dp;
        z -= dz;
        if (std::abs(dz) < 1e-16) break;
      }
      x[i] = z;
      w[i] = 2.0 / ((1 - z * z) * dp * dp);
    }
  }

  /// (1/2) N_i N_j / V * 4 pi * integral over R > rc of R^2 <f>(R) for one site pair, where <f> is
  /// the average over both sites' directions of u (energy) or -R du/dR (virial).
  static void numerical(double eps, double sigma, double rc, double t1, double t2, double pairDensity, double& u,
                        double& w) {
    std::vector<double> xr, wr, xc, wc;
    gaussLegendre(48, xr, wr);
    gaussLegendre(24, xc, wc);
    const double pi = std::acos(-1.0);
    const int nphi = 48;
    u = 0.0;
    w = 0.0;
    for (std::size_t ir = 0; ir < xr.size(); ++ir) {
      const double t = 0.5 * (xr[ir] + 1.0);  // R = rc / t, t in (0, 1)
      const double R = rc / t;
      const double jac = 0.5 * wr[ir] * rc / (t * t);
      double au = 0.0, aw = 0.0;
      for (std::size_t a = 0; a < xc.size(); ++a) {
        const double c1 = xc[a], s1 = std::sqrt(1 - c1 * c1);
        for (std::size_t b = 0; b < xc.size(); ++b) {
          const double c2 = xc[b], s2 = std::sqrt(1 - c2 * c2);
          for (int k = 0; k < nphi; ++k) {
            const double phi = 2 * pi * (k + 0.5) / nphi;
            const double dx = t1 * s1 - t2 * s2 * std::cos(phi);
            const double dy = -t2 * s2 * std::sin(phi);
            const double dz = R + t1 * c1 - t2 * c2;
            const double r2 = dx * dx + dy * dy + dz * dz;
            const double s6 = std::pow(sigma * sigma / r2, 3);
            const double weight = wc[a] * wc[b] / (4.0 * nphi);
            au += weight * 4 * eps * (s6 * s6 - s6);
            // -R du/dR = R * (24 eps (2 s12 - s6) / r2) * dz
            aw += weight * R * 24 * eps * (2 * s6 * s6 - s6) / r2 * dz;
          }
        }
      }
      u += jac * R * R * au;
      w += jac * R * R * aw;
    }
    u *= 0.5 * pairDensity * 4 * pi;
    w *= 0.5 * pairDensity * 4 * pi;
  }

  void multiCentreNumerical() {
    const double rc = 2.5;
    std::vector<Component> comps;
    comps.emplace_back(0, "LJ");
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    comps.emplace_back(1, "2CLJ");
    comps[1].addLJCenter(LJCenter{{0, 0, -0.4}, 1.0, 0.8, 0.9, false});
    comps[1].addLJCenter(LJCenter{{0, 0.3, 0.3}, 1.0, 1.2, 1.05, false});
    InteractionParameters params(comps, rc);
    Domain domain({9, 9, 9});
    const std::vector<unsigned long> counts{300, 200};
    domain.computeLongRangeCorrection(comps, counts, params);
    double u = 0.0, w = 0.0;
    for (unsigned ci = 0; ci < 2; ++ci)
      for (unsigned cj = 0; cj < 2; ++cj)
        for (unsigned a = 0; a < comps[ci].ljCenters().size(); ++a)
          for (unsigned b = 0; b < comps[cj].ljCenters().size(); ++b) {
            const LJPairParameters& p = params.lj(params.ljType(ci, a), params.ljType(cj, b));
            double du, dw;
            numerical(p.eps4 / 4, std::sqrt(p.sigma2), rc, norm(comps[ci].ljCenters()[a].r),
                      norm(comps[cj].ljCenters()[b].r), double(counts[ci]) * counts[cj] / domain.volume(), du, dw);
            u += du;
            w += dw;
          }
    std::cout << "\n  U_lrc analytic " << domain.upotCorrection() << " numerical " << u << "; W_lrc analytic "
              << domain.virialCorrection() << " numerical " << w;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(u, domain.upotCorrection(), 1e-8 * std::abs(u));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(w, domain.virialCorrection(), 1e-8 * std::abs(w));
  }

  void shiftedHasNoCorrection() {
    std::vector<Component> comps;
    comps.emplace_back(0, "LJ");
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, true});
    InteractionParameters params(comps, 2.5);
    Domain domain({9, 9, 9});
    domain.computeLongRangeCorrection(comps, {500}, params);
    CPPUNIT_ASSERT_EQUAL(0.0, domain.upotCorrection());
    CPPUNIT_ASSERT_EQUAL(0.0, domain.virialCorrection());
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LongRangeCorrectionTest);
