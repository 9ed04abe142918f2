// Forces and torques of every site-pair kind of potforce/ against central finite differences
// of its energy (relative error <= 1e-6), plus Newton 3 for torques and the virial definition.
#include "particleContainer/tests/PotForceTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace mardyn;
using namespace mardyn::potforcetest;

class PotForceDerivativeTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PotForceDerivativeTest);
  CPPUNIT_TEST(testAllPairKinds);
  CPPUNIT_TEST_SUITE_END();

 public:
  struct Kind {
    std::string name;
    bool orientedI, orientedJ;
    PairFunction f;
  };

  static std::vector<Kind> kinds() {
    const double epsRFInvrc3 = potforce::reactionFieldFactor(30.0, 4.0);
    return {
        {"LJ", false, false,
         [](const Vec3& d, const Vec3&, const Vec3&) {
           const auto p = potforce::mixLJ(1.2, 1.0, 0.7, 1.3, 0.95, 1.05, true, 4.0);
           return potforce::ljPotForce(d.x, d.y, d.z, d.x, d.y, d.z, p.eps24, p.sig2, p.shift6);
         }},
        {"charge-charge", false, false,
         [](const Vec3& d, const Vec3&, const Vec3&) {
           return potforce::chargeChargePotForce(d.x, d.y, d.z, d.x, d.y, d.z, -0.8 * 1.3);
         }},
        {"charge-dipole", false, true,
         [](const Vec3& d, const Vec3&, const Vec3& ej) {
           return potforce::chargeDipolePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ej.x, ej.y, ej.z, 0.9);
         }},
        {"dipole-charge", true, false,
         [](const Vec3& d, const Vec3& ei, const Vec3&) {
           return potforce::dipoleChargePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ei.x, ei.y, ei.z, -0.6);
         }},
        {"charge-quadrupole", false, true,
         [](const Vec3& d, const Vec3&, const Vec3& ej) {
           return potforce::chargeQuadrupolePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ej.x, ej.y, ej.z, 1.1);
         }},
        {"quadrupole-charge", true, false,
         [](const Vec3& d, const Vec3& ei, const Vec3&) {
           return potforce::quadrupoleChargePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ei.x, ei.y, ei.z, -0.7);
         }},
        {"dipole-dipole", true, true,
         [epsRFInvrc3](const Vec3& d, const Vec3& ei, const Vec3& ej) {
           return potforce::dipoleDipolePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ei.x, ei.y, ei.z, ej.x,
                                                 ej.y, ej.z, 1.4, epsRFInvrc3);
         }},
        {"dipole-quadrupole", true, true,
         [](const Vec3& d, const Vec3& ei, const Vec3& ej) {
           return potforce::dipoleQuadrupolePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ei.x, ei.y, ei.z,
                                                     ej.x, ej.y, ej.z, 1.2);
         }},
        {"quadrupole-dipole", true, true,
         [](const Vec3& d, const Vec3& ei, const Vec3& ej) {
           return potforce::quadrupoleDipolePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ei.x, ei.y, ei.z,
                                                     ej.x, ej.y, ej.z, 0.8);
         }},
        {"quadrupole-quadrupole", true, true,
         [](const Vec3& d, const Vec3& ei, const Vec3& ej) {
           return potforce::quadrupoleQuadrupolePotForce(d.x, d.y, d.z, d.x, d.y, d.z, ei.x, ei.y,
                                                         ei.z, ej.x, ej.y, ej.z, 1.3);
         }},
    };
  }

  static Vec3 randomUnit(std::mt19937_64& rng) {
    std::normal_distribution<double> n(0.0, 1.0);
    Vec3 v(n(rng), n(rng), n(rng));
    return v / norm(v);
  }

  void testAllPairKinds() {
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> len(1.0, 3.0);
    for (const auto& k : kinds()) {
      double maxF = 0, maxMi = 0, maxMj = 0, maxBalance = 0;
      for (int sample = 0; sample < 50; ++sample) {
        const Vec3 d = randomUnit(rng) * len(rng);
        const Vec3 ei = k.orientedI ? randomUnit(rng) : Vec3();
        const Vec3 ej = k.orientedJ ? randomUnit(rng) : Vec3();
        const auto r = k.f(d, ei, ej);
        const Vec3 F(r.fx, r.fy, r.fz), Mi(r.mix, r.miy, r.miz), Mj(r.mjx, r.mjy, r.mjz);
        const double h = 1e-5;
        maxF = std::max(maxF, relativeError(F, finiteDifferenceForce(k.f, d, ei, ej, h)));
        if (k.orientedI) maxMi = std::max(maxMi, relativeError(Mi, finiteDifferenceTorque(k.f, d, ei, ej, true, h)));
        else CPPUNIT_ASSERT_EQUAL(0.0, norm(Mi));
        if (k.orientedJ) maxMj = std::max(maxMj, relativeError(Mj, finiteDifferenceTorque(k.f, d, ei, ej, false, h)));
        else CPPUNIT_ASSERT_EQUAL(0.0, norm(Mj));
        // Rotational invariance: the total torque about any point vanishes.
        const Vec3 total = Mi + Mj + cross(d, F);
        maxBalance = std::max(maxBalance, norm(total) / (norm(Mi) + norm(Mj) + norm(d) * norm(F)));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(dot(d, F), r.virial, 1e-14 * (1 + std::fabs(r.virial)));
      }
      std::printf("  %-22s max rel. error: force %.2e  torque_i %.2e  torque_j %.2e  balance %.1e\n",
                  k.name.c_str(), maxF, maxMi, maxMj, maxBalance);
      CPPUNIT_ASSERT_MESSAGE(k.name + " force", maxF <= 1e-6);
      CPPUNIT_ASSERT_MESSAGE(k.name + " torque_i", maxMi <= 1e-6);
      CPPUNIT_ASSERT_MESSAGE(k.name + " torque_j", maxMj <= 1e-6);
      CPPUNIT_ASSERT_MESSAGE(k.name + " torque balance", maxBalance <= 1e-12);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PotForceDerivativeTest);
