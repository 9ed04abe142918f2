// MoleculeRowsTest: the whole-molecule rows of the multi-site Verlet list (AVX-512) against the all-site
// O(N^2) sum and against the site loops on the same list, for models of every site kind (LJ and charges,
// LJ only, charges only, 2CLJQ, Stockmayer, all kinds in one molecule); which systems they take; skipped
// where the CPU lacks AVX-512.
#include "particleContainer/MoleculeRows.h"
#include "particleContainer/MultiSiteVerletListCellProcessor.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"
#include "particleContainer/tests/SimdVariantChecks.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>
#include <string>

using namespace mardyn;
using namespace mardyn::testing;

class MoleculeRowsTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MoleculeRowsTest);
  CPPUNIT_TEST(whichSystems);
  CPPUNIT_TEST(ljAndChargesAgainstBruteForce);
  CPPUNIT_TEST(oneKindOfSite);
  CPPUNIT_TEST(dipolesAndQuadrupoles);
  CPPUNIT_TEST(trajectoryAgainstSiteLoops);
  CPPUNIT_TEST_SUITE_END();

  /// Three LJ centres of two parameter sets, one of them shifted, and three charges (CO2-like).
  static Component co2Like() {
    Component c(0, "CO2-like");
    c.addLJCenter(LJCenter{{0, 0, 0}, 0.3, 1.0, 0.9, true});
    c.addLJCenter(LJCenter{{0, 0, -0.42}, 0.35, 1.2, 1.0, false});
    c.addLJCenter(LJCenter{{0, 0, 0.42}, 0.35, 1.2, 1.0, false});
    c.addCharge(Charge{{0, 0, 0}, 0.0, 0.6});
    c.addCharge(Charge{{0, 0, -0.07}, 0.0, -0.3});
    c.addCharge(Charge{{0, 0, 0.07}, 0.0, -0.3});
    c.setMomentsOfInertia({0.12, 0.12, 0.0});
    return c;
  }

  /// c as the one component of a system (id 0, which its molecules' LJ types are taken from).
  static Component alone(const Component& c) {
    Component a(0, c.name());
    for (const LJCenter& s : c.ljCenters()) a.addLJCenter(s);
    for (const Charge& s : c.charges()) a.addCharge(s);
    for (const Dipole& s : c.dipoles()) a.addDipole(s);
    for (const Quadrupole& s : c.quadrupoles()) a.addQuadrupole(s);
    a.setMomentsOfInertia(c.momentsOfInertia());
    return a;
  }

  struct Deviation {
    double F, M, U, W;
    bool below(double tol) const { return F < tol && M < tol && U < tol && W < tol; }
  };
  static Deviation deviation(const ForceResult& res, const ForceResult& ref) {
    auto rel = [](double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); };
    return {maxRelativeDeviation(res.F, ref.F), maxRelativeDeviation(res.M, ref.M), rel(res.upot, ref.upot),
            rel(res.virial, ref.virial)};
  }
  static void expectBelow(const Deviation& d, double tol, const std::string& what) {
    if (!d.below(tol)) std::cout << "\n  " << what << ": F " << d.F << " M " << d.M << " U " << d.U << " W " << d.W;
    CPPUNIT_ASSERT(d.below(tol));
  }

  /// One traversal of the rows (asserted to be in use) against brute force, with every pair weighted, with
  /// the periodic pairs counted once along every axis, and along x and z only (both kinds of pairs).
  static void againstBruteForce(const std::vector<Component>& comps, unsigned seed, const std::string& name) {
    const Vec3 box{9.0, 10.0, 11.5};
    InteractionParameters params(comps, 3.0);
    params.setReactionField(20.0);
    const auto mols = randomMolecules(comps, box, 230, 0.95, seed);
    const ForceResult ref = bruteForceAllSites(mols, box, params);
    const bool none[3] = {false, false, false}, all[3] = {true, true, true}, xz[3] = {true, false, true};
    for (const bool* self : {none, all, xz}) {
      MultiSiteVerletListCellProcessor proc(params, 0.4, SimdLevel::Avx512);
      proc.setPeriodicSelf(self[0], self[1], self[2]);
      const ForceResult res = cellForces(mols, box, 3.0 + 0.4, 1, proc);
      CPPUNIT_ASSERT(proc.usesMoleculeRows());
      expectBelow(deviation(res, ref), 1e-12, name);
    }
  }

 public:
  void setUp() override { requireSimdLevel(SimdLevel::Avx512); }

  void whichSystems() {
    const Component co2 = co2Like();
    const InteractionParameters one({co2}, 3.0);
    CPPUNIT_ASSERT(MoleculeRows::applies(one, SimdLevel::Avx512));
    CPPUNIT_ASSERT(!MoleculeRows::applies(one, SimdLevel::Avx2));
    const auto mixture = multiSiteComponents();  // five components of every site kind
    const InteractionParameters many(mixture, 3.0);
    CPPUNIT_ASSERT(!MoleculeRows::applies(many, SimdLevel::Avx512));
    for (const Component& c : mixture) {
      const Component single = alone(c);
      CPPUNIT_ASSERT(MoleculeRows::applies(InteractionParameters({single}, 3.0), SimdLevel::Avx512));
    }
    Component crowded(0, "nine charges");
    for (int k = 0; k < 9; ++k) crowded.addCharge(Charge{{0.1 * k, 0, 0}, 0.1, k % 2 ? 0.5 : -0.5});
    CPPUNIT_ASSERT(!MoleculeRows::applies(InteractionParameters({crowded}, 3.0), SimdLevel::Avx512));
    // The site loops, where asked for.
    MultiSiteVerletListCellProcessor proc(one, 0.4, SimdLevel::Avx512);
    proc.setMoleculeRows(false);
    cellForces(randomMolecules({co2}, Vec3{9.0, 9.0, 9.0}, 60, 0.95, 3), Vec3{9.0, 9.0, 9.0}, 3.4, 1, proc);
    CPPUNIT_ASSERT(!proc.usesMoleculeRows());
    proc.setMoleculeRows(true);
    CPPUNIT_ASSERT(proc.usesMoleculeRows());
  }

  void ljAndChargesAgainstBruteForce() {
    againstBruteForce({co2Like()}, 77, "CO2-like");
    againstBruteForce({alone(multiSiteComponents()[2])}, 78, "water-like");  // one LJ centre, three charges
  }

  /// Molecules of LJ centres only, and of charges only (a molten-salt-like pair is not one component, so a
  /// dumbbell of opposite charges).
  void oneKindOfSite() {
    Component lj(0, "2CLJ");
    lj.addLJCenter(LJCenter{{0, 0, -0.3}, 0.5, 1.0, 1.0, false});
    lj.addLJCenter(LJCenter{{0, 0, 0.3}, 0.5, 1.0, 1.0, true});
    lj.setMomentsOfInertia({0.09, 0.09, 0.0});
    againstBruteForce({lj}, 79, "two LJ centres");
    Component dumbbell(0, "charges");
    dumbbell.addCharge(Charge{{0, 0, -0.5}, 0.5, 0.4});
    dumbbell.addCharge(Charge{{0, 0, 0.5}, 0.5, -0.4});
    dumbbell.setMomentsOfInertia({0.25, 0.25, 0.0});
    againstBruteForce({dumbbell}, 80, "two charges");
  }

  /// Oriented sites: 2CLJQ, Stockmayer (an LJ centre and a dipole, with the reaction field), and a molecule
  /// of every kind (two dipoles, so that the dipoles' reaction field couples within rows too).
  void dipolesAndQuadrupoles() {
    const auto all = multiSiteComponents();
    againstBruteForce({alone(all[0])}, 82, "2CLJQ");
    againstBruteForce({alone(all[1])}, 83, "Stockmayer");
    againstBruteForce({alone(all[3])}, 84, "every kind");
  }

  /// At the configurations of a trajectory of moves and rotations (wrapping across the periodic faces), with
  /// both kinds of pairs: the rows equal the site loops on the same list to round-off.
  void trajectoryAgainstSiteLoops() {
    for (const Component& c : {co2Like(), alone(multiSiteComponents()[3])}) trajectory(c);
  }

  static void trajectory(const Component& c) {
    const std::vector<Component> comps{c};
    InteractionParameters params(comps, 3.0);
    params.setReactionField(20.0);
    const Vec3 box{9.0, 10.0, 11.5};
    auto mols = randomMolecules(comps, box, 230, 0.95, 81);
    for (int step = 0; step < 12; ++step) {
      MultiSiteVerletListCellProcessor rows(params, 0.4, SimdLevel::Avx512), sites(params, 0.4, SimdLevel::Avx512);
      sites.setMoleculeRows(false);
      for (auto* p : {&rows, &sites}) p->setPeriodicSelf(true, false, true);
      const ForceResult a = cellForces(mols, box, 3.4, 1, rows), b = cellForces(mols, box, 3.4, 1, sites);
      CPPUNIT_ASSERT(rows.usesMoleculeRows() && !sites.usesMoleculeRows());
      expectBelow(deviation(a, b), 1e-13, "step " + std::to_string(step));
      for (Molecule& m : mols) {
        Vec3 r = m.r() + m.v() * 0.02;
        for (int k = 0; k < 3; ++k) r[k] -= box[k] * std::floor(r[k] / box[k]);
        m.setR(r);
        Quaternion q = m.q() * Quaternion(0.999, 0.02, -0.03, 0.01);
        q.normalize();
        m.setQ(q);
      }
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MoleculeRowsTest);
