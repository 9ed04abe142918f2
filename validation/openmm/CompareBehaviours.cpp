// Cross-implementation check of OpenMM behaviours (builds against any OpenMM API): 150 charged three-site
// molecules (harmonic bonds and an angle each, NonbondedForce CutoffPeriodic with reaction field and exceptions
// from the bonds), Verlet at 0.5 fs started with setVelocitiesToTemperature(0), 20 steps; the minimizer on the
// integration force groups; the kinetic energy of a force-group query; the order of createExceptionsFromBonds;
// LangevinMiddleIntegrator without friction (deterministic) on rigid molecules, 20 steps of 2 fs.
#include "OpenMM.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

using OpenMM::Vec3;

namespace {

void printScalar(const char* name, double value) { std::printf("%s %.17g\n", name, value); }

void waterBox(const std::string& platformName, int method = 2) {
  OpenMM::System system;
  const double box = 2.0;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new OpenMM::NonbondedForce();
  auto* bonds = new OpenMM::HarmonicBondForce();
  auto* angles = new OpenMM::HarmonicAngleForce();
  nonbonded->setNonbondedMethod(static_cast<OpenMM::NonbondedForce::NonbondedMethod>(method));
  nonbonded->setCutoffDistance(0.9);
  nonbonded->setEwaldErrorTolerance(5e-4);
  const std::string tag = method == 2 ? "water" : method == 3 ? "ewald" : "pme";
  std::vector<Vec3> positions;
  std::vector<std::pair<int, int>> bonded;
  const double theta = 104.52 * M_PI / 180.0;
  for (int m = 0; m < 150; m++) {
    int i = m % 6, j = (m / 6) % 5, k = m / 30;
    Vec3 o((i + 0.5) * box / 6 + 0.02 * std::sin(m), (j + 0.5) * box / 5, (k + 0.5) * box / 5 + 0.02 * std::cos(m));
    int a = system.addParticle(15.999), b = system.addParticle(1.008), c = system.addParticle(1.008);
    nonbonded->addParticle(-0.834, 0.315, 0.636);
    nonbonded->addParticle(0.417, 0.1, 0.0);
    nonbonded->addParticle(0.417, 0.1, 0.0);
    positions.push_back(o);
    positions.push_back(o + Vec3(0.0957, 0, 0));
    positions.push_back(o + Vec3(0.0957 * std::cos(theta), 0.0957 * std::sin(theta), 0.01));
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
  OpenMM::Context context(system, integrator, OpenMM::Platform::getPlatformByName(platformName));
  context.setPositions(positions);
  context.setVelocitiesToTemperature(0);
  OpenMM::State start = context.getState(OpenMM::State::Energy | OpenMM::State::Velocities |
                                         OpenMM::State::Forces);
  if (method != 2) {
    if (method == 4) {
      double alpha;
      int nx, ny, nz;
      nonbonded->getPMEParametersInContext(context, alpha, nx, ny, nz);
      std::printf("pme.grid %d %d %d\n", nx, ny, nz);
      printScalar("pme.alpha", alpha);
    }
    printScalar((tag + ".start.potential").c_str(), start.getPotentialEnergy());
    printScalar((tag + ".start.f7x").c_str(), start.getForces()[7][0]);
    integrator.step(20);
    OpenMM::State end = context.getState(OpenMM::State::Energy);
    printScalar((tag + ".steps20.total").c_str(), end.getPotentialEnergy() + end.getKineticEnergy());
    return;
  }
  printScalar("water.start.potential", start.getPotentialEnergy());
  printScalar("water.start.kinetic", start.getKineticEnergy());
  printScalar("water.start.v1x", start.getVelocities()[1][0]);
  integrator.step(20);
  OpenMM::State end = context.getState(OpenMM::State::Energy | OpenMM::State::Velocities);
  printScalar("water.steps20.potential", end.getPotentialEnergy());
  printScalar("water.steps20.kinetic", end.getKineticEnergy());
  printScalar("water.steps20.total", end.getPotentialEnergy() + end.getKineticEnergy());
  printScalar("water.steps20.v1x", end.getVelocities()[1][0]);
  // Kinetic energy of a force-group query (the bonds are in group 0 with everything else; angles alone in 1).
  printScalar("water.exceptions", nonbonded->getNumExceptions());
  for (int e : {0, 1, 2, 100, 299}) {
    int p1, p2;
    double q, s, eps;
    nonbonded->getExceptionParameters(e, p1, p2, q, s, eps);
    std::printf("water.exception%d %d %d\n", e, p1, p2);
  }
}

void minimizerGroups(const std::string& platformName) {
  OpenMM::System system;
  system.addParticle(2.0);
  system.addParticle(3.0);
  auto* bond0 = new OpenMM::HarmonicBondForce();
  bond0->addBond(0, 1, 2.0, 100.0);
  auto* bond1 = new OpenMM::HarmonicBondForce();
  bond1->addBond(0, 1, 3.0, 1000.0);
  bond1->setForceGroup(1);
  system.addForce(bond0);
  system.addForce(bond1);
  OpenMM::VerletIntegrator integrator(0.002);
  integrator.setIntegrationForceGroups(1);
  OpenMM::Context context(system, integrator, OpenMM::Platform::getPlatformByName(platformName));
  context.setPositions({Vec3(0, 0, 0), Vec3(2.5, 0, 0)});
  context.setVelocities({Vec3(0.1, 0, 0), Vec3(0, 0, 0)});
  printScalar("groups.kinetic.group0", context.getState(OpenMM::State::Energy, false, 1).getKineticEnergy());
  printScalar("groups.kinetic.group1", context.getState(OpenMM::State::Energy, false, 2).getKineticEnergy());
  OpenMM::LocalEnergyMinimizer::minimize(context, 1e-6);
  OpenMM::State state = context.getState(OpenMM::State::Positions);
  Vec3 d = state.getPositions()[1] - state.getPositions()[0];
  printScalar("groups.minimized.distance", std::sqrt(d.dot(d)));
}

void langevinMiddleRigid(const std::string& platformName) {
  OpenMM::System system;
  auto* nonbonded = new OpenMM::NonbondedForce();
  std::vector<Vec3> positions, velocities;
  for (int m = 0; m < 20; m++) {
    const Vec3 centre(0.5 * (m % 3), 0.5 * ((m / 3) % 3), 0.5 * (m / 9));
    const int first = system.getNumParticles();
    const double phi = 0.7 * m, tilt = 0.3 * m, c = std::cos(phi), s = std::sin(phi);
    const Vec3 u(c, s, 0.0), p(std::cos(phi + 1.911), std::sin(phi + 1.911), 0.0);
    positions.push_back(centre);
    positions.push_back(centre + u * 0.1);
    positions.push_back(centre + (p * std::cos(tilt) + u.cross(p) * std::sin(tilt) + u * (u.dot(p) * (1 - std::cos(tilt)))) * 0.1);
    const double masses[3] = {16.0, 1.0, 1.0}, charges[3] = {-0.8, 0.4, 0.4};
    for (int k = 0; k < 3; k++) {
      system.addParticle(masses[k]);
      nonbonded->addParticle(charges[k], k == 0 ? 0.315 : 1.0, k == 0 ? 0.64 : 0.0);
    }
    const Vec3 hh = positions[first + 2] - positions[first + 1];
    system.addConstraint(first, first + 1, 0.1);
    system.addConstraint(first, first + 2, 0.1);
    system.addConstraint(first + 1, first + 2, std::sqrt(hh.dot(hh)));
    for (int a = 0; a < 3; a++)
      for (int b = a + 1; b < 3; b++) nonbonded->addException(first + a, first + b, 0.0, 1.0, 0.0);
    const Vec3 omega(3.0 + m % 4, -2.0 * s, 8.0 * c), drift(0.2 * s, -0.3, 0.1 * c);
    for (int k = 0; k < 3; k++) velocities.push_back(drift + omega.cross(positions[first + k] - centre));
  }
  system.addForce(nonbonded);
  OpenMM::LangevinMiddleIntegrator integrator(300.0, 0.0, 0.002);
  integrator.setConstraintTolerance(1e-10);
  OpenMM::Context context(system, integrator, OpenMM::Platform::getPlatformByName(platformName));
  context.setPositions(positions);
  context.setVelocities(velocities);
  integrator.step(20);
  OpenMM::State state = context.getState(OpenMM::State::Positions | OpenMM::State::Velocities | OpenMM::State::Energy);
  printScalar("langevinMiddle.kinetic", state.getKineticEnergy());
  printScalar("langevinMiddle.potential", state.getPotentialEnergy());
  const char* axes[3] = {"x", "y", "z"};
  for (int i : {1, 29, 58})
    for (int k = 0; k < 3; k++) {
      printScalar(("langevinMiddle.position" + std::to_string(i) + axes[k]).c_str(), state.getPositions()[i][k]);
      printScalar(("langevinMiddle.velocity" + std::to_string(i) + axes[k]).c_str(), state.getVelocities()[i][k]);
    }
}

} // namespace

int main(int argc, char** argv) {
  std::string platform = argc > 1 ? argv[1] : "Reference";
  OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
  try {
    waterBox(platform);
    waterBox(platform, 3);
    waterBox(platform, 4);
    minimizerGroups(platform);
    langevinMiddleRigid(platform);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
