// Energies of every site-pair kind of potforce/ for hand-placed pairs against closed-form
// values (and against explicit point-charge arrangements for the charge-multipole limits).
#include "particleContainer/potforce/PotForceCharge.h"
#include "particleContainer/potforce/PotForceLJ.h"
#include "particleContainer/potforce/PotForceMultipole.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn::potforce;

class PotForceAnalyticTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PotForceAnalyticTest);
  CPPUNIT_TEST(testLennardJones);
  CPPUNIT_TEST(testLorentzBerthelot);
  CPPUNIT_TEST(testCharges);
  CPPUNIT_TEST(testChargeDipole);
  CPPUNIT_TEST(testChargeQuadrupole);
  CPPUNIT_TEST(testDipoleDipole);
  CPPUNIT_TEST(testDipoleQuadrupole);
  CPPUNIT_TEST(testQuadrupoleQuadrupole);
  CPPUNIT_TEST_SUITE_END();

  static void near(double expected, double actual) {
    CPPUNIT_ASSERT_DOUBLES_EQUAL(expected, actual, 1e-13 * std::fabs(expected) + 1e-15);
  }

 public:
  void testLennardJones() {
    const double eps = 1.7, sig = 1.3, rc = 3.0;
    const auto p = mixLJ(eps, sig, eps, sig, 1.0, 1.0, false, rc);
    const double rmin = std::pow(2.0, 1.0 / 6.0) * sig;
    auto r = ljPotForce(0, 0, rmin, 0, 0, rmin, p.eps24, p.sig2, p.shift6);
    near(-eps, r.u);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, r.fz, 1e-12);
    r = ljPotForce(sig, 0, 0, sig, 0, 0, p.eps24, p.sig2, p.shift6);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, r.u, 1e-14);
    near(24 * eps / sig, r.fx);  // -dU/dr at r = sigma
    // Shifted: zero at the cutoff, offset everywhere else.
    const auto ps = mixLJ(eps, sig, eps, sig, 1.0, 1.0, true, rc);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, ljPotForce(rc, 0, 0, rc, 0, 0, ps.eps24, ps.sig2, ps.shift6).u, 1e-15);
    const double s6 = std::pow(sig / rc, 6);
    near(-eps - 4 * eps * (s6 * s6 - s6), ljPotForce(0, rmin, 0, 0, rmin, 0, ps.eps24, ps.sig2, ps.shift6).u);
    // The virial uses the centre-of-mass vector, not the site vector.
    r = ljPotForce(1.1, 0.2, 0, 2.0, -1.0, 0.5, p.eps24, p.sig2, 0.0);
    near(2.0 * r.fx - 1.0 * r.fy + 0.5 * r.fz, r.virial);
  }

  void testLorentzBerthelot() {
    const auto p = mixLJ(1.0, 2.0, 4.0, 3.0, 0.9, 1.1, false, 5.0);
    near(24 * 0.9 * 2.0, p.eps24);
    near(std::pow(1.1 * 2.5, 2), p.sig2);
    CPPUNIT_ASSERT_EQUAL(0.0, p.shift6);
  }

  void testCharges() {
    auto r = chargeChargePotForce(0, 3, 4, 0, 3, 4, 2.0 * -1.5);
    near(-3.0 / 5.0, r.u);
    near(-3.0 / 25.0 * 4.0 / 5.0, r.fz);  // attraction pulls i towards j
  }

  void testChargeDipole() {
    // ls1's convention: u = -q mu cos(theta) / r^2, theta between the axis and dipole->charge.
    const double q = 1.5, mu = 0.8, rr = 2.0;
    near(-q * mu / (rr * rr), chargeDipolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, q * mu).u);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, chargeDipolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, q * mu).u, 1e-15);
    const double c = std::cos(0.3), s = std::sin(0.3);
    near(-q * mu * c / (rr * rr), chargeDipolePotForce(rr, 0, 0, rr, 0, 0, c, s, 0, q * mu).u);
    // Swapped order gives the same energy.
    near(-q * mu * c / (rr * rr), dipoleChargePotForce(-rr, 0, 0, -rr, 0, 0, c, s, 0, q * mu).u);
    // Equals a +q'/-q' pair with the positive end at -a e (separation 2a, mu = 2 a q').
    const double a = 1e-4, qp = mu / (2 * a);
    const double exact = q * (qp / std::hypot(rr, a) - qp / std::hypot(rr, -a));  // charge on x, pair on z
    CPPUNIT_ASSERT_DOUBLES_EQUAL(exact, chargeDipolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, q * mu).u, 1e-12);
    const double onAxis = q * (qp / (rr + a) - qp / (rr - a));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(onAxis, chargeDipolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, q * mu).u,
                                 1e-6 * std::fabs(onAxis));
  }

  void testChargeQuadrupole() {
    const double q = 1.2, Q = 0.9, rr = 1.7;
    near(q * Q / std::pow(rr, 3), chargeQuadrupolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, q * Q).u);
    near(-0.5 * q * Q / std::pow(rr, 3), chargeQuadrupolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, q * Q).u);
    near(q * Q / std::pow(rr, 3), quadrupoleChargePotForce(0, 0, -rr, 0, 0, -rr, 0, 0, 1, q * Q).u);
    // Linear arrangement -q', +2q', -q' at z = -a, 0, a has Q = -2 q' a^2 (far field).
    const double a = 1e-3, qp = 1.0, Qlin = -2 * qp * a * a, R = 2.0;
    const double exact = q * qp * (-1 / (R - a) + 2 / R - 1 / (R + a));
    const double u = chargeQuadrupolePotForce(0, 0, R, 0, 0, R, 0, 0, 1, q * Qlin).u;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(exact, u, 1e-5 * std::fabs(exact));
  }

  void testDipoleDipole() {
    const double mumu = 1.3, rr = 1.9;
    const double k = reactionFieldFactor(10.0, 3.0);
    near(2 * 9.0 / (3.0 * 3.0 * 3.0 * 21.0), k);
    auto r = dipoleDipolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, 0, 0, 1, mumu, k);
    near(-2 * mumu / std::pow(rr, 3), r.u);  // head to tail
    near(-mumu * k, r.uRF);
    r = dipoleDipolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, 0, 0, 1, mumu, 0.0);
    near(mumu / std::pow(rr, 3), r.u);  // side by side, parallel
    r = dipoleDipolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, 0, 0, -1, mumu, k);
    near(-mumu / std::pow(rr, 3), r.u);  // side by side, antiparallel
    near(mumu * k, r.uRF);
    near(-0.5 * k * 4.0, reactionFieldSelfEnergy(0.0, 2.0, 0.0, k));
  }

  void testDipoleQuadrupole() {
    // G&G 2.182, theta measured from r_12 = r_quadrupole - r_dipole: 3 mu Q / (2 r^4) [c1 (3 c2^2 - 1)
    // - 2 s1 s2 c2 cos(phi)]; both axes along r_12 gives 3 mu Q / r^4.
    const double muQ = 0.7, rr = 1.6;
    near(3 * muQ / std::pow(rr, 4), dipoleQuadrupolePotForce(0, 0, -rr, 0, 0, -rr, 0, 0, 1, 0, 0, 1, muQ).u);
    near(3 * muQ / std::pow(rr, 4), quadrupoleDipolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, 0, 0, 1, muQ).u);
    // Dipole perpendicular, quadrupole along r_12: c1 = 0 and s1 s2 = 0 -> 0.
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, dipoleQuadrupolePotForce(0, 0, -rr, 0, 0, -rr, 1, 0, 0, 0, 0, 1, muQ).u, 1e-15);
    // General angles: theta1 = 0.4, theta2 = 1.1, phi = 0.7.
    const double t1 = 0.4, t2 = 1.1, ph = 0.7;
    const double expected = 1.5 * muQ / std::pow(rr, 4) *
        (std::cos(t1) * (3 * std::pow(std::cos(t2), 2) - 1) -
         2 * std::sin(t1) * std::sin(t2) * std::cos(t2) * std::cos(ph));
    // r_12 along +z: d = r_i - r_j = -r_12.
    const double e1x = std::sin(t1), e1z = std::cos(t1);
    const double e2x = std::sin(t2) * std::cos(ph), e2y = std::sin(t2) * std::sin(ph), e2z = std::cos(t2);
    near(expected, dipoleQuadrupolePotForce(0, 0, -rr, 0, 0, -rr, e1x, 0, e1z, e2x, e2y, e2z, muQ).u);
    near(expected, quadrupoleDipolePotForce(0, 0, rr, 0, 0, rr, e2x, e2y, e2z, e1x, 0, e1z, muQ).u);
  }

  void testQuadrupoleQuadrupole() {
    const double QQ = 1.1, rr = 2.1, r5 = std::pow(rr, 5);
    near(6 * QQ / r5, quadrupoleQuadrupolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, 0, 0, 1, QQ).u);   // linear
    near(-3 * QQ / r5, quadrupoleQuadrupolePotForce(0, 0, rr, 0, 0, rr, 0, 0, 1, 1, 0, 0, QQ).u);  // T
    near(2.25 * QQ / r5, quadrupoleQuadrupolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, 0, 0, 1, QQ).u);  // parallel
    near(0.75 * QQ / r5, quadrupoleQuadrupolePotForce(rr, 0, 0, rr, 0, 0, 0, 0, 1, 0, 1, 0, QQ).u);  // X
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PotForceAnalyticTest);
