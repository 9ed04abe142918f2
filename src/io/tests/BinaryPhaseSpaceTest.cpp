// BinaryPhaseSpaceTest: ls1's binary phase space: the record layout byte by byte, a write -> read ->
// write round trip that reproduces both files bitwise, reading it as a configuration's phase space,
// the binary CheckpointWriter's file names, and errors for short or inconsistent files; a checkpoint as
// ls1 writes it (its header text, records assembled field by field here, not by this code's writer) reads.
#include "io/BinaryCheckpointWriter.h"
#include "io/BinaryPhaseSpace.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>
#include <sstream>

using namespace mardyn;
using namespace mardyn::iotest;

class BinaryPhaseSpaceTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(BinaryPhaseSpaceTest);
  CPPUNIT_TEST(recordLayout);
  CPPUNIT_TEST(roundTripIsBitwise);
  CPPUNIT_TEST(readsLs1WrittenCheckpoint);
  CPPUNIT_TEST(readAsPhaseSpace);
  CPPUNIT_TEST(checkpointNames);
  CPPUNIT_TEST(shortFileIsAnError);
  CPPUNIT_TEST_SUITE_END();

 public:
  // ls1 writes id (8 bytes), component id (4, from 1), then 13 doubles: 116 bytes, no padding.
  void recordLayout() {
    std::ostringstream out;
    BinaryPhaseSpace::writeRecord(out, 42, 1, {1, 2, 3}, {4, 5, 6}, Quaternion(0.5, 0.5, 0.5, 0.5), {7, 8, 9});
    const std::string b = out.str();
    CPPUNIT_ASSERT_EQUAL(std::size_t(116), b.size());
    CPPUNIT_ASSERT_EQUAL(BinaryPhaseSpace::recordSize("ICRVQD"), b.size());
    std::uint64_t id;
    std::uint32_t cid;
    double v[13];
    std::memcpy(&id, b.data(), 8);
    std::memcpy(&cid, b.data() + 8, 4);
    std::memcpy(v, b.data() + 12, 104);
    CPPUNIT_ASSERT_EQUAL(std::uint64_t(42), id);
    CPPUNIT_ASSERT_EQUAL(std::uint32_t(2), cid);
    const double expected[13] = {1, 2, 3, 4, 5, 6, 0.5, 0.5, 0.5, 0.5, 7, 8, 9};
    for (int k = 0; k < 13; ++k) CPPUNIT_ASSERT_EQUAL(expected[k], v[k]);
    std::ostringstream head;
    BinaryPhaseSpace::writeHeader(head, 91.1834999999072, {20, 20, 20}, 5842);
    CPPUNIT_ASSERT(head.str().find("<time>9.118349999990720e+01</time>") != std::string::npos);
    CPPUNIT_ASSERT(head.str().find("<x>2.000000000000000e+01</x> <y>2.000000000000000e+01</y>") != std::string::npos);
    CPPUNIT_ASSERT(head.str().find("<format type=\"ICRVQD\"/>") != std::string::npos);
  }

  void readsLs1WrittenCheckpoint() {
    TempDir dir;
    // the header exactly as ls1's CheckpointWriter writes it (tabs, attribute spacing, %.15e numbers)
    writeFile(dir.file("cp_binary-1.restart.header.xml"),
              "<?xml version='1.0' encoding='UTF-8'?>\n<mardyn version=\"20100525\" >\n\t<headerinfo>\n"
              "\t\t<time>9.118349999990720e+01</time>\n\t\t<length>\n\t\t\t<x>1.000000000000000e+01</x> "
              "<y>1.100000000000000e+01</y> <z>1.200000000000000e+01</z>\n\t\t</length>\n\t\t<number>2</number>\n"
              "\t\t<format type=\"ICRVQD\"/>\n\t</headerinfo>\n</mardyn>\n");
    // two records: u64 id, u32 component (from 1), r, v, q (w, x, y, z), D, each double little-endian
    std::string data;
    auto put = [&data](const void* p, std::size_t n) { data.append(static_cast<const char*>(p), n); };
    const std::uint64_t ids[2] = {7, 3};
    const std::uint32_t cids[2] = {2, 1};
    const double vals[2][13] = {{1.5, 2.5, 3.5, -0.25, 0.5, 0.125, 0.5, 0.5, -0.5, 0.5, 0.75, -1.0, 2.0},
                                {9.75, 0.0, 11.5, 1.0, -2.0, 3.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}};
    for (int i = 0; i < 2; ++i) {
      put(&ids[i], 8);
      put(&cids[i], 4);
      put(vals[i], sizeof vals[i]);
    }
    { std::ofstream(dir.file("cp_binary-1.restart.dat"), std::ios::binary) << data; }
    CPPUNIT_ASSERT_EQUAL(std::size_t(232), data.size());
    const std::string cfg = replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                                     "<file type=\"binary\"><header>cp_binary-1.restart.header.xml</header>"
                                     "<data>cp_binary-1.restart.dat</data></file>");
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), c.molecules.size());
    CPPUNIT_ASSERT_EQUAL(91.1834999999072, c.currentTime);
    for (int i = 0; i < 2; ++i) {
      const MoleculeRecord& m = c.molecules[i];
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(ids[i]), m.id);
      CPPUNIT_ASSERT_EQUAL(cids[i] - 1, m.component);
      const double got[13] = {m.r.x, m.r.y, m.r.z, m.v.x, m.v.y, m.v.z, m.q.w(), m.q.x(), m.q.y(), m.q.z(),
                              m.L.x, m.L.y, m.L.z};
      for (int k = 0; k < 13; ++k) CPPUNIT_ASSERT_EQUAL(vals[i][k], got[k]);
    }
  }

  void roundTripIsBitwise() {
    TempDir dir;
    std::vector<Molecule> mols;
    std::vector<MoleculeRecord> recs;
    for (int i = 0; i < 5; ++i) {
      MoleculeRecord r;
      r.id = 10 + i;
      r.component = i % 2;
      r.r = {0.1 + i * 1.7, 10.0 / 3.0, 11.999999999999998};
      r.v = {-1e-300, 1.0 / 7.0, 123456.789};
      r.q = Quaternion(std::sqrt(0.5), 0, std::sqrt(0.5), 0);
      r.L = {1e-17, -2.5, 3.0 / 11.0};
      recs.push_back(r);
    }
    // write the records as ls1 would, read them back, write again: identical bytes
    std::ostringstream first;
    for (const auto& r : recs) BinaryPhaseSpace::writeRecord(first, r.id, r.component, r.r, r.v, r.q, r.L);
    writeFile(dir.file("a.dat"), "");
    { std::ofstream(dir.file("a.dat"), std::ios::binary) << first.str(); }
    { std::ofstream h(dir.file("a.header.xml")); BinaryPhaseSpace::writeHeader(h, 1.0 / 3.0, {10, 11, 12}, 5); }
    std::vector<InputProblem> problems;
    const auto header = BinaryPhaseSpace::readHeader(dir.file("a.header.xml"), "file", problems);
    const auto back = BinaryPhaseSpace::readData(dir.file("a.dat"), "file", header, 2, {10, 11, 12}, problems);
    CPPUNIT_ASSERT(problems.empty());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0 / 3.0, header.time, 1e-15);
    std::ostringstream second;
    for (const auto& r : back) BinaryPhaseSpace::writeRecord(second, r.id, r.component, r.r, r.v, r.q, r.L);
    CPPUNIT_ASSERT(first.str() == second.str());
    std::ostringstream h2;
    BinaryPhaseSpace::writeHeader(h2, header.time, header.length, header.number);
    CPPUNIT_ASSERT_EQUAL(readFile(dir.file("a.header.xml")), h2.str());
  }

  void readAsPhaseSpace() {
    TempDir dir;
    {
      std::ofstream data(dir.file("cp.restart.dat"), std::ios::binary);
      BinaryPhaseSpace::writeRecord(data, 1, 0, {1, 2, 3}, {0.1, 0.2, 0.3}, Quaternion(1, 0, 0, 0), {});
      BinaryPhaseSpace::writeRecord(data, 2, 1, {4, 5, 6}, {0, 0, 0}, Quaternion(0, 0, 1, 0), {0.5, 0, 0});
      std::ofstream head(dir.file("cp.restart.header.xml"));
      BinaryPhaseSpace::writeHeader(head, 2.5, {10, 11, 12}, 2);
    }
    const std::string cfg = replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                                     "<file type=\"binary\"><header>cp.restart.header.xml</header><data>cp.restart.dat</data></file>");
    const auto c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), c.molecules.size());
    CPPUNIT_ASSERT_EQUAL(1u, c.molecules[1].component);
    CPPUNIT_ASSERT_EQUAL(0.5, c.molecules[1].L.x);
    CPPUNIT_ASSERT_EQUAL(2.5, c.currentTime);  // the header's time, as in ls1
  }

  // ls1: <prefix>-<step/frequency, zero-padded to the digits of steps/frequency>.restart.{header.xml,dat}
  void checkpointNames() {
    BinaryCheckpointWriter w("cp_binary", 50000, true);
    CPPUNIT_ASSERT_EQUAL(std::string("cp_binary-0.restart"), w.baseName(0, 2));
    CPPUNIT_ASSERT_EQUAL(std::string("cp_binary-1.restart"), w.baseName(50000, 50000));
    CPPUNIT_ASSERT_EQUAL(std::string("cp_binary-03.restart"), w.baseName(150000, 1000000));
    BinaryCheckpointWriter once("cp", 10, false);
    CPPUNIT_ASSERT_EQUAL(std::string("cp.restart"), once.baseName(20, 100));
  }

  void shortFileIsAnError() {
    TempDir dir;
    { std::ofstream(dir.file("s.dat"), std::ios::binary) << std::string(200, '\0'); }
    { std::ofstream h(dir.file("s.header.xml")); BinaryPhaseSpace::writeHeader(h, 0, {10, 11, 12}, 2); }
    const std::string cfg = replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                                     "<file type=\"binary\"><header>s.header.xml</header><data>s.dat</data></file>");
    const auto e = readError(dir, cfg, "");
    expectProblem(e, dir.file("s.dat"), 0, "/mardyn/simulation/ensemble/phasespacepoint/file/data",
                  "fewer than the 2 molecules");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BinaryPhaseSpaceTest);
