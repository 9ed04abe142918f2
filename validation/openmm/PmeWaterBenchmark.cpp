// Benchmark program (builds against any OpenMM API): a box of water-like molecules (three sites, TIP3P-like
// charges and LJ, harmonic bonds and angle), NonbondedForce PME at error tolerance 1e-4 with a 0.9 nm cutoff,
// Verlet at 1 fs on the CPU platform with the given thread count. Prints the time per step.
//   usage: PmeWaterBenchmark <molecules> <threads> <steps>
#include "OpenMM.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using OpenMM::Vec3;

int main(int argc, char** argv) {
  const int molecules = argc > 1 ? std::atoi(argv[1]) : 20000;
  const std::string threads = argc > 2 ? argv[2] : "1";
  const int steps = argc > 3 ? std::atoi(argv[3]) : 20;
  OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
  const int side = static_cast<int>(std::ceil(std::cbrt(static_cast<double>(molecules))));
  const double spacing = 0.3107; // liquid water density
  const double box = side * spacing;
  OpenMM::System system;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new OpenMM::NonbondedForce();
  auto* bonds = new OpenMM::HarmonicBondForce();
  auto* angles = new OpenMM::HarmonicAngleForce();
  nonbonded->setNonbondedMethod(OpenMM::NonbondedForce::PME);
  nonbonded->setCutoffDistance(0.9);
  nonbonded->setEwaldErrorTolerance(1e-4);
  std::vector<Vec3> positions;
  std::vector<std::pair<int, int>> bonded;
  const double theta = 104.52 * M_PI / 180.0;
  for (int m = 0; m < molecules; m++) {
    Vec3 o((m % side + 0.3) * spacing, ((m / side) % side + 0.3) * spacing, (m / (side * side) + 0.3) * spacing);
    int a = system.addParticle(15.999), b = system.addParticle(1.008), c = system.addParticle(1.008);
    nonbonded->addParticle(-0.834, 0.315, 0.636);
    nonbonded->addParticle(0.417, 1.0, 0.0);
    nonbonded->addParticle(0.417, 1.0, 0.0);
    positions.push_back(o);
    positions.push_back(o + Vec3(0.09572, 0, 0));
    positions.push_back(o + Vec3(0.09572 * std::cos(theta), 0.09572 * std::sin(theta), 0));
    bonds->addBond(a, b, 0.09572, 462750.4);
    bonds->addBond(a, c, 0.09572, 462750.4);
    angles->addAngle(b, a, c, theta, 836.8);
    bonded.emplace_back(a, b);
    bonded.emplace_back(a, c);
  }
  nonbonded->createExceptionsFromBonds(bonded, 0.8333, 0.5);
  system.addForce(nonbonded);
  system.addForce(bonds);
  system.addForce(angles);
  OpenMM::VerletIntegrator integrator(0.0005);
  OpenMM::Platform& platform = OpenMM::Platform::getPlatformByName("CPU");
  std::map<std::string, std::string> properties = {{"Threads", threads}};
  OpenMM::Context context(system, integrator, platform, properties);
  context.setPositions(positions);
  context.setVelocitiesToTemperature(300.0, 1);
  integrator.step(2);
  auto start = std::chrono::steady_clock::now();
  integrator.step(steps);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  OpenMM::State state = context.getState(OpenMM::State::Energy);
  std::printf("molecules %d threads %s: %.4f s/step (potential %.6g kJ/mol)\n", molecules, threads.c_str(),
              seconds / steps, state.getPotentialEnergy());
  return 0;
}
