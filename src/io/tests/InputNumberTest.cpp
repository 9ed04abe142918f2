// InputNumberTest: one input per class of bad number: values that are not finite (inf, nan) in the
// XML and in the phase space, negative values where the physics needs >= 0, and sizes that cannot
// fit in memory (molecule counts, lattice cells, linked cells). Each must be an input error naming
// file, line, element and what was expected, never a crash or a run on garbage. A number that is written
// well but does not fit (1e-320 underflows, 2^64 - 1 is beyond a long) is said to be out of range, not of the
// wrong type.
#include "io/CommandLine.h"
#include "io/tests/IoTestFiles.h"
#include "particleContainer/LinkedCells.h"
#include "utils/MemoryLimit.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
const char* kPS = "/mardyn/simulation/ensemble/phasespacepoint/file";
const char* kSite = "/mardyn/simulation/ensemble/components/moleculetype/site";

std::string withGenerator(const std::string& cells) {
  return configWithPhaseSpace("<generator name=\"Lattice\"><lattice>fcc</lattice>\n<cells>" + cells +
                         "</cells><component>1</component></generator>");
}
}  // namespace

class InputNumberTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(InputNumberTest);
  CPPUNIT_TEST(infiniteBoxLength);
  CPPUNIT_TEST(nanBoxLength);
  CPPUNIT_TEST(nanTimestep);
  CPPUNIT_TEST(nanCutoff);
  CPPUNIT_TEST(infiniteSiteMass);
  CPPUNIT_TEST(negativeSiteMass);
  CPPUNIT_TEST(nanSigma);
  CPPUNIT_TEST(negativeEpsilon);
  CPPUNIT_TEST(nanMomentsOfInertia);
  CPPUNIT_TEST(nanSkin);
  CPPUNIT_TEST(nanVelocityInPhaseSpace);
  CPPUNIT_TEST(nanQuaternionInPhaseSpace);
  CPPUNIT_TEST(hugeMoleculeCount);
  CPPUNIT_TEST(hugeLatticeCells);
  CPPUNIT_TEST(memoryLimitFromEnvironment);
  CPPUNIT_TEST(cellsInCutoffRadiusOutOfRange);
  CPPUNIT_TEST(cellGridTooLarge);
  CPPUNIT_TEST(hugeBox);
  CPPUNIT_TEST(linkedCellsRefuseHugeRegion);
  CPPUNIT_TEST(underflowingNumber);
  CPPUNIT_TEST(integerOutOfRange);
  CPPUNIT_TEST(moleculeIdsAreUnsigned64Bit);
  CPPUNIT_TEST_SUITE_END();

 public:
  void infiniteBoxLength() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<lx>10</lx>", "<lx>inf</lx>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<lx>"), "/mardyn/simulation/ensemble/domain/lx",
                  "not a finite number: 'inf' (expected a positive box length)");
  }

  void nanBoxLength() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<ly>11</ly>", "<ly>nan</ly>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<ly>"), "/mardyn/simulation/ensemble/domain/ly",
                  "not a finite number: 'nan'");
  }

  void nanTimestep() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), ">0.004</timestep>", ">NaN</timestep>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<timestep"), "/mardyn/simulation/integrator/timestep",
                  "not a finite number: 'NaN' (expected a positive number)");
  }

  void nanCutoff() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), ">2.5</radiusLJ>", ">nan</radiusLJ>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<radiusLJ"), "/mardyn/simulation/algorithm/cutoffs/radiusLJ",
                  "not a finite number");
  }

  void infiniteSiteMass() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<mass>2.0</mass>", "<mass>inf</mass>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<mass>inf"), std::string(kSite) + "/mass",
                  "not a finite number: 'inf' (expected a non-negative mass)");
  }

  void negativeSiteMass() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<mass>2.0</mass>", "<mass>-2.0</mass>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<mass>-2.0"), std::string(kSite) + "/mass",
                  "negative mass (expected >= 0)");
  }

  void nanSigma() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<sigma>1.0</sigma>", "<sigma>nan</sigma>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<sigma>nan"), std::string(kSite) + "/sigma",
                  "not a finite number");
  }

  /// The mixing rule takes sqrt(eps_i eps_j): a negative epsilon's sign would be lost.
  void negativeEpsilon() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<epsilon>1.5</epsilon>", "<epsilon>-1.5</epsilon>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<epsilon>-1.5"), std::string(kSite) + "/epsilon",
                  "negative epsilon (expected >= 0");
  }

  /// A nan moment used to leave the molecules never rotating, silently.
  void nanMomentsOfInertia() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<Ixx>0.5</Ixx>", "<Ixx>nan</Ixx>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<Ixx>"),
                  "/mardyn/simulation/ensemble/components/moleculetype/momentsofinertia/Ixx", "not a finite number");
  }

  /// skin = nan used to mean "no Verlet list", quietly.
  void nanSkin() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<cellsInCutoffRadius>2</cellsInCutoffRadius>",
                                     "<cellsInCutoffRadius>2</cellsInCutoffRadius>\n<skin>nan</skin>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<skin>"), "/mardyn/simulation/algorithm/datastructure/skin",
                  "not a finite number: 'nan' (expected a skin >= 0");
  }

  void nanVelocityInPhaseSpace() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "0.1 0.2 0.3", "nan 0.2 0.3");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "nan 0.2"), kPS, "column 6 'nan' is not a finite number");
  }

  void nanQuaternionInPhaseSpace() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "0.5 0.5 0.5 0.5", "0.5 -nan 0.5 0.5");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "-nan"), kPS, "column 10 '-nan' is not a finite number");
  }

  /// Used to end in an uncaught std::length_error (exit 134).
  void hugeMoleculeCount() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "NumberOfMolecules\t3", "NumberOfMolecules\t1000000000000000000");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "NumberOfMolecules"), kPS,
                  "NumberOfMolecules 1000000000000000000 needs ");
    CPPUNIT_ASSERT(std::string(e.what()).find("of memory available (expected a count that fits in memory)") !=
                   std::string::npos);
  }

  /// Used to end in an uncaught std::bad_alloc (exit 134).
  void hugeLatticeCells() {
    TempDir dir;
    const std::string cfg = withGenerator("100000");
    const InputError e = readError(dir, cfg, "");
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<cells>"),
                  "/mardyn/simulation/ensemble/phasespacepoint/generator/cells",
                  "the generator would make 4e+15 molecules, which need");
  }

  /// MARDYN_MEMORY_LIMIT replaces the system's memory: a lattice of 4000 molecules does not fit in 1 MiB.
  void memoryLimitFromEnvironment() {
    TempDir dir;
    const std::string cfg = withGenerator("10");
    setenv("MARDYN_MEMORY_LIMIT", "1M", 1);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1048576.0, MemoryLimit::availableBytes(), 0.0);
    bool thrown = false;
    try {
      ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    } catch (const InputError& e) {
      thrown = std::string(e.what()).find("4000 molecules") != std::string::npos &&
               std::string(e.what()).find("than the 1.0 MiB of memory available") != std::string::npos;
    }
    unsetenv("MARDYN_MEMORY_LIMIT");
    CPPUNIT_ASSERT(thrown);
    CPPUNIT_ASSERT_EQUAL(std::size_t(4000), ConfigurationReader::read(dir.file("config.xml")).molecules.size());
  }

  void cellsInCutoffRadiusOutOfRange() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<cellsInCutoffRadius>2<", "<cellsInCutoffRadius>100000<");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<cellsInCutoffRadius>"),
                  "/mardyn/simulation/algorithm/datastructure/cellsInCutoffRadius",
                  "cellsInCutoffRadius out of range (expected 1..1000)");
  }

  /// 1000 cells per cutoff radius in a 10 x 11 x 12 box: 2e11 cells, named at cellsInCutoffRadius.
  void cellGridTooLarge() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<cellsInCutoffRadius>2<", "<cellsInCutoffRadius>1000<");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<cellsInCutoffRadius>"),
                  "/mardyn/simulation/algorithm/datastructure/cellsInCutoffRadius", "cells per cutoff radius has ");
    CPPUNIT_ASSERT(std::string(e.what()).find("(expected fewer cells per cutoff radius)") != std::string::npos);
  }

  /// A 1e7-wide box used to end in std::bad_alloc / vector::reserve; named at the box.
  void hugeBox() {
    TempDir dir;
    std::string cfg = replaced(validConfig(), "<lx>10</lx>", "<lx>1e7</lx>");
    cfg = replaced(cfg, "<ly>11</ly>", "<ly>1e7</ly>");
    cfg = replaced(cfg, "<lz>12</lz>", "<lz>1e7</lz>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<domain"), "/mardyn/simulation/ensemble/domain",
                  "(expected a smaller box or a larger cutoff)");
  }

  /// The container itself refuses a grid that cannot fit, instead of overflowing its cell counts.
  void linkedCellsRefuseHugeRegion() {
    bool thrown = false;
    try {
      LinkedCells cells(Vec3(0, 0, 0), Vec3(1e12, 1e12, 1e12), 1.0, 1);
    } catch (const MardynException& e) {
      thrown = std::string(e.what()).find("of memory available") != std::string::npos;
    }
    CPPUNIT_ASSERT(thrown);
  }

  /// "'1e-320' is not a positive number": it is; it underflows.
  void underflowingNumber() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), ">0.004</timestep>", ">1e-320</timestep>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<timestep"), "/mardyn/simulation/integrator/timestep",
                  "'1e-320' underflows: its magnitude is below 2.22507e-308, the smallest a double holds at full "
                  "precision (expected a positive number)");
    const std::string inp = replaced(validPhaseSpace(), "-0.1 -0.2 -0.3", "-0.1 1e-400 -0.3");
    const InputError p = readError(dir, validConfig(), inp);
    expectProblem(p, dir.file("phase.inp"), lineOf(inp, "1e-400"), kPS, "column 7 '1e-400' underflows");
    const std::string big = replaced(validConfig(), "<lx>10</lx>", "<lx>1e400</lx>");
    expectProblem(readError(dir, big, validPhaseSpace()), dir.file("config.xml"), lineOf(big, "<lx>"),
                  "/mardyn/simulation/ensemble/domain/lx", "'1e400' overflows");
  }

  /// "'18446744073709551615' is not a non-negative integer": it is; it is out of range.
  void integerOutOfRange() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<production><steps>100</steps>",
                                     "<production><steps>18446744073709551615</steps>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<production>"), "/mardyn/simulation/run/production/steps",
                  "'18446744073709551615' is out of range: integers here lie in -9223372036854775808..9223372036854775807 "
                  "(expected a non-negative integer)");
    try {
      CommandLine::parse({"--steps", "18446744073709551615", "c.xml"});
      CPPUNIT_FAIL("--steps 18446744073709551615 was accepted");
    } catch (const CommandLine::UsageError& u) {
      CPPUNIT_ASSERT_MESSAGE(u.what(), std::string(u.what()).find("option --steps: '18446744073709551615' is out of "
                                                                  "range") != std::string::npos);
    }
  }

  /// Molecule ids are unsigned 64-bit, as ls1 writes them (its ReplicaGenerator sets the highest bits): the
  /// ASCII phase space reads them as its binary one does; beyond 2^64 - 1 and negative ids are errors.
  void moleculeIdsAreUnsigned64Bit() {
    TempDir dir;
    std::string inp = replaced(validPhaseSpace(), "1\t1\t1.0 2.0 3.0", "9223372036854775831\t1\t1.0 2.0 3.0");
    inp = replaced(inp, "3\t1\t9.999", "18446744073709551615\t1\t9.999");
    writeFile(dir.file("phase.inp"), inp);
    const SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    CPPUNIT_ASSERT_EQUAL(std::size_t{3}, cfg.molecules.size());
    CPPUNIT_ASSERT_EQUAL(9223372036854775831ul, cfg.molecules[0].id);
    CPPUNIT_ASSERT_EQUAL(18446744073709551615ul, cfg.molecules[2].id);
    const std::string beyond = replaced(validPhaseSpace(), "3\t1\t9.999", "18446744073709551616\t1\t9.999");
    expectProblem(readError(dir, validConfig(), beyond), dir.file("phase.inp"), lineOf(beyond, "18446744073709551616"),
                  kPS, "molecule id '18446744073709551616' is out of range: ids lie in 0..18446744073709551615");
    const std::string negative = replaced(validPhaseSpace(), "3\t1\t9.999", "-3\t1\t9.999");
    expectProblem(readError(dir, validConfig(), negative), dir.file("phase.inp"), lineOf(negative, "-3\t1"), kPS,
                  "molecule id '-3' is not an integer >= 0");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(InputNumberTest);
