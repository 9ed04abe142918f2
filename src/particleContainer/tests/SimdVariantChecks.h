// SimdVariantChecks: the body of the per-variant tests (SimdSse2Test, SimdAvx2Test, SimdAvx512Test):
// the kernels of one instruction-set variant against O(N^2) sums: the Verlet list for one LJ type and a
// mixture along a short trajectory, the single-centre processor, and the multi-site (vectorised)
// processor on every site kind; skipped, with the reason printed, where the CPU lacks the variant.
#pragma once

#include "particleContainer/SingleCentreCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/VerletListCellProcessor.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"
#include "tests/TestSkip.h"
#include "utils/SimdLevel.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>

namespace mardyn::testing {

inline Component simdTestLJ(unsigned id, double eps, double sigma, bool shifted) {
  Component c(id, "LJ");
  c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, eps, sigma, shifted});
  return c;
}

/// Forces, U_pot and virial of the variant's processor at every step of a straight-line trajectory
/// against brute force (relative 1e-12).
inline void checkSimdVariant(SimdLevel level, bool mixture) {
  std::vector<Component> comps{simdTestLJ(0, 1.0, 1.0, false)};
  if (mixture) comps.push_back(simdTestLJ(1, 0.7, 1.2, true));
  InteractionParameters params(comps, 2.5);
  if (mixture) params.setMixing(0, 1, 0.95, 1.05);
  const Vec3 box{8.3, 7.6, 9.1};
  const auto mols = randomMolecules(comps, box, 420, 0.9, mixture ? 16 : 21);
  const double skin = 0.4;
  LinkedCells lc({0, 0, 0}, box, 2.5 + skin);
  for (const auto& m : mols) lc.addParticle(m);
  Domain domain(box);
  DomainDecompSequential decomp;
  decomp.exchangeMolecules(lc, domain);
  VerletListCellProcessor proc(params, skin, level);
  CPPUNIT_ASSERT(proc.simd() == level);
  for (int step = 0; step < 12; ++step) {
    lc.traverseCells(proc);
    std::vector<Molecule> owned;
    lc.forEach([&owned](const Molecule& m) { owned.push_back(m); });
    const ForceResult ref = bruteForce(owned, box, params);
    ForceResult res;
    for (const Molecule& m : owned) res.F[m.id()] = m.F();
    const double dF = maxRelativeDeviation(res.F, ref.F);
    const double dU = std::abs(proc.upot() - ref.upot) / std::abs(ref.upot);
    const double dW = std::abs(proc.virial() - ref.virial) / std::abs(ref.virial);
    if (!(dF <= 1e-12 && dU <= 1e-12 && dW <= 1e-12))
      std::cout << "\n  " << simdLevelName(level) << " step " << step << ": max|dF|/max|F|=" << dF << " dU/U=" << dU
                << " dW/W=" << dW;
    CPPUNIT_ASSERT(dF <= 1e-12 && dU <= 1e-12 && dW <= 1e-12);
    lc.forEach([](Molecule& m) { m.setR(m.r() + m.v() * 0.01); });
    decomp.exchangeMolecules(lc, domain);
  }
}

/// The single-centre processor of the variant against brute force (a mixture).
inline void checkSingleCentreVariant(SimdLevel level) {
  std::vector<Component> comps{simdTestLJ(0, 1.0, 1.0, false), simdTestLJ(1, 0.7, 1.2, true)};
  InteractionParameters params(comps, 2.5);
  const Vec3 box{7.5, 8.5, 6.5};
  const auto mols = randomMolecules(comps, box, 300, 0.9, 16);
  SingleCentreCellProcessor proc(params, level);
  CPPUNIT_ASSERT(proc.simd() == level);
  const ForceResult ref = bruteForce(mols, box, params);
  const ForceResult res = cellForces(mols, box, 2.5, 1, proc);
  CPPUNIT_ASSERT(maxRelativeDeviation(res.F, ref.F) <= 1e-12);
  CPPUNIT_ASSERT(std::abs(res.upot - ref.upot) <= 1e-12 * std::abs(ref.upot));
  CPPUNIT_ASSERT(std::abs(res.virial - ref.virial) <= 1e-12 * std::abs(ref.virial));
}

/// The multi-site (vectorised) processor of the variant against the all-site brute force: LJ centres,
/// charges, dipoles and quadrupoles, reaction field.
inline void checkMultiSiteVariant(SimdLevel level) {
  const auto comps = multiSiteComponents();
  const Vec3 box{9.0, 10.0, 11.5};
  const InteractionParameters params = multiSiteParameters(comps, 3.0, 20.0);
  const auto mols = randomMolecules(comps, box, 220, 0.95, 4242);
  VectorizedCellProcessor proc(params, level);
  CPPUNIT_ASSERT(proc.simd() == level);
  const ForceResult ref = bruteForceAllSites(mols, box, params);
  const ForceResult res = cellForces(mols, box, params.cutoff(), 1, proc);
  const double dF = maxRelativeDeviation(res.F, ref.F), dM = maxRelativeDeviation(res.M, ref.M);
  const double dU = std::abs(res.upot - ref.upot) / std::abs(ref.upot);
  const double dW = std::abs(res.virial - ref.virial) / std::abs(ref.virial);
  if (!(dF < 1e-11 && dM < 1e-11 && dU < 1e-11 && dW < 1e-11))
    std::cout << "\n  " << simdLevelName(level) << " multi-site: F " << dF << " M " << dM << " U " << dU << " W " << dW;
  CPPUNIT_ASSERT(dF < 1e-11 && dM < 1e-11 && dU < 1e-11 && dW < 1e-11);
}

