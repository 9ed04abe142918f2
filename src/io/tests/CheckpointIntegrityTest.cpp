// CheckpointIntegrityTest: checkpoints carry the CRC-32 of what was written and the readers verify it, so a
// flipped digit or id (which used to be read as if nothing happened), a cut-off end or a damaged checksum line
// is an input error at the file and line; a checkpoint of an earlier version (no checksum) is read with a
// warning. ls1's binary phase space with more records than its header announces, or an id twice, is refused
// as the ASCII reader refuses both; a header announcing more molecules than memory holds is named with its line.
#include "io/BinaryCheckpointWriter.h"
#include "io/BinaryPhaseSpace.h"
#include "io/CheckpointWriter.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
const char* kPS = "/mardyn/simulation/ensemble/phasespacepoint/file";

/// validConfig() with validPhaseSpace() as a running Simulation shows it to the checkpoint writers.
class CheckpointView : public SimulationView {
 public:
  explicit CheckpointView(const TempDir& dir) {
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    cfg.runChain = "0123456789abcdef";
    for (const MoleculeRecord& r : cfg.molecules) mols.emplace_back(r.id, &cfg.components[r.component], r.r, r.v, r.q, r.L);
  }
  const SimulationConfig& config() const override { return cfg; }
  const GlobalValues& globals() const override { return g; }
  int rank() const override { return 0; }
  std::vector<Molecule> gatherMolecules() const override { return mols; }
  std::vector<std::pair<std::string, std::string>> pluginStates() const override { return {{"ResultWriter", "1 2 3"}}; }

  SimulationConfig cfg;
  GlobalValues g;
  std::vector<Molecule> mols;
};

