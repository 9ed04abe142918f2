// MettDeamonTest: ls1's MettDeamon: the reservoir cut into bins (width adjusted to fill it, top slab first),
// molecules ahead of the transition plane trapped at the start, trapped molecules moved only by the feed
// (velocity and orientation restored), released behind the plane with the fixed v_y, one bin inserted per
// bin width of feed (count, ids, positions: two bins in a row rebuild the reservoir exactly, so no pair is
// closer than in the reservoir), the restart state resuming the same insertions, and the XML options that
// are not supported named as input errors; a run whose time step lives on a device refuses it before step 1.
#include "io/BinaryPhaseSpace.h"
#include "io/tests/IoTestFiles.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LinkedCells.h"
#include "plugins/MettDeamon.h"
#include "ResidentTimeStep.h"
#include "Simulation.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace mardyn;

class MettDeamonTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MettDeamonTest);
  CPPUNIT_TEST(reservoirBins);
  CPPUNIT_TEST(trapReleaseAndInsert);
  CPPUNIT_TEST(restartResumesTheFeed);
  CPPUNIT_TEST(unsupportedOptionsAreErrors);
  CPPUNIT_TEST(gpuTimeStepRefusesIt);
  CPPUNIT_TEST_SUITE_END();

  std::vector<Component> _components;
  const Vec3 _box{10, 30, 10};

 public:
  void setUp() override {
    _components.clear();
    for (unsigned k = 0; k < 2; ++k) {
      Component c(k, k == 0 ? "free" : "trapped");
      c.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
      _components.push_back(c);
    }
  }

  /// Reservoir box 10 x 6 x 10: 4 molecules per layer (x, z in {2.5, 7.5}), layers at y = 0.5, 1.5, ... 5.5.
  MettDeamonConfig config() const {
    MettDeamonConfig m;
    m.feed = 1.0;
    m.releaseMethod = 2;
    m.releaseVy = 0.7;
    m.manipYmin = 15;
    m.manipYmax = 25;
    m.freeze = {1, 1};
    m.unfreeze = {0, 0};
    m.binWidth = 2.5;  // adjusted to 3: two bins
    m.reservoirBox = {10, 6, 10};
    unsigned long id = 1000;
    for (int l = 0; l < 6; ++l)
      for (double x : {2.5, 7.5})
        for (double z : {2.5, 7.5}) m.reservoir.push_back({0, id++, {x, 0.5 + l, z}, {0.1, 0.2, 0.3}, {}, {}});
    return m;
  }

  /// One step as the Simulation runs it; the "integrator" moves every molecule by `drift` and sets v to (9, 9, 9).
  void step(MettDeamon& md, LinkedCells& lc, const Vec3& drift) {
    DomainDecompSequential decomp;
    md.storeTrapped(lc);
    lc.forEach([&](Molecule& m) {
      m.setR(m.r() + drift);
      m.setV({9, 9, 9});
      m.setL({1, 1, 1});
    });
    md.advance(lc, decomp, {0, 0, 0}, _box);
    lc.update();
  }

  void reservoirBins() {
    MettDeamon md(config(), _components);
    CPPUNIT_ASSERT_EQUAL(2u, md.numBins());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(3.0, md.binWidth(), 1e-15);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(6.0, md.transitionPlane(), 1e-15);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(24.0 / 600.0, md.reservoirDensity(), 1e-15);
    for (unsigned k = 0; k < 2; ++k) {
      CPPUNIT_ASSERT_EQUAL(std::size_t(12), md.bin(k).size());
      for (const MoleculeRecord& r : md.bin(k)) {
        CPPUNIT_ASSERT(r.r.y >= 0 && r.r.y < 3);
        // queue bin 0 is the reservoir's top slab (ids of layers 3..5: 1012..1023)
        CPPUNIT_ASSERT_EQUAL(k == 0, r.id >= 1012);
      }
    }
  }

  void trapReleaseAndInsert() {
    MettDeamon md(config(), _components);
    std::vector<Molecule> mols;
    const Quaternion q(0.5, 0.5, 0.5, 0.5);
    mols.emplace_back(1, &_components[0], Vec3{1, 1, 1}, Vec3{0, 0, 0}, q);  // ahead of the plane: trapped
    mols.emplace_back(2, &_components[0], Vec3{2, 4.5, 2}, Vec3{0, 0, 0}, q);  // trapped; crosses the plane at step 3
    mols.emplace_back(3, &_components[0], Vec3{3, 10, 3}, Vec3{0, 0, 0}, q);  // behind the plane: free
    mols.emplace_back(4, &_components[0], Vec3{4, 20, 4}, Vec3{0, 0, 0}, q);  // manipulation-free range
    md.trapInitial(mols);
    CPPUNIT_ASSERT_EQUAL(1u, mols[0].componentId());
    CPPUNIT_ASSERT_EQUAL(1u, mols[1].componentId());
    CPPUNIT_ASSERT_EQUAL(0u, mols[2].componentId());
    CPPUNIT_ASSERT_EQUAL(0u, mols[3].componentId());
    LinkedCells lc({0, 0, 0}, _box, 2.5, 1);
    for (auto& m : mols) lc.addParticle(m);
    lc.update();
    const Vec3 drift{0.3, 0.5, 0};
    std::map<unsigned long, Molecule> byId;
    auto snapshot = [&] {
      byId.clear();
      lc.forEach([&](const Molecule& m) { byId[m.id()] = m; });
    };
    step(md, lc, drift);
    snapshot();
    // trapped: moved by the feed only, velocity and orientation back; free: as the integrator left them
    CPPUNIT_ASSERT(byId[1].r() == Vec3(1, 2, 1));
    CPPUNIT_ASSERT(byId[1].v() == Vec3(0, 0, 0));
    CPPUNIT_ASSERT(byId[1].L() == Vec3(0, 0, 0));
    CPPUNIT_ASSERT_EQUAL(0.5, byId[1].q().w());
    CPPUNIT_ASSERT(byId[2].r() == Vec3(2, 5.5, 2));
    CPPUNIT_ASSERT(byId[3].r() == Vec3(3.3, 10.5, 3));
    CPPUNIT_ASSERT(byId[3].v() == Vec3(9, 9, 9));
    CPPUNIT_ASSERT(byId[4].r() == Vec3(4.3, 20.5, 4));
    step(md, lc, drift);  // molecule 2 drifts to 6, not beyond the plane: put back at 5.5 + feed
    snapshot();
    CPPUNIT_ASSERT(byId[2].r() == Vec3(2, 6.5, 2));
    CPPUNIT_ASSERT_EQUAL(1u, byId[2].componentId());
    CPPUNIT_ASSERT_EQUAL(std::size_t(4), lc.numOwnedParticles());
    step(md, lc, drift);  // molecule 2 at 7 > 6: released; the feed reaches one bin width: bin 0 enters
    snapshot();
    CPPUNIT_ASSERT_EQUAL(0u, byId[2].componentId());
    CPPUNIT_ASSERT(byId[2].r() == Vec3(2.3, 7, 2));
    CPPUNIT_ASSERT_EQUAL(0.7, byId[2].v().y);
    CPPUNIT_ASSERT_EQUAL(9.0, byId[2].v().x);
    CPPUNIT_ASSERT_EQUAL(1ul, md.released());
    CPPUNIT_ASSERT_EQUAL(12ul, md.inserted());
    CPPUNIT_ASSERT_EQUAL(std::size_t(16), lc.numOwnedParticles());
    CPPUNIT_ASSERT_EQUAL(1u, md.binIndex());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, md.feedSum(), 1e-15);
    std::set<unsigned long> ids;
    for (const auto& [id, m] : byId) ids.insert(id);
    CPPUNIT_ASSERT_EQUAL(std::size_t(16), ids.size());
    for (unsigned long id = 5; id <= 16; ++id) {
      CPPUNIT_ASSERT(byId.count(id) == 1);  // new ids follow the largest in use
      CPPUNIT_ASSERT_EQUAL(1u, byId[id].componentId());
      CPPUNIT_ASSERT(byId[id].r().y >= 0 && byId[id].r().y < 3);
    }
    // three more steps: the trapped slab moves up by 3 and bin 1 enters below it; together they are the
    // reservoir as it was read (positions, count, density)
    for (int s = 0; s < 3; ++s) step(md, lc, drift);
    snapshot();
    CPPUNIT_ASSERT_EQUAL(24ul, md.inserted());
    std::multiset<std::tuple<double, double, double>> got, want;
    for (const auto& [id, m] : byId)
      if (id >= 5) got.insert({m.r().x, std::round(m.r().y * 1e9) / 1e9, m.r().z});
    for (const MoleculeRecord& r : config().reservoir) want.insert({r.r.x, std::round(r.r.y * 1e9) / 1e9, r.r.z});
    CPPUNIT_ASSERT(got == want);
    // all new molecules are trapped in [0, 6]; none of them closer to another than the reservoir's 1.0
    double closest = 1e9;
    for (const auto& [i, a] : byId)
      for (const auto& [j, b] : byId)
        if (i < j && i >= 5) closest = std::min(closest, std::sqrt(norm2(a.r() - b.r())));
    CPPUNIT_ASSERT(closest >= 1.0 - 1e-9);
    // after the forces: trapped molecules lose L and get their stored velocity back, free ones keep theirs
    lc.forEach([&](Molecule& m) {
      m.setV({5, 5, 5});
      m.setL({2, 2, 2});
    });
    md.holdTrapped(lc);
    snapshot();
    CPPUNIT_ASSERT(byId[5].L() == Vec3(0, 0, 0));
    CPPUNIT_ASSERT(byId[5].v() == Vec3(0.1, 0.2, 0.3));
    CPPUNIT_ASSERT(byId[3].L() == Vec3(2, 2, 2));
    CPPUNIT_ASSERT(byId[3].v() == Vec3(5, 5, 5));
  }

  std::vector<Vec3> insertedAfter(MettDeamon& md, int steps) {
    LinkedCells lc({0, 0, 0}, _box, 2.5, 1);
    lc.addParticle(Molecule(1, &_components[0], {5, 12, 5}, {}));
    lc.update();
    for (int s = 0; s < steps; ++s) step(md, lc, {0, 0, 0});
    std::vector<Vec3> r;
    lc.forEach([&](const Molecule& m) {
      if (m.id() > 1) r.push_back(m.r());
    });
    std::sort(r.begin(), r.end(), [](const Vec3& a, const Vec3& b) {
      return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    });
    return r;
  }

  void restartResumesTheFeed() {
    MettDeamonConfig c = config();
    c.feed = 0.7;
    c.writeFrequency = 4;
    MettDeamon first(c, _components);
    insertedAfter(first, 4);  // 2.8 of feed: nothing inserted yet
    CPPUNIT_ASSERT_EQUAL(0ul, first.inserted());
    iotest::TempDir dir;
    const auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.path());
    first.writeRestart(4, 0);
    first.writeRestart(5, 0);  // not a multiple of writefreq: no file
    std::filesystem::current_path(cwd);
    const std::string text = iotest::readFile(dir.file("MettDeamonRestart_movdir-1_TS000000004.xml"));
    CPPUNIT_ASSERT(text.find("<binindex>0</binindex>") != std::string::npos);
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("MettDeamonRestart_movdir-1_TS000000005.xml")));
    const auto at = text.find("<deltaY>") + 8;
    c.restart = true;
    c.restartBin = first.binIndex();
    c.restartDeltaY = std::stod(text.substr(at));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.8, c.restartDeltaY, 1e-12);
    // the restarted feed inserts after 1 more step what an uninterrupted run inserts after 5
    MettDeamon resumed(c, _components);
    MettDeamonConfig plain = config();
    plain.feed = 0.7;
    MettDeamon whole(plain, _components);
    const auto a = insertedAfter(resumed, 1);
    const auto b = insertedAfter(whole, 5);
    CPPUNIT_ASSERT_EQUAL(std::size_t(12), a.size());
    CPPUNIT_ASSERT_EQUAL(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) CPPUNIT_ASSERT(a[k] == b[k]);
  }

  void unsupportedOptionsAreErrors() {
    using namespace iotest;
    TempDir dir;
    BinaryPhaseSpace::write(dir.file("res"), 0.0, {10, 11, 12},
                            {Molecule(1, &_components[0], {1, 1, 1}, {}), Molecule(2, &_components[0], {2, 5, 2}, {})});
    auto plugin = [](const std::string& direction, const std::string& method, const std::string& release) {
      return "</output>\n    <plugin name=\"MettDeamon\"><control><feed><init>0</init><direction>" + direction +
             "</direction><method>" + method + "</method><target>0.01</target><release_velo><method>" + release +
             "</method><fix_value>1</fix_value></release_velo></feed></control>\n"
             "<reservoir><file type=\"binary\"><header>res.header.xml</header><data>res.dat</data></file>"
             "<binwidth>3</binwidth></reservoir><changes><change><from>1</from><to>2</to></change></changes></plugin>";
    };
    {
      const std::string cfg = replaced(validConfig(), "</output>", plugin("2", "4", "2"));
      const auto e = readError(dir, cfg, validPhaseSpace());
      expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<plugin name=\"MettDeamon\">"),
                    "/mardyn/simulation/plugin/control/feed/direction", "direction 2 (right to left) is not supported");
    }
    {
      const std::string cfg = replaced(validConfig(), "</output>", plugin("1", "6", "5"));
      const auto e = readError(dir, cfg, validPhaseSpace());
      expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<plugin name=\"MettDeamon\">"),
                    "/mardyn/simulation/plugin/control/feed", "feed method 6 is not known (expected 1..5)");
      expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<plugin name=\"MettDeamon\">"),
                    "/mardyn/simulation/plugin/control/feed/release_velo", "release_velo method 5");
    }
    // a supported one reads the reservoir and its molecules
    const std::string cfg = replaced(validConfig(), "</output>", plugin("1", "4", "2"));
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig sc = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), sc.physicsPluginsNamed("MettDeamon").size());
    const auto& md = sc.physicsPluginsNamed("MettDeamon")[0]->as<MettDeamonConfig>();
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), md.reservoir.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.01, md.feed, 1e-15);
    CPPUNIT_ASSERT_EQUAL(1u, md.freeze[0]);
    CPPUNIT_ASSERT_EQUAL(0u, md.unfreeze[1]);
  }

  /// A container that claims to run the time step itself (as the GPU decorator does).
  class DeviceStep : public LinkedCells, public ResidentTimeStep {
   public:
    using LinkedCells::LinkedCells;
    void preForces(double) override {}
    void exchange(DomainDecompBase&, const Domain&) override {}
    void computeForces() override {}
    void postForces(double, bool, KineticSums&) override {}
    void scaleVelocities(const std::vector<double>&, const std::vector<double>&) override {}
    void setForceLimits(const std::vector<double>&, const std::vector<double>&) override {}
    std::uint64_t transferredBytes() const override { return 0; }
    std::string summary(unsigned long) const override { return {}; }
  };

  void gpuTimeStepRefusesIt() {
    SimulationConfig cfg = testing::fccConfig(4, 0.8, 2.5, 1.0, false);
    MettDeamonConfig m = config();
    m.freeze = {0};
    m.unfreeze = {0};
    for (auto& r : m.reservoir) r.component = 0;
    cfg.addPhysicsPlugin("MettDeamon", std::make_shared<MettDeamonConfig>(m));
    Simulation sim(cfg);
    sim.setContainerDecorator([](std::unique_ptr<LinkedCells> lc) -> std::unique_ptr<ParticleContainer> {
      return std::make_unique<DeviceStep>(lc->boundingBoxMin(), lc->boundingBoxMax(), lc->cutoff(), 1);
    });
    try {
      sim.prepare();
      CPPUNIT_FAIL("expected the GPU time step to refuse MettDeamon");
    } catch (const MardynException& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("MettDeamon") != std::string::npos);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MettDeamonTest);
