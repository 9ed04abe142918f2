// ObservingPluginsTest: RegionSampling, GammaWriter, SpatialProfile, RDF and CavityWriter on a small mixture (LJ
// atoms and two-centre LJ molecules), one step, against brute-force values computed here from the molecules of that
// step: every pair by the minimum image, site-site LJ written out afresh, ls1's per-molecule virial, slab sums, the
// molecules near every grid point.
#include "Simulation.h"
#include "io/OutputPluginRegistry.h"
#include "io/tests/IoTestFiles.h"
#include "io/tests/ObserverMixture.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
using mixture::kBox;
using mixture::kCutoff;

Vec3 minimumImage(Vec3 d) {
  for (int k = 0; k < 3; ++k) d[k] -= kBox[k] * std::round(d[k] / kBox[k]);
  return d;
}

/// ls1's Vi of every molecule (by index): half the sum over partners within the cutoff of dcom_d F_d, the force
/// summed over site pairs of 12-6 LJ with Lorentz-Berthelot mixing.
std::vector<Vec3> bruteVirial(const std::vector<Molecule>& mols) {
  std::vector<Vec3> vi(mols.size());
  for (std::size_t a = 0; a < mols.size(); ++a)
    for (std::size_t b = 0; b < mols.size(); ++b) {
      if (a == b) continue;
      const Vec3 dcom = minimumImage(mols[a].r() - mols[b].r());
      if (norm(dcom) >= kCutoff) continue;
      Vec3 f;
      for (const auto& sa : mols[a].component().ljCenters())
        for (const auto& sb : mols[b].component().ljCenters()) {
          const Vec3 d = dcom + mols[a].siteOffset(sa.r) - mols[b].siteOffset(sb.r);
          const double sigma = 0.5 * (sa.sigma + sb.sigma), eps = std::sqrt(sa.epsilon * sb.epsilon);
          const double s6 = std::pow(sigma * sigma / norm2(d), 3);
          f += d * (24 * eps * (2 * s6 * s6 - s6) / norm2(d));
        }
      vi[a] += Vec3{0.5 * dcom.x * f.x, 0.5 * dcom.y * f.y, 0.5 * dcom.z * f.z};
    }
  return vi;
}

/// Column `col` (0-based) of the data row `row` (0-based, after the header lines) of a whitespace table.
double cell(const std::string& text, int headerLines, int row, int col) {
  std::istringstream in(text);
  std::string line;
  for (int k = 0; k <= headerLines + row; ++k) std::getline(in, line);
  std::istringstream l(line);
  std::string v;
  for (int k = 0; k <= col; ++k) l >> v;
  return std::stod(v);
}

void close(double want, double got, const std::string& what) {
  CPPUNIT_ASSERT_MESSAGE(what + ": " + std::to_string(want) + " vs " + std::to_string(got),
                         std::abs(want - got) <= 1e-11 * std::max(1.0, std::abs(want)));
}
}  // namespace

class ObservingPluginsTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ObservingPluginsTest);
  CPPUNIT_TEST(againstBruteForce);
  CPPUNIT_TEST_SUITE_END();

 public:
  void againstBruteForce() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), mixture::phaseSpace());
    SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), mixture::config()));
    cfg.quiet = true;
    cfg.finalCheckpoint = false;
    const auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.path());
    std::vector<Molecule> step0, step1;
    Simulation sim(cfg);  // lives on: the molecules refer to its components
    try {
      std::ostringstream warnings;
      for (auto& p : OutputPluginRegistry::createAll(sim.config(), warnings)) sim.addOutputPlugin(std::move(p));
      sim.prepare();
      step0 = sim.gatherMolecules();
      sim.step();
      step1 = sim.gatherMolecules();
      sim.finish();
    } catch (...) {
      std::filesystem::current_path(cwd);
      throw;
    }
    std::filesystem::current_path(cwd);
    const std::vector<Vec3> vi0 = bruteVirial(step0), vi1 = bruteVirial(step1);

    // GammaWriter: as ls1, the first row holds the samples of steps 0 and 1 over L_x L_z numInterfaces.
    double gamma = 0, gammaB = 0;
    for (std::size_t k = 0; k < step1.size(); ++k)
      for (const auto* s : {&vi0, &vi1}) {
        const double g = (*s)[k].y - 0.5 * ((*s)[k].x + (*s)[k].z);
        gamma += g;
        if ((s == &vi0 ? step0 : step1)[k].componentId() == 1) gammaB += g;
      }
    const std::string g = readFile(dir.file("gamma.dat"));
    close(gamma / (kBox.x * kBox.z * 2), cell(g, 1, 0, 1), "gamma[0]");
    close(gammaB / (kBox.x * kBox.z * 2), cell(g, 1, 0, 3), "gamma[2]");

    // RegionSampling: three slabs of height 2 from y = 1.5; density, T, p (scalquant) and F_x, v_y, p_y (vectquant).
    const std::string sc = readFile(dir.file("scalquant_all_reg1_TS000000001.dat"));
    const std::string ve = readFile(dir.file("vectquant_all_reg1_TS000000001.dat"));
    for (int slab = 0; slab < 3; ++slab) {
      double n = 0, twoE = 0, dof = 0, vir[3] = {0, 0, 0}, fx = 0, vy = 0, mvy2 = 0;
      for (std::size_t k = 0; k < step1.size(); ++k) {
        const Molecule& m = step1[k];
        const int s = static_cast<int>(std::floor((m.r().y - 1.5) / 2.0));
        if (s != slab) continue;
        n += 1;
        twoE += m.mass() * norm2(m.v()) + m.twiceRotKinEnergy();
        dof += 3 + m.component().rotationalDegreesOfFreedom();
        for (int d = 0; d < 3; ++d) vir[d] += vi1[k][d];
        fx += m.F().x;
        vy += m.v().y;
        mvy2 += m.mass() * m.v().y * m.v().y;
      }
      CPPUNIT_ASSERT(n > 0);
      // drift energy per component (ls1: sum over components of m (sum v)^2 / N_c), computed by component
      double drift = 0, driftY = 0;
      for (unsigned c = 0; c < 2; ++c) {
        Vec3 sum;
        double nc = 0, mc = 0;
        for (const Molecule& m : step1)
          if (static_cast<int>(std::floor((m.r().y - 1.5) / 2.0)) == slab && m.componentId() == c) {
            sum += m.v();
            nc += 1;
            mc = m.mass();
          }
        if (nc > 0) {
          drift += mc * norm2(sum) / nc;
          driftY += mc * sum.y * sum.y / nc;
        }
      }
      const double volume = 2.0 * kBox.x * kBox.z, rho = n / volume, T = (twoE - drift) / dof;
      close(rho, cell(sc, 1, slab, 4), "rho slab " + std::to_string(slab));
      close(T, cell(sc, 1, slab, 11), "T slab " + std::to_string(slab));
      close(rho * ((vir[0] + vir[1] + vir[2]) / (3 * n) + T), cell(sc, 1, slab, 14), "p slab " + std::to_string(slab));
      close(fx / n, cell(ve, 1, slab, 1), "Fx slab " + std::to_string(slab));
      close(vy / n, cell(ve, 1, slab, 5), "vy slab " + std::to_string(slab));
      close(rho * (vir[1] / n + (mvy2 - driftY) / n), cell(ve, 1, slab, 17), "py slab " + std::to_string(slab));
    }

    // SpatialProfile: 2 x 3 x 1 bins, density (.NDpr) and temperature (.Temppr) of step 1, precision 6.
    const std::string nd = readFile(dir.file("sp_1.NDpr")), tp = readFile(dir.file("sp_1.Temppr"));
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 2; ++x) {
        double n = 0, twoE = 0, dof = 0;
        for (const Molecule& m : step1)
          if (static_cast<int>(std::floor(m.r().x * 2 / kBox.x)) == x && static_cast<int>(std::floor(m.r().y * 3 / kBox.y)) == y) {
            n += 1;
            twoE += m.mass() * norm2(m.v()) + m.twiceRotKinEnergy();
            dof += 3 + m.component().rotationalDegreesOfFreedom();
          }
        const double segment = kBox.x * kBox.y * kBox.z / 6;
        CPPUNIT_ASSERT_DOUBLES_EQUAL(n / segment, cell(nd, 7, y, 1 + x), 1e-5 * n / segment);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(dof > 0 ? twoE / dof : 0.0, cell(tp, 8, y, 1 + x), 1e-5 * std::max(1.0, twoE / std::max(dof, 1.0)));
      }

    // RDF: pairs of A (component 0) by the minimum image in bins of 0.1 up to 3 (the column Npair(curr.)).
    std::vector<double> pairs(30, 0.0);
    for (std::size_t a = 0; a < step1.size(); ++a)
      for (std::size_t b = a + 1; b < step1.size(); ++b) {
        if (step1[a].componentId() != 0 || step1[b].componentId() != 0) continue;
        const double r = norm(minimumImage(step1[a].r() - step1[b].r()));
        if (r < kCutoff && r * r <= 9.0) pairs[static_cast<std::size_t>(std::floor(r / 0.1))] += 1;
      }
    const std::string rdf = readFile(dir.file("rdf_0-0.000000001.rdf"));
    double total = 0;
    for (int l = 0; l < 30; ++l) {
      const double got = cell(rdf, 12, l, 6);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(pairs[l], got, 1e-9);
      total += got;
    }
    CPPUNIT_ASSERT(total > 10);

    // CavityWriter: points (0.5009756 + k) apart by 1, 1, 1.5 (7 x 9 x 5), ids k_x 45 + k_y 5 + k_z + 1; a cavity
    // has at most one molecule (wrapped into the box, no periodic images, not the one of the point's id) closer
    // than 1.3. The file lists them by id.
    std::ostringstream want;
    int cavities = 0;
    for (int kx = 0; kx < 7; ++kx)
      for (int ky = 0; ky < 9; ++ky)
        for (int kz = 0; kz < 5; ++kz) {
          const Vec3 p{(0.5009756 + kx) * 1.0, (0.5009756 + ky) * 1.0, (0.5009756 + kz) * 1.5};
          const unsigned long id = static_cast<unsigned long>(kx * 45 + ky * 5 + kz + 1);
          int near = 0;
          for (const Molecule& m : step1) {
            Vec3 r = m.r();
            for (int d = 0; d < 3; ++d) r[d] -= kBox[d] * std::floor(r[d] / kBox[d]);
            if (m.id() != id && norm2(r - p) < 1.3 * 1.3) ++near;
          }
          if (near > 1) continue;
          ++cavities;
          want << "C " << p.x << "\t" << p.y << "\t" << p.z << "\n";
        }
    CPPUNIT_ASSERT(cavities > 10 && cavities < 300);
    CPPUNIT_ASSERT_EQUAL(std::to_string(cavities) + "\ncomment line\n" + want.str(), readFile(dir.file("cav-c0.cav.xyz")));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ObservingPluginsTest);
