// Ls1ReferenceRunTest: small runs of the set-ups where mardyn and ls1-mardyn used to differ, against the values
// ls1-mardyn (master, serial build) printed for the same XML (its ResultWriter with writeprecision 15): a
// CubicGridGenerator system (grid, cells, velocity stream), a MultiObjectGenerator 2CLJ liquid (ls1 runs both
// without the homogeneous long-range correction: --generated-lrc ls1), and linear molecules whose moments of
// inertia are given as 0 (two rotational degrees of freedom from the sites). Also: -p is a default prefix, and
// an <include> inside an element no reader looks at (ls1's <NEMD>) that names a missing file is an input error.
#include "Simulation.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
/// One step of ls1's result file: U_pot, U_kin (translation + rotation) and p.
struct Row {
  unsigned long step;
  double upot, ukin, p;
};

// ls1-mardyn's rows of steps 0, 5, 10, 20 for the three configurations below.
const Row kCubicGrid[] = {{0, -2.518626544518574e+03, 5.670000000000011e+02, -4.862744679398093e+00},
                          {5, -2.514791577883828e+03, 5.653551492797924e+02, -4.810401004427316e+00},
                          {10, -2.502144319227049e+03, 5.631584159476657e+02, -4.643096556861285e+00},
                          {20, -2.442016018109703e+03, 5.570525047084988e+02, -3.903481108829788e+00}};
const Row kTwoCentre[] = {{0, -3.347223159346200e+03, 7.680000000000000e+02, -7.197755359408110e+00},
                          {5, -3.344520492208580e+03, 7.652964422070180e+02, -7.150594826759961e+00},
                          {10, -3.336183398092749e+03, 7.569600476506438e+02, -7.007133993966195e+00},
                          {20, -3.300345200610665e+03, 7.212098862994578e+02, -6.415019219663414e+00}};
const Row kLinear[] = {{0, -7.850305751405256e+02, 8.748116221449844e+01, -2.890010343501901e+00},
                       {5, -7.850147971293253e+02, 1.618406229951907e+02, -2.830659616662055e+00},
                       {10, -7.850525431291419e+02, 1.620143166667929e+02, -2.828591927729456e+00},
                       {20, -7.852959970612987e+02, 1.620422149521623e+02, -2.822863034189517e+00}};

std::string lj(const char* z, const char* mass) {
  return std::string("<site type=\"LJ126\"><coords><x>0</x><y>0</y><z>") + z + "</z></coords><mass>" + mass +
         "</mass><sigma>1.0</sigma><epsilon>1.0</epsilon><shifted>false</shifted></site>";
}

std::string config(double dt, double T, const std::string& box, const std::string& component, const std::string& phase,
                   double rc, const std::string& output = "") {
  char head[512];
  std::snprintf(head, sizeof head,
                "<?xml version=\"1.0\"?>\n<mardyn version=\"20100525\"><simulation type=\"MD\">\n"
                "<integrator type=\"Leapfrog\"><timestep>%g</timestep></integrator>\n"
                "<run><currenttime>0</currenttime><production><steps>20</steps></production></run>\n"
                "<ensemble type=\"NVT\"><temperature>%g</temperature>\n",
                dt, T);
  char alg[512];
  std::snprintf(alg, sizeof alg,
                "<algorithm><parallelisation type=\"DomainDecomposition\"/><datastructure type=\"LinkedCells\">"
                "<cellsInCutoffRadius>1</cellsInCutoffRadius></datastructure><cutoffs type=\"CenterOfMass\">"
                "<radiusLJ>%g</radiusLJ></cutoffs><electrostatic type=\"ReactionField\"><epsilon>1.0e+10</epsilon>"
                "</electrostatic></algorithm>\n",
                rc);
  return std::string(head) + "<domain type=\"box\">" + box + "</domain>\n<components><moleculetype id=\"1\" name=\"C\">" +
         component + "</moleculetype></components>\n<phasespacepoint>" + phase + "</phasespacepoint></ensemble>\n" +
         alg + "<output>" + output + "</output></simulation></mardyn>\n";
}

std::string cubicGridConfig() {
  return config(0.002, 0.9, "<lx>8.0</lx><ly>8.0</ly><lz>8.5</lz>",
                lj("0", "1.0") + "<momentsofinertia><Ixx>0</Ixx><Iyy>0</Iyy><Izz>0</Izz></momentsofinertia>",
                "<generator name=\"CubicGridGenerator\"><numMolecules>420</numMolecules>"
                "<binaryMixture>false</binaryMixture></generator>",
                2.5);
}

