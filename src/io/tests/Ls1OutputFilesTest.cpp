// Ls1OutputFilesTest: the files of ls1's observing plugins (RegionSampling profiles and VDF, GammaWriter, RDF,
// SpatialProfile, MaxWriter) for a 2CLJ liquid slab with ls1's planar long-range correction, 20 steps, against
// lines of the files ls1-mardyn (master, serial build) wrote for the same XML: every number to 1e-10.
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <sys/wait.h>

using namespace mardyn::iotest;

namespace {
struct Excerpt {
  const char* file;
  int line;  ///< 1-based
  const char* text;
};

const Excerpt kExcerpts[] = {
    {"scalquant_all_reg1_TS000000020.dat", 1, "                     pos            DOF_total[0]            DOF_trans[0]              DOF_rot[0]                  rho[0]           Ekin_total[0]           Ekin_trans[0]           Ekin_drift[0]             Ekin_rot[0]               Ekin_T[0]                 Epot[0]                    T[0]              T_trans[0]                T_rot[0]                    p[0]            DOF_total[1]            DOF_trans[1]              DOF_rot[1]                  rho[1]           Ekin_total[1]           Ekin_trans[1]           Ekin_drift[1]             Ekin_rot[1]               Ekin_T[1]                 Epot[1]                    T[1]              T_trans[1]                T_rot[1]                    p[1]"},
    {"scalquant_all_reg1_TS000000020.dat", 8, "   6.500000000000000e+00   1.600000000000000e+02   9.600000000000000e+01   6.400000000000000e+01   5.000000000000000e-01   6.933821299054379e+01   6.470050060331701e+01   3.346324088632840e-01   4.637712387226797e+00   6.900358058168051e+01   0.000000000000000e+00   8.625447572710064e-01   1.347927095902438e+00   1.449285121008374e-01  -3.828640387925242e+00   1.600000000000000e+02   9.600000000000000e+01   6.400000000000000e+01   5.000000000000000e-01   6.933821299054379e+01   6.470050060331701e+01   3.346324088632840e-01   4.637712387226797e+00   6.900358058168051e+01   0.000000000000000e+00   8.625447572710064e-01   1.347927095902438e+00   1.449285121008374e-01  -3.828640387925242e+00"},
    {"scalquant_all_reg1_TS000000020.dat", 11, "   9.500000000000000e+00   1.600000000000000e+02   9.600000000000000e+01   6.400000000000000e+01   5.000000000000000e-01   7.022094318388719e+01   6.535551743144303e+01   3.100960057879539e+00   4.865425752444156e+00   6.711998312600765e+01   0.000000000000000e+00   8.389997890750956e-01   1.361573279821730e+00   1.520445547638799e-01  -6.432826607904472e+00   1.600000000000000e+02   9.600000000000000e+01   6.400000000000000e+01   5.000000000000000e-01   7.022094318388719e+01   6.535551743144303e+01   3.100960057879539e+00   4.865425752444156e+00   6.711998312600765e+01   0.000000000000000e+00   8.389997890750956e-01   1.361573279821730e+00   1.520445547638799e-01  -6.432826607904472e+00"},
    {"vectquant_all_reg1_TS000000020.dat", 1, "                     pos                   Fx[0]                   Fy[0]                   Fz[0]                   vx[0]                   vy[0]                   vz[0]         Ekin_trans,x[0]         Ekin_trans,y[0]         Ekin_trans,z[0]         Ekin_drift,x[0]         Ekin_drift,y[0]         Ekin_drift,z[0]                   Tx[0]                   Ty[0]                   Tz[0]                   px[0]                   py[0]                   pz[0]                   Fx[1]                   Fy[1]                   Fz[1]                   vx[1]                   vy[1]                   vz[1]         Ekin_trans,x[1]         Ekin_trans,y[1]         Ekin_trans,z[1]         Ekin_drift,x[1]         Ekin_drift,y[1]         Ekin_drift,z[1]                   Tx[1]                   Ty[1]                   Tz[1]                   px[1]                   py[1]                   pz[1]"},
    {"vectquant_all_reg1_TS000000020.dat", 11, "   9.500000000000000e+00   2.854337654969951e-01   1.881288380799030e+00   1.746432386537868e-01   3.624119883156833e-01  -2.307068233183928e-01  -9.613488449506852e-02   3.469782848554738e+01   2.094129913012289e+01   9.716389815772777e+00   2.101479188398831e+00   8.516102132106257e-01   1.478706562700826e-01   2.037271831071784e+00   1.255605557307016e+00   5.980324474689184e-01  -5.476979394803241e+00  -6.913963255363932e+00  -6.220581939235026e+00   2.854337654969951e-01   1.881288380799030e+00   1.746432386537868e-01   3.624119883156833e-01  -2.307068233183928e-01  -9.613488449506852e-02   3.469782848554738e+01   2.094129913012289e+01   9.716389815772777e+00   2.101479188398831e+00   8.516102132106257e-01   1.478706562700826e-01   2.037271831071784e+00   1.255605557307016e+00   5.980324474689184e-01  -5.476979394803241e+00  -6.913963255363932e+00  -6.220581939235026e+00"},
    {"scalquant_pos_reg1_TS000000010.dat", 9, "   7.500000000000000e+00   8.950000000000000e+01   5.370000000000000e+01   3.580000000000000e+01   2.796875000000000e-01   4.398475808925801e+01   4.397822404105143e+01   1.061250019729786e+01   6.534048206571347e-03   3.337225789196015e+01   0.000000000000000e+00   7.457487797086065e-01   1.637922683093163e+00   3.650306260654384e-04  -4.089884076992981e+00   8.950000000000000e+01   5.370000000000000e+01   3.580000000000000e+01   2.796875000000000e-01   4.398475808925801e+01   4.397822404105143e+01   1.061250019729786e+01   6.534048206571347e-03   3.337225789196015e+01   0.000000000000000e+00   7.457487797086065e-01   1.637922683093163e+00   3.650306260654384e-04  -4.089884076992981e+00"},
    {"vectquant_neg_reg1_TS000000010.dat", 10, "   8.500000000000000e+00  -8.824483414906392e-01   2.031532380021265e+00  -2.195425143130297e-01   5.159361933850578e-01  -1.160044393009756e+00  -2.426988168316552e-02   1.890379564875598e+01   1.317379514070073e+01   8.193446504205257e+00   2.182759276286243e+00   1.103476454877767e+01   4.830022686701797e-03   2.039150777130457e+00   2.608573892589092e-01   9.986117660388483e-01  -3.752722997101666e+00  -4.038227460622548e+00  -3.857664781078487e+00  -8.824483414906392e-01   2.031532380021265e+00  -2.195425143130297e-01   5.159361933850578e-01  -1.160044393009756e+00  -2.426988168316552e-02   1.890379564875598e+01   1.317379514070073e+01   8.193446504205257e+00   2.182759276286243e+00   1.103476454877767e+01   4.830022686701797e-03   2.039150777130457e+00   2.608573892589092e-01   9.986117660388483e-01  -3.752722997101666e+00  -4.038227460622548e+00  -3.857664781078487e+00"},
    {"gamma.dat", 1, "                 simstep                gamma[0]                gamma[1]"},
    {"gamma.dat", 2, "                      10   2.202432562914860e+00   2.202432562914860e+00"},
    {"gamma.dat", 3, "                      20  -1.062370297681302e+00  -1.062370297681302e+00"},
    {"rdf_0-0.000000020.rdf", 3, "# ctr_i: 512"},
    {"rdf_0-0.000000020.rdf", 4, "# ctr_j: 512"},
    {"rdf_0-0.000000020.rdf", 5, "# V: 1280"},
    {"rdf_0-0.000000020.rdf", 6, "# _universalRDFTimesteps: 2"},
    {"rdf_0-0.000000020.rdf", 13, "0.025\t0 0\t0 0\t\t0.0005236\t0\t0\t\t0.013352\t0.013352\t\t0 0   0 0\t0 0   0 0\t\t0 0   0 0\t0 0   0 0"},
    {"rdf_0-0.000000020.rdf", 33, "1.025\t0 0\t0 0\t\t0.66026\t0\t0\t\t16.837\t16.837\t\t0 0   0 0\t3.0885 0.52972   1.9303 0.31743\t\t3.0885 0.52972   1.9303 0.31743\t0 0   0 0"},
    {"rdf_0-0.000000020.rdf", 35, "1.125\t0 0\t0 0\t\t0.79535\t0\t0\t\t20.281\t20.281\t\t0 0   0 0\t6.9892 1.9729   10.884 2.2615\t\t6.9892 1.9729   10.884 2.2615\t0 0   0 0"},
    {"rdf_0-0.000000020.rdf", 50, "1.875\t0.62133 1.9757\t0.31066 1.9488\t\t2.2091\t35\t17.5\t\t56.331\t56.331\t\t0.5947 1.9744   0.29735 1.9481\t1.3758 2.072   0.84767 2.0842\t\t1.3758 2.072   0.84767 2.0842\t0.65683 1.9771   0.32842 1.9495"},
    {"cartesian_20.NDpr", 1, "//Segment volume: 64"},
    {"cartesian_20.NDpr", 2, "//Accumulated data sets: 10"},
    {"cartesian_20.NDpr", 7, "0 \t2  \t6  \t"},
    {"cartesian_20.NDpr", 11, "7  \t0.5\t0.5\t"},
    {"cartesian_20.NDpr", 12, "9  \t0.5\t0.5\t"},
    {"cartesian_20.Temppr", 1, "//Segment volume: 64"},
    {"cartesian_20.Temppr", 2, "//Accumulated data sets: 10"},
    {"cartesian_20.Temppr", 13, "9  \t0.872156\t0.865637\t"},
    {"cartesian_20.V3Dpr", 12, "9  \t0.117855\t-0.0434321\t-0.0589305\t0.356137\t-0.247315\t-0.126613\t"},
    {"cartesian_20.VAbspr", 11, "7  \t1.97275\t2.00871\t"},
    {"cartesian_20_1D-Y.Vipr", 12, "7\t-0.0200438\t-4.51449\t-4.83222\t-5.10986"},
    {"cartesian_20_1D-Y.Vipr", 13, "9\t-0.782732\t-6.14785\t-6.86518\t-6.01704"},
    {"maxvals_max_veloc.dat", 1, "                 simstep                 vabs_c0                  v+x_c0                  v+y_c0                  v+z_c0                  v-x_c0                  v-y_c0                  v-z_c0                 vabs_c1                  v+x_c1                  v+y_c1                  v+z_c1                  v-x_c1                  v-y_c1                  v-z_c1"},
    {"maxvals_max_veloc.dat", 3, "                      10   2.502886005064591e+00   2.235420404671098e+00   2.222575604678632e+00   2.128826684193127e+00  -2.235356075343573e+00  -2.498123102356414e+00  -2.084176860783477e+00   2.502886005064591e+00   2.235420404671098e+00   2.222575604678632e+00   2.128826684193127e+00  -2.235356075343573e+00  -2.498123102356414e+00  -2.084176860783477e+00"},
    {"maxvals_max_angmo.dat", 3, "                      10   3.078424388349714e-02   2.269632496229432e-02   2.336034835366740e-02   2.933795175929749e-06  -2.631219935371223e-02  -2.716507826834251e-02  -3.476601317274996e-06   3.078424388349714e-02   2.269632496229432e-02   2.336034835366740e-02   2.933795175929749e-06  -2.631219935371223e-02  -2.716507826834251e-02  -3.476601317274996e-06"},
};

const char* kConfig = R"(<?xml version="1.0" encoding="UTF-8"?>
<mardyn version="20100525">
  <simulation type="MD">
    <integrator type="Leapfrog"><timestep>0.002</timestep></integrator>
    <run><currenttime>0</currenttime><equilibration><steps>0</steps></equilibration><production><steps>20</steps></production></run>
    <ensemble type="NVT">
      <temperature>1.0</temperature>
      <domain type="box"><lx>8.0</lx><ly>20.0</ly><lz>8.0</lz></domain>
      <components>
        <moleculetype id="1" name="2CLJ">
          <site type="LJ126" id="1">
            <coords><x>0</x><y>0</y><z>-0.25</z></coords>
            <mass>0.5</mass><sigma>1.0</sigma><epsilon>1.0</epsilon><shifted>false</shifted>
          </site>
          <site type="LJ126" id="2">
            <coords><x>0</x><y>0</y><z>0.25</z></coords>
            <mass>0.5</mass><sigma>1.0</sigma><epsilon>1.0</epsilon><shifted>false</shifted>
          </site>
          <momentsofinertia rotaxes="xyz"><Ixx>0.0625</Ixx><Iyy>0.0625</Iyy><Izz>0.0</Izz></momentsofinertia>
        </moleculetype>
      </components>
      <phasespacepoint>
        <generator name="MultiObjectGenerator">
          <objectgenerator>
            <filler type="GridFiller">
              <lattice system="cubic" centering="face">
                <vec id="a"><x>1</x><y>0</y><z>0</z></vec>
                <vec id="b"><x>0</x><y>1</y><z>0</z></vec>
                <vec id="c"><x>0</x><y>0</y><z>1</z></vec>
              </lattice>
              <basis><site><componentid>0</componentid><coordinate><x>0.5</x><y>0.5</y><z>0.5</z></coordinate></site></basis>
              <latticeOccupancy>1</latticeOccupancy>
              <density>0.5</density>
            </filler>
            <object type="Cuboid">
              <lower><x>0</x><y>6</y><z>0</z></lower>
              <upper><x>8</x><y>14</y><z>8</z></upper>
            </object>
            <velocityAssigner type="EqualVelocityDistribution"></velocityAssigner>
          </objectgenerator>
        </generator>
      </phasespacepoint>
    </ensemble>
    <algorithm>
      <parallelisation type="DomainDecomposition"/>
      <datastructure type="LinkedCells"><cellsInCutoffRadius>1</cellsInCutoffRadius></datastructure>
      <cutoffs type="CenterOfMass"><radiusLJ>3.0</radiusLJ></cutoffs>
      <electrostatic type="ReactionField"><epsilon>1.0e+10</epsilon></electrostatic>
      <longrange type="planar"><slabs>40</slabs><smooth>false</smooth><frequency>10</frequency>
        <writecontrol><start>100000</start><frequency>1</frequency><stop>200000</stop></writecontrol></longrange>
    </algorithm>
    <output>
      <outputplugin name="ResultWriter">
        <writefrequency>1</writefrequency><writeprecision>15</writeprecision>
        <accumulation_steps>1</accumulation_steps><outputprefix>res</outputprefix>
      </outputplugin>
      <outputplugin name="GammaWriter"><writefrequency>10</writefrequency><outputprefix>gamma</outputprefix></outputplugin>
      <outputplugin name="RDF">
        <writefrequency>10</writefrequency><samplingfrequency>5</samplingfrequency><outputprefix>rdf</outputprefix>
        <intervallength>0.05</intervallength><bins>60</bins>
      </outputplugin>
      <outputplugin name="MaxWriter"><writefrequency>10</writefrequency><outputprefix>maxvals</outputprefix></outputplugin>
    </output>
    <plugin name="RegionSampling">
      <region>
        <coords><lcx>0.0</lcx><lcy refcoordsID="0">0.0</lcy><lcz>0.0</lcz><ucx>box</ucx><ucy refcoordsID="0">box</ucy><ucz>box</ucz></coords>
        <sampling type="profiles" single_component="true">
          <control><start>0</start><frequency>10</frequency><stop>1000000000</stop></control>
          <subdivision type="width"><width>1.0</width><number>1</number></subdivision>
        </sampling>
        <sampling type="VDF" single_component="true">
          <control><start>0</start><frequency>10</frequency><stop>1000000000</stop></control>
          <subdivision type="width"><width>2.0</width><number>1</number></subdivision>
          <discretizations><discretization cid="1"><numclasses>20</numclasses><maxvalue>5.</maxvalue></discretization></discretizations>
        </sampling>
      </region>
    </plugin>
    <plugin name="SpatialProfile">
      <mode>cartesian</mode><x>1</x><y>10</y><z>2</z>
      <writefrequency>10</writefrequency>
      <timesteps><init>1</init><recording>1</recording></timesteps>
      <outputprefix>cartesian</outputprefix>
      <profiledComponent>all</profiledComponent>
      <profiles><density>true</density><temperature>true</temperature><velocity>true</velocity><velocity3d>true</velocity3d><virial>true</virial></profiles>
    </plugin>
  </simulation>
</mardyn>
)";

