// MultiSiteVerletListTest: the Verlet list for multi-site molecules against the all-site O(N^2) sum (every
// site kind, two halo widths) and along trajectories of moves and rotations against the cell traversal,
// also with the pairs across periodic faces counted once; the same for one three-centre component with
// charges (whose LJ centres are packed by site number).
#include "particleContainer/MultiSiteVerletListCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>
#include <map>

using namespace mardyn;
using namespace mardyn::testing;

class MultiSiteVerletListTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiSiteVerletListTest);
  CPPUNIT_TEST(againstBruteForce);
  CPPUNIT_TEST(trajectoryAgainstCellTraversal);
  CPPUNIT_TEST(trajectoryCountedOnce);
  CPPUNIT_TEST(oneComponentAgainstBruteForce);
  CPPUNIT_TEST(oneComponentTrajectories);
  CPPUNIT_TEST(idsWithTheHighestBit);
  CPPUNIT_TEST(rejectsSwitchAndBadSkin);
  CPPUNIT_TEST_SUITE_END();

  /// One linear molecule of three LJ centres and three charges, CO2-like in reduced units.
  static std::vector<Component> oneComponent() {
    Component c(0, "CO2-like");
    c.addLJCenter(LJCenter{{0, 0, -0.4}, 0.5, 1.0, 0.95, false});
    c.addLJCenter(LJCenter{{0, 0, 0.0}, 0.4, 0.6, 0.9, false});
    c.addLJCenter(LJCenter{{0, 0, 0.4}, 0.5, 1.15, 0.9, false});  // ends unlike: a mix-up of types shows
    c.addCharge(Charge{{0, 0, -0.45}, 0.0, -0.35});
    c.addCharge(Charge{{0, 0, 0.0}, 0.0, 0.7});
    c.addCharge(Charge{{0, 0, 0.45}, 0.0, -0.35});
    c.setMomentsOfInertia({0.16, 0.16, 0.0});
    return {c};
  }
  static InteractionParameters oneComponentParameters(const std::vector<Component>& comps) {
    InteractionParameters p(comps, 3.0);
    p.setReactionField(20.0);
    return p;
  }

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
    // Pairs across the periodic faces counted once (needs the halo of cutoff + skin).
    MultiSiteVerletListCellProcessor once(params, 0.4);
    once.setPeriodicSelf(true, true, true);
    compare(cellForces(mols, box, 3.0 + 0.4, 1, once), ref, 1e-11, "counted once");
    CPPUNIT_ASSERT(once.countsOnce() && once.pairsCountedOnce() > 0 && once.pairsWeighted() == 0);
  }

  /// ls1's checkpoints carry ids with the highest bit set: molecules whose ids differ only there are told
  /// apart where pairs of images are counted once.
  void idsWithTheHighestBit() {
    const auto comps = multiSiteComponents();
    const Vec3 box{9.0, 10.0, 11.5};
    const InteractionParameters params = multiSiteParameters(comps, 3.0, 20.0);
    std::vector<Molecule> mols;
    unsigned long k = 0;
    for (const Molecule& m : randomMolecules(comps, box, 220, 0.95, 4243)) {
      const unsigned long id = k / 2 + (k % 2 == 1 ? (1ul << 63) : 0ul);
      mols.emplace_back(id, &m.component(), m.r(), m.v(), m.q(), m.L());
      ++k;
    }
    const ForceResult ref = bruteForceAllSites(mols, box, params);
    MultiSiteVerletListCellProcessor once(params, 0.4);
    once.setPeriodicSelf(true, true, true);
    compare(cellForces(mols, box, 3.0 + 0.4, 1, once), ref, 1e-11, "ids with the highest bit, counted once");
    CPPUNIT_ASSERT(once.countsOnce() && once.pairsWeighted() == 0);
  }

  void oneComponentAgainstBruteForce() {
    const auto comps = oneComponent();
    const Vec3 box{9.0, 10.0, 11.5};
    const InteractionParameters params = oneComponentParameters(comps);
    const auto mols = randomMolecules(comps, box, 220, 0.95, 515);
    const ForceResult ref = bruteForceAllSites(mols, box, params);
    MultiSiteVerletListCellProcessor proc(params, 0.4);
    compare(cellForces(mols, box, 3.0 + 0.4, 1, proc), ref, 1e-11, "one component");
    MultiSiteVerletListCellProcessor once(params, 0.4);
    once.setPeriodicSelf(true, false, true);
    compare(cellForces(mols, box, 3.0 + 0.4, 1, once), ref, 1e-11, "one component, counted once along x, z");
    CPPUNIT_ASSERT(once.pairsCountedOnce() > 0 && once.pairsWeighted() > 0);
  }

  /// The one-component system along trajectories: every pair weighted, counted once along every axis,
  /// and both kinds (x and z): each step equal to the cell traversal.
  void oneComponentTrajectories() {
    const auto comps = oneComponent();
    const InteractionParameters params = oneComponentParameters(comps);
    const bool all[3] = {true, true, true}, xz[3] = {true, false, true};
    for (const bool* self : {static_cast<const bool*>(nullptr), static_cast<const bool*>(all),
                             static_cast<const bool*>(xz)}) {
      unsigned long wrapsKept = 0;
      const unsigned long builds = trajectory(comps, params, self, 30, wrapsKept);
      CPPUNIT_ASSERT(builds >= 2 && builds < 30);
      if (self) CPPUNIT_ASSERT(wrapsKept > 0);
    }
  }

  /// Pairs counted once along all axes, and along x and z only (both kinds of pairs): every step equal
  /// to the cell traversal, molecules wrapping across the faces while the list is kept.
  void trajectoryCountedOnce() {
    const bool all[3] = {true, true, true}, xz[3] = {true, false, true};
    for (const bool* self : {all, xz}) {
      unsigned long wrapsKept = 0;
      const auto comps = multiSiteComponents();
      const unsigned long builds = trajectory(comps, multiSiteParameters(comps, 3.0, 20.0), self, 40, wrapsKept);
      std::cout << "\n  counted once: " << builds << " list builds in 40 steps, " << wrapsKept
                << " wraps within a list's life";
      CPPUNIT_ASSERT(builds >= 2 && builds < 40);
      CPPUNIT_ASSERT(wrapsKept > 0);
    }
  }

  /// Molecules moved and turned step by step; every step equal to the cell traversal of the same state.
  /// self: axes whose pairs are counted once (none if null). Returns the list builds; wrapsKept: molecules
  /// that wrapped across a face between two traversals that used the same list.
  static unsigned long trajectory(const std::vector<Component>& comps, const InteractionParameters& params,
                                  const bool* self, int steps, unsigned long& wrapsKept) {
    const Vec3 box{9.0, 10.0, 11.5};
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
    if (self) proc.setPeriodicSelf(self[0], self[1], self[2]);
    VectorizedCellProcessor cells(params);
    std::map<unsigned long, Vec3> before;
    unsigned long lastBuilds = 0;
    wrapsKept = 0;
    for (int step = 0; step < steps; ++step) {
      decomp.exchangeMolecules(lc, domain);
      decomp.exchangeMolecules(ref, domain);
      unsigned long wrapped = 0;
      lc.forEach([&](const Molecule& m) {
        const auto it = before.find(m.id());
        if (it == before.end()) return;
        const Vec3 d = m.r() - it->second;
        if (std::fabs(d.x) > 1.0 || std::fabs(d.y) > 1.0 || std::fabs(d.z) > 1.0) ++wrapped;
      });
      lc.traverseCells(proc);
      ref.traverseCells(cells);
      if (proc.rebuilds() == lastBuilds) wrapsKept += wrapped;
      lastBuilds = proc.rebuilds();
      if (self) CPPUNIT_ASSERT(proc.countsOnce());
      if (self && !(self[0] && self[1] && self[2])) CPPUNIT_ASSERT(proc.pairsWeighted() > 0);  // both kinds
      compare(owned(lc, proc), owned(ref, cells), 1e-12, "trajectory");
      lc.forEach([&before](const Molecule& m) { before[m.id()] = m.r(); });
      auto advance = [](Molecule& m) {
        m.setR(m.r() + m.v() * 0.02);
        m.setQ(rotatedInSpace(m.q(), static_cast<int>(m.id() % 3), 0.05));
      };
      lc.forEach(advance);
      ref.forEach(advance);
    }
    return proc.rebuilds();
  }

  void trajectoryAgainstCellTraversal() {
    unsigned long wrapsKept = 0;
    const auto comps = multiSiteComponents();
    const unsigned long builds = trajectory(comps, multiSiteParameters(comps, 3.0, 20.0), nullptr, 15, wrapsKept);
    std::cout << "\n  " << builds << " list builds in 15 steps";
    CPPUNIT_ASSERT(builds >= 2 && builds < 15);
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
