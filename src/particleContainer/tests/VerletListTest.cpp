// VerletListTest: the Verlet-list processor against an O(N^2) minimum-image sum, once and along
// trajectories (moves, periodic wraps, re-sorting, halo copies made anew, added/removed molecules), also
// with the pairs across periodic faces counted once.
#include "integrators/Leapfrog.h"
#include "particleContainer/SingleCentreCellProcessor.h"
#include "particleContainer/VerletListCellProcessor.h"
#include "particleContainer/VerletNeighbourList.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <random>

using namespace mardyn;
using namespace mardyn::testing;

class VerletListTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(VerletListTest);
  CPPUNIT_TEST(neighbourListHasEveryPairOnce);
  CPPUNIT_TEST(oneTraversal);
  CPPUNIT_TEST(mixture);
  CPPUNIT_TEST(trajectoryWideHalo);
  CPPUNIT_TEST(trajectoryNarrowHalo);
  CPPUNIT_TEST(trajectoryCountedOnce);
  CPPUNIT_TEST(trajectoryCountedOnceSomeAxes);
  CPPUNIT_TEST(countedOnceGivenUp);
  CPPUNIT_TEST(largeMoveRebuilds);
  CPPUNIT_TEST(forecastBoundsTheNextDrift);
  CPPUNIT_TEST(addedAndRemovedMolecules);
  CPPUNIT_TEST(componentChange);
  CPPUNIT_TEST(regionChangeRebuilds);
  CPPUNIT_TEST(sparseIds);
  CPPUNIT_TEST(idsWithTheHighestBit);
  CPPUNIT_TEST(rejectsBadSkin);
  CPPUNIT_TEST_SUITE_END();

  static Component lj(unsigned id, double eps, double sigma, bool shifted) {
    Component c(id, "LJ");
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, eps, sigma, shifted});
    return c;
  }

  /// Checks the owned molecules of the container against brute force over them (periodic box).
  static void checkAgainstBruteForce(LinkedCells& lc, const Vec3& box, const InteractionParameters& params,
                                     CellProcessor& proc, const char* what) {
    std::vector<Molecule> mols;
    lc.forEach([&mols](const Molecule& m) { mols.push_back(m); });
    const ForceResult ref = bruteForce(mols, box, params);
    ForceResult res;
    lc.forEach([&res](const Molecule& m) { res.F[m.id()] = m.F(); });
    const double dF = maxRelativeDeviation(res.F, ref.F);
    const double dU = std::abs(proc.upot() - ref.upot) / std::abs(ref.upot);
    const double dW = std::abs(proc.virial() - ref.virial) / std::abs(ref.virial);
    if (!(dF <= 1e-12 && dU <= 1e-12 && dW <= 1e-12))
      std::cout << "\n  " << what << ": max|dF|/max|F|=" << dF << " dU/U=" << dU << " dW/W=" << dW;
    CPPUNIT_ASSERT_EQUAL(ref.F.size(), res.F.size());
    CPPUNIT_ASSERT(dF <= 1e-12);
    CPPUNIT_ASSERT(dU <= 1e-12);
    CPPUNIT_ASSERT(dW <= 1e-12);
  }

  /// Moves every owned molecule by v dt (velocities as stored), then wraps and rebuilds the halo.
  static void move(LinkedCells& lc, DomainDecompSequential& decomp, const Domain& domain, double dt) {
    lc.forEach([dt](Molecule& m) { m.setR(m.r() + m.v() * dt); });
    decomp.exchangeMolecules(lc, domain);
  }

  /// A trajectory of straight moves; every step against brute force. Returns the number of builds.
  /// With self axes given, pairs across those faces are counted once (every share accepted); then the
  /// run must have periodic wraps between builds and pairs counted once, and (unless all three axes are
  /// self axes) weighted pairs too.
  static unsigned long trajectory(double containerCutoff, int steps, double dt, const bool* self = nullptr) {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.3, 7.6, 9.1};
    const auto mols = randomMolecules(comps, box, 420, 0.9, 21);
    LinkedCells lc({0, 0, 0}, box, containerCutoff);
    for (const auto& m : mols) lc.addParticle(m);
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.4);
    if (self) {
      proc.setPeriodicSelf(self[0], self[1], self[2]);
      proc.setOnceMinShare(0.0);
    }
    unsigned long wrapsKept = 0, lastBuilds = 0, wrapped = 0;
    std::size_t once = 0, weighted = 0;
    for (int s = 0; s < steps; ++s) {
      lc.traverseCells(proc);
      if (proc.rebuilds() == lastBuilds) wrapsKept += wrapped;  // the list outlived the wraps of the last move
      lastBuilds = proc.rebuilds();
      once = std::max(once, proc.pairsCountedOnce());
      weighted = std::max(weighted, proc.pairsWeighted());
      checkAgainstBruteForce(lc, box, params, proc, "trajectory");
      std::map<unsigned long, Vec3> before;
      lc.forEach([&before](const Molecule& m) { before[m.id()] = m.r(); });
      move(lc, decomp, domain, dt);
      wrapped = 0;
      lc.forEach([&](const Molecule& m) {
        const Vec3 d = m.r() - before[m.id()];
        if (std::abs(d.x) > 1.0 || std::abs(d.y) > 1.0 || std::abs(d.z) > 1.0) ++wrapped;
      });
    }
    std::cout << "\n  container cutoff " << containerCutoff << ": " << proc.rebuilds() << " builds in " << steps
              << " steps";
    if (self) {
      std::cout << ", " << once << " pairs counted once, " << weighted << " weighted, " << wrapsKept
                << " wraps within a list's life";
      CPPUNIT_ASSERT(proc.countsOnce());
      CPPUNIT_ASSERT(once > 0);
      CPPUNIT_ASSERT(wrapsKept > 0);
      if (!(self[0] && self[1] && self[2])) CPPUNIT_ASSERT(weighted > 0);
      else CPPUNIT_ASSERT_EQUAL(std::size_t{0}, weighted);
    }
    return proc.rebuilds();
  }

 public:
  void neighbourListHasEveryPairOnce() {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(0.0, 6.0);
    const std::size_t n = 300;
    std::vector<double> x(n), y(n), z(n);
    for (std::size_t i = 0; i < n; ++i) x[i] = u(rng), y[i] = u(rng), z[i] = 0.5 * u(rng);
    std::vector<std::uint8_t> flags(n);
    for (std::size_t i = 0; i < n; ++i) flags[i] = (i % 3) != 0;
    VerletNeighbourList list;
    const double range = 1.3;
    const auto order = list.sortIntoBins(x, y, z, flags, range);
    std::vector<double> sx(n), sy(n), sz(n);
    std::vector<std::uint8_t> active(n);
    for (std::size_t k = 0; k < n; ++k) {
      sx[k] = x[order[k]], sy[k] = y[order[k]], sz[k] = z[order[k]];
      active[k] = flags[order[k]];
    }
    list.build(sx.data(), sy.data(), sz.data(), active);
    std::vector<std::vector<int>> seen(n, std::vector<int>(n, 0));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = list.begin(i); k < list.end(i); ++k) {
        const std::size_t j = list.neighbours()[k];
        ++seen[std::min(i, j)][std::max(i, j)];
      }
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const double d2 = (sx[i] - sx[j]) * (sx[i] - sx[j]) + (sy[i] - sy[j]) * (sy[i] - sy[j]) +
                          (sz[i] - sz[j]) * (sz[i] - sz[j]);
        const int expected = d2 < range * range && (active[i] || active[j]) ? 1 : 0;
        CPPUNIT_ASSERT_EQUAL(expected, seen[i][j]);
      }
  }

  void oneTraversal() {
    for (const bool shifted : {false, true}) {
      const std::vector<Component> comps{lj(0, 1.0, 1.0, shifted)};
      InteractionParameters params(comps, 2.5);
      for (const Vec3 box : {Vec3{8.0, 8.0, 8.0}, Vec3{6.1, 9.3, 11.7}}) {
        const auto mols = randomMolecules(comps, box, 450, 0.85, 11);
        for (const double containerCutoff : {2.5, 2.8}) {
          for (int cells = 1; cells <= 2; ++cells) {
            VerletListCellProcessor proc(params, 0.3);
            const ForceResult ref = bruteForce(mols, box, params);
            const ForceResult res = cellForces(mols, box, containerCutoff, cells, proc);
            CPPUNIT_ASSERT(maxRelativeDeviation(res.F, ref.F) <= 1e-12);
            CPPUNIT_ASSERT(std::abs(res.upot - ref.upot) <= 1e-12 * std::abs(ref.upot));
            CPPUNIT_ASSERT(std::abs(res.virial - ref.virial) <= 1e-12 * std::abs(ref.virial));
          }
        }
      }
    }
  }

  void mixture() {
    std::vector<Component> comps{lj(0, 1.0, 1.0, false), lj(1, 0.7, 1.2, true)};
    InteractionParameters params(comps, 2.8);
    params.setMixing(0, 1, 0.95, 1.05);
    CPPUNIT_ASSERT(VerletListCellProcessor::applies(comps, params));
    const Vec3 box{7.5, 8.5, 6.5};
    const auto mols = randomMolecules(comps, box, 300, 0.9, 16);
    VerletListCellProcessor proc(params, 0.35);
    const ForceResult ref = bruteForce(mols, box, params);
    const ForceResult res = cellForces(mols, box, 2.8 + 0.35, 1, proc);
    CPPUNIT_ASSERT(maxRelativeDeviation(res.F, ref.F) <= 1e-12);
    CPPUNIT_ASSERT(std::abs(res.upot - ref.upot) <= 1e-12 * std::abs(ref.upot));
    CPPUNIT_ASSERT(std::abs(res.virial - ref.virial) <= 1e-12 * std::abs(ref.virial));
  }

  /// Halo as wide as cutoff + skin: the list is kept over several steps, molecules crossing the faces.
  void trajectoryWideHalo() {
    const unsigned long builds = trajectory(2.5 + 0.4, 60, 0.01);
    CPPUNIT_ASSERT(builds >= 2);   // molecules moved more than the skin allows
    CPPUNIT_ASSERT(builds <= 15);  // ... but the list was reused
  }

  /// Halo only as wide as the cutoff: still right (more builds).
  void trajectoryNarrowHalo() { CPPUNIT_ASSERT(trajectory(2.5, 30, 0.02) >= 2); }

  /// Pairs across the periodic faces counted once (one process along every axis), molecules wrapping
  /// while the list is kept: each step against brute force.
  void trajectoryCountedOnce() {
    const bool all[3] = {true, true, true};
    const unsigned long builds = trajectory(2.5 + 0.4, 60, 0.01, all);
    CPPUNIT_ASSERT(builds >= 2 && builds <= 15);
  }

  /// Only x and z as self axes (as on a process grid 1 x 2 x 1): molecules near the y faces and their
  /// images keep the weighted pairs, the others are counted once; both kinds in one run.
  void trajectoryCountedOnceSomeAxes() {
    const bool xz[3] = {true, false, true};
    trajectory(2.5 + 0.4, 60, 0.01, xz);
    const bool y[3] = {false, true, false};
    trajectory(2.5 + 0.4, 40, 0.01, y);
  }

  /// Counting once is given up where it saves too little (a share above every possible one).
  void countedOnceGivenUp() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.3, 7.6, 9.1};
    const auto mols = randomMolecules(comps, box, 420, 0.9, 21);
    VerletListCellProcessor proc(params, 0.4);
    proc.setPeriodicSelf(true, true, true);
    proc.setOnceMinShare(1.1);
    const ForceResult ref = bruteForce(mols, box, params);
    const ForceResult res = cellForces(mols, box, 2.9, 1, proc);
    CPPUNIT_ASSERT(!proc.countsOnce());
    CPPUNIT_ASSERT_EQUAL(std::size_t{0}, proc.pairsCountedOnce());
    CPPUNIT_ASSERT(maxRelativeDeviation(res.F, ref.F) <= 1e-12);
    CPPUNIT_ASSERT(std::abs(res.upot - ref.upot) <= 1e-12 * std::abs(ref.upot));
  }

  void largeMoveRebuilds() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.0, 8.0, 8.0};
    const auto mols = randomMolecules(comps, box, 380, 0.9, 31);
    LinkedCells lc({0, 0, 0}, box, 2.8);
    for (const auto& m : mols) lc.addParticle(m);
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.3);
    lc.traverseCells(proc);
    lc.traverseCells(proc);
    CPPUNIT_ASSERT_EQUAL(1ul, proc.rebuilds());
    // One molecule jumps by 0.16 > skin / 2, the others stay: the list must be rebuilt.
    bool first = true;
    lc.forEach([&first](Molecule& m) {
      if (first) m.setR(m.r() + Vec3{0.16, 0.0, 0.0});
      first = false;
    });
    decomp.exchangeMolecules(lc, domain);
    lc.traverseCells(proc);
    CPPUNIT_ASSERT_EQUAL(2ul, proc.rebuilds());
    checkAgainstBruteForce(lc, box, params, proc, "large move");
  }

  /// The list's forecast of the next drift (Leapfrog's first half step, what processes agree on a list build
  /// by) against the drift itself, over time steps short and long enough for a build: its largest displacement
  /// from the listed positions, step and speed are the drift's; where it keeps the list, followMolecules()
  /// takes the drifted molecules, also after a velocity scaling within the bound it was given; without a
  /// scaling it keeps the list exactly when every molecule stays within skin/2.
  void forecastBoundsTheNextDrift() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.0, 8.0, 8.0};
    const double skin = 0.3;
    int kept = 0, refused = 0;
    for (double dt : {0.002, 0.005, 0.01, 0.02, 0.04, 0.08})
      for (double beta : {1.0, 0.98, 1.02}) {
        LinkedCells lc({0, 0, 0}, box, 2.5 + skin);
        for (const auto& m : randomMolecules(comps, box, 380, 0.95, 31)) lc.addParticle(m);
        Domain domain(box);
        DomainDecompSequential decomp;
        decomp.setRecordHaloPlan(true);
        decomp.exchangeMolecules(lc, domain);
        VerletListCellProcessor proc(params, skin);
        lc.traverseCells(proc);
        const VerletListCellProcessor::Forecast f = proc.forecast(dt);
        CPPUNIT_ASSERT(f.followable);
        CPPUNIT_ASSERT(f.intrusion < -1.0);  // one process, periodic: every halo copy has a slot
        const bool keeps = proc.forecastKeepsList(f, dt, std::abs(beta - 1.0));
        std::map<unsigned long, Vec3> listed;
        lc.forEach([&listed](const Molecule& m) { listed[m.id()] = m.r(); });
        double displacement = 0.0, step = 0.0, speed = 0.0;
        lc.forEach([&](Molecule& m) {
          speed = std::max(speed, std::sqrt(norm2(m.v())));
          m.setV(m.v() * beta);  // a thermostat's scaling before the drift
          const Vec3 before = m.r();
          Leapfrog::preForces(m, dt);
          displacement = std::max(displacement, std::sqrt(norm2(m.r() - listed[m.id()])));
          step = std::max(step, std::sqrt(norm2(m.r() - before)));
        });
        CPPUNIT_ASSERT_DOUBLES_EQUAL(speed, f.speed, 1e-14 * speed);
        if (beta == 1.0) {
          CPPUNIT_ASSERT_DOUBLES_EQUAL(displacement, f.displacement, 1e-14);
          CPPUNIT_ASSERT_DOUBLES_EQUAL(step, f.step, 1e-14);
          CPPUNIT_ASSERT_EQUAL(displacement <= 0.5 * skin * (1.0 - 1e-9), keeps);
        } else {
          CPPUNIT_ASSERT(displacement <= f.displacement + dt * std::abs(beta - 1.0) * f.speed + 1e-14);
        }
        decomp.refreshHalo(lc);
        const bool follows = proc.followMolecules();
        if (keeps) CPPUNIT_ASSERT(follows);
        if (beta == 1.0 && !keeps) CPPUNIT_ASSERT(!follows);
        (keeps ? kept : refused) += 1;
      }
    std::cout << "\n  forecast: " << kept << " kept, " << refused << " refused the list";
    CPPUNIT_ASSERT(kept >= 3 && refused >= 3);
  }

  /// Molecules that change their component between traversals (MettDeamon's trapping and release) are
  /// listed with their new LJ type.
  void componentChange() {
    std::vector<Component> comps{lj(0, 1.0, 1.0, false), lj(1, 0.7, 1.2, true)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.0, 8.5, 7.5};
    const auto mols = randomMolecules(comps, box, 300, 0.9, 43);
    LinkedCells lc({0, 0, 0}, box, 2.8);
    for (const auto& m : mols) lc.addParticle(Molecule(m.id(), &comps[0], m.r(), m.v(), m.q(), m.L()));
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.3);
    lc.traverseCells(proc);
    checkAgainstBruteForce(lc, box, params, proc, "before");
    const unsigned long before = proc.rebuilds();
    lc.forEach([&](Molecule& m) {
      if (m.id() % 3 == 0) m.setComponent(&comps[1]);
    });
    decomp.exchangeMolecules(lc, domain);
    lc.traverseCells(proc);
    checkAgainstBruteForce(lc, box, params, proc, "changed");
    CPPUNIT_ASSERT_EQUAL(before + 1, proc.rebuilds());
  }

  void addedAndRemovedMolecules() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.0, 8.5, 7.5};
    auto mols = randomMolecules(comps, box, 360, 0.9, 41);
    const Molecule extra = mols.back();
    mols.pop_back();
    LinkedCells lc({0, 0, 0}, box, 2.8);
    for (const auto& m : mols) lc.addParticle(m);
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.3);
    lc.traverseCells(proc);
    checkAgainstBruteForce(lc, box, params, proc, "before");
    lc.addParticle(extra);
    decomp.exchangeMolecules(lc, domain);
    lc.traverseCells(proc);
    checkAgainstBruteForce(lc, box, params, proc, "added");
    // Remove the owned molecules of one cell: their slots are left empty (no rebuild needed).
    const unsigned long before = proc.rebuilds();
    for (auto& c : lc.cells())
      if (!c.isHalo() && !c.empty()) {
        c.clear();
        break;
      }
    decomp.exchangeMolecules(lc, domain);
    lc.traverseCells(proc);
    checkAgainstBruteForce(lc, box, params, proc, "removed");
    CPPUNIT_ASSERT_EQUAL(before, proc.rebuilds());
  }

  void regionChangeRebuilds() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.0, 8.0, 8.0};
    const auto mols = randomMolecules(comps, box, 380, 0.9, 51);
    LinkedCells lc({0, 0, 0}, box, 2.8);
    for (const auto& m : mols) lc.addParticle(m);
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.3);
    lc.traverseCells(proc);
    lc.rebuild({0, 0, 0}, box);  // same region, new grid: the list stays valid
    decomp.exchangeMolecules(lc, domain);
    lc.traverseCells(proc);
    CPPUNIT_ASSERT_EQUAL(1ul, proc.rebuilds());
    checkAgainstBruteForce(lc, box, params, proc, "same region");
    // A smaller region: molecules outside it leave; the list must follow.
    lc.rebuild({0, 0, 0}, {8.0, 8.0, 6.0});
    lc.extractLeavingParticles();
    lc.deleteHaloParticles();
    lc.traverseCells(proc);
    CPPUNIT_ASSERT_EQUAL(2ul, proc.rebuilds());
  }

  /// Ids far apart (the hash-map path of the id lookup) along a trajectory.
  void sparseIds() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.0, 7.0, 7.5};
    LinkedCells lc({0, 0, 0}, box, 2.8);
    for (const Molecule& m : randomMolecules(comps, box, 320, 0.9, 61))
      lc.addParticle(Molecule(m.id() * 1000003ul + 7, &comps[0], m.r(), m.v(), m.q(), m.L()));
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.3);
    for (int s = 0; s < 25; ++s) {
      lc.traverseCells(proc);
      checkAgainstBruteForce(lc, box, params, proc, "sparse ids");
      move(lc, decomp, domain, 0.01);
    }
    CPPUNIT_ASSERT(proc.rebuilds() < 25);
  }

  /// ls1's checkpoints carry ids with the highest bit set (ReplicaGenerator): two molecules whose ids differ
  /// only there are two molecules, also where pairs of images are counted once.
  void idsWithTheHighestBit() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    const Vec3 box{8.3, 7.6, 9.1};
    std::vector<Molecule> mols;
    unsigned long k = 0;
    for (const Molecule& m : randomMolecules(comps, box, 420, 0.9, 23)) {
      const unsigned long id = k / 2 + (k % 2 == 1 ? (1ul << 63) : 0ul);
      mols.emplace_back(id, &comps[0], m.r(), m.v(), m.q(), m.L());
      ++k;
    }
    VerletListCellProcessor proc(params, 0.4);
    proc.setPeriodicSelf(true, true, true);
    const ForceResult ref = bruteForce(mols, box, params);
    const ForceResult res = cellForces(mols, box, 2.9, 1, proc);
    CPPUNIT_ASSERT(proc.countsOnce());
    CPPUNIT_ASSERT_EQUAL(std::size_t{0}, proc.pairsWeighted());  // every pair told apart from an image pair
    CPPUNIT_ASSERT(maxRelativeDeviation(res.F, ref.F) <= 1e-12);
    CPPUNIT_ASSERT(std::abs(res.upot - ref.upot) <= 1e-12 * std::abs(ref.upot));
  }

  void rejectsBadSkin() {
    const std::vector<Component> comps{lj(0, 1.0, 1.0, false)};
    InteractionParameters params(comps, 2.5);
    CPPUNIT_ASSERT_THROW(VerletListCellProcessor(params, 0.0), MardynException);
    CPPUNIT_ASSERT_THROW(VerletListCellProcessor(params, -1.0), MardynException);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(VerletListTest);
