// CellProcessorTest: the cell processors (reference, vectorised, single-centre) against an O(N^2)
// minimum-image sum on random configurations: cubic and non-cubic boxes, cellsInCutoffRadius 1 and 2.
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/SingleCentreCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/tests/ForceTestSystems.h"

#include <cppunit/extensions/HelperMacros.h>

#include <iostream>
#include <memory>

using namespace mardyn;
using namespace mardyn::testing;

class CellProcessorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CellProcessorTest);
  CPPUNIT_TEST(singleCentreCubic);
  CPPUNIT_TEST(singleCentreNonCubic);
  CPPUNIT_TEST(singleCentreShifted);
  CPPUNIT_TEST(singleCentreMixture);
  CPPUNIT_TEST(multiCentreMixture);
  CPPUNIT_TEST(processorsAgree);
  CPPUNIT_TEST_SUITE_END();

 public:
  static Component argonLike(unsigned id, bool shifted) {
    Component c(id, "LJ");
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, shifted});
    return c;
  }

  static std::vector<Component> mixture() {
    std::vector<Component> comps;
    comps.push_back(argonLike(0, false));
    Component two(1, "2CLJ");
    two.addLJCenter(LJCenter{{0, 0, -0.35}, 0.5, 0.9, 0.95, false});
    two.addLJCenter(LJCenter{{0, 0, 0.35}, 0.5, 0.9, 0.95, false});
    two.setMomentsOfInertia({0.1225, 0.1225, 0.0});
    comps.push_back(two);
    Component three(2, "3CLJ");
    three.addLJCenter(LJCenter{{0.3, 0.0, 0.0}, 0.3, 1.1, 0.8, true});
    three.addLJCenter(LJCenter{{-0.15, 0.26, 0.0}, 0.3, 0.7, 0.9, false});
    three.addLJCenter(LJCenter{{-0.15, -0.26, 0.1}, 0.3, 1.3, 0.85, false});
    three.setMomentsOfInertia({0.05, 0.06, 0.09});
    comps.push_back(three);
    return comps;
  }

  /// Runs both processors for cellsInCutoffRadius 1 and 2 and checks them against brute force.
  static void check(const std::vector<Component>& comps, const Vec3& box, std::size_t n, double minDist, unsigned seed,
                    const InteractionParameters& params, bool torques) {
    const auto mols = randomMolecules(comps, box, n, minDist, seed);
    const ForceResult ref = bruteForce(mols, box, params);
    for (int cells = 1; cells <= 2; ++cells) {
      const int kinds = SingleCentreCellProcessor::applies(comps, params) ? 3 : 2;
      for (int kind = 0; kind < kinds; ++kind) {
        std::unique_ptr<CellProcessor> proc;
        if (kind == 0) proc = std::make_unique<LegacyCellProcessor>(params);
        else if (kind == 1) proc = std::make_unique<VectorizedCellProcessor>(params);
        else proc = std::make_unique<SingleCentreCellProcessor>(params);
        const ForceResult res = cellForces(mols, box, params.cutoff(), cells, *proc);
        const double dF = maxRelativeDeviation(res.F, ref.F);
        const double dFi = maxPerMoleculeDeviation(res.F, ref.F);
        const double dU = std::abs(res.upot - ref.upot) / std::abs(ref.upot);
        const double dW = std::abs(res.virial - ref.virial) / std::abs(ref.virial);
        std::cout << "\n  " << (kind == 0 ? "legacy       " : kind == 1 ? "vectorized   " : "single-centre") << " cells/rc=" << cells << " box=" << box
                  << " N=" << n << ": max|dF|/max|F|=" << dF << " max_i|dF_i|/|F_i|=" << dFi << " dU/U=" << dU
                  << " dW/W=" << dW;
        CPPUNIT_ASSERT_EQUAL(mols.size(), res.F.size());
        CPPUNIT_ASSERT(dF <= 1e-12);
        CPPUNIT_ASSERT(dU <= 1e-12);
        CPPUNIT_ASSERT(dW <= 1e-12);
        if (torques) {
          const double dM = maxRelativeDeviation(res.M, ref.M);
          std::cout << " max|dM|/max|M|=" << dM;
          CPPUNIT_ASSERT(dM <= 1e-12);
        }
      }
    }
  }

  void singleCentreCubic() {
    const std::vector<Component> comps{argonLike(0, false)};
    InteractionParameters params(comps, 2.5);
    check(comps, {8.0, 8.0, 8.0}, 400, 0.85, 11, params, false);
  }

  void singleCentreNonCubic() {
    const std::vector<Component> comps{argonLike(0, false)};
    InteractionParameters params(comps, 2.5);
    check(comps, {6.1, 9.3, 11.7}, 520, 0.85, 12, params, false);
  }

  void singleCentreShifted() {
    const std::vector<Component> comps{argonLike(0, true)};
    InteractionParameters params(comps, 2.7);
    check(comps, {7.0, 5.5, 8.25}, 250, 0.85, 13, params, false);
  }

  /// Two single-centre components with Lorentz-Berthelot mixing (several LJ types).
  void singleCentreMixture() {
    std::vector<Component> comps{argonLike(0, false), argonLike(1, true)};
    comps[1] = Component(1, "B");
    comps[1].addLJCenter(LJCenter{{0, 0, 0}, 1.5, 0.7, 1.2, true});
    InteractionParameters params(comps, 2.8);
    params.setMixing(0, 1, 0.95, 1.05);
    CPPUNIT_ASSERT(SingleCentreCellProcessor::applies(comps, params));
    check(comps, {7.5, 8.5, 6.5}, 300, 0.9, 16, params, false);
  }

  void multiCentreMixture() {
    const auto comps = mixture();
    InteractionParameters params(comps, 2.6);
    params.setMixing(0, 1, 1.05, 0.93);
    params.setMixing(1, 2, 0.98, 1.07);
    check(comps, {8.0, 7.2, 9.5}, 250, 1.0, 14, params, true);
  }

  /// The fast processor equals the reference one on a denser random mixture.
  void processorsAgree() {
    const auto comps = mixture();
    InteractionParameters params(comps, 3.0);
    const Vec3 box{10.0, 10.0, 10.0};
    const auto mols = randomMolecules(comps, box, 500, 1.0, 15);
    LegacyCellProcessor legacy(params);
    VectorizedCellProcessor fast(params);
    const ForceResult a = cellForces(mols, box, 3.0, 1, legacy);
    const ForceResult b = cellForces(mols, box, 3.0, 1, fast);
    CPPUNIT_ASSERT(maxRelativeDeviation(b.F, a.F) <= 1e-12);
    CPPUNIT_ASSERT(maxRelativeDeviation(b.M, a.M) <= 1e-12);
    CPPUNIT_ASSERT(std::abs(b.upot - a.upot) <= 1e-12 * std::abs(a.upot));
    CPPUNIT_ASSERT(std::abs(b.virial - a.virial) <= 1e-12 * std::abs(a.virial));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CellProcessorTest);
