// TemperatureControlTest: ls1's regional thermostat on an LJ liquid: two halves held at different
// temperatures, a component filter and the exponent 0 default (no change), the directions scaled, the
// control window (start/stop/frequency), and the reading of its XML with errors at their element.
#include "Simulation.h"
#include "io/tests/IoTestFiles.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

namespace {
TemperatureControlRegion region(const Vec3& lo, const Vec3& hi, double T, double exponent) {
  TemperatureControlRegion r;
  r.lower = lo;
  r.upper = hi;
  r.temperature = T;
  r.numSlabs = 2;
  r.exponent = exponent;
  return r;
}
/// Kinetic temperature (translation) of the molecules with lo.x < x < hi.x, and sum of v_d^2 per direction.
double temperatureIn(const std::vector<Molecule>& mols, double lo, double hi, Vec3* v2 = nullptr) {
  double mv2 = 0;
  std::size_t n = 0;
  for (const auto& m : mols)
    if (m.r().x > lo && m.r().x < hi) {
      mv2 += m.component().mass() * dot(m.v(), m.v());
      if (v2)
        for (int d = 0; d < 3; ++d) (*v2)[d] += m.v()[d] * m.v()[d];
      ++n;
    }
  return mv2 / (3.0 * n);
}
}  // namespace

class TemperatureControlTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(TemperatureControlTest);
  CPPUNIT_TEST(holdsEachRegionAtItsTarget);
  CPPUNIT_TEST(exponentZeroAndWindowChangeNothing);
  CPPUNIT_TEST(onlyTheControlledDirections);
  CPPUNIT_TEST(readsXmlAndNamesBadElements);
  CPPUNIT_TEST_SUITE_END();

 public:
  // Left half at 0.6, right half at 1.6: after 200 steps each half is within 3 % of its target although
  // heat flows across the border all the time (the thermostat holds the mean of each slab, so the inside
  // of the hot half runs hotter than its border).
  void holdsEachRegionAtItsTarget() {
    SimulationConfig cfg = testing::fccConfig(5, 0.7, 2.5, 1.0, true);
    const Vec3 L = cfg.box;
    cfg.temperatureControl.enabled = true;
    cfg.temperatureControl.regions = {region({-1, -1, -1}, {L.x / 2, L.y + 1, L.z + 1}, 0.6, 0.4),
                                      region({L.x / 2, -1, -1}, {L.x + 1, L.y + 1, L.z + 1}, 1.6, 0.4)};
    iotest::TempDir dir;
    cfg.temperatureControl.regions[0].filePrefix = dir.file("beta");
    cfg.temperatureControl.regions[1].filePrefix = dir.file("beta");
    cfg.temperatureControl.regions[0].writeFrequency = 100;
    Simulation sim(cfg);
    sim.prepare();
    for (int s = 0; s < 200; ++s) sim.step();
    const auto mols = sim.gatherMolecules();
    const double cold = temperatureIn(mols, -1, L.x / 2), hot = temperatureIn(mols, L.x / 2, L.x + 1);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.6, cold, 0.018);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.6, hot, 0.048);
    // the beta log of region 1: header and the lines of steps 100 and 200
    const std::string log = iotest::readFile(dir.file("beta_reg1.dat"));
    CPPUNIT_ASSERT(log.find("dBetaTrans") != std::string::npos && log.find("         200") != std::string::npos);
  }

  // ls1's default exponent is 0 (beta = 1: nothing changes); so is a step outside start < s <= stop.
  void exponentZeroAndWindowChangeNothing() {
    for (int variant = 0; variant < 2; ++variant) {
      SimulationConfig cfg = testing::fccConfig(4, 0.7, 2.5, 1.0, true);
      SimulationConfig nve = cfg;
      const Vec3 L = cfg.box;
      cfg.temperatureControl.enabled = true;
      cfg.temperatureControl.regions = {region({-1, -1, -1}, L + Vec3(1, 1, 1), 3.0, variant == 0 ? 0.0 : 0.4)};
      cfg.temperatureControl.regions[0].filePrefix = "/nonexistent-dir/beta";  // rank 0 writes nothing it cannot
      if (variant == 1) cfg.temperatureControl.start = 10;
      Simulation a(cfg), b(nve);
      a.prepare();
      b.prepare();
      for (int s = 0; s < 10; ++s) {
        a.step();
        b.step();
      }
      CPPUNIT_ASSERT_EQUAL(b.globals().temperature, a.globals().temperature);
    }
  }

  // directions "y": only v_y is scaled, so the x and z kinetic energies follow plain dynamics for a step.
  void onlyTheControlledDirections() {
    SimulationConfig cfg = testing::fccConfig(4, 0.7, 2.5, 1.0, true);
    SimulationConfig nve = cfg;
    const Vec3 L = cfg.box;
    cfg.temperatureControl.enabled = true;
    cfg.temperatureControl.regions = {region({-1, -1, -1}, L + Vec3(1, 1, 1), 4.0, 1.0)};
    cfg.temperatureControl.regions[0].directions = {false, true, false};
    cfg.temperatureControl.regions[0].numSlabs = 1;
    cfg.temperatureControl.regions[0].filePrefix = "/nonexistent-dir/beta";
    Simulation a(cfg), b(nve);
    a.prepare();
    b.prepare();
    a.step();
    b.step();
    Vec3 va, vb;
    temperatureIn(a.gatherMolecules(), -1, L.x + 1, &va);
    temperatureIn(b.gatherMolecules(), -1, L.x + 1, &vb);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(vb.x, va.x, 1e-12 * vb.x);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(vb.z, va.z, 1e-12 * vb.z);
    // beta = n T / sum m v_y^2 (exponent 1), v_y scaled by 2 - 1/beta
    const double beta = vb.y > 0 ? static_cast<double>(a.globals().numMolecules) * 4.0 / vb.y : 1.0;  // mass 1
    CPPUNIT_ASSERT_DOUBLES_EQUAL(vb.y * (2 - 1 / beta) * (2 - 1 / beta), va.y, 1e-9 * va.y);
  }

  void readsXmlAndNamesBadElements() {
    using namespace iotest;
    TempDir dir;
    const std::string tc =
        "<thermostat type=\"TemperatureControl\"><control><start>5</start><frequency>2</frequency><stop>100</stop></control>"
        "<regions><region><coords><lcx>0</lcx><lcy>1</lcy><lcz>0</lcz><ucx>box</ucx><ucy>5</ucy><ucz>box</ucz></coords>"
        "<target><temperature>0.8</temperature><component>2</component></target>"
        "<settings><numslabs>4</numslabs><exponent>0.4</exponent><directions>xz</directions></settings>"
        "<writefreq>50</writefreq><fileprefix>bl</fileprefix></region></regions></thermostat>";
    const std::string base = replaced(replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                                               "<generator name=\"Lattice\"><cells>2</cells></generator>"),
                                      "<thermostat type=\"VelocityScaling\" componentId=\"B\">", tc + "<thermostat type=\"VelocityScaling\" componentId=\"B\">");
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), base));
    const auto& t = c.temperatureControl;
    CPPUNIT_ASSERT(t.enabled);
    CPPUNIT_ASSERT_EQUAL(5ul, t.start);
    CPPUNIT_ASSERT_EQUAL(2ul, t.frequency);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), t.regions.size());
    CPPUNIT_ASSERT_EQUAL(10.0, t.regions[0].upper.x);  // "box"
    CPPUNIT_ASSERT_EQUAL(5.0, t.regions[0].upper.y);
    CPPUNIT_ASSERT_EQUAL(2u, t.regions[0].component);
    CPPUNIT_ASSERT_EQUAL(4u, t.regions[0].numSlabs);
    CPPUNIT_ASSERT(t.regions[0].directions[0] && !t.regions[0].directions[1] && t.regions[0].directions[2]);
    const std::string bad = replaced(base, "<directions>xz</directions>", "<directions>xw</directions>");
    const auto e = readError(dir, bad, "");
    expectProblem(e, dir.file("config.xml"), lineOf(bad, "<directions>xw"),
                  "/mardyn/simulation/algorithm/thermostats/thermostat/regions/region/settings/directions", "directions 'xw'");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TemperatureControlTest);
