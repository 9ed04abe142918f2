// Cross-implementation check of NonbondedForce::LJPME (builds against any OpenMM API): 20 three-site molecules of
// three LJ types (Lorentz-Berthelot and geometric combination differ) in a 2.4 nm box, two pairs of each molecule
// excluded, two scaled exceptions. Prints the energy and every force component, first with explicit Coulomb and dispersion alpha
// and grids, then with the parameters chosen from the error tolerance (and those parameters).
#include "OpenMM.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using OpenMM::Vec3;

namespace {

void run(const std::string& platformName, const std::string& tag, bool explicitParameters) {
  OpenMM::System system;
  const double box = 2.4;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new OpenMM::NonbondedForce();
  nonbonded->setNonbondedMethod(OpenMM::NonbondedForce::LJPME);
  nonbonded->setCutoffDistance(1.0);
  nonbonded->setEwaldErrorTolerance(2e-4);
  if (explicitParameters) {
    nonbonded->setPMEParameters(3.1, 30, 32, 27);
    nonbonded->setLJPMEParameters(2.7, 21, 24, 25);
  }
  const double sigmas[3] = {0.315, 0.24, 0.39}, epsilons[3] = {0.64, 0.18, 1.2};
  std::vector<Vec3> positions;
  // Twenty neutral three-site molecules on a 0.8 nm lattice (27 sites, seven left empty), slightly displaced.
  for (int m = 0; m < 20; m++) {
    int site = m + m / 3;
    Vec3 centre(0.8 * (site % 3) + 0.3 + 0.05 * std::sin(1.7 * m), 0.8 * ((site / 3) % 3) + 0.3 + 0.06 * std::cos(m),
                0.8 * (site / 9) + 0.3 + 0.04 * std::sin(2.3 * m));
    Vec3 offsets[3] = {Vec3(), Vec3(0.1, 0.02 * std::cos(m), 0.01), Vec3(-0.05, 0.23, 0.08 * std::sin(m))};
    const double charges[3] = {-0.8, 0.4, 0.4};
    for (int k = 0; k < 3; k++) {
      system.addParticle(12.0);
      nonbonded->addParticle(charges[k], sigmas[k], epsilons[k]);
      positions.push_back(centre + offsets[k]);
    }
    nonbonded->addException(3 * m, 3 * m + 1, 0.0, 1.0, 0.0);
    nonbonded->addException(3 * m, 3 * m + 2, 0.0, 1.0, 0.0);
  }
  nonbonded->addException(2, 5, 0.12, 0.3, 0.3);
  nonbonded->addException(8, 14, -0.05, 0.28, 0.1);
  system.addForce(nonbonded);
  OpenMM::VerletIntegrator integrator(0.001);
  OpenMM::Context context(system, integrator, OpenMM::Platform::getPlatformByName(platformName));
  context.setPositions(positions);
  OpenMM::State state = context.getState(OpenMM::State::Energy | OpenMM::State::Forces);
  double alpha;
  int nx, ny, nz;
  nonbonded->getLJPMEParametersInContext(context, alpha, nx, ny, nz);
  std::printf("%s.ljpme.grid %d %d %d\n", tag.c_str(), nx, ny, nz);
  std::printf("%s.ljpme.alpha %.17g\n", tag.c_str(), alpha);
  nonbonded->getPMEParametersInContext(context, alpha, nx, ny, nz);
  std::printf("%s.pme.grid %d %d %d\n", tag.c_str(), nx, ny, nz);
  std::printf("%s.pme.alpha %.17g\n", tag.c_str(), alpha);
  std::printf("%s.energy %.17g\n", tag.c_str(), state.getPotentialEnergy());
  for (size_t i = 0; i < positions.size(); i++)
    for (int d = 0; d < 3; d++)
      std::printf("%s.force%zu.%d %.17g\n", tag.c_str(), i, d, state.getForces()[i][d]);
}

} // namespace

int main(int argc, char** argv) {
  std::string platform = argc > 1 ? argv[1] : "Reference";
  OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
  try {
    run(platform, "explicit", true);
    run(platform, "tolerance", false);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
