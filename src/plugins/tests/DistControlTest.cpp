// DistControlTest: ls1's DistControl: the smoothing and least-squares windows against hand-worked values and
// a linear profile (slope exact), the derivative method finding the interfaces of a slab (analytic tanh
// profile and sampled molecules, per component), the density method's interpolated crossings worked out by
// hand, the update schedule, the regions and mirrors that follow, and the XML's errors.
#include "io/tests/IoTestFiles.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LinkedCells.h"
#include "plugins/DistControl.h"
#include "plugins/Mirror.h"
#include "thermostats/TemperatureControl.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;
using namespace mardyn::iotest;

class DistControlTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(DistControlTest);
  CPPUNIT_TEST(windowsAsLs1);
  CPPUNIT_TEST(derivativeFindsTheSlab);
  CPPUNIT_TEST(densityMethodInterpolates);
  CPPUNIT_TEST(sampledSlabPerComponent);
  CPPUNIT_TEST(regionsAndMirrorsFollow);
  CPPUNIT_TEST(xmlErrors);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// y_i = i, 2 neighbours: windows [0,2], [0,3], then centred, shrinking on the right for the last two.
  void windowsAsLs1() {
    std::vector<double> y(10), x(10);
    for (int i = 0; i < 10; ++i) y[i] = i, x[i] = 0.5 * i;
    const std::vector<double> expect{1, 1.5, 2, 3, 4, 5, 6, 7, 7.5, 8};
    const auto s = DistControl::smoothed(y, 2);
    for (int i = 0; i < 10; ++i) CPPUNIT_ASSERT_DOUBLES_EQUAL(expect[i], s[i], 1e-14);
    std::vector<double> lin(10);
    for (int i = 0; i < 10; ++i) lin[i] = 3.0 - 2.0 * x[i];
    for (unsigned k : {1u, 3u})
      for (double d : DistControl::slopes(x, lin, k)) CPPUNIT_ASSERT_DOUBLES_EQUAL(-2.0, d, 1e-12);
    for (double d : DistControl::slopes(x, lin, 0)) CPPUNIT_ASSERT_EQUAL(0.0, d);  // one point: no slope (ls1)
  }

  /// A liquid slab 0.05 + 0.3 (tanh(y - 30.25) - tanh(y - 70.25)) in bins of 0.5 over 100: the steepest rise
  /// and fall lie at the bin midpoints 30.25 and 70.25.
  void derivativeFindsTheSlab() {
    DistControlConfig c;
    c.smooth = 3;
    c.derivate = 5;
    std::vector<double> rho(200);
    for (int s = 0; s < 200; ++s) {
      const double y = (s + 0.5) * 0.5;
      rho[s] = 0.05 + 0.3 * (std::tanh(y - 30.25) - std::tanh(y - 70.25));
    }
    double left = -1, right = -1;
    DistControl::evaluate(c, rho, 0.5, 100.0, left, right);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(30.25, left, 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(70.25, right, 1e-12);
  }

  /// Bins of 1 over 20: vapour 0.1, liquid 0.7 in bins 6..13, bin 5 at 0.3 and bin 14 at 0.5: the half
  /// density 0.4 is crossed between the midpoints (5.5, 0.3)-(6.5, 0.7) at 5.75 and (14.5, 0.5)-(15.5, 0.1)
  /// at 14.75. A profile without crossing keeps the positions.
  void densityMethodInterpolates() {
    DistControlConfig c;
    c.method = DistControlConfig::Method::Density;
    std::vector<double> rho(20, 0.1);
    for (int s = 6; s <= 13; ++s) rho[s] = 0.7;
    rho[5] = 0.3;
    rho[14] = 0.5;
    double left = 0, right = 0;
    DistControl::evaluate(c, rho, 1.0, 20.0, left, right);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(5.75, left, 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(14.75, right, 1e-12);
    left = 1, right = 2;
    DistControl::evaluate(c, std::vector<double>(20, 0.3), 1.0, 20.0, left, right);
    CPPUNIT_ASSERT_EQUAL(1.0, left);
    CPPUNIT_ASSERT_EQUAL(2.0, right);
  }

  /// Box 10 x 40 x 10, bins of 0.5: component 1 fills 10.5 <= y < 30 with 4 molecules per bin (2 in the bins
  /// at 10 and 30 that hold the interfaces), component 2 likewise 20 <= y < 35. Each component's profile puts
  /// the interfaces at its own slab's (within one bin); the positions change only at steps s % update == 0, s > 1.
  void sampledSlabPerComponent() {
    std::vector<Component> comps;
    for (unsigned k = 0; k < 2; ++k) {
      comps.emplace_back(k, k ? "B" : "A");
      comps.back().addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    }
    const Vec3 box{10, 40, 10};
    LinkedCells lc({0, 0, 0}, box, 2.5, 1);
    unsigned long id = 1;
    for (int s = 0; s < 80; ++s) {
      const double y = (s + 0.5) * 0.5;
      const int n = (s > 20 && s < 60) ? 4 : (s == 20 || s == 60) ? 2 : 0;
      for (int k = 0; k < n; ++k) lc.addParticle(Molecule(id++, &comps[0], {1.0 + 2 * k, y, 5.0}, {}));
      const int nb = (s > 40 && s < 70) ? 4 : (s == 40 || s == 70) ? 2 : 0;
      for (int k = 0; k < nb; ++k) lc.addParticle(Molecule(id++, &comps[1], {1.0 + 2 * k, y, 1.0}, {}));
    }
    lc.update();
    DomainDecompSequential decomp;
    DistControlConfig c;
    c.bins = 80;
    c.update = 2;
    c.component = 1;
    DistControl dc(c, 2, box);
    dc.init(lc, decomp);
    CPPUNIT_ASSERT(std::abs(dc.left() - 10.25) <= 0.5);
    CPPUNIT_ASSERT(std::abs(dc.right() - 30.25) <= 0.5);
    c.component = 2;
    c.init = DistControlConfig::Init::Values;
    c.left = 3;
    c.right = 4;
    DistControl second(c, 2, box);
    second.init(lc, decomp);
    CPPUNIT_ASSERT_EQUAL(3.0, second.left());  // values: no evaluation at the start
    CPPUNIT_ASSERT(!second.update(lc, decomp, 1));
    CPPUNIT_ASSERT_EQUAL(3.0, second.left());
    CPPUNIT_ASSERT(second.update(lc, decomp, 2));
    CPPUNIT_ASSERT(std::abs(second.left() - 20.25) <= 0.5);
    CPPUNIT_ASSERT(std::abs(second.right() - 35.25) <= 0.5);
    CPPUNIT_ASSERT(!second.update(lc, decomp, 3));
  }

  /// ls1's Evaporation set-up: a region from y = 20 to 10 below the right interface, a mirror 150 beyond it.
  void regionsAndMirrorsFollow() {
    TemperatureControlConfig tc;
    TemperatureControlRegion r;
    r.lower = {0, 20, 0};
    r.upper = {40, -10, 40};
    r.refCoords = {0, 0, 0, 0, 2, 0};
    tc.regions = {r, r};
    tc.regions[1].refCoords = {0, 1, 0, 0, 1, 0};
    TemperatureControl t(tc, 1, 0.001);
    t.follow(42.75, 49.75);
    CPPUNIT_ASSERT_EQUAL(20.0, t.region(0).lower.y);
    CPPUNIT_ASSERT_EQUAL(39.75, t.region(0).upper.y);
    CPPUNIT_ASSERT_EQUAL(40.0, t.region(0).upper.x);
    CPPUNIT_ASSERT_EQUAL(62.75, t.region(1).lower.y);
    CPPUNIT_ASSERT_EQUAL(32.75, t.region(1).upper.y);
    t.follow(40, 60);  // from the configured offsets again, not from the last position
    CPPUNIT_ASSERT_EQUAL(50.0, t.region(0).upper.y);
    MirrorConfig mc;
    mc.coord = 150;
    mc.refID = 2;
    Mirror m(mc);
    m.follow(42.75, 49.75);
    CPPUNIT_ASSERT_EQUAL(199.75, m.coord());
    mc.refID = 0;
    Mirror fixed(mc);
    fixed.follow(42.75, 49.75);
    CPPUNIT_ASSERT_EQUAL(150.0, fixed.coord());
  }

  void xmlErrors() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const std::string region =
        "<thermostats><thermostat type=\"TemperatureControl\"><regions><region><coords><lcx>0</lcx>"
        "<lcy refcoordsID=\"0\">2</lcy><lcz>0</lcz><ucx>box</ucx><ucy refcoordsID=\"2\">-1</ucy><ucz>box</ucz></coords>"
        "<target><temperature>0.8</temperature><component>0</component></target></region></regions></thermostat>"
        "</thermostats>";
    std::string cfg = replaced(validConfig(), "<longrange type=\"none\"/>", "<longrange type=\"none\"/>" + region);
    cfg = replaced(cfg, "<thermostats>\n        <thermostat type=\"VelocityScaling\" componentId=\"B\">\n"
                        "          <temperature>0.95</temperature>\n        </thermostat>\n      </thermostats>", "");
    std::string e = readError(dir, cfg, "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("follows DistControl, which is not configured") != std::string::npos);
    const std::string dist =
        "<plugin name=\"DistControl\"><control><update>10</update></control><subdivision type=\"width\">"
        "<width>0.5</width></subdivision><init type=\"values\"><values><left>3</left><right>8</right></values></init>"
        "<method type=\"denderiv\"><componentID>0</componentID><neighbourvals algorithm=\"smooth\">3</neighbourvals>"
        "<neighbourvals algorithm=\"derivate\">5</neighbourvals></method></plugin>";
    const std::string withDist = replaced(cfg, "</output>", "</output>" + dist);
    const SimulationConfig ok = ConfigurationReader::read(writeFile(dir.file("config.xml"), withDist));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), ok.physicsPluginsNamed("DistControl").size());
    const auto& dc = ok.physicsPluginsNamed("DistControl")[0]->as<DistControlConfig>();
    CPPUNIT_ASSERT_EQUAL(22u, dc.bins);  // round(11 / 0.5)
    CPPUNIT_ASSERT_EQUAL(3u, dc.smooth);
    CPPUNIT_ASSERT_EQUAL(5u, dc.derivate);
    CPPUNIT_ASSERT_EQUAL(8.0, dc.right);
    CPPUNIT_ASSERT_EQUAL(2, ok.temperatureControl.regions[0].refCoords[4]);
    e = readError(dir, replaced(withDist, "type=\"denderiv\"", "type=\"slope\""), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("expected density or denderiv") != std::string::npos);
    e = readError(dir, replaced(withDist, "<width>0.5</width>", "<width>1</width>"), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("too few bins (11)") != std::string::npos);
    e = readError(dir, replaced(withDist, "refcoordsID=\"2\"", "refcoordsID=\"3\""), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("unknown refcoordsID") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DistControlTest);