std::string mardynPath() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : (self.parent_path() / "mardyn").string();
}

/// Tokens equal as text, or as numbers to 1e-10 relative (round-off sized values: 1e-12 absolute).
bool sameLine(const std::string& want, const std::string& got, std::string& why) {
  std::istringstream a(want), b(got);
  std::string x, y;
  while (true) {
    const bool ra = static_cast<bool>(a >> x), rb = static_cast<bool>(b >> y);
    if (!ra || !rb) return ra == rb || (why = "different number of columns", false);
    if (x == y) continue;
    char* ex = nullptr;
    char* ey = nullptr;
    const double X = std::strtod(x.c_str(), &ex), Y = std::strtod(y.c_str(), &ey);
    if (*ex || *ey) return why = "'" + x + "' vs '" + y + "'", false;
    if (std::isnan(X) && std::isnan(Y)) continue;
    if (std::abs(X - Y) > 1e-10 * std::max(std::abs(X), std::abs(Y)) && std::abs(X - Y) > 1e-12)
      return why = x + " vs " + y, false;
  }
}
}  // namespace

class Ls1OutputFilesTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(Ls1OutputFilesTest);
  CPPUNIT_TEST(filesAsLs1Writes);
  CPPUNIT_TEST_SUITE_END();

 public:
  void filesAsLs1Writes() {
    if (!std::filesystem::exists(mardynPath())) {
      std::cout << "\n  (skipped: no mardyn executable beside mardyn_tests)\n";
      return;
    }
    TempDir dir;
    writeFile(dir.file("config.xml"), kConfig);
    const std::string cmd = "cd '" + dir.path().string() + "' && '" + mardynPath() + "' -q --final-checkpoint 0 config.xml > out.txt 2>&1";
    const int status = std::system(cmd.c_str());
    CPPUNIT_ASSERT_MESSAGE(readFile(dir.file("out.txt")), WIFEXITED(status) && WEXITSTATUS(status) == 0);
    for (const Excerpt& e : kExcerpts) {
      std::istringstream in(readFile(dir.file(e.file)));
      std::string line;
      for (int k = 0; k < e.line; ++k) std::getline(in, line);
      std::string why;
      CPPUNIT_ASSERT_MESSAGE(std::string(e.file) + ":" + std::to_string(e.line) + ": " + why, sameLine(e.text, line, why));
    }
    // VDF: two 4-byte counts (classes, slabs), then the 8-byte counts; ls1 counted 1187 upward molecules (by |v|),
    // those of slab 4 per class as below.
    const std::string vdf = readFile(dir.file("VDF_reg1_cid1_pjy_abs_TS000000020.dat"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(8 + 8 * 200), vdf.size());
    std::uint32_t meta[2];
    std::memcpy(meta, vdf.data(), 8);
    CPPUNIT_ASSERT_EQUAL(20u, meta[0]);
    CPPUNIT_ASSERT_EQUAL(10u, meta[1]);
    std::uint64_t total = 0, counts[200];
    std::memcpy(counts, vdf.data() + 8, sizeof counts);
    for (std::uint64_t c : counts) total += c;
    CPPUNIT_ASSERT_EQUAL(std::uint64_t(1187), total);
    const std::uint64_t slab4[20] = {0, 0, 0, 0, 0, 9, 24, 77, 150, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (int k = 0; k < 20; ++k) CPPUNIT_ASSERT_EQUAL(slab4[k], counts[4 * 20 + k]);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(Ls1OutputFilesTest);
