// LinkedCellsTest: grid geometry, the neighbour stencil, re-sorting after moves, leaving molecules,
// and the sequential periodic halo against a brute-force list of periodic images.
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LinkedCells.h"
#include "particleContainer/tests/ForceTestSystems.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <set>
#include <tuple>

using namespace mardyn;

class LinkedCellsTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(LinkedCellsTest);
  CPPUNIT_TEST(gridGeometry);
  CPPUNIT_TEST(stencil);
  CPPUNIT_TEST(updateAndLeaving);
  CPPUNIT_TEST(periodicHaloMatchesImages);
  CPPUNIT_TEST(wrapKeepsEveryMolecule);
  CPPUNIT_TEST(rejectsBadInput);
  CPPUNIT_TEST_SUITE_END();

 public:
  static std::vector<Component> lj() {
    std::vector<Component> c;
    c.emplace_back(0, "LJ");
    c[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    return c;
  }

  void gridGeometry() {
    LinkedCells lc({0, 0, 0}, {10.0, 7.5, 12.6}, 2.5, 2);
    // inner cells: floor(L / (rc / 2)) = 8, 6, 10; plus 2 halo layers on each side
    CPPUNIT_ASSERT_EQUAL(12, lc.cellsPerDim()[0]);
    CPPUNIT_ASSERT_EQUAL(10, lc.cellsPerDim()[1]);
    CPPUNIT_ASSERT_EQUAL(14, lc.cellsPerDim()[2]);
    CPPUNIT_ASSERT(lc.cellLength().z >= 1.25);
    std::size_t halo = 0;
    for (const auto& c : lc.cells()) halo += c.isHalo();
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(12 * 10 * 14 - 8 * 6 * 10), halo);
    CPPUNIT_ASSERT_EQUAL(lc.cellIndex(3, 4, 5), lc.cells()[lc.cellIndex(3, 4, 5)].index());
  }

  void stencil() {
    LinkedCells one({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(13), one.forwardNeighbourOffsets().size());
    LinkedCells two({0, 0, 0}, {10, 10, 10}, 2.5, 2);
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(124 / 2), two.forwardNeighbourOffsets().size());
    // Three cells per cutoff (length 10/12): offsets whose nearest cell points are beyond rc are dropped.
    LinkedCells three({0, 0, 0}, {10, 10, 10}, 2.5, 3);
    std::size_t expected = 0;
    for (int x = -3; x <= 3; ++x)
      for (int y = -3; y <= 3; ++y)
        for (int z = -3; z <= 3; ++z) {
          auto gap = [](int d) { return std::max(std::abs(d) - 1, 0) * (10.0 / 12.0); };
          if ((x || y || z) && gap(x) * gap(x) + gap(y) * gap(y) + gap(z) * gap(z) <= 6.25) ++expected;
        }
    CPPUNIT_ASSERT(expected < 342);
    CPPUNIT_ASSERT_EQUAL(expected / 2, three.forwardNeighbourOffsets().size());
  }

  void updateAndLeaving() {
    const auto comps = lj();
    LinkedCells lc({0, 0, 0}, {6, 6, 6}, 2.0, 1);
    auto mols = testing::randomMolecules(comps, {6, 6, 6}, 100, 0.5, 3);
    for (const auto& m : mols) lc.addParticle(m);
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(100), lc.numOwnedParticles());
    int out = 0;
    lc.forEach([&out](Molecule& m) {
      Vec3 r = m.r() + Vec3{1.3, -0.4, 0.7};
      m.setR(r);
      out += (r.x >= 6 || r.y < 0 || r.z >= 6);
    });
    lc.update();
    const auto leaving = lc.extractLeavingParticles();
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(out), leaving.size());
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(100 - out), lc.numOwnedParticles());
    // every owned molecule sits in the cell that contains it
    for (const auto& c : lc.cells())
      for (const auto& m : c.molecules()) CPPUNIT_ASSERT_EQUAL(c.index(), lc.cellIndexOf(m.r()));
  }

  /// The halo holds exactly the periodic images (shifts in {-1,0,1}^3 \ 0) within the halo width.
  void periodicHaloMatchesImages() {
    const auto comps = lj();
    const Vec3 box{7.0, 5.5, 9.0};
    for (int cells = 1; cells <= 2; ++cells) {
      LinkedCells lc({0, 0, 0}, box, 2.6, cells);
      const auto mols = testing::randomMolecules(comps, box, 300, 0.4, 4);
      for (const auto& m : mols) lc.addParticle(m);
      Domain domain(box);
      DomainDecompSequential decomp;
      decomp.exchangeMolecules(lc, domain);
      std::set<std::tuple<unsigned long, int, int, int>> expected, found;
      const double w = lc.haloWidth();
      for (const auto& m : mols)
        for (int sx = -1; sx <= 1; ++sx)
          for (int sy = -1; sy <= 1; ++sy)
            for (int sz = -1; sz <= 1; ++sz) {
              if (!sx && !sy && !sz) continue;
              const Vec3 r = m.r() + Vec3{sx * box.x, sy * box.y, sz * box.z};
              bool inside = true;
              for (int d = 0; d < 3; ++d) inside = inside && r[d] >= -w && r[d] < box[d] + w;
              if (inside) expected.insert({m.id(), sx, sy, sz});
            }
      lc.forEach([&](const Molecule& m) {
        const Molecule& orig = mols[m.id() - 1];
        const Vec3 d = m.r() - orig.r();
        found.insert({m.id(), static_cast<int>(std::lround(d.x / box.x)), static_cast<int>(std::lround(d.y / box.y)),
                      static_cast<int>(std::lround(d.z / box.z))});
      }, IterateOver::Halo);
      CPPUNIT_ASSERT_EQUAL(expected.size(), lc.numHaloParticles());
      CPPUNIT_ASSERT(expected == found);
    }
  }

  void wrapKeepsEveryMolecule() {
    const auto comps = lj();
    const Vec3 box{6, 6, 6};
    LinkedCells lc({0, 0, 0}, box, 2.5, 1);
    const auto mols = testing::randomMolecules(comps, box, 200, 0.3, 5);
    for (const auto& m : mols) lc.addParticle(m);
    Domain domain(box);
    DomainDecompSequential decomp;
    for (int step = 0; step < 20; ++step) {
      lc.forEach([](Molecule& m) { m.setR(m.r() + m.v() * 0.37); });
      decomp.exchangeMolecules(lc, domain);
      CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(200), lc.numOwnedParticles());
    }
    std::set<unsigned long> ids;
    lc.forEach([&ids](const Molecule& m) {
      ids.insert(m.id());
      for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(m.r()[d] >= 0.0 && m.r()[d] < 6.0);
    });
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(200), ids.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, DomainDecompSequential::wrap(-5.5, 6.0), 1e-15);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, DomainDecompSequential::wrap(13.0, 6.0), 1e-15);
    CPPUNIT_ASSERT(DomainDecompSequential::wrap(-1e-18, 6.0) < 6.0);
  }

  void rejectsBadInput() {
    CPPUNIT_ASSERT_THROW(LinkedCells({0, 0, 0}, {2, 5, 5}, 2.5, 1), mardyn::MardynException);
    CPPUNIT_ASSERT_THROW(LinkedCells({0, 0, 0}, {5, 5, 5}, 2.5, 0), mardyn::MardynException);
    const auto comps = lj();
    LinkedCells lc({0, 0, 0}, {5, 5, 5}, 2.5, 1);
    CPPUNIT_ASSERT_THROW(lc.addParticle(Molecule(1, &comps[0], {5.0, 1, 1}, {})), MardynException);
    CPPUNIT_ASSERT_THROW(lc.addHaloParticle(Molecule(1, &comps[0], {1, 1, 1}, {})), MardynException);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LinkedCellsTest);
