// ReplicaGeneratorTest: ls1's ReplicaGenerator: the box the blocks make, the count (every block's molecules
// less those in the interface gaps, worked out by hand for chosen positions), each molecule's block and
// position within it, the component changes, ids from 0; read from ls1 binary files through the XML, with
// the box replaced and the errors named.
#include "generators/ReplicaGenerator.h"
#include "io/BinaryPhaseSpace.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <fstream>
#include <set>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
MoleculeRecord at(double x, double y, double z, unsigned component = 0) {
  MoleculeRecord m;
  m.r = {x, y, z};
  m.v = {0.1 * y, -0.2, 0.3};
  m.component = component;
  return m;
}

ReplicaGenerator::Phase phase(const Vec3& length, std::vector<MoleculeRecord> molecules, std::size_t numComponents) {
  ReplicaGenerator::Phase p;
  p.length = length;
  p.molecules = std::move(molecules);
  p.componentMap.resize(numComponents);
  for (std::size_t i = 0; i < numComponents; ++i) p.componentMap[i] = static_cast<unsigned>(i);
  return p;
}

void writeBinary(const std::string& base, const Vec3& box, const std::vector<MoleculeRecord>& ms) {
  std::ofstream h(base + ".header.xml");
  BinaryPhaseSpace::writeHeader(h, 7.0, box, ms.size());
  std::ofstream d(base + ".dat", std::ios::binary);
  unsigned long id = 100;
  for (const MoleculeRecord& m : ms) BinaryPhaseSpace::writeRecord(d, id++, m.component, m.r, m.v, Quaternion(1, 0, 0, 0), Vec3());
}

std::string replicaConfig(const std::string& generator) {
  return replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>", "<generator name=\"ReplicaGenerator\">" + generator + "</generator>");
}
}  // namespace

class ReplicaGeneratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ReplicaGeneratorTest);
  CPPUNIT_TEST(homogeneousRepeatsTheBox);
  CPPUNIT_TEST(vaporLiquidVaporCutsTheGaps);
  CPPUNIT_TEST(liquidVaporCutsTheGaps);
  CPPUNIT_TEST(readFromBinaryFiles);
  CPPUNIT_TEST(badSettingsAreNamed);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// 3 x 2 x 3 copies of a 2 x 3 x 4 box with 3 molecules: 54 molecules, each copy the source shifted by
  /// its block, and the density of the source.
  void homogeneousRepeatsTheBox() {
    ReplicaGenerator::Settings s;
    s.blocksXZ = 3;
    s.blocksVapor = 2;
    const auto v = phase({2, 3, 4}, {at(0.5, 0.5, 0.5), at(1.5, 2.9, 3.9), at(0.0, 0.0, 0.0)}, 1);
    const Vec3 box = ReplicaGenerator::box(s, v, nullptr);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(6.0, box.x, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(6.0, box.y, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(12.0, box.z, 0);
    std::size_t gapped = 99;
    const auto m = ReplicaGenerator::generate(s, v, nullptr, &gapped);
    CPPUNIT_ASSERT_EQUAL(std::size_t(54), m.size());
    CPPUNIT_ASSERT_EQUAL(std::size_t(0), gapped);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(3.0 / 24.0, m.size() / (box.x * box.y * box.z), 1e-15);
    std::set<std::array<long, 4>> seen;  // block index and source molecule, each once
    for (std::size_t i = 0; i < m.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(i), m[i].id);
      const long bx = static_cast<long>(std::floor(m[i].r.x / 2)), by = static_cast<long>(std::floor(m[i].r.y / 3)),
                 bz = static_cast<long>(std::floor(m[i].r.z / 4));
      const Vec3 local = m[i].r - Vec3{2.0 * bx, 3.0 * by, 4.0 * bz};
      long src = -1;
      for (long k = 0; k < 3; ++k)
        if (norm2(local - v.molecules[k].r) < 1e-24) src = k;
      CPPUNIT_ASSERT(src >= 0);
      CPPUNIT_ASSERT(m[i].v == v.molecules[src].v);
      CPPUNIT_ASSERT(seen.insert({bx, by, bz, src}).second);
    }
  }

  /// Vapour (2 molecules, y 0.25 and 2.8 in a box of height 3) in 2 + 2 blocks around 1 liquid block (5
  /// molecules, components changed 1 -> 2), 2 x 2 columns, gap 0.5: the gaps (5.5, 6), (9, 9.5), (14.5, 15)
  /// take the vapour molecules at y 5.8, 9.25 and 14.8 of every column: 4 x (8 - 3 + 5) = 40 molecules.
  void vaporLiquidVaporCutsTheGaps() {
    ReplicaGenerator::Settings s;
    s.type = ReplicaGenerator::Type::VaporLiquidVapor;
    s.blocksXZ = 2;
    s.blocksVapor = 2;
    s.blocksLiquid = 1;
    s.diameter = 0.5;
    const auto v = phase({2, 3, 2}, {at(1.0, 0.25, 1.0), at(0.5, 2.8, 1.5)}, 2);
    std::vector<MoleculeRecord> lm;
    for (int k = 0; k < 5; ++k) lm.push_back(at(0.3 * k, 0.1 + 0.55 * k, 1.9 - 0.3 * k));
    auto l = phase({2, 3, 2}, lm, 2);
    l.componentMap[0] = 1;
    const Vec3 box = ReplicaGenerator::box(s, v, &l);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(15.0, box.y, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4.0, box.x, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4.0, box.z, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4.0 * (8 + 5), ReplicaGenerator::blockMoleculeCount(s, v, &l), 0);
    std::size_t gapped = 0;
    const auto m = ReplicaGenerator::generate(s, v, &l, &gapped);
    CPPUNIT_ASSERT_EQUAL(std::size_t(40), m.size());
    CPPUNIT_ASSERT_EQUAL(std::size_t(12), gapped);
    std::size_t liquid = 0;
    for (const MoleculeRecord& r : m) {
      CPPUNIT_ASSERT(r.r.y >= 0 && r.r.y < 15 && r.r.x >= 0 && r.r.x < 4 && r.r.z >= 0 && r.r.z < 4);
      CPPUNIT_ASSERT(!(r.r.y > 5.5 && r.r.y < 6) && !(r.r.y > 9 && r.r.y < 9.5) && !(r.r.y > 14.5));
      const bool inLiquid = r.r.y >= 6 && r.r.y < 9;
      CPPUNIT_ASSERT_EQUAL(inLiquid ? 1u : 0u, r.component);  // the change applies to the liquid only
      liquid += inLiquid;
    }
    CPPUNIT_ASSERT_EQUAL(std::size_t(20), liquid);  // the liquid layer holds the liquid's density
  }

  /// Liquid block first, then 2 vapour blocks: gaps (3, 3.5) and (8.5, 9): the vapour molecules at y 3.25
  /// and 8.8 of every column go.
  void liquidVaporCutsTheGaps() {
    ReplicaGenerator::Settings s;
    s.type = ReplicaGenerator::Type::LiquidVapor;
    s.blocksXZ = 1;
    s.blocksVapor = 2;
    s.blocksLiquid = 1;
    s.diameter = 0.5;
    const auto v = phase({2, 3, 2}, {at(1.0, 0.25, 1.0), at(0.5, 2.8, 1.5)}, 1);
    const auto l = phase({2, 3, 2}, {at(1.0, 0.2, 1.0), at(1.0, 2.95, 1.0), at(0.2, 1.5, 0.2)}, 1);
    const auto m = ReplicaGenerator::generate(s, v, &l);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(9.0, ReplicaGenerator::box(s, v, &l).y, 0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(3 + 2), m.size());
    auto count = [&](double y) {
      std::size_t n = 0;
      for (const auto& r : m) n += std::abs(r.r.y - y) < 1e-12;
      return n;
    };
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), count(5.8));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), count(6.25));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), count(2.95));
    CPPUNIT_ASSERT_EQUAL(std::size_t(0), count(3.25) + count(8.8));
  }

  /// Through the XML: the binary files are read relative to the configuration, the box becomes the
  /// replicas' (with a warning naming the XML's), the simulation time stays the XML's.
  void readFromBinaryFiles() {
    TempDir dir;
    writeBinary(dir.file("vap"), {2, 3, 2}, {at(1.0, 0.25, 1.0), at(0.5, 1.5, 1.5, 1)});
    writeBinary(dir.file("liq"), {2, 3, 2}, {at(1.0, 0.2, 1.0), at(1.0, 1.2, 1.0), at(0.2, 1.5, 0.2)});
    const std::string g =
        "<type>heterogeneous_VLV</type><files><vapor><header>vap.header.xml</header><data>vap.dat</data></vapor>"
        "<liquid><header>liq.header.xml</header><data>liq.dat</data></liquid></files>"
        "<numblocks><xz>3</xz><vapor>1</vapor><liquid>2</liquid></numblocks><diameter>0.5</diameter>"
        "<componentIDs><vapor><change><from>2</from><to>1</to></change></vapor></componentIDs>";
    const SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), replicaConfig(g)));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(6.0, cfg.box.x, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(12.0, cfg.box.y, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(6.0, cfg.box.z, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.5, cfg.currentTime, 0);
    // gaps (2.5, 3), (9, 9.5), (11.5, 12); per column: vapour block 0 keeps both, liquid blocks 1, 2 keep all
    // 6, vapour block 3 loses y 9.25: 2 + 6 + 1 = 9; 9 columns
    CPPUNIT_ASSERT_EQUAL(std::size_t(81), cfg.molecules.size());
    for (const auto& m : cfg.molecules) CPPUNIT_ASSERT_EQUAL(0u, m.component);  // vapour's 2 became 1
    CPPUNIT_ASSERT(!cfg.warnings.empty());
    bool named = false;
    for (const auto& w : cfg.warnings) named = named || w.message.find("replicas' box is used") != std::string::npos;
    CPPUNIT_ASSERT(named);
  }

  void badSettingsAreNamed() {
    TempDir dir;
    writeBinary(dir.file("vap"), {2, 3, 2}, {at(1.0, 0.25, 1.0)});
    const std::string files = "<files><vapor><header>vap.header.xml</header><data>vap.dat</data></vapor></files>";
    auto error = [&](const std::string& g) {
      return std::string(readError(dir, replicaConfig(g), "").what());
    };
    std::string e = error("<type>VLE</type>" + files + "<numblocks><xz>2</xz><vapor>2</vapor></numblocks>");
    CPPUNIT_ASSERT_MESSAGE(e, e.find("wrong type 'VLE'") != std::string::npos);
    e = error("<type>heterogeneous_VLV</type>" + files +
              "<numblocks><xz>2</xz><vapor>2</vapor><liquid>1</liquid></numblocks><diameter>1</diameter>");
    CPPUNIT_ASSERT_MESSAGE(e, e.find("generator/files/liquid") != std::string::npos);
    e = error("<type>homogeneous</type>" + files + "<numblocks><xz>0</xz><vapor>2</vapor></numblocks>");
    CPPUNIT_ASSERT_MESSAGE(e, e.find("numblocks/xz") != std::string::npos);
    e = error("<type>homogeneous</type>" + files + "<numblocks><xz>2</xz><vapor>2</vapor></numblocks>"
              "<componentIDs><vapor><change><from>3</from><to>1</to></change></vapor></componentIDs>");
    CPPUNIT_ASSERT_MESSAGE(e, e.find("unknown component id in change 3 -> 1") != std::string::npos);
    e = error("<type>homogeneous</type><files><vapor><header>none.header.xml</header><data>none.dat</data></vapor>"
              "</files><numblocks><xz>2</xz><vapor>2</vapor></numblocks>");
    CPPUNIT_ASSERT_MESSAGE(e, e.find("none.header.xml") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReplicaGeneratorTest);
