// PhaseSpaceTest: the .inp formats ICRVQD, ICRV and IRV, header skipping, and the round trip
// PhaseSpaceWriter -> PhaseSpaceReader, which must reproduce every number bit for bit.
#include "io/PhaseSpaceReader.h"
#include "io/PhaseSpaceWriter.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <random>
#include <sstream>

using namespace mardyn;

namespace {
std::vector<MoleculeRecord> readText(const std::string& text, std::size_t ncomp, std::vector<InputProblem>& problems) {
  std::istringstream in(text);
  return PhaseSpaceReader::read(in, "test.inp", "/file", ncomp, Vec3(10, 10, 10), problems);
}
const char* kHeader = "mardyn trunk 20120726\n currentTime 0\n Length 10 10 10\n NumberOfComponents 1\n1 0 0 0 0\n"
                      "0 0 0 1 1 1 0 0\n0 0 0\n1e+10\n";
}  // namespace

class PhaseSpaceTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PhaseSpaceTest);
  CPPUNIT_TEST(formatICRVQD);
  CPPUNIT_TEST(formatICRV);
  CPPUNIT_TEST(formatIRV);
  CPPUNIT_TEST(oldShortTokens);
  CPPUNIT_TEST(defaultFormatWithoutFormatLine);
  CPPUNIT_TEST(unknownFormat);
  CPPUNIT_TEST(roundTripBitExact);
  CPPUNIT_TEST_SUITE_END();

 public:
  void formatICRVQD() {
    std::vector<InputProblem> p;
    const auto m = readText(std::string(kHeader) + " NumberOfMolecules 1\n MoleculeFormat ICRVQD\n"
                                                   "7 2 1 2 3 4 5 6 0 0 0 2 0.5 0.25 0.125\n", 2, p);
    CPPUNIT_ASSERT(p.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), m.size());
    CPPUNIT_ASSERT_EQUAL(7ul, m[0].id);
    CPPUNIT_ASSERT_EQUAL(1u, m[0].component);
    CPPUNIT_ASSERT(m[0].r == Vec3(1, 2, 3));
    CPPUNIT_ASSERT(m[0].v == Vec3(4, 5, 6));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, m[0].q.z(), 0.0);  // normalised from (0,0,0,2)
    CPPUNIT_ASSERT(m[0].L == Vec3(0.5, 0.25, 0.125));
  }

  void formatICRV() {
    std::vector<InputProblem> p;
    const auto m = readText(std::string(kHeader) + " NumberOfMolecules 2\n MoleculeFormat ICRV\n"
                                                   "1 1 1 2 3 4 5 6\n\n2 2 1.5 2.5 3.5 0 0 0\n", 2, p);
    CPPUNIT_ASSERT(p.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), m.size());
    CPPUNIT_ASSERT_EQUAL(1u, m[1].component);
    CPPUNIT_ASSERT(m[1].r == Vec3(1.5, 2.5, 3.5));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, m[1].q.w(), 0.0);  // identity orientation
    CPPUNIT_ASSERT(m[1].L == Vec3());
  }

  void formatIRV() {
    std::vector<InputProblem> p;
    const auto m = readText(std::string(kHeader) + " NumberOfMolecules 1\n MoleculeFormat IRV\n3 9 8 7 -1 -2 -3\n", 1, p);
    CPPUNIT_ASSERT(p.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), m.size());
    CPPUNIT_ASSERT_EQUAL(0u, m[0].component);
    CPPUNIT_ASSERT(m[0].r == Vec3(9, 8, 7));
    CPPUNIT_ASSERT(m[0].v == Vec3(-1, -2, -3));
  }

  // ls1's older headers: t, L, T, C for the header entries, N and M for the count and the format
  void oldShortTokens() {
    std::vector<InputProblem> p;
    PhaseSpaceHeader h;
    std::istringstream in("mardyn trunk 20100210\n#created with moledit\nt\t2.5\nL\t10 10 10\nT\t118\nC\t1\n"
                          "1 0 0 0 0\n0 0 0\t1 1 1\t0 0\n0 0 0\n1e10\nN\t1\nM\tIRV\n\n3 9 8 7 -1 -2 -3\n");
    const auto m = PhaseSpaceReader::read(in, "old.inp", "file", 1, {10, 10, 10}, p, &h);
    CPPUNIT_ASSERT(p.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), m.size());
    CPPUNIT_ASSERT(m[0].r == Vec3(9, 8, 7));
    CPPUNIT_ASSERT_EQUAL(2.5, *h.time);
  }

  void defaultFormatWithoutFormatLine() {
    std::vector<InputProblem> p;
    const auto m = readText(" NumberOfMolecules 1\n1 1 1 2 3 0 0 0 1 0 0 0 0 0 0\n", 1, p);
    CPPUNIT_ASSERT(p.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), m.size());
    CPPUNIT_ASSERT(m[0].r == Vec3(1, 2, 3));
  }

  void unknownFormat() {
    std::vector<InputProblem> p;
    readText(" NumberOfMolecules 1\n MoleculeFormat XYZ\n1 1 1\n", 1, p);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), p.size());
    CPPUNIT_ASSERT_EQUAL(2, p[0].line);
    CPPUNIT_ASSERT(p[0].message.find("unknown MoleculeFormat 'XYZ' (expected ICRVQD, ICRV or IRV)") != std::string::npos);
  }

  void roundTripBitExact() {
    SimulationConfig c;
    c.box = {10, 10, 10};
    c.temperature = 0.7;
    Component comp(0, "X");
    comp.addLJCenter({{0, 0, 0.3}, 1.0, 1.0, 1.0, false});
    comp.addLJCenter({{0, 0, -0.3}, 1.0, 1.0, 1.0, true});
    comp.addCharge({{0, 0, 0}, 0.0, 0.3});
    comp.addDipole({{0, 0, 0}, {0, 0, 1}, 1.0});
    comp.addQuadrupole({{0, 0, 0}, {0, 1, 0}, 2.0});
    comp.setMomentsOfInertia({0.18, 0.18, 0});
    c.components = {comp, Component(1, "Y")};
    c.components[1].addLJCenter({{0, 0, 0}, 2.0, 1.0, 1.0, false});
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<MoleculeRecord> mols;
    for (unsigned long i = 0; i < 200; ++i) {
      MoleculeRecord m;
      m.id = 1000 + i;
      m.component = i % 2;
      m.r = {10 * u(rng), 10 * u(rng), 10 * u(rng)};
      m.v = {u(rng) - 0.5, 1e-17 * u(rng), -1e5 * u(rng)};
      Quaternion q(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5);
      q.normalize();
      m.q = q;
      m.L = {u(rng), -u(rng), M_PI * u(rng)};
      mols.push_back(m);
    }
    std::ostringstream out;
    PhaseSpaceWriter::write(out, c, 12.25, mols);
    std::vector<InputProblem> p;
    std::istringstream in(out.str());
    const auto back = PhaseSpaceReader::read(in, "rt.inp", "/file", 2, c.box, p);
    CPPUNIT_ASSERT(p.empty());
    CPPUNIT_ASSERT_EQUAL(mols.size(), back.size());
    for (std::size_t i = 0; i < mols.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(mols[i].id, back[i].id);
      CPPUNIT_ASSERT_EQUAL(mols[i].component, back[i].component);
      CPPUNIT_ASSERT(mols[i].r == back[i].r);
      CPPUNIT_ASSERT(mols[i].v == back[i].v);
      CPPUNIT_ASSERT(mols[i].L == back[i].L);
      // a unit quaternion is kept as written, so the orientation survives bit for bit too
      CPPUNIT_ASSERT(mols[i].q.w() == back[i].q.w() && mols[i].q.x() == back[i].q.x());
      CPPUNIT_ASSERT(mols[i].q.y() == back[i].q.y() && mols[i].q.z() == back[i].q.z());
    }
    // ls1's header items are there
    const std::string s = out.str();
    for (const char* key : {" currentTime\t12.25", " Length\t10 10 10", " NumberOfComponents\t2", "2\t1\t1\t1\t0",
                            " NumberOfMolecules\t200", " MoleculeFormat\tICRVQD"})
      CPPUNIT_ASSERT_MESSAGE(key, s.find(key) != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PhaseSpaceTest);
