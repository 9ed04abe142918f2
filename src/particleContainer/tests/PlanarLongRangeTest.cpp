// PlanarLongRangeTest: the planar long-range correction against closed forms: a single LJ centre below a
// liquid slab of uniform density gets the energy and the attraction of the slab integrated beyond the
// cutoff (8 pi eps rho sigma^2 times the integrals of (sigma/z)^10/10 - (sigma/z)^4/4 and its derivative,
// with ls1's 3.1416 for pi), and inside a uniform fluid the energy per centre is the homogeneous tail
// 16 pi eps rho sigma^3 ((sigma/rc)^9/9 - (sigma/rc)^3/3) and the force vanishes.
#include "PlanarLongRange.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LinkedCells.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

class PlanarLongRangeTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PlanarLongRangeTest);
  CPPUNIT_TEST(probeBelowALiquidSlab);
  CPPUNIT_TEST(uniformFluidGivesTheHomogeneousTail);
  CPPUNIT_TEST_SUITE_END();

  static constexpr double kPi = 3.1416;
  Component _lj{0, "LJ"};
  const Vec3 _box{10, 40, 10};
  const double _rc = 2.5;

  /// One molecule per (x, z) grid point of spacing 1 and per slab centre with lo <= y < hi.
  void fill(LinkedCells& lc, double lo, double hi, double delta, unsigned long& id) {
    for (double y = lo + delta / 2; y < hi; y += delta)
      for (int i = 0; i < 10; ++i)
        for (int k = 0; k < 10; ++k) lc.addParticle(Molecule(++id, &_lj, {i + 0.5, y, k + 0.5}, {}, Quaternion(1, 0, 0, 0), {}));
  }

 public:
  void setUp() override { _lj.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false}); }

  void probeBelowALiquidSlab() {
    const double delta = 0.05, rho = 100 / (10 * 10 * delta);  // one grid plane per slab
    LinkedCells lc({0, 0, 0}, _box, _rc, 1);
    unsigned long id = 0;
    fill(lc, 15, 25, delta, id);
    lc.addParticle(Molecule(++id, &_lj, {0.5, 10.025, 0.5}, {}, Quaternion(1, 0, 0, 0), {}));  // the probe, slab 200
    PlanarLongRangeConfig cfg;
    cfg.slabs = 800;
    InteractionParameters params({_lj}, _rc);
    PlanarLongRange planar(cfg, {_lj}, params, _box, _rc, 1.0);
    double u = 0, w = 0;
    DomainDecompSequential decomp;
    planar.apply(lc, decomp, u, w);
    Molecule probe;
    lc.forEach([&](const Molecule& m) { if (m.id() == id) probe = m; });
    // the liquid slabs lie at slab distances 100..299 from the probe: midpoint sums of the integrals
    const double h = 100 * delta - delta / 2, H = 300 * delta - delta / 2;
    const double energy = 8 * kPi * rho * ((std::pow(h, -9) - std::pow(H, -9)) / 90 - (std::pow(h, -3) - std::pow(H, -3)) / 12);
    const double attraction = -8 * kPi * rho * ((std::pow(h, -10) - std::pow(H, -10)) / 10 - (std::pow(h, -4) - std::pow(H, -4)) / 4);
    // the probe's own slab (density 1 / (10 * 10 * delta)) adds the part of its plane beyond the cutoff
    const double self = 4 * kPi * delta * (1 / (10 * 10 * delta)) * (std::pow(1 / _rc, 12) / 5 - std::pow(1 / _rc, 6) / 2) * _rc * _rc;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(energy + self, planar.energy(0, 200), 2e-3 * std::abs(energy));
    CPPUNIT_ASSERT(attraction > 0);  // towards the liquid (+y)
    CPPUNIT_ASSERT_DOUBLES_EQUAL(attraction, probe.F().y, 2e-3 * attraction);
    CPPUNIT_ASSERT_EQUAL(0.0, probe.F().x);
    // below the liquid the force points up, above it down, mirror images about the middle (slabs 300..499)
    CPPUNIT_ASSERT(planar.force(0, 290) > 0 && planar.force(0, 509) < 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-planar.force(0, 290), planar.force(0, 509), 1e-4 * planar.force(0, 290));  // the probe breaks the symmetry a little
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-planar.force(0, 399), planar.force(0, 400), 1e-4 * planar.force(0, 290));
  }

  void uniformFluidGivesTheHomogeneousTail() {
    const double delta = 0.1, rho = 100 / (10 * 10 * delta);
    LinkedCells lc({0, 0, 0}, _box, _rc, 1);
    unsigned long id = 0;
    fill(lc, 0, 40, delta, id);
    PlanarLongRangeConfig cfg;
    cfg.slabs = 400;
    InteractionParameters params({_lj}, _rc);
    PlanarLongRange planar(cfg, {_lj}, params, _box, _rc, 1.0);
    double u = 0, w = 0;
    DomainDecompSequential decomp;
    planar.apply(lc, decomp, u, w);
    const double x = 1 / _rc;
    const double tail = 16 * kPi * rho * (std::pow(x, 9) / 9 - std::pow(x, 3) / 3);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(tail, planar.energy(0, 123), 5e-3 * std::abs(tail));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(tail * static_cast<double>(id), u, 5e-3 * std::abs(tail) * id);
    // only the pair of slabs half a box apart is not balanced (as in ls1): a tiny remainder
    CPPUNIT_ASSERT(std::abs(planar.force(0, 123)) < 1e-5 * std::abs(tail));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PlanarLongRangeTest);
