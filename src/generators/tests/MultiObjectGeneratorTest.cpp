// MultiObjectGeneratorTest: ls1's MultiObjectGenerator against counts, densities and placements worked
// out by hand: an fcc grid filling a cuboid, a sphere and a cylinder shell (subtractor), lattice
// occupancy, a replica tiled from a binary phase space, velocity assigners at the ensemble temperature,
// and input errors with their element.
#include "io/BinaryPhaseSpace.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <fstream>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
std::string withGenerator(const std::string& generator) {
  return replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>", generator);
}
std::string grid(double density, const std::string& object, const std::string& extra = "") {
  std::ostringstream s;
  s << "<generator name=\"MultiObjectGenerator\"><objectgenerator><filler type=\"GridFiller\">"
    << "<lattice system=\"cubic\" centering=\"face\"><vec id=\"a\"><x>1</x></vec><vec id=\"b\"><y>1</y></vec>"
    << "<vec id=\"c\"><z>1</z></vec></lattice><basis><site><componentid>0</componentid>"
    << "<coordinate><x>0.25</x><y>0.25</y><z>0.25</z></coordinate></site></basis>"
    << "<latticeOccupancy>1</latticeOccupancy><density>" << density << "</density></filler>" << object << extra
    << "</objectgenerator></generator>";
  return s.str();
}
}  // namespace

class MultiObjectGeneratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiObjectGeneratorTest);
  CPPUNIT_TEST(gridFillsCuboidAtDensity);
  CPPUNIT_TEST(sphereAndShellCounts);
  CPPUNIT_TEST(occupancyThinsTheLattice);
  CPPUNIT_TEST(replicaTilesAPhaseSpace);
  CPPUNIT_TEST(velocityAssignersGiveTemperature);
  CPPUNIT_TEST(badInputNamesTheElement);
  CPPUNIT_TEST_SUITE_END();

 public:
  // density 0.5, fcc: cell edge (4/0.5)^(1/3) = 2, so the sites are the integer points with an even
  // sum, shifted by the basis coordinate 0.25: half of the 10 x 11 x 12 points in the box.
  void gridFillsCuboidAtDensity() {
    TempDir dir;
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), withGenerator(grid(
        0.5, "<object type=\"Cuboid\"><lower><x>0</x><y>0</y><z>0</z></lower><upper><x>10</x><y>11</y><z>12</z></upper></object>"))));
    CPPUNIT_ASSERT_EQUAL(std::size_t(10 * 11 * 12 / 2), c.molecules.size());
    for (std::size_t i = 0; i < c.molecules.size(); ++i) {
      const auto& m = c.molecules[i];
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(i + 1), m.id);  // ls1 numbers from 1
      CPPUNIT_ASSERT_EQUAL(0u, m.component);
      long sum = 0;
      for (int d = 0; d < 3; ++d) {
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.25, std::fmod(m.r[d], 1.0), 1e-12);
        sum += std::lround(m.r[d] - 0.25);
      }
      CPPUNIT_ASSERT_EQUAL(0L, sum % 2);
    }
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, norm(c.molecules[0].v), 0.0);  // no velocity assigner: at rest
  }

  // A sphere of radius 3 at the box centre on a fine lattice holds about 4/3 pi r^3 rho molecules;
  // a cylinder shell (radius 4 minus radius 2, height 6) about pi (16 - 4) 6 rho.
  void sphereAndShellCounts() {
    TempDir dir;
    const double rho = 4.0;  // cell edge 1: fine enough for 2 % agreement
    const auto s = ConfigurationReader::read(writeFile(dir.file("config.xml"), withGenerator(grid(
        rho, "<object type=\"Sphere\"><center><x>5</x><y>5.5</y><z>6</z></center><radius>3</radius></object>"))));
    const double sphere = 4.0 / 3.0 * M_PI * 27 * rho;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(sphere, static_cast<double>(s.molecules.size()), 0.02 * sphere);
    for (const auto& m : s.molecules) CPPUNIT_ASSERT(norm(m.r - Vec3(5, 5.5, 6)) <= 3.0);
    const std::string shell =
        "<object type=\"ObjectSubtractor\">"
        "<object1 type=\"Cylinder\"><centerBase><x>5</x><y>2</y><z>6</z></centerBase><radius>4</radius><height>6</height><direction>1</direction></object1>"
        "<object2 type=\"Cylinder\"><centerBase><x>5</x><y>2</y><z>6</z></centerBase><radius>2</radius><height>6</height><direction>1</direction></object2>"
        "</object>";
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), withGenerator(grid(rho, shell))));
    const double expected = M_PI * (16 - 4) * 6 * rho;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(expected, static_cast<double>(c.molecules.size()), 0.05 * expected);  // a thin shell: 3.5 % surface error
    for (const auto& m : c.molecules) {
      const double rr = std::hypot(m.r.x - 5, m.r.z - 6);
      CPPUNIT_ASSERT(rr >= 2 && rr <= 4 && m.r.y >= 2 && m.r.y <= 8);
    }
  }

  void occupancyThinsTheLattice() {
    TempDir dir;
    const std::string cuboid = "<object type=\"Cuboid\"><lower><x>0</x><y>0</y><z>0</z></lower><upper><x>10</x><y>11</y><z>12</z></upper></object>";
    std::string cfg = replaced(withGenerator(grid(0.5, cuboid)), "<latticeOccupancy>1</latticeOccupancy>",
                               "<latticeOccupancy>0.25</latticeOccupancy>");
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    // the density stays 0.5: a 4x denser lattice, a quarter of it occupied
    const double expected = 0.5 * 10 * 11 * 12;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(expected, static_cast<double>(c.molecules.size()), 0.06 * expected);
  }

  // A replica box 5 x 5.5 x 6 with two molecules, tiled over the 10 x 11 x 12 box: 8 copies each,
  // the second component forced by <componentid>.
  void replicaTilesAPhaseSpace() {
    TempDir dir;
    {
      std::ofstream data(dir.file("rep.restart.dat"), std::ios::binary);
      BinaryPhaseSpace::writeRecord(data, 7, 0, {1, 1, 1}, {0.5, 0, 0}, Quaternion(1, 0, 0, 0), {});
      BinaryPhaseSpace::writeRecord(data, 9, 0, {4, 5, 5.5}, {0, -0.5, 0}, Quaternion(0, 1, 0, 0), {});
      std::ofstream head(dir.file("rep.restart.header.xml"));
      BinaryPhaseSpace::writeHeader(head, 3.0, {5, 5.5, 6}, 2);
    }
    const std::string gen =
        "<generator name=\"MultiObjectGenerator\"><objectgenerator><filler type=\"ReplicaFiller\">"
        "<input type=\"BinaryReader\"><header>rep.restart.header.xml</header><data>rep.restart.dat</data></input>"
        "<componentid>2</componentid></filler>"
        "<object type=\"Cuboid\"><lower><x>0</x><y>0</y><z>0</z></lower><upper><x>10</x><y>11</y><z>12</z></upper></object>"
        "</objectgenerator></generator>";
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), withGenerator(gen)));
    CPPUNIT_ASSERT_EQUAL(std::size_t(16), c.molecules.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, c.currentTime, 0.0);  // as ls1: a replica starts at time 0
    int moving = 0;
    for (const auto& m : c.molecules) {
      CPPUNIT_ASSERT_EQUAL(1u, m.component);
      const double fx = std::fmod(m.r.x, 5.0), fy = std::fmod(m.r.y, 5.5), fz = std::fmod(m.r.z, 6.0);
      const bool first = std::abs(fx - 1) < 1e-12 && std::abs(fy - 1) < 1e-12 && std::abs(fz - 1) < 1e-12;
      const bool second = std::abs(fx - 4) < 1e-12 && std::abs(fy - 5) < 1e-12 && std::abs(fz - 5.5) < 1e-12;
      CPPUNIT_ASSERT(first || second);
      moving += first ? (m.v.x == 0.5) : (m.v.y == -0.5 && m.q.x() == 1.0);
    }
    CPPUNIT_ASSERT_EQUAL(16, moving);  // velocities and orientations copied
  }

  // Equal: every speed sqrt(3 T / m) (component A: no rotation); Maxwell: <m v^2> = 3 T.
  void velocityAssignersGiveTemperature() {
    TempDir dir;
    const std::string cuboid = "<object type=\"Cuboid\"><lower><x>0</x><y>0</y><z>0</z></lower><upper><x>10</x><y>11</y><z>12</z></upper></object>";
    for (const char* type : {"EqualVelocityDistribution", "MaxwellVelocityDistribution"}) {
      const auto c = ConfigurationReader::read(writeFile(
          dir.file("config.xml"), withGenerator(grid(4.0, cuboid, std::string("<velocityAssigner type=\"") + type + "\"/>"))));
      double mv2 = 0;
      for (const auto& m : c.molecules) {
        mv2 += 2.0 * dot(m.v, m.v);
        if (type[0] == 'E') CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(3 * 0.9 / 2.0), norm(m.v), 1e-12);
      }
      CPPUNIT_ASSERT_DOUBLES_EQUAL(0.9, mv2 / (3.0 * c.molecules.size()), 0.02);
    }
  }

  void badInputNamesTheElement() {
    TempDir dir;
    const std::string cfg = withGenerator(grid(0.5, "<object type=\"Pyramid\"></object>"));
    const auto e = readError(dir, cfg, "");
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<object type=\"Pyramid\">"),
                  "/mardyn/simulation/ensemble/phasespacepoint/generator/objectgenerator/object", "unknown object type 'Pyramid'");
    const std::string cfg2 = replaced(withGenerator(grid(0.5, "<object type=\"Sphere\"><radius>1</radius></object>")),
                                      "<componentid>0</componentid>", "<componentid>2</componentid>");
    const auto e2 = readError(dir, cfg2, "");
    expectProblem(e2, dir.file("config.xml"), lineOf(cfg2, "<componentid>2"),
                  "/mardyn/simulation/ensemble/phasespacepoint/generator/objectgenerator/filler/basis/site/componentid",
                  "counts from 0");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiObjectGeneratorTest);