std::string twoCentreConfig() {
  return config(0.001, 1.2, "<lx>8.0</lx><ly>8.0</ly><lz>8.0</lz>",
                lj("-0.25", "0.5") + lj("0.25", "0.5") +
                    "<momentsofinertia><Ixx>0.0625</Ixx><Iyy>0.0625</Iyy><Izz>0.0</Izz></momentsofinertia>",
                "<generator name=\"MultiObjectGenerator\"><objectgenerator><filler type=\"GridFiller\">"
                "<lattice system=\"cubic\" centering=\"face\"><vec id=\"a\"><x>1</x><y>0</y><z>0</z></vec>"
                "<vec id=\"b\"><x>0</x><y>1</y><z>0</z></vec><vec id=\"c\"><x>0</x><y>0</y><z>1</z></vec></lattice>"
                "<basis><site><componentid>0</componentid><coordinate><x>0.5</x><y>0.5</y><z>0.5</z></coordinate>"
                "</site></basis><latticeOccupancy>1</latticeOccupancy><density>0.5</density></filler>"
                "<object type=\"Cuboid\"><lower><x>0</x><y>0</y><z>0</z></lower><upper><x>8</x><y>8</y><z>8</z>"
                "</upper></object><velocityAssigner type=\"EqualVelocityDistribution\"></velocityAssigner>"
                "</objectgenerator></generator>",
                3.0);
}

std::string linearConfig() {
  return config(0.001, 1.0, "<lx>8.0</lx><ly>8.0</ly><lz>8.0</lz>",
                lj("-0.4", "1.0") + lj("0.0", "1.0") + lj("0.4", "1.0") +
                    "<momentsofinertia><Ixx>0</Ixx><Iyy>0</Iyy><Izz>0</Izz></momentsofinertia>",
                "<file type=\"ASCII\">phase.inp</file>", 2.5);
}

/// 108 linear molecules on an FCC lattice in a box of 8, velocities 0.6 sin(1.7 i + 2.1 d + 0.3), turned about x
/// by 0.3 i (the file ls1 read, written here with the same numbers).
std::string linearPhaseSpace() {
  std::string s = "mardyn trunk 20120726\n NumberOfMolecules\t108\n MoleculeFormat\tICRVQD\n";
  const double a = 8.0 / 3;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  int idx = 0;
  char line[512];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        for (const auto& b : basis) {
          double v[3];
          for (int d = 0; d < 3; ++d) v[d] = 0.6 * std::sin(1.7 * idx + 2.1 * d + 0.3);
          const double ang = 0.3 * idx;
          std::snprintf(line, sizeof line, "%d 1 %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g 0 0 0\n",
                        idx + 1, (i + b[0] + 0.25) * a, (j + b[1] + 0.25) * a, (k + b[2] + 0.25) * a, v[0], v[1], v[2],
                        std::cos(ang / 2), std::sin(ang / 2), 0.0, 0.0);
          s += line;
          ++idx;
        }
  return s;
}

/// Runs the configuration 20 steps and compares the rows with ls1's; returns the largest relative difference.
double runAgainst(const SimulationConfig& cfg, const Row* rows, std::size_t n) {
  Simulation sim(cfg);
  sim.prepare();
  double worst = 0.0;
  std::size_t next = 0;
  auto compare = [&](unsigned long step) {
    if (next >= n || rows[next].step != step) return;
    const GlobalValues& g = sim.globals();
    const double got[3] = {g.uPot, g.uKinTrans + g.uKinRot, g.pressure};
    const double want[3] = {rows[next].upot, rows[next].ukin, rows[next].p};
    for (int k = 0; k < 3; ++k) worst = std::max(worst, std::abs(got[k] - want[k]) / std::abs(want[k]));
    ++next;
  };
  compare(0);
  for (unsigned long s = 1; s <= 20; ++s) {
    sim.step();
    compare(s);
  }
  CPPUNIT_ASSERT_EQUAL(n, next);
  return worst;
}

std::string mardynPath() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : (self.parent_path() / "mardyn").string();
}
}  // namespace

