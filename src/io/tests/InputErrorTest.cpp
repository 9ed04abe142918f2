// InputErrorTest: one malformed input per error class; each asserts that the reported problem names
// the file, the line, the element path and what was expected, and that problems are collected.
#include "ConfigurationReader.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
const char* kPS = "/mardyn/simulation/ensemble/phasespacepoint/file";
}  // namespace

class InputErrorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(InputErrorTest);
  CPPUNIT_TEST(missingElement);
  CPPUNIT_TEST(mixingRuleForUnknownComponent);
  CPPUNIT_TEST(wrongTypeValue);
  CPPUNIT_TEST(wrongTypeAttribute);
  CPPUNIT_TEST(nonPositiveBox);
  CPPUNIT_TEST(cutoffOverHalfBox);
  CPPUNIT_TEST(unreadableInp);
  CPPUNIT_TEST(truncatedInp);
  CPPUNIT_TEST(shortMoleculeLine);
  CPPUNIT_TEST(moleculeOutsideBox);
  CPPUNIT_TEST(unknownComponentId);
  CPPUNIT_TEST(unknownSiteType);
  CPPUNIT_TEST(unknownSiteTypeInInclude);
  CPPUNIT_TEST(missingInclude);
  CPPUNIT_TEST(problemsCollectedTogether);
  CPPUNIT_TEST(missingConfigFile);
  CPPUNIT_TEST_SUITE_END();

 public:
  void missingElement() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<timestep unit=\"reduced\">0.004</timestep>", "");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<integrator"), "/mardyn/simulation/integrator/timestep",
                  "missing element <timestep> (expected a positive number)");
  }

  /// ls1-mardyn's all-options.xml mixes component 1 with a component 2 it does not define; ls1 stops there too.
  void mixingRuleForUnknownComponent() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "cid1=\"1\" cid2=\"2\"", "cid1=\"1\" cid2=\"3\"");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<rule type="), "/mardyn/simulation/ensemble/components/mixing/rule",
                  "mixing rule for unknown component id 3 (expected 1..2; ls1-mardyn refuses it too");
  }

  void wrongTypeValue() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<lx>10</lx>", "<lx>ten</lx>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<lx>"), "/mardyn/simulation/ensemble/domain/lx",
                  "wrong type: 'ten' is not a positive box length");
  }

  void wrongTypeAttribute() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<integrator type=\"Leapfrog\">", "<integrator type=\"RK4\">");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<integrator"), "/mardyn/simulation/integrator",
                  "wrong type: type=\"RK4\" (expected one of: Leapfrog)");
  }

  void nonPositiveBox() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<ly>11</ly>", "<ly>-11</ly>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<ly>"), "/mardyn/simulation/ensemble/domain/ly",
                  "non-positive box length (expected > 0)");
  }

  void cutoffOverHalfBox() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), ">2.5</radiusLJ>", ">5.5</radiusLJ>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<radiusLJ"), "/mardyn/simulation/algorithm/cutoffs/radiusLJ",
                  "over half the smallest box length 10 (expected radiusLJ <= 5)");
  }

  void unreadableInp() {
    TempDir dir;
    const InputError e = readError(dir, validConfig(), "");
    expectProblem(e, dir.file("phase.inp"), 0, kPS, "cannot read the phase-space file");
  }

  void truncatedInp() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "NumberOfMolecules\t3", "NumberOfMolecules\t5");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "3\t1\t9.999"), kPS,
                  "truncated phase-space file: 3 molecules found, NumberOfMolecules says 5");
  }

  void shortMoleculeLine() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "1	1	1.0 2.0 3.0	0.1 0.2 0.3	1 0 0 0	0 0 0", "1	1	1.0 2.0 3.0");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "1	1	1.0 2.0 3.0"), kPS, "has 5 columns (expected 15 for format ICRVQD)");
  }

  void moleculeOutsideBox() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "4.5 5.5 6.5", "4.5 11.0 6.5");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "4.5 11.0"), kPS, "molecule 2 at (4.5, 11, 6.5) is outside the box");
  }

  void unknownComponentId() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "3\t1\t9.999", "3\t7\t9.999");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "3\t7\t9.999"), kPS, "unknown component id 7 (expected 1..2)");
  }

  void unknownSiteType() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<site type=\"Quadrupole\" id=\"6\">", "<site type=\"Octupole\" id=\"6\">");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "Octupole"), "/mardyn/simulation/ensemble/components/moleculetype/site",
                  "unknown site type 'Octupole' (expected LJ126, Charge, Dipole or Quadrupole)");
  }

  void unknownSiteTypeInInclude() {
    TempDir dir;
    const std::string comps = "<?xml version='1.0'?>\n<components>\n  <moleculetype id=\"1\" name=\"X\">\n"
                              "    <site type=\"LJ\">\n      <coords><x>0</x><y>0</y><z>0</z></coords>\n    </site>\n"
                              "  </moleculetype>\n</components>\n";
    writeFile(dir.file("comps/c.xml"), comps);
    std::string cfg = validConfig();
    const auto b = cfg.find("<moleculetype id=\"1\""), e0 = cfg.find("<mixing>");
    cfg.replace(b, e0 - b, "<include query=\"/components/moleculetype\">comps/c.xml</include>\n");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("comps/c.xml"), 4, "/mardyn/simulation/ensemble/components/moleculetype/site",
                  "unknown site type 'LJ'");
  }

  void missingInclude() {
    TempDir dir;
    std::string cfg = validConfig();
    const auto b = cfg.find("<moleculetype id=\"1\""), e0 = cfg.find("<mixing>");
    cfg.replace(b, e0 - b, "<include query=\"/components/moleculetype\">../nothere.xml</include>\n");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<include"), "/mardyn/simulation/ensemble/components/include",
                  "cannot read the included file");
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<components>"), "/mardyn/simulation/ensemble/components/moleculetype",
                  "missing element <moleculetype>");
  }

  void problemsCollectedTogether() {
    TempDir dir;
    std::string cfg = replaced(validConfig(), "<lx>10</lx>", "<lx>0</lx>");
    cfg = replaced(cfg, "<timestep unit=\"reduced\">0.004</timestep>", "<timestep>fast</timestep>");
    const std::string inp = replaced(validPhaseSpace(), "3\t1\t9.999", "3\t9\t9.999");
    // lx = 0 stops the phase space from being checked against the box, so fix the box by another route:
    const InputError e = readError(dir, cfg, inp);
    CPPUNIT_ASSERT(e.problems().size() >= 2);
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<lx>"), "/mardyn/simulation/ensemble/domain/lx", "non-positive box");
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<timestep>"), "/mardyn/simulation/integrator/timestep",
                  "wrong type: 'fast' is not a positive number");
    // Without the box problem, the phase-space problem is reported alongside the XML one.
    TempDir dir2;
    const std::string cfg2 = replaced(validConfig(), "<timestep unit=\"reduced\">0.004</timestep>", "<timestep>fast</timestep>");
    const InputError e2 = readError(dir2, cfg2, inp);
    expectProblem(e2, dir2.file("config.xml"), lineOf(cfg2, "<timestep>"), "/mardyn/simulation/integrator/timestep", "wrong type");
    expectProblem(e2, dir2.file("phase.inp"), lineOf(inp, "3\t9\t9.999"), kPS, "unknown component id 9");
  }

  void missingConfigFile() {
    TempDir dir;
    try {
      ConfigurationReader::read(dir.file("nothere.xml"));
      CPPUNIT_FAIL("expected an InputError");
    } catch (const InputError& e) {
      CPPUNIT_ASSERT_EQUAL(dir.file("nothere.xml"), e.problems().at(0).file);
      CPPUNIT_ASSERT(std::string(e.what()).find("cannot read the file") != std::string::npos);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(InputErrorTest);
