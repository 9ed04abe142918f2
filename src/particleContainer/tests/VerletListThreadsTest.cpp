// VerletListThreadsTest: the Verlet-list forces on 1 to 4 threads: the same up to a round-off bound
// between thread counts, bitwise the same between runs at one count (skipped in a build without threads).
#include "particleContainer/VerletListCellProcessor.h"
#include "particleContainer/VerletNeighbourList.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "tests/TestSkip.h"
#include "utils/Threads.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

using namespace mardyn;
using namespace mardyn::testing;

class VerletListThreadsTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(VerletListThreadsTest);
  CPPUNIT_TEST(threadCountChangesOnlyRoundOff);
  CPPUNIT_TEST(listTheSameOnAnyThreadCount);
  CPPUNIT_TEST_SUITE_END();

  /// Forces after `steps` steps of straight-line moves, with `threads` threads.
  static ForceResult run(int threads, const std::vector<Component>& comps, const InteractionParameters& params) {
    setMaxThreads(threads);
    const Vec3 box{12.5, 11.0, 13.0};
    const auto mols = randomMolecules(comps, box, 1500, 0.9, 5);
    LinkedCells lc({0, 0, 0}, box, 2.5 + 0.3);
    for (const auto& m : mols) lc.addParticle(m);
    Domain domain(box);
    DomainDecompSequential decomp;
    decomp.exchangeMolecules(lc, domain);
    VerletListCellProcessor proc(params, 0.3);
    ForceResult res;
    for (int step = 0; step < 5; ++step) {
      lc.traverseCells(proc);
      lc.forEach([](Molecule& m) { m.setR(m.r() + m.v() * 0.005); });
      decomp.exchangeMolecules(lc, domain);
    }
    lc.traverseCells(proc);
    lc.forEach([&res](const Molecule& m) { res.F[m.id()] = m.F(); });
    res.upot = proc.upot();
    res.virial = proc.virial();
    return res;
  }

 public:
  void tearDown() override { setMaxThreads(1); }

  void threadCountChangesOnlyRoundOff() {
    if (!setMaxThreads(1)) throw SkipTest{"this build has no OpenMP: the kernels run on one thread"};
    Component a(0, "A"), b(1, "B");
    a.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    b.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 0.8, 1.1, true});
    const std::vector<Component> comps{a, b};
    InteractionParameters params(comps, 2.5);
    const ForceResult one = run(1, comps, params);
    for (int threads = 2; threads <= 4; ++threads) {
      const ForceResult res = run(threads, comps, params), again = run(threads, comps, params);
      const double dF = maxRelativeDeviation(res.F, one.F);
      const double dU = std::abs(res.upot - one.upot) / std::abs(one.upot);
      const double dW = std::abs(res.virial - one.virial) / std::abs(one.virial);
      std::cout << "\n  " << threads << " threads against 1: max|dF|/max|F|=" << dF << " dU/U=" << dU << " dW/W=" << dW;
      CPPUNIT_ASSERT(dF <= 1e-13);
      CPPUNIT_ASSERT(dU <= 1e-13);
      CPPUNIT_ASSERT(dW <= 1e-13);
      CPPUNIT_ASSERT(res.F == again.F);  // one thread count: bitwise repeatable
      CPPUNIT_ASSERT_EQUAL(res.upot, again.upot);
      CPPUNIT_ASSERT_EQUAL(res.virial, again.virial);
    }
  }

  /// The neighbour list built by runs of bins on 1 to 5 threads: the same rows, in the same order, and
  /// every pair within the range once (brute force over all pairs).
  void listTheSameOnAnyThreadCount() {
    if (!setMaxThreads(1)) throw SkipTest{"this build has no OpenMP: the list is built on one thread"};
    std::mt19937_64 rng(23);
    std::uniform_real_distribution<double> u(0.0, 9.0);
    const std::size_t n = 2000;
    std::vector<double> x(n), y(n), z(n);
    std::vector<std::uint8_t> active(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = u(rng);
      y[i] = u(rng);
      z[i] = u(rng);
      active[i] = i % 5 != 0;
    }
    const double range = 1.4;
    auto build = [&](int threads, std::vector<std::vector<std::uint32_t>>& rows, std::vector<std::size_t>& order) {
      setMaxThreads(threads);
      VerletNeighbourList list;
      order = list.sortIntoBins(x, y, z, active, range);
      std::vector<double> sx(n), sy(n), sz(n);
      std::vector<std::uint8_t> sa(n);
      for (std::size_t k = 0; k < n; ++k) {
        sx[k] = x[order[k]];
        sy[k] = y[order[k]];
        sz[k] = z[order[k]];
        sa[k] = active[order[k]];
      }
      list.build(sx.data(), sy.data(), sz.data(), sa);
      rows.assign(n, {});
      for (std::size_t i = 0; i < n; ++i)
        rows[i].assign(list.neighbours().begin() + list.begin(i), list.neighbours().begin() + list.end(i));
    };
    std::vector<std::vector<std::uint32_t>> one, many;
    std::vector<std::size_t> order;
    build(1, one, order);
    // Brute force: the pairs with an active end within the range, each once.
    std::size_t listed = 0, expected = 0;
    for (const auto& row : one) listed += row.size();
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
        if ((active[i] || active[j]) && dx * dx + dy * dy + dz * dz < range * range) ++expected;
      }
    CPPUNIT_ASSERT_EQUAL(expected, listed);
    for (int threads = 2; threads <= 5; ++threads) {
      build(threads, many, order);
      CPPUNIT_ASSERT(many == one);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(VerletListThreadsTest);
