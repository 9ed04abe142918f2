// MultiSiteFiniteDifferenceTest: forces and torques on whole rigid molecules (all site kinds, near
// and across the periodic boundaries) against central differences of the total potential energy of
// the periodic system, and the molecular virial against the derivative under centre scaling.
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdio>

using namespace mardyn;
using namespace mardyn::testing;

class MultiSiteFiniteDifferenceTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiSiteFiniteDifferenceTest);
  CPPUNIT_TEST(forcesAndTorques);
  CPPUNIT_TEST(forcesAndTorquesSwitched);
  CPPUNIT_TEST(virialFromScaling);
  CPPUNIT_TEST(virialFromScalingSwitched);
  CPPUNIT_TEST_SUITE_END();

  static double wrap(double x, double l) {
    x = std::fmod(x, l);
    return x < 0 ? x + l : x;
  }

  static double energy(const std::vector<Molecule>& mols, const Vec3& box, const InteractionParameters& p) {
    LegacyCellProcessor proc(p);
    return cellForces(mols, box, p.cutoff(), 1, proc).upot;
  }

  /// Smallest | |R_ij| - rc | over the periodic images of pairs involving molecule k (or all pairs).
  static double distanceToCutoff(const std::vector<Molecule>& mols, const Vec3& box, double rc, long k) {
    double best = 1e300;
    for (std::size_t i = 0; i < mols.size(); ++i) {
      for (std::size_t j = i + 1; j < mols.size(); ++j) {
        if (k >= 0 && static_cast<long>(i) != k && static_cast<long>(j) != k) continue;
        for (int a = -1; a <= 1; ++a)
          for (int b = -1; b <= 1; ++b)
            for (int c = -1; c <= 1; ++c) {
              const Vec3 d = mols[i].r() - mols[j].r() + Vec3{a * box.x, b * box.y, c * box.z};
              best = std::min(best, std::fabs(norm(d) - rc));
            }
      }
    }
    return best;
  }

 public:
  void forcesAndTorques() { checkForcesAndTorques(0.0); }
  /// With the smooth cutoff switch: many pairs inside the switching range.
  void forcesAndTorquesSwitched() { checkForcesAndTorques(0.8); }
  void virialFromScaling() { checkVirial(0.0); }
  void virialFromScalingSwitched() { checkVirial(0.8); }

  void checkForcesAndTorques(double switchWidth) {
    const auto comps = multiSiteComponents();
    const Vec3 box{7.0, 7.5, 8.0};
    InteractionParameters params = multiSiteParameters(comps, 3.2, 15.0);
    params.setSwitchingWidth(switchWidth);
    auto mols = randomMolecules(comps, box, 70, 1.0, 99);
    LegacyCellProcessor legacy(params);
    const ForceResult ref = cellForces(mols, box, params.cutoff(), 1, legacy);
    VectorizedCellProcessor fast(params);
    const ForceResult vec = cellForces(mols, box, params.cutoff(), 1, fast);
    CPPUNIT_ASSERT(maxRelativeDeviation(vec.F, ref.F) <= 1e-12);
    CPPUNIT_ASSERT(maxRelativeDeviation(vec.M, ref.M) <= 1e-12);
    const double h = 1e-6;
    double worstF = 0.0, worstM = 0.0;
    int tested = 0, nearBoundary = 0;
    for (std::size_t k = 0; k < mols.size() && tested < 10; ++k) {
      if (distanceToCutoff(mols, box, params.cutoff(), static_cast<long>(k)) < 1e-4) continue;
      const Molecule orig = mols[k];
      Vec3 fd, md;
      for (int a = 0; a < 3; ++a) {
        double e[2];
        for (int s = 0; s < 2; ++s) {
          Vec3 r = orig.r();
          r[a] = wrap(r[a] + (s == 0 ? h : -h), box[a]);
          mols[k].setR(r);
          e[s] = energy(mols, box, params);
          mols[k].setQ(rotatedInSpace(orig.q(), a, s == 0 ? h : -h));
          mols[k].setR(orig.r());
          const double er = energy(mols, box, params);
          mols[k].setQ(orig.q());
          if (s == 0) md[a] = er; else md[a] = -(md[a] - er) / (2 * h);
        }
        fd[a] = -(e[0] - e[1]) / (2 * h);
      }
      mols[k] = orig;
      const Vec3& F = ref.F.at(orig.id());
      const Vec3& M = ref.M.at(orig.id());
      worstF = std::max(worstF, norm(F - fd) / norm(F));
      if (norm(M) > 0 || norm(md) > 1e-9) worstM = std::max(worstM, norm(M - md) / norm(M));
      const Vec3& r = orig.r();
      bool nb = false;
      for (int a = 0; a < 3; ++a) nb |= r[a] < params.cutoff() || box[a] - r[a] < params.cutoff();
      nearBoundary += nb;
      ++tested;
    }
    std::printf("\n  switch width %.1f: %d molecules (%d within rc of a face): max rel. error F %.2e  M %.2e ",
                switchWidth, tested, nearBoundary, worstF, worstM);
    CPPUNIT_ASSERT(tested >= 8);
    CPPUNIT_ASSERT(nearBoundary >= 4);
    CPPUNIT_ASSERT(worstF <= 1e-6);
    CPPUNIT_ASSERT(worstM <= 1e-6);
  }

  /// W = sum R_ij . F_ij = -dU/dlambda for centres (and box) scaled by lambda, orientations kept.
  /// Without reaction field (eps_RF = 1), where ls1's 3 uRF term is absent.
  void checkVirial(double switchWidth) {
    const auto comps = multiSiteComponents();
    const Vec3 box{7.5, 7.5, 8.0};
    InteractionParameters params = multiSiteParameters(comps, 3.0, 1.0);
    params.setSwitchingWidth(switchWidth);
    // A configuration with no centre pair within 1e-5 of the cutoff (scaling by 1e-6 moves none across).
    std::vector<Molecule> mols;
    for (unsigned seed = 5; seed < 100; ++seed) {
      mols = randomMolecules(comps, box, 80, 1.0, seed);
      if (distanceToCutoff(mols, box, params.cutoff(), -1) > 1e-5) break;
    }
    CPPUNIT_ASSERT(distanceToCutoff(mols, box, params.cutoff(), -1) > 1e-5);
    LegacyCellProcessor legacy(params);
    const ForceResult ref = cellForces(mols, box, params.cutoff(), 1, legacy);
    const double h = 1e-6;
    double e[2];
    for (int s = 0; s < 2; ++s) {
      const double lambda = 1.0 + (s == 0 ? h : -h);
      auto scaled = mols;
      for (auto& m : scaled) m.setR(m.r() * lambda);
      e[s] = energy(scaled, box * lambda, params);
    }
    const double w = -(e[0] - e[1]) / (2 * h);
    std::printf("\n  virial %.10g, -dU/dlambda %.10g ", ref.virial, w);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(w, ref.virial, 1e-6 * std::fabs(ref.virial));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiSiteFiniteDifferenceTest);
