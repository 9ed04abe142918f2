// MultiSiteProcessorTest: both cell processors on random multi-component systems with every site
// kind (LJ, charges, dipoles with reaction field, quadrupoles) against an O(N^2) minimum-image sum
// over all site pairs, and the vectorised processor against the reference one to 1e-12.
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdio>

using namespace mardyn;
using namespace mardyn::testing;

class MultiSiteProcessorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiSiteProcessorTest);
  CPPUNIT_TEST(againstBruteForce);
  CPPUNIT_TEST(fastEqualsReference);
  CPPUNIT_TEST(singleKindSystems);
  CPPUNIT_TEST_SUITE_END();

  static double relDiff(double a, double b) { return std::fabs(a - b) / std::max(std::fabs(b), 1e-300); }

 public:
  /// Both processors, cellsInCutoffRadius 1 and 2, against the brute-force sum (plain truncation).
  void againstBruteForce() {
    const auto comps = multiSiteComponents();
    const Vec3 box{9.0, 10.0, 11.5};
    const InteractionParameters params = multiSiteParameters(comps, 3.0, 20.0);
    const auto mols = randomMolecules(comps, box, 220, 0.95, 4242);
    const ForceResult ref = bruteForceAllSites(mols, box, params);
    for (int cells = 1; cells <= 2; ++cells) {
      LegacyCellProcessor legacy(params);
      VectorizedCellProcessor fast(params);
      for (CellProcessor* proc : {static_cast<CellProcessor*>(&legacy), static_cast<CellProcessor*>(&fast)}) {
        const ForceResult res = cellForces(mols, box, params.cutoff(), cells, *proc);
        const double dF = maxRelativeDeviation(res.F, ref.F), dM = maxRelativeDeviation(res.M, ref.M);
        std::printf("\n  cells/rc %d %-10s vs brute force: F %.2e  M %.2e  U %.2e  W %.2e", cells,
                    proc == &legacy ? "legacy" : "vectorized", dF, dM, relDiff(res.upot, ref.upot),
                    relDiff(res.virial, ref.virial));
        CPPUNIT_ASSERT(dF < 1e-11);
        CPPUNIT_ASSERT(dM < 1e-11);
        CPPUNIT_ASSERT(relDiff(res.upot, ref.upot) < 1e-11);
        CPPUNIT_ASSERT(relDiff(res.virial, ref.virial) < 1e-11);
      }
    }
  }

  /// The vectorised processor equals the reference processor to 1e-12 (relative), molecule by molecule.
  void fastEqualsReference() {
    const auto comps = multiSiteComponents();
    double worst = 0.0;
    for (unsigned seed = 1; seed <= 3; ++seed) {
      const Vec3 box{8.0 + seed, 9.5, 10.0 - 0.5 * seed};
      InteractionParameters params = multiSiteParameters(comps, 2.5 + 0.25 * seed, seed == 2 ? 1.0 : 1e10);
      if (seed == 3) params.setSwitchingWidth(0.7);  // the optional smooth cutoff
      const auto mols = randomMolecules(comps, box, 200 + 40 * seed, 0.9, 100 + seed);
      for (int cells = 1; cells <= 2; ++cells) {
        LegacyCellProcessor legacy(params);
        VectorizedCellProcessor fast(params);
        const ForceResult a = cellForces(mols, box, params.cutoff(), cells, legacy);
        const ForceResult b = cellForces(mols, box, params.cutoff(), cells, fast);
        const double dev = std::max({maxRelativeDeviation(b.F, a.F), maxRelativeDeviation(b.M, a.M),
                                     maxPerMoleculeDeviation(b.F, a.F), maxPerMoleculeDeviation(b.M, a.M),
                                     relDiff(b.upot, a.upot), relDiff(b.virial, a.virial)});
        worst = std::max(worst, dev);
        CPPUNIT_ASSERT(dev <= 1e-12);
      }
    }
    std::printf("\n  vectorized vs legacy: largest relative deviation %.2e ", worst);
  }

  /// One component at a time (every kind alone), so that no kind hides behind another.
  void singleKindSystems() {
    const auto all = multiSiteComponents();
    for (const Component& c : all) {
      std::vector<Component> comps{Component(0, c.name())};
      for (const auto& s : c.ljCenters()) comps[0].addLJCenter(s);
      for (const auto& s : c.charges()) comps[0].addCharge(s);
      for (const auto& s : c.dipoles()) comps[0].addDipole(s);
      for (const auto& s : c.quadrupoles()) comps[0].addQuadrupole(s);
      comps[0].setMomentsOfInertia(c.momentsOfInertia());
      const Vec3 box{8.0, 8.5, 9.0};
      InteractionParameters params(comps, 2.8);
      params.setReactionField(5.0);
      const auto mols = randomMolecules(comps, box, 150, 0.95, 7);
      const ForceResult ref = bruteForceAllSites(mols, box, params);
      LegacyCellProcessor legacy(params);
      VectorizedCellProcessor fast(params);
      const ForceResult a = cellForces(mols, box, params.cutoff(), 1, legacy);
      const ForceResult b = cellForces(mols, box, params.cutoff(), 1, fast);
      CPPUNIT_ASSERT_MESSAGE(c.name(), maxRelativeDeviation(a.F, ref.F) < 1e-11);
      CPPUNIT_ASSERT_MESSAGE(c.name(), maxRelativeDeviation(a.M, ref.M) < 1e-11 || c.name() == "ion");
      CPPUNIT_ASSERT_MESSAGE(c.name(), relDiff(a.upot, ref.upot) < 1e-11);
      CPPUNIT_ASSERT_MESSAGE(c.name(), maxRelativeDeviation(b.F, a.F) <= 1e-12);
      CPPUNIT_ASSERT_MESSAGE(c.name(), maxRelativeDeviation(b.M, a.M) <= 1e-12 || c.name() == "ion");
      CPPUNIT_ASSERT_MESSAGE(c.name(), relDiff(b.upot, a.upot) <= 1e-12);
      CPPUNIT_ASSERT_MESSAGE(c.name(), relDiff(b.virial, a.virial) <= 1e-12);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiSiteProcessorTest);
