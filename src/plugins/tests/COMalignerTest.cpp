// COMalignerTest: ls1's COMaligner moves every molecule by -factor (centre of mass - box centre) in the
// dimensions chosen, at steps 1, 1 + interval, ..., at most 0.9 cutoff at a time.
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LinkedCells.h"
#include "plugins/COMaligner.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;

class COMalignerTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(COMalignerTest);
  CPPUNIT_TEST(movesTheCentreOfMass);
  CPPUNIT_TEST_SUITE_END();

 public:
  void movesTheCentreOfMass() {
    Component c(0, "A");
    c.addLJCenter({{0, 0, 0}, 2.0, 1.0, 1.0, false});
    LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    lc.addParticle(Molecule(1, &c, {4, 4, 5}, {}, Quaternion(1, 0, 0, 0), {}));
    lc.addParticle(Molecule(2, &c, {5, 6, 5}, {}, Quaternion(1, 0, 0, 0), {}));  // centre (4.5, 5, 5)
    COMalignerConfig cfg;
    cfg.dims = {true, false, true};
    cfg.interval = 10;
    cfg.factor = 0.5;
    COMaligner aligner(cfg, {10, 10, 10}, 2.5);
    DomainDecompSequential decomp;
    CPPUNIT_ASSERT(aligner.apply(lc, decomp, 2) == Vec3());  // not an alignment step
    const Vec3 move = aligner.apply(lc, decomp, 11);
    CPPUNIT_ASSERT(move == Vec3(0.25, 0, 0));  // half of the 0.5 off-centre along x; y not aligned
    std::vector<Vec3> r(3);
    lc.forEach([&](const Molecule& m) { r[m.id()] = m.r(); });
    CPPUNIT_ASSERT(r[1] == Vec3(4.25, 4, 5) && r[2] == Vec3(5.25, 6, 5));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(COMalignerTest);