/// The same with few LJ types (a CO2-like model: three centres of two parameter sets and three charges,
/// and an ion), where the processor packs the neighbour centres grouped by type.
inline void checkMultiSiteFewTypesVariant(SimdLevel level) {
  std::vector<Component> comps;
  Component co2(0, "CO2-like");
  co2.addLJCenter(LJCenter{{0, 0, 0}, 0.3, 1.0, 0.9, false});
  co2.addLJCenter(LJCenter{{0, 0, -0.4}, 0.35, 1.2, 1.0, false});
  co2.addLJCenter(LJCenter{{0, 0, 0.4}, 0.35, 1.2, 1.0, false});
  co2.addCharge(Charge{{0, 0, 0}, 0.0, 0.6});
  co2.addCharge(Charge{{0, 0, -0.4}, 0.0, -0.3});
  co2.addCharge(Charge{{0, 0, 0.4}, 0.0, -0.3});
  co2.setMomentsOfInertia({0.112, 0.112, 0.0});
  comps.push_back(co2);
  Component ion(1, "ion");
  ion.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.1, 0.8, false});
  ion.addCharge(Charge{{0, 0, 0}, 0.0, -0.5});
  comps.push_back(ion);
  const Vec3 box{9.5, 10.0, 11.0};
  InteractionParameters params(comps, 3.0);
  params.setMixing(0, 1, 1.05, 0.9);
  params.setReactionField(20.0);
  CPPUNIT_ASSERT(params.numLJTypes() <= 4);
  const auto mols = randomMolecules(comps, box, 200, 0.95, 99);
  VectorizedCellProcessor proc(params, level);
  const ForceResult ref = bruteForceAllSites(mols, box, params);
  const ForceResult res = cellForces(mols, box, params.cutoff(), 1, proc);
  const double dF = maxRelativeDeviation(res.F, ref.F), dM = maxRelativeDeviation(res.M, ref.M);
  const double dU = std::abs(res.upot - ref.upot) / std::abs(ref.upot);
  const double dW = std::abs(res.virial - ref.virial) / std::abs(ref.virial);
  if (!(dF < 1e-11 && dM < 1e-11 && dU < 1e-11 && dW < 1e-11))
    std::cout << "\n  " << simdLevelName(level) << " few types: F " << dF << " M " << dM << " U " << dU << " W " << dW;
  CPPUNIT_ASSERT(dF < 1e-11 && dM < 1e-11 && dU < 1e-11 && dW < 1e-11);
}

/// Throws SkipTest (the test is reported skipped, with the reason) where the CPU lacks the level.
inline void requireSimdLevel(SimdLevel level) {
  if (!cpuSupports(level))
    throw SkipTest{std::string("the ") + simdLevelName(level) + " kernels cannot run here: " + unsupportedReason(level)};
}

}  // namespace mardyn::testing

/// The suite of one variant: NAME is the fixture class, LEVEL its SimdLevel.
#define MARDYN_SIMD_VARIANT_TEST(NAME, LEVEL)                                              \
  class NAME : public CppUnit::TestFixture {                                               \
    CPPUNIT_TEST_SUITE(NAME);                                                              \
    CPPUNIT_TEST(oneType);                                                                 \
    CPPUNIT_TEST(mixture);                                                                 \
    CPPUNIT_TEST(singleCentre);                                                            \
    CPPUNIT_TEST(multiSite);                                                               \
    CPPUNIT_TEST(multiSiteFewTypes);                                                       \
    CPPUNIT_TEST_SUITE_END();                                                              \
                                                                                           \
   public:                                                                                 \
    void setUp() override { mardyn::testing::requireSimdLevel(LEVEL); }                    \
    void oneType() { mardyn::testing::checkSimdVariant(LEVEL, false); }                    \
    void mixture() { mardyn::testing::checkSimdVariant(LEVEL, true); }                     \
    void singleCentre() { mardyn::testing::checkSingleCentreVariant(LEVEL); }              \
    void multiSite() { mardyn::testing::checkMultiSiteVariant(LEVEL); }                    \
    void multiSiteFewTypes() { mardyn::testing::checkMultiSiteFewTypesVariant(LEVEL); }    \
  };                                                                                       \
  CPPUNIT_TEST_SUITE_REGISTRATION(NAME)