class Ls1ReferenceRunTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(Ls1ReferenceRunTest);
  CPPUNIT_TEST(cubicGridAsLs1);
  CPPUNIT_TEST(twoCentreGeneratedAsLs1);
  CPPUNIT_TEST(linearMoleculesCountSiteDegrees);
  CPPUNIT_TEST(prefixIsADefault);
  CPPUNIT_TEST(missingIncludeInUnreadElement);
  CPPUNIT_TEST_SUITE_END();

 public:
  void cubicGridAsLs1() {
    TempDir dir;
    SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), cubicGridConfig()));
    CPPUNIT_ASSERT_EQUAL(std::string("CubicGridGenerator"), cfg.ls1Generator);
    CPPUNIT_ASSERT_EQUAL(std::size_t(420), cfg.molecules.size());
    CPPUNIT_ASSERT_EQUAL(0ul, cfg.molecules.front().id);  // ls1 numbers them from 0
    SimulationConfig asLs1 = cfg;
    asLs1.generatedLongRange = SimulationConfig::GeneratedLongRange::Ls1;
    const double dev = runAgainst(asLs1, kCubicGrid, 4);
    CPPUNIT_ASSERT_MESSAGE("largest relative difference " + std::to_string(dev), dev < 1e-10);
    // The default applies the correction: the same trajectory's U_pot lies below ls1's.
    Simulation applied(cfg);
    applied.prepare();
    CPPUNIT_ASSERT(applied.globals().uPot < kCubicGrid[0].upot - 1.0);
  }

  void twoCentreGeneratedAsLs1() {
    TempDir dir;
    SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), twoCentreConfig()));
    CPPUNIT_ASSERT_EQUAL(std::string("MultiObjectGenerator"), cfg.ls1Generator);
    cfg.generatedLongRange = SimulationConfig::GeneratedLongRange::Ls1;
    const double dev = runAgainst(cfg, kTwoCentre, 4);
    CPPUNIT_ASSERT_MESSAGE("largest relative difference " + std::to_string(dev), dev < 1e-10);
  }

  void linearMoleculesCountSiteDegrees() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), linearPhaseSpace());
    SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), linearConfig()));
    CPPUNIT_ASSERT_EQUAL(2u, cfg.components[0].rotationalDegreesOfFreedom());
    CPPUNIT_ASSERT(cfg.components[0].momentsOfInertia().x == 0.0);
    bool warned = false;
    for (const auto& w : cfg.warnings) warned = warned || w.message.find("2 rotational degrees") != std::string::npos;
    CPPUNIT_ASSERT(warned);
    const double dev = runAgainst(cfg, kLinear, 4);
    CPPUNIT_ASSERT_MESSAGE("largest relative difference " + std::to_string(dev), dev < 1e-10);
  }

  /// As ls1: -p names the files of plugins without an outputprefix and the final checkpoint; a plugin's own
  /// outputprefix stays (ls1 writes ref.res and pre.restart.dat for `-p pre` here).
  void prefixIsADefault() {
    if (!std::filesystem::exists(mardynPath())) {
      std::cout << "\n  (skipped: no mardyn executable beside mardyn_tests)\n";
      return;
    }
    TempDir dir;
    std::string cfg = cubicGridConfig();
    cfg = replaced(cfg, "<steps>20</steps>", "<steps>2</steps>");
    cfg = replaced(cfg, "<output></output>",
                   "<output><outputplugin name=\"ResultWriter\"><outputprefix>ref</outputprefix></outputplugin>"
                   "<outputplugin name=\"XyzWriter\"><writefrequency>1</writefrequency></outputplugin></output>");
    writeFile(dir.file("config.xml"), cfg);
    const std::string cmd = "cd '" + dir.path().string() + "' && '" + mardynPath() + "' -q -p pre config.xml > out.txt 2>&1";
    const int status = std::system(cmd.c_str());
    CPPUNIT_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("ref.res")));
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("pre.xyz")));
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("pre.restart.dat")));
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("pre.res")));
  }

  /// ls1 stops with "ERROR opening NEMD.xml"; here it is an input error at the include's line.
  void missingIncludeInUnreadElement() {
    TempDir dir;
    std::string cfg = cubicGridConfig();
    cfg = replaced(cfg, "<algorithm>", "<NEMD>\n<include query=\"/NEMD/feature\">NEMD.xml</include>\n</NEMD>\n<algorithm>");
    const InputError e = readError(dir, cfg, "");
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<include query=\"/NEMD"), "/mardyn/simulation/NEMD/include",
                  "cannot read the included file '" + dir.file("NEMD.xml") + "'");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(Ls1ReferenceRunTest);
