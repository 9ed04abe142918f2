// MultiSiteVerletListTest: the Verlet list for multi-site molecules against the all-site O(N^2) sum (every
// site kind, two halo widths) and along a trajectory of moves and rotations against the cell traversal.
#include "particleContainer/MultiSiteVerletListCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>

using namespace mardyn;
using namespace mardyn::testing;

class MultiSiteVerletListTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiSiteVerletListTest);
  CPPUNIT_TEST(againstBruteForce);
  CPPUNIT_TEST(trajectoryAgainstCellTraversal);
  CPPUNIT_TEST(rejectsSwitchAndBadSkin);
  CPPUNIT_TEST_SUITE_END();

  static double relDiff(double a, double b) { return std::fabs(a - b) / std::max(std::fabs(b), 1e-300); }

  static void compare(const ForceResult& res, const ForceResult& ref, double tol, const char* what) {
    const double dF = maxRelativeDeviation(res.F, ref.F), dM = maxRelativeDeviation(res.M, ref.M);
    const double dU = relDiff(res.upot, ref.upot), dW = relDiff(res.virial, ref.virial);
    if (!(dF < tol && dM < tol && dU < tol && dW < tol))
      std::cout << "\n  " << what << ": F " << dF << " M " << dM << " U " << dU << " W " << dW;
    CPPUNIT_ASSERT_EQUAL(ref.F.size(), res.F.size());
    CPPUNIT_ASSERT(dF < tol && dM < tol && dU < tol && dW < tol);
  }

  static ForceResult owned(LinkedCells& lc, const CellProcessor& proc) {
    ForceResult r;
    lc.forEach([&r](const Molecule& m) {
      r.F[m.id()] = m.F();
      r.M[m.id()] = m.M();
    });
    r.upot = proc.upot();
    r.virial = proc.virial();
    return r;
  }

 public:
  void againstBruteForce() {
    const auto comps = multiSiteComponents();
    const Vec3 box{9.0, 10.0, 11.5};
    const InteractionParameters params = multiSiteParameters(comps, 3.0, 20.0);
    CPPUNIT_ASSERT(MultiSiteVerletListCellProcessor::applies(comps, params));
    const auto mols = randomMolecules(comps, box, 220, 0.95, 4242);
    const ForceResult ref = bruteForceAllSites(mols, box, params);
    for (double halo : {3.0 + 0.4, 3.0}) {  // the list's range, and only the cutoff (more rebuilds, same result)
      MultiSiteVerletListCellProcessor proc(params, 0.4);
      compare(cellForces(mols, box, halo, 1, proc), ref, 1e-11, "one traversal");
    }
  }

  /// Molecules moved and turned step by step; every step equal to the cell traversal of the same state.
  void trajectoryAgainstCellTraversal() {
    const auto comps = multiSiteComponents();
    const Vec3 box{9.0, 10.0, 11.5};
    const InteractionParameters params = multiSiteParameters(comps, 3.0, 20.0);
    const auto mols = randomMolecules(comps, box, 220, 0.95, 77);
    const double skin = 0.4;
    LinkedCells lc({0, 0, 0}, box, 3.0 + skin), ref({0, 0, 0}, box, 3.0);
    for (const auto& m : mols) {
      lc.addParticle(m);
      ref.addParticle(m);
    }
    Domain domain(box);
    DomainDecompSequential decomp;
    MultiSiteVerletListCellProcessor proc(params, skin);
    VectorizedCellProcessor cells(params);
    for (int step = 0; step < 15; ++step) {
      decomp.exchangeMolecules(lc, domain);
      decomp.exchangeMolecules(ref, domain);
      lc.traverseCells(proc);
      ref.traverseCells(cells);
      compare(owned(lc, proc), owned(ref, cells), 1e-12, "trajectory");
      auto advance = [](Molecule& m) {
        m.setR(m.r() + m.v() * 0.02);
        m.setQ(rotatedInSpace(m.q(), static_cast<int>(m.id() % 3), 0.05));
      };
      lc.forEach(advance);
      ref.forEach(advance);
    }
    std::cout << "\n  " << proc.rebuilds() << " list builds in 15 steps";
    CPPUNIT_ASSERT(proc.rebuilds() >= 2 && proc.rebuilds() < 15);
  }

  void rejectsSwitchAndBadSkin() {
    const auto comps = multiSiteComponents();
    InteractionParameters params = multiSiteParameters(comps, 3.0, 20.0);
    CPPUNIT_ASSERT_THROW(MultiSiteVerletListCellProcessor(params, 0.0), MardynException);
    params.setSwitchingWidth(0.5);
    CPPUNIT_ASSERT(!MultiSiteVerletListCellProcessor::applies(comps, params));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiSiteVerletListTest);