/// Reads validConfig() with `phasespace` (a <file> element); the InputError, or none.
std::optional<InputError> readWith(const TempDir& dir, const std::string& phasespace, SimulationConfig* read = nullptr) {
  try {
    const auto c = ConfigurationReader::read(
        writeFile(dir.file("restart.xml"), replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>", phasespace)));
    if (read) *read = c;
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}
const char* kAscii = "<file type=\"ASCII\">cp.restart.dat</file>";
}  // namespace

class CheckpointIntegrityTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CheckpointIntegrityTest);
  CPPUNIT_TEST(intactCheckpointReadsBack);
  CPPUNIT_TEST(flippedDigitOrIdIsLocated);
  CPPUNIT_TEST(cutOrDamagedChecksumLine);
  CPPUNIT_TEST(earlierCheckpointReadWithWarning);
  CPPUNIT_TEST(binaryChecksumVerified);
  CPPUNIT_TEST(binarySurplusRecordsAndRepeatedIds);
  CPPUNIT_TEST(binaryHeaderBeyondMemoryNamed);
  CPPUNIT_TEST_SUITE_END();

 public:
  void intactCheckpointReadsBack() {
    TempDir dir;
    CheckpointView view(dir);
    CheckpointWriter::writeCheckpoint(dir.file("cp.restart.dat"), 20, 1.5, view);
    const std::string text = readFile(dir.file("cp.restart.dat"));
    CPPUNIT_ASSERT(text.find("# mardyn-checksum crc32\n") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(std::string("# mardyn-checksum crc32 "), text.substr(text.rfind('\n', text.size() - 2) + 1, 24));
    SimulationConfig c;
    const auto e = readWith(dir, kAscii, &c);
    CPPUNIT_ASSERT_MESSAGE(e ? e->what() : "", !e);
    CPPUNIT_ASSERT(c.restart.active && c.restart.step == 20);
    CPPUNIT_ASSERT_EQUAL(std::string("0123456789abcdef"), c.restart.chain);
    CPPUNIT_ASSERT_EQUAL(lineOf(text, "# mardyn-state"), c.restart.pluginStateLines.at(0));
    CPPUNIT_ASSERT_EQUAL(std::size_t(3), c.molecules.size());
    CPPUNIT_ASSERT(c.warnings.empty() || std::string(c.warnings[0].message).find("checksum") == std::string::npos);
  }

  void flippedDigitOrIdIsLocated() {
    TempDir dir;
    CheckpointView view(dir);
    CheckpointWriter::writeCheckpoint(dir.file("cp.restart.dat"), 20, 1.5, view);
    const std::string text = readFile(dir.file("cp.restart.dat"));
    const int checksumLine = lineOf(text, "# mardyn-checksum crc32 ");
    // a position's digit (4.5 -> 4.6) and an id (3 -> 4, still unique): both read as valid numbers
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"\t4.5 ", "\t4.6 "}, {"\n3\t1\t", "\n4\t1\t"}}) {
      writeFile(dir.file("cp.restart.dat"), replaced(text, from, to));
      const auto e = readWith(dir, kAscii);
      CPPUNIT_ASSERT_MESSAGE("the damage '" + from + "' was read as if nothing happened", e.has_value());
      expectProblem(*e, dir.file("cp.restart.dat"), checksumLine, kPS,
                    "does not match its lines 1-" + std::to_string(checksumLine - 1));
      CPPUNIT_ASSERT(std::string(e->what()).find("changed or damaged after it was written") != std::string::npos);
    }
  }

  void cutOrDamagedChecksumLine() {
    TempDir dir;
    CheckpointView view(dir);
    CheckpointWriter::writeCheckpoint(dir.file("cp.restart.dat"), 20, 1.5, view);
    const std::string text = readFile(dir.file("cp.restart.dat"));
    const auto last = text.rfind("# mardyn-checksum crc32 ");
    writeFile(dir.file("cp.restart.dat"), text.substr(0, last));  // the last line lost
    auto e = readWith(dir, kAscii);
    CPPUNIT_ASSERT(e.has_value());
    expectProblem(*e, dir.file("cp.restart.dat"), lineOf(text, "# mardyn-checksum crc32 ") - 1, kPS,
                  "announces a checksum at line " + std::to_string(lineOf(text, "# mardyn-checksum crc32\n")));
    writeFile(dir.file("cp.restart.dat"), text.substr(0, last) + "# mardyn-checksum crc32 0x12345\n");
    e = readWith(dir, kAscii);
    CPPUNIT_ASSERT(e.has_value());
    expectProblem(*e, dir.file("cp.restart.dat"), lineOf(text, "# mardyn-checksum crc32 "), kPS,
                  "the checksum is not 8 hex digits");
  }

  void earlierCheckpointReadWithWarning() {
    TempDir dir;
    CheckpointView view(dir);
    CheckpointWriter::writeCheckpoint(dir.file("cp.restart.dat"), 20, 1.5, view);
    std::string text = readFile(dir.file("cp.restart.dat"));
    text = replaced(text, "# mardyn-checksum crc32\n", "");
    text.erase(text.rfind("# mardyn-checksum crc32 "));
    writeFile(dir.file("cp.restart.dat"), text);
    SimulationConfig c;
    const auto e = readWith(dir, kAscii, &c);
    CPPUNIT_ASSERT_MESSAGE(e ? e->what() : "", !e);
    bool warned = false;
    for (const auto& w : c.warnings) warned = warned || w.message.find("carries no checksum") != std::string::npos;
    CPPUNIT_ASSERT(warned);
  }

  void binaryChecksumVerified() {
    TempDir dir;
    CheckpointView view(dir);
    BinaryCheckpointWriter writer(dir.file("cp"), 10, false);
    writer.afterStep(10, 2.0, view);
    const std::string head = readFile(dir.file("cp.restart.header.xml"));
    CPPUNIT_ASSERT(head.find("<checksum type=\"crc32\">") != std::string::npos);
    const std::string binary = "<file type=\"binary\"><header>cp.restart.header.xml</header><data>cp.restart.dat</data></file>";
    auto e = readWith(dir, binary);
    CPPUNIT_ASSERT_MESSAGE(e ? e->what() : "", !e);
    std::string data = readFile(dir.file("cp.restart.dat"));
    data[20] = static_cast<char>(data[20] ^ 0x10);  // one bit of molecule 1's x
    { std::ofstream(dir.file("cp.restart.dat"), std::ios::binary) << data; }
    e = readWith(dir, binary);
    CPPUNIT_ASSERT(e.has_value());
    expectProblem(*e, dir.file("cp.restart.header.xml"), lineOf(head, "<checksum"), std::string(kPS) + "/data",
                  "does not match the header's checksum");
  }

  void binarySurplusRecordsAndRepeatedIds() {
    TempDir dir;
    const std::string binary = "<file type=\"binary\"><header>b.header.xml</header><data>b.dat</data></file>";
    auto writeBinary = [&](const std::vector<unsigned long>& ids, std::uint64_t announced) {
      std::ofstream data(dir.file("b.dat"), std::ios::binary);
      // components A and B in turn: the files are otherwise valid for validConfig() (its thermostat is B's)
      for (std::size_t i = 0; i < ids.size(); ++i)
        BinaryPhaseSpace::writeRecord(data, ids[i], static_cast<unsigned>(i % 2), {1.0 + i, 2, 3}, {},
                                      Quaternion(1, 0, 0, 0), {});
      std::ofstream head(dir.file("b.header.xml"));
      BinaryPhaseSpace::writeHeader(head, 0.0, {10, 11, 12}, announced);
    };
    writeBinary({1, 2, 3}, 3);  // as announced, every id once: read
    auto e = readWith(dir, binary);
    CPPUNIT_ASSERT_MESSAGE(e ? e->what() : "", !e);
    writeBinary({1, 2, 3}, 2);  // one record more than announced
    e = readWith(dir, binary);
    CPPUNIT_ASSERT_MESSAGE("surplus records were accepted", e.has_value());
    expectProblem(*e, dir.file("b.dat"), 0, std::string(kPS) + "/data", "more than the 2 molecules of format ICRVQD");
    CPPUNIT_ASSERT(std::string(e->what()).find("1 records more") != std::string::npos);
    writeBinary({1, 2, 1}, 3);  // an id twice
    e = readWith(dir, binary);
    CPPUNIT_ASSERT_MESSAGE("a repeated id was accepted", e.has_value());
    expectProblem(*e, dir.file("b.dat"), 0, std::string(kPS) + "/data",
                  "molecule 3: id 1 repeats the id of molecule 1 (expected every id once)");
  }

  /// A header announcing 1e15 molecules used to be "the generator would make 1e+15 molecules".
  void binaryHeaderBeyondMemoryNamed() {
    TempDir dir;
    { std::ofstream data(dir.file("h.dat"), std::ios::binary); BinaryPhaseSpace::writeRecord(data, 1, 0, {1, 2, 3}, {}, Quaternion(), {}); }
    { std::ofstream head(dir.file("h.header.xml")); BinaryPhaseSpace::writeHeader(head, 0.0, {10, 11, 12}, 1000000000000000ull); }
    const auto e = readWith(dir, "<file type=\"binary\"><header>h.header.xml</header><data>h.dat</data></file>");
    CPPUNIT_ASSERT(e.has_value());
    expectProblem(*e, dir.file("h.header.xml"), lineOf(readFile(dir.file("h.header.xml")), "<number>"),
                  std::string(kPS) + "/header", "headerinfo/number announces 1000000000000000 molecules of format ICRVQD");
    CPPUNIT_ASSERT(std::string(e->what()).find("generator") == std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CheckpointIntegrityTest);
