// LJPotentialTest: two-molecule energies and forces against the analytic LJ 12-6 values
// (shifted and unshifted, also across the periodic boundary), and forces and torques against
// central finite differences of the energy, for both cell processors.
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/tests/ForceTestSystems.h"

#include <cppunit/extensions/HelperMacros.h>

#include <iostream>
#include <memory>

using namespace mardyn;
using namespace mardyn::testing;

class LJPotentialTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(LJPotentialTest);
  CPPUNIT_TEST(twoParticleUnshifted);
  CPPUNIT_TEST(twoParticleShifted);
  CPPUNIT_TEST(beyondCutoff);
  CPPUNIT_TEST(finiteDifferenceForces);
  CPPUNIT_TEST(finiteDifferenceTorques);
  CPPUNIT_TEST_SUITE_END();

 public:
  static std::unique_ptr<CellProcessor> makeProcessor(int kind, const InteractionParameters& p) {
    if (kind == 0) return std::make_unique<LegacyCellProcessor>(p);
    return std::make_unique<VectorizedCellProcessor>(p);
  }

  /// Two molecules at distance r (through the periodic boundary when `wrap`), eps = 1.7, sigma = 1.2.
  static void twoParticles(bool shifted, double r, bool wrap) {
    const double eps = 1.7, sigma = 1.2, rc = 3.0;
    std::vector<Component> comps;
    comps.emplace_back(0, "LJ");
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 2.0, eps, sigma, shifted});
    InteractionParameters params(comps, rc);
    const Vec3 box{10.0, 11.0, 12.0};
    const Vec3 dir = Vec3{1.0, 2.0, -0.5} / norm(Vec3{1.0, 2.0, -0.5});
    const Vec3 r1 = wrap ? Vec3{0.3, 0.4, 11.9} : Vec3{4.0, 5.0, 6.0};
    Vec3 r2 = r1 + dir * r;
    for (int k = 0; k < 3; ++k) r2[k] = DomainDecompSequential::wrap(r2[k], box[k]);
    std::vector<Molecule> mols{Molecule(1, &comps[0], r1, {}), Molecule(2, &comps[0], r2, {})};
    const double sr6 = std::pow(sigma / r, 6);
    double uExact = 4 * eps * (sr6 * sr6 - sr6);
    if (shifted) {
      const double sc6 = std::pow(sigma / rc, 6);
      uExact -= 4 * eps * (sc6 * sc6 - sc6);
    }
    const double fExact = 24 * eps * (2 * sr6 * sr6 - sr6) / r;  // along r1 - r2, on molecule 1
    for (int kind = 0; kind < 2; ++kind) {
      auto proc = makeProcessor(kind, params);
      const ForceResult res = cellForces(mols, box, rc, 1, *proc);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(uExact, res.upot, 1e-13 * std::max(1.0, std::abs(uExact)));
      const Vec3 f1 = res.F.at(1);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, norm(f1 + dir * fExact), 1e-12 * std::max(1.0, std::abs(fExact)));
      CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, norm(f1 + res.F.at(2)), 1e-13 * std::max(1.0, std::abs(fExact)));
      CPPUNIT_ASSERT_DOUBLES_EQUAL(fExact * r, res.virial, 1e-12 * std::max(1.0, std::abs(fExact * r)));
    }
  }

  void twoParticleUnshifted() {
    for (double r : {1.0, 1.2 * std::pow(2.0, 1.0 / 6.0), 1.7, 2.9}) {
      twoParticles(false, r, false);
      twoParticles(false, r, true);
    }
  }

  void twoParticleShifted() {
    for (double r : {1.1, 1.9, 2.99}) {
      twoParticles(true, r, false);
      twoParticles(true, r, true);
    }
  }

  void beyondCutoff() {
    std::vector<Component> comps;
    comps.emplace_back(0, "LJ");
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    InteractionParameters params(comps, 2.5);
    std::vector<Molecule> mols{Molecule(1, &comps[0], {1, 1, 1}, {}), Molecule(2, &comps[0], {1, 1, 3.5001}, {})};
    for (int kind = 0; kind < 2; ++kind) {
      auto proc = makeProcessor(kind, params);
      const ForceResult res = cellForces(mols, {6, 6, 6}, 2.5, 1, *proc);
      CPPUNIT_ASSERT_EQUAL(0.0, res.upot);
      CPPUNIT_ASSERT_EQUAL(0.0, norm(res.F.at(1)));
    }
  }

  static double energy(const std::vector<Molecule>& mols, const Vec3& box, const InteractionParameters& p, int kind) {
    auto proc = makeProcessor(kind, p);
    return cellForces(mols, box, p.cutoff(), 1, *proc).upot;
  }

  /// Multi-centre molecules with a smooth (shifted, centres within the cutoff) set-up: F = -dU/dr.
  static std::vector<Component> twoCentre() {
    std::vector<Component> comps;
    comps.emplace_back(0, "2CLJ");
    comps[0].addLJCenter(LJCenter{{0, 0, -0.4}, 1.0, 1.0, 1.0, true});
    comps[0].addLJCenter(LJCenter{{0.1, 0, 0.4}, 1.0, 0.8, 0.9, true});
    comps[0].setMomentsOfInertia({0.33, 0.34, 0.01});
    return comps;
  }

  void finiteDifferenceForces() {
    const auto comps = twoCentre();
    InteractionParameters params(comps, 2.5);
    const Vec3 box{6.0, 6.5, 7.0};
    auto mols = randomMolecules(comps, box, 60, 1.3, 21);
    const double h = 1e-6;
    for (int kind = 0; kind < 2; ++kind) {
      auto proc = makeProcessor(kind, params);
      const ForceResult res = cellForces(mols, box, 2.5, 1, *proc);
      double worst = 0.0;
      for (std::size_t i = 0; i < mols.size(); i += 7) {
        for (int k = 0; k < 3; ++k) {
          auto plus = mols, minus = mols;
          Vec3 rp = mols[i].r(), rm = mols[i].r();
          rp[k] += h;
          rm[k] -= h;
          plus[i].setR(rp);
          minus[i].setR(rm);
          const double fd = -(energy(plus, box, params, kind) - energy(minus, box, params, kind)) / (2 * h);
          const double f = res.F.at(mols[i].id())[k];
          worst = std::max(worst, std::abs(fd - f) / std::max(1.0, std::abs(f)));
        }
      }
      std::cout << "\n  finite-difference force deviation (" << (kind ? "vectorized" : "legacy") << "): " << worst;
      CPPUNIT_ASSERT(worst < 1e-6);
    }
  }

  /// Torque about axis e equals -dU/dphi for a small rotation by phi about e (space frame).
  void finiteDifferenceTorques() {
    const auto comps = twoCentre();
    InteractionParameters params(comps, 2.5);
    const Vec3 box{6.0, 6.5, 7.0};
    auto mols = randomMolecules(comps, box, 60, 1.3, 22);
    const double h = 1e-6;
    for (int kind = 0; kind < 2; ++kind) {
      auto proc = makeProcessor(kind, params);
      const ForceResult res = cellForces(mols, box, 2.5, 1, *proc);
      double worst = 0.0;
      for (std::size_t i = 0; i < mols.size(); i += 7) {
        for (int k = 0; k < 3; ++k) {
          // A space-frame rotation R(phi) applied after q: the body->space map becomes R * old.
          auto rotated = [&](double phi) {
            auto m = mols;
            Vec3 axis;
            axis[k] = 1.0;
            const Quaternion r(std::cos(phi / 2), axis.x * std::sin(phi / 2), axis.y * std::sin(phi / 2),
                               axis.z * std::sin(phi / 2));
            // With ls1's convention (rotateInv: body -> space), r * q maps body -> space as R_r after q.
            Quaternion qn = r * m[i].q();
            qn.normalize();
            m[i].setQ(qn);
            return m;
          };
          const double fd = -(energy(rotated(h), box, params, kind) - energy(rotated(-h), box, params, kind)) / (2 * h);
          const double t = res.M.at(mols[i].id())[k];
          worst = std::max(worst, std::abs(fd - t) / std::max(1.0, std::abs(t)));
        }
      }
      std::cout << "\n  finite-difference torque deviation (" << (kind ? "vectorized" : "legacy") << "): " << worst;
      CPPUNIT_ASSERT(worst < 1e-6);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LJPotentialTest);
