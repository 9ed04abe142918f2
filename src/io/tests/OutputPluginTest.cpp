// OutputPluginTest: ResultWriter columns and running averages, CheckpointWriter files readable back
// as input, XyzWriter frames (in the file as soon as written), the registry's unknown-name warning,
// and no temporary file left behind.
#include "io/CheckpointWriter.h"
#include "io/OutputPluginRegistry.h"
#include "io/PhaseSpaceReader.h"
#include "io/ResultWriter.h"
#include "io/StepLineWriter.h"
#include "io/XyzWriter.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
class FakeView : public SimulationView {
 public:
  FakeView() {
    cfg.box = {5, 5, 5};
    Component a(0, "Ar");
    a.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    Component b(1, "N2");
    b.addLJCenter({{0, 0, 0.5}, 1.0, 1.0, 1.0, false});
    b.addLJCenter({{0, 0, -0.5}, 1.0, 1.0, 1.0, false});
    b.setMomentsOfInertia({0.5, 0.5, 0});
    cfg.components = {a, b};
    Quaternion q(0.5, 0.5, 0.5, 0.5);
    mols.emplace_back(2, &cfg.components[1], Vec3(1, 2, 3), Vec3(0.1, 0.2, 0.3), q, Vec3(0.01, 0.02, 0.03));
    mols.emplace_back(1, &cfg.components[0], Vec3(4, 4, 4), Vec3(-0.1, 0, 0.1));
    g.numMolecules = 2;
  }
  const SimulationConfig& config() const override { return cfg; }
  const GlobalValues& globals() const override { return g; }
  int rank() const override { return 0; }
  std::vector<Molecule> gatherMolecules() const override { return mols; }

  SimulationConfig cfg;
  GlobalValues g;
  std::vector<Molecule> mols;
};

std::vector<std::vector<double>> dataRows(const std::string& text) {
  std::vector<std::vector<double>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.find('#') != std::string::npos) continue;
    std::istringstream ls(line);
    std::vector<double> row;
    for (double v; ls >> v;) row.push_back(v);
    rows.push_back(row);
  }
  return rows;
}
}  // namespace

class OutputPluginTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(OutputPluginTest);
  CPPUNIT_TEST(resultWriterColumns);
  CPPUNIT_TEST(checkpointReadableAsInput);
  CPPUNIT_TEST(xyzFrames);
  CPPUNIT_TEST(stepLineFormat);
  CPPUNIT_TEST(registryWarnsAndAddsFinalCheckpoint);
  CPPUNIT_TEST(resultWriterStateRoundTrip);
  CPPUNIT_TEST_SUITE_END();

 public:
  void resultWriterColumns() {
    TempDir dir;
    FakeView view;
    ResultWriter w(dir.file("r.res"), 2, 2, 5, 0);
    w.init(view);
    const double upot[4] = {-10, -12, -14, -16};
    for (unsigned long s = 0; s < 4; ++s) {
      view.g.uPot = upot[s];
      view.g.uKinTrans = 3.0 + s;
      view.g.uKinRot = 1.0;
      view.g.pressure = 0.5 * s;
      view.g.temperature = 2.0;
      view.g.degreesOfFreedom = 3 * 2 + 2;
      view.g.betaTrans = 0.99;
      w.afterStep(s, 0.1 * s, view);
    }
    w.finish(3, 0.3, view);
    const std::string text = readFile(dir.file("r.res"));
    CPPUNIT_ASSERT(text.find("step") != std::string::npos && text.find("U_pot_avg") != std::string::npos &&
                   text.find("beta_rot") != std::string::npos && text.find("c_v") != std::string::npos);
    const auto rows = dataRows(text);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), rows.size());  // steps 0 and 2
    const auto& r = rows[1];
    CPPUNIT_ASSERT_EQUAL(std::size_t(12), r.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.0, r[0], 0);           // step
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.2, r[1], 1e-6);        // time
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-14.0, r[2], 1e-4);      // U_pot
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-13.0, r[3], 1e-4);      // U_pot_avg over the window of 2
    CPPUNIT_ASSERT_DOUBLES_EQUAL(6.0, r[4], 1e-4);        // U_kin = trans + rot
    CPPUNIT_ASSERT_DOUBLES_EQUAL(5.5, r[5], 1e-4);        // U_kin_avg
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, r[6], 1e-6);        // p
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.75, r[7], 1e-6);       // p_avg
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.99, r[8], 1e-6);       // beta_trans
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, r[9], 1e-6);        // beta_rot
    // c_v = 1.5 + rotDOF/(2N) + var(U)/(N T^2), U = -10,-12,-14: var = 8/3
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.5 + 0.5 + (8.0 / 3.0) / (2 * 4.0), r[10], 1e-4);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.0, r[11], 0);          // N
    for (const auto& e : std::filesystem::directory_iterator(dir.path()))
      CPPUNIT_ASSERT_MESSAGE(e.path().string(), e.path().filename() == "r.res");  // no temporary left
  }

  void checkpointReadableAsInput() {
    TempDir dir;
    FakeView view;
    CheckpointWriter periodic(dir.file("cp"), 10);
    periodic.afterStep(5, 0.5, view);
    CPPUNIT_ASSERT(!std::filesystem::exists(periodic.fileName(5)));
    periodic.afterStep(10, 1.0, view);
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("cp-000000010.restart.dat")));
    CheckpointWriter final(dir.file("cp"), 0);
    final.afterStep(10, 1.0, view);
    final.finish(20, 2.0, view);
    std::vector<InputProblem> problems;
    const auto back = PhaseSpaceReader::read(dir.file("cp.restart.dat"), "/file", 2, view.cfg.box, problems);
    CPPUNIT_ASSERT(problems.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), back.size());
    CPPUNIT_ASSERT_EQUAL(1ul, back[0].id);  // sorted by id
    CPPUNIT_ASSERT_EQUAL(1u, back[1].component);
    CPPUNIT_ASSERT(back[1].r == Vec3(1, 2, 3));
    CPPUNIT_ASSERT(back[1].v == Vec3(0.1, 0.2, 0.3));
    CPPUNIT_ASSERT(back[1].L == Vec3(0.01, 0.02, 0.03));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, back[1].q.y(), 0);
    CPPUNIT_ASSERT(readFile(dir.file("cp.restart.dat")).find(" currentTime\t2\n") != std::string::npos);
  }

  void xyzFrames() {
    TempDir dir;
    FakeView view;
    XyzWriter w(dir.file("t.xyz"), 5);
    w.init(view);
    for (unsigned long s = 0; s <= 10; ++s) w.afterStep(s, 0.01 * s, view);
    const std::string streamed = readFile(dir.file("t.xyz"));  // every frame is in the file once written
    w.finish(10, 0.1, view);
    CPPUNIT_ASSERT_EQUAL(streamed, readFile(dir.file("t.xyz")));
    const std::string text = readFile(dir.file("t.xyz"));
    std::istringstream in(text);
    std::string line;
    int frames = 0;
    while (std::getline(in, line)) {
      CPPUNIT_ASSERT_EQUAL(std::string("3"), line);  // 1 + 2 LJ sites
      std::getline(in, line);
      CPPUNIT_ASSERT(line.find("Lattice=\"5 0 0 0 5 0 0 0 5\"") != std::string::npos);
      CPPUNIT_ASSERT(line.find("Properties=species:S:1:pos:R:3") != std::string::npos);
      for (int i = 0; i < 3; ++i) std::getline(in, line);
      ++frames;
    }
    CPPUNIT_ASSERT_EQUAL(3, frames);
    // q = (0.5,0.5,0.5,0.5) maps the body z axis onto space x: sites of molecule 2 at (1 +- 0.5, 2, 3)
    CPPUNIT_ASSERT(text.find("Ar 4 4 4 1 1") != std::string::npos);
    CPPUNIT_ASSERT(text.find("N2_0 1.5 2 3 2 2") != std::string::npos);
    CPPUNIT_ASSERT(text.find("N2_1 0.5 2 3 2 2") != std::string::npos);
  }

  void stepLineFormat() {
    GlobalValues g;
    g.temperature = 2.53016e-05;
    g.uPot = -2.09893;
    g.pressure = -2.66901e-07;
    RefUnits none;
    CPPUNIT_ASSERT_EQUAL(std::string("Simstep = 0\tT = 2.53016e-05\tU_pot = -2.09893\tp = -2.66901e-07"),
                         StepLineWriter::formatLine(0, g, none));
    RefUnits si;
    si.given = true;
    si.energyJoule = 1.380649e-23;  // energy unit 1 K
    si.lengthMeter = 1e-10;
    const std::string l = StepLineWriter::formatLine(3, g, si);
    CPPUNIT_ASSERT(l.find("[SI: T/K = 2.53016e-05") != std::string::npos);
  }

  void registryWarnsAndAddsFinalCheckpoint() {
    SimulationConfig c;
    c.quiet = true;
    c.outputPrefix = "x";
    OutputPluginConfig known, unknown;
    known.name = "ResultWriter";
    unknown.name = "FlopRateWriter";
    unknown.file = "config.xml";
    unknown.line = 48;
    c.outputPlugins = {unknown, known};
    std::ostringstream warnings;
    const auto plugins = OutputPluginRegistry::createAll(c, warnings);
    CPPUNIT_ASSERT(warnings.str().find("config.xml:48: unknown output plugin 'FlopRateWriter' ignored") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), plugins.size());
    CPPUNIT_ASSERT_EQUAL(std::string("ResultWriter"), plugins[0]->name());
    CPPUNIT_ASSERT_EQUAL(std::string("CheckpointWriter"), plugins[1]->name());
    c.finalCheckpoint = false;
    c.quiet = false;
    const auto p2 = OutputPluginRegistry::createAll(c, warnings);
    CPPUNIT_ASSERT_EQUAL(std::string("StepLineWriter"), p2[0]->name());
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), p2.size());
    CPPUNIT_ASSERT(OutputPluginRegistry::isKnown("XyzWriter"));
  }

  /// The saved state restores the averages exactly; a damaged one changes nothing and is a warning naming the
  /// checkpoint's line: the plugin starts its statistics again.
  void resultWriterStateRoundTrip() {
    TempDir dir;
    FakeView view;
    ResultWriter a(dir.file("a.res"), 1, 3, 5, 1);
    for (unsigned long s = 0; s < 5; ++s) {
      view.g.uPot = -10.0 - 0.1 * s;
      view.g.uKinTrans = 1.0 / (s + 3.0);
      view.g.pressure = 0.3 * s;
      a.afterStep(s, 0.1 * s, view);
    }
    const std::string state = a.saveState();
    CPPUNIT_ASSERT(state.find("1 4 3 ") == 0);  // version, last step, window
    ResultWriter b(dir.file("b.res"), 1, 3, 5, 1);
    b.restoreState(state);
    CPPUNIT_ASSERT_EQUAL(state, b.saveState());
    view.g.temperature = 1.0;
    CPPUNIT_ASSERT_EQUAL(a.heatCapacity(view.g), b.heatCapacity(view.g));
    CPPUNIT_ASSERT_THROW(b.restoreState(state.substr(0, state.size() / 2)), MardynException);
    CPPUNIT_ASSERT_THROW(b.restoreState("2" + state.substr(1)), MardynException);
    // Values other than the restored ones, damaged at their end (item 9): none of them is taken.
    CPPUNIT_ASSERT_THROW(b.restoreState("1 7 3 -1 2 3 -4.5 1 x"), MardynException);
    CPPUNIT_ASSERT_EQUAL(state, b.saveState());  // a damaged state changes nothing

    SimulationConfig c;
    c.quiet = true;
    c.finalCheckpoint = false;
    OutputPluginConfig rw;
    rw.name = "ResultWriter";
    c.outputPlugins = {rw};
    c.restart.active = true;
    c.restart.file = "run/p-000000020.restart.dat";
    c.restart.step = 20;
    c.restart.pluginStates = {{"ResultWriter", "1 20 x"}};
    c.restart.pluginStateLines = {4};
    // The run is still right with a damaged state: the averages start again, with a warning at its line.
    std::ostringstream warnings;
    const auto plugins = OutputPluginRegistry::createAll(c, warnings);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), plugins.size());
    CPPUNIT_ASSERT_EQUAL(std::string(), plugins[0]->saveState());  // nothing restored
    const std::string w = warnings.str();
    CPPUNIT_ASSERT_MESSAGE(w, w.find("Warning: run/p-000000020.restart.dat:4: # mardyn-state ResultWriter: ") == 0);
    CPPUNIT_ASSERT_MESSAGE(w, w.find("saved state is damaged at item 3 ('x', expected a finite number)") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(w, w.find("starts its statistics again at step 20") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OutputPluginTest);
