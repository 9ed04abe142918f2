// PerCellGeneratorTest: ls1's PerCellGenerator: every linked cell (edge cutoff / cellsInCutoffRadius, as
// ls1 divides the box) holds exactly the number asked for, the molecules lie in the box with ids from 1,
// the total momentum is zero and the kinetic temperature is the one asked for (less the removed drift);
// two molecules when zero per cell are asked for; missing settings are named input errors.
#include "generators/PerCellGenerator.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <map>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
/// Molecules per cell of an nx x ny x nz division of the box, counted from the positions.
std::map<std::array<long, 3>, int> occupancy(const std::vector<MoleculeRecord>& m, const Vec3& box,
                                             const std::array<unsigned long, 3>& n) {
  std::map<std::array<long, 3>, int> count;
  for (const MoleculeRecord& r : m) {
    std::array<long, 3> c{};
    for (int d = 0; d < 3; ++d) c[d] = static_cast<long>(std::floor(r.r[d] / (box[d] / n[d])));
    ++count[c];
  }
  return count;
}

std::string generatorConfig(const std::string& settings) {
  return replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                  "<generator name=\"PerCellGenerator\">" + settings + "</generator>");
}
}  // namespace

class PerCellGeneratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PerCellGeneratorTest);
  CPPUNIT_TEST(everyCellHoldsTheNumber);
  CPPUNIT_TEST(zeroPerCellGivesTwo);
  CPPUNIT_TEST(readFromXml);
  CPPUNIT_TEST(missingSettingsAreErrors);
  CPPUNIT_TEST_SUITE_END();

 public:
  void everyCellHoldsTheNumber() {
    Component c(0, "A");
    c.addLJCenter(LJCenter{{0, 0, 0}, 2.0, 1.0, 1.0, false});
    PerCellGenerator::Settings s;
    s.perCell = 5;
    s.temperature = 0.7;
    s.cellEdge = 3.0;
    const Vec3 box{10, 12, 7};
    const auto n = PerCellGenerator::cells(box, s.cellEdge);
    CPPUNIT_ASSERT(n == (std::array<unsigned long, 3>{3, 4, 2}));  // floor(10/3), floor(12/3), floor(7/3)
    const auto m = PerCellGenerator::generate(s, c, box);
    CPPUNIT_ASSERT_EQUAL(std::size_t(3 * 4 * 2 * 5), m.size());
    const auto occ = occupancy(m, box, n);
    CPPUNIT_ASSERT_EQUAL(std::size_t(24), occ.size());
    for (const auto& [cell, k] : occ) CPPUNIT_ASSERT_EQUAL(5, k);
    Vec3 p;
    double mv2 = 0.0;
    for (std::size_t i = 0; i < m.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(i + 1), m[i].id);
      CPPUNIT_ASSERT_EQUAL(0u, m[i].component);
      for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(m[i].r[d] >= 0 && m[i].r[d] < box[d]);
      p += 2.0 * m[i].v;
      mv2 += 2.0 * norm2(m[i].v);
    }
    CPPUNIT_ASSERT(norm(p) < 1e-12);
    // equal speeds sqrt(3 T / m) less the drift removed: T' = T - m |drift|^2 / 3 <= T, close to it
    const double T = mv2 / (3.0 * m.size());
    CPPUNIT_ASSERT(T <= 0.7 + 1e-12 && T > 0.6);
    // the same settings give the same set-up; another seed another one
    CPPUNIT_ASSERT(PerCellGenerator::generate(s, c, box).back().r == m.back().r);
    s.seed = 2;
    CPPUNIT_ASSERT(!(PerCellGenerator::generate(s, c, box).back().r == m.back().r));
  }

  void zeroPerCellGivesTwo() {
    Component c(0, "A");
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    PerCellGenerator::Settings s;
    s.temperature = 1.0;
    s.cellEdge = 2.0;
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), PerCellGenerator::generate(s, c, Vec3{8, 8, 8}).size());
    s.atLeastTwo = false;
    CPPUNIT_ASSERT_EQUAL(std::size_t(0), PerCellGenerator::generate(s, c, Vec3{8, 8, 8}).size());
  }

  /// validConfig: box 10 x 11 x 12, cutoff 2.5, 2 cells in the cutoff: cells of 1.25 -> 8 x 8 x 9.
  void readFromXml() {
    TempDir dir;
    const SimulationConfig cfg = ConfigurationReader::read(writeFile(
        dir.file("config.xml"),
        generatorConfig("<numMoleculesPerCell>3</numMoleculesPerCell><initTemperature>0.5</initTemperature>")));
    CPPUNIT_ASSERT_EQUAL(std::size_t(8 * 8 * 9 * 3), cfg.molecules.size());
    const auto occ = occupancy(cfg.molecules, cfg.box, {8, 8, 9});
    CPPUNIT_ASSERT_EQUAL(std::size_t(8 * 8 * 9), occ.size());
    for (const auto& [cell, k] : occ) CPPUNIT_ASSERT_EQUAL(3, k);
    double mv2 = 0.0;
    for (const auto& r : cfg.molecules) mv2 += 2.0 * norm2(r.v);  // component A has mass 2
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, mv2 / (3.0 * cfg.molecules.size()), 0.02);
  }

  void missingSettingsAreErrors() {
    TempDir dir;
    const std::string cfg = generatorConfig("<numMoleculesPerCell>3</numMoleculesPerCell>");
    const InputError e = readError(dir, cfg, "");
    CPPUNIT_ASSERT_MESSAGE(e.what(), std::string(e.what()).find("initTemperature") != std::string::npos);
    const InputError e2 = readError(dir, generatorConfig("<numMoleculesPerCell>-1</numMoleculesPerCell>"
                                                         "<initTemperature>0.5</initTemperature>"), "");
    CPPUNIT_ASSERT_MESSAGE(e2.what(), std::string(e2.what()).find("must not be negative") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PerCellGeneratorTest);
