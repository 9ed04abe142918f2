// Test bodies for VariableLangevinIntegrator (equipartition, step size from the error tolerance, maximum step,
// stepTo), CompoundIntegrator (each member reproduces its stand-alone run on the shared Context) and
// NoseHooverIntegrator (conserved energy with the heat bath, temperatures of whole-system, subsystem and
// relative-pair thermostats), and the integrator state kept in checkpoints.
#pragma once

#include "TestIntegrators.h"

#include <sstream>

namespace OpenMMTests {

/** The RMS acceleration sqrt(sum |F/m|^2 / 3N) over the particles with mass, from a State. */
inline double rmsAcceleration(const System& system, const State& state) {
  double sum = 0.0;
  int count = 0;
  for (int i = 0; i < system.getNumParticles(); i++)
    if (system.getParticleMass(i) != 0.0) {
      Vec3 a = state.getForces()[i] / system.getParticleMass(i);
      sum += a.dot(a);
      count += 3;
    }
  return std::sqrt(sum / count);
}

/** Block-averaged mean of samples: returns the mean and sets the standard error. */
inline double blockMean(const std::vector<double>& samples, int blocks, double& standardError) {
  const size_t perBlock = samples.size() / blocks;
  std::vector<double> means(blocks, 0.0);
  for (int b = 0; b < blocks; b++)
    for (size_t s = 0; s < perBlock; s++)
      means[b] += samples[b * perBlock + s] / perBlock;
  double mean = 0.0, variance = 0.0;
  for (double m : means)
    mean += m / blocks;
  for (double m : means)
    variance += (m - mean) * (m - mean) / (blocks - 1);
  standardError = std::sqrt(variance / blocks);
  return mean;
}

inline void testVariableLangevin(Platform& platform) {
  {
    // Ideal-gas particles and stretched harmonic dimers at 300 K: mean kinetic energy 3/2 N kT (equipartition).
    System system;
    auto* bonds = new HarmonicBondForce();
    std::vector<Vec3> start;
    const int n = 64;
    for (int i = 0; i < n; i++) {
      system.addParticle(10.0 + i % 3);
      start.emplace_back(0.3 * (i % 4) + 0.02 * (i % 2), 0.3 * ((i / 4) % 4), 0.3 * (i / 16));
      if (i % 2 == 1)
        bonds->addBond(i - 1, i, 0.3, 1000.0);
    }
    system.addForce(bonds);
    VariableLangevinIntegrator integrator(300.0, 10.0, 1e-4);
    integrator.setRandomNumberSeed(1234);
    Context context(system, integrator, platform);
    context.setPositions(start);
    context.setVelocitiesToTemperature(300.0, 5);
    integrator.step(300);
    std::vector<double> kinetic;
    for (int s = 0; s < 1000; s++) {
      integrator.step(4);
      kinetic.push_back(context.getState(State::Energy).getKineticEnergy());
    }
    double error = 0.0;
    const double mean = blockMean(kinetic, 20, error), expected = 1.5 * n * kBoltz * 300.0;
    CPPUNIT_ASSERT_MESSAGE("VariableLangevinIntegrator: mean kinetic energy " + std::to_string(mean) +
                               ", expected " + std::to_string(expected) + " (standard error " +
                               std::to_string(error) + ")",
                           std::fabs(mean - expected) < 4.0 * error + 0.01 * expected);
    CPPUNIT_ASSERT_MESSAGE("VariableLangevinIntegrator: standard error too large", error < 0.03 * expected);
  }
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, false));
  for (double tol : {1e-4, 1e-6}) {
    VariableLangevinIntegrator integrator(300.0, 2.0, tol);
    integrator.setRandomNumberSeed(3);
    Context context(*system, integrator, platform);
    context.setPositions(positions);
    State start = context.getState(State::Forces);
    integrator.step(1);
    // The first step has no previous one to limit it: dt = sqrt(tol / e) exactly.
    assertClose(std::sqrt(tol / rmsAcceleration(*system, start)), integrator.getStepSize(), 1e-12,
                "first step from the error tolerance " + std::to_string(tol));
    assertClose(integrator.getStepSize(), context.getTime(), 1e-15, "time after one step");
    integrator.step(20);
    CPPUNIT_ASSERT(integrator.getStepSize() > 0.0);
    integrator.stepTo(context.getTime() + 0.0123);
    const double end = context.getTime();
    integrator.setMaximumStepSize(1e-5);
    integrator.step(3);
    assertClose(1e-5, integrator.getStepSize(), 1e-12, "maximum step size");
    assertClose(end + 3e-5, context.getTime(), 1e-12, "time after three maximal steps");
    assertClose(1e-5 / 2, integrator.getVelocityTimeOffset(), 1e-12, "velocity time offset");
  }
  assertThrowsWith([] { VariableLangevinIntegrator bad(300.0, 1.0, 0.0); }, "error tolerance must be positive",
                   "zero tolerance");
  assertThrowsWith([] { VariableLangevinIntegrator bad(300.0, -1.0, 1e-4); }, "friction",
                   "negative friction");
}

/** Positions of a run of `steps` steps of `integrator` on the mixed system from its start. */
inline std::vector<Vec3> runMixed(Platform& platform, Integrator& integrator, int steps) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, true));
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-8);
  integrator.step(steps);
  return context.getState(State::Positions).getPositions();
}

inline void testCompoundIntegrator(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, true));
  VerletIntegrator verlet(0.001);
  LangevinMiddleIntegrator langevin(300.0, 1.0, 0.002);
  langevin.setRandomNumberSeed(9);
  std::vector<Vec3> verletOnly = runMixed(platform, verlet, 30);

  CompoundIntegrator compound;
  CPPUNIT_ASSERT_EQUAL(0, compound.addIntegrator(new VerletIntegrator(0.001)));
  auto* member = new LangevinMiddleIntegrator(300.0, 1.0, 0.002);
  member->setRandomNumberSeed(9);
  CPPUNIT_ASSERT_EQUAL(1, compound.addIntegrator(member));
  CPPUNIT_ASSERT_EQUAL(2, compound.getNumIntegrators());
  assertClose(0.001, compound.getStepSize(), 0.0, "step size of the current integrator");
  Context context(*system, compound, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-8);
  compound.step(30);
  std::vector<Vec3> compoundVerlet = context.getState(State::Positions).getPositions();
  for (size_t i = 0; i < verletOnly.size(); i++)
    assertVecClose(verletOnly[i], compoundVerlet[i], 1e-12, "compound Verlet as Verlet alone");
  assertClose(0.03, context.getTime(), 1e-12, "time after the Verlet steps");

  // The Langevin member continues from there: as a stand-alone Langevin run started at the same state.
  std::vector<Vec3> velocities = context.getState(State::Velocities).getVelocities();
  compound.setCurrentIntegrator(1);
  CPPUNIT_ASSERT_EQUAL(1, compound.getCurrentIntegrator());
  assertClose(0.002, compound.getStepSize(), 0.0, "step size after switching");
  assertClose(0.002, context.getIntegrator().getStepSize(), 0.0, "Context's integrator is the compound one");
  compound.step(25);
  std::vector<Vec3> compoundLangevin = context.getState(State::Positions).getPositions();
  Context alone(*system, langevin, platform);
  alone.setPositions(compoundVerlet);
  alone.setVelocities(velocities);
  langevin.step(25);
  std::vector<Vec3> langevinOnly = alone.getState(State::Positions).getPositions();
  for (size_t i = 0; i < langevinOnly.size(); i++)
    assertVecClose(langevinOnly[i], compoundLangevin[i], 1e-12, "compound Langevin as Langevin alone");
  assertClose(0.08, context.getTime(), 1e-12, "time after both");

  compound.setStepSize(0.0015);
  assertClose(0.0015, member->getStepSize(), 0.0, "setStepSize reaches the current integrator");
  assertClose(0.001, compound.getIntegrator(0).getStepSize(), 0.0, "and no other");
  assertThrowsWith([&] { compound.setCurrentIntegrator(2); }, "out of range", "bad index");
  assertThrowsWith([&] { compound.addIntegrator(new VerletIntegrator(0.001)); }, "bound to a Context",
                   "adding while bound");
  CompoundIntegrator empty;
  assertThrowsWith([&] { Context bad(*system, empty, platform); }, "at least one integrator", "empty compound");
}

/** Total energy plus heat-bath energy of a NoseHooverIntegrator's Context. */
inline double conservedEnergy(Context& context, NoseHooverIntegrator& integrator) {
  State state = context.getState(State::Energy);
  return state.getPotentialEnergy() + state.getKineticEnergy() + integrator.computeHeatBathEnergy();
}

inline void testNoseHooverConservation(Platform& platform) {
  for (bool constrain : {false, true}) {
    std::vector<Vec3> positions;
    std::unique_ptr<System> system(createMixedSystem(positions, constrain));
    NoseHooverIntegrator integrator(500.0, 20.0, 0.0005);
    Context context(*system, integrator, platform);
    context.setPositions(positions);
    context.applyConstraints(1e-8);
    context.setVelocitiesToTemperature(100.0, 4);
    const std::string tag = constrain ? "constrained" : "flexible";
    const int dof = 3 * system->getNumParticles() - system->getNumConstraints();
    CPPUNIT_ASSERT_EQUAL(dof, integrator.getThermostat().getNumDegreesOfFreedom());
    const double start = conservedEnergy(context, integrator);
    const double total0 = context.getState(State::Energy).getKineticEnergy() +
                          context.getState(State::Energy).getPotentialEnergy();
    double worst = 0.0, kinetic = 0.0;
    for (int i = 0; i < 40; i++) {
      integrator.step(25);
      worst = std::max(worst, std::fabs(conservedEnergy(context, integrator) - start));
      kinetic += context.getState(State::Energy).getKineticEnergy() / 40;
    }
    State end = context.getState(State::Energy);
    const double heated = end.getKineticEnergy() + end.getPotentialEnergy() - total0;
    // The bath heats the system from 100 K towards 500 K: the total energy changes by much more than the
    // conserved quantity does.
    CPPUNIT_ASSERT_MESSAGE(tag + ": the thermostat did not heat the system", heated > 20.0);
    CPPUNIT_ASSERT_MESSAGE(tag + ": conserved energy moved by " + std::to_string(worst) + " while the total moved " +
                               std::to_string(heated),
                           worst < 2e-3 * heated);
    CPPUNIT_ASSERT(kinetic > 0.0);
  }
}

/** setMaximumPairDistance: a thermostated pair pulled apart fast stays within the distance (the hard wall),
 * where without it the same start goes far past it. */
/** Nose-Hoover and a CustomIntegrator's velocity Verlet keep the forces of a step's end for the next step: a
 * Force's parameters updated in the Context between steps must make them stale. A run that changes the bonds'
 * constants after 10 steps continues as a fresh Context with the changed System continues from the checkpoint of
 * those 10 steps. */
template <class MakeIntegrator>
void checkForcesRecomputedAfterUpdate(Platform& platform, MakeIntegrator make, const std::string& what) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, false));
  auto* bonds = dynamic_cast<HarmonicBondForce*>(&system->getForce(1));
  std::unique_ptr<Integrator> first = make(), second = make();
  Context context(*system, *first, platform);
  context.setPositions(positions);
  context.setVelocitiesToTemperature(300.0, 5);
  first->step(10);
  std::stringstream checkpoint(std::ios::in | std::ios::out | std::ios::binary);
  context.createCheckpoint(checkpoint);
  for (int b = 0; b < bonds->getNumBonds(); b++) {
    int p1, p2;
    double length, k;
    bonds->getBondParameters(b, p1, p2, length, k);
    bonds->setBondParameters(b, p1, p2, 1.2 * length, 0.2 * k);
  }
  bonds->updateParametersInContext(context);
  first->step(10);
  Context fresh(*system, *second, platform);
  fresh.loadCheckpoint(checkpoint);
  second->step(10);
  const State a = context.getState(State::Positions), b = fresh.getState(State::Positions);
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(b.getPositions()[i], a.getPositions()[i], 1e-9,
                   what + ": position of atom " + std::to_string(i) + " after the bonds changed");
}

inline void testNoseHooverParametersUpdated(Platform& platform) {
  checkForcesRecomputedAfterUpdate(
      platform, [] { return std::unique_ptr<Integrator>(new NoseHooverIntegrator(300.0, 20.0, 0.0005)); },
      "NoseHooverIntegrator");
  checkForcesRecomputedAfterUpdate(
      platform,
      [] {
        auto* verlet = new CustomIntegrator(0.0005);
        verlet->addComputePerDof("v", "v+0.5*dt*f/m");
        verlet->addComputePerDof("x", "x+dt*v");
        verlet->addComputePerDof("v", "v+0.5*dt*f/m");
        return std::unique_ptr<Integrator>(verlet);
      },
      "CustomIntegrator");
}

inline void testNoseHooverHardWall(Platform& platform) {
  auto run = [&](double limit) {
    System system;
    system.addParticle(10.0);
    system.addParticle(0.5);
    auto* bond = new HarmonicBondForce();
    bond->addBond(0, 1, 0.0, 10.0);
    system.addForce(bond);
    NoseHooverIntegrator integrator(0.001);
    integrator.addSubsystemThermostat({}, {{0, 1}}, 300.0, 10.0, 1.0, 20.0);
    integrator.setMaximumPairDistance(limit);
    Context context(system, integrator, platform);
    context.setPositions({Vec3(), Vec3(0.01, 0, 0)});
    context.setVelocities({Vec3(), Vec3(5.0, 0, 0)});
    double largest = 0.0;
    for (int step = 0; step < 20; step++) {
      integrator.step(1);
      std::vector<Vec3> x = context.getState(State::Positions).getPositions();
      Vec3 d = x[1] - x[0];
      largest = std::max(largest, std::sqrt(d.dot(d)));
    }
    return largest;
  };
  const double free = run(0.0), walled = run(0.02);
  CPPUNIT_ASSERT_MESSAGE("without the wall the pair reaches " + std::to_string(free), free > 0.03);
  CPPUNIT_ASSERT_MESSAGE("with the wall at 0.02 the pair reaches " + std::to_string(walled), walled <= 0.02 + 1e-12);
  CPPUNIT_ASSERT(walled > 0.015);
}

inline void testNoseHooverTemperatures(Platform& platform) {
  // Independent anharmonic oscillators (x^2 + x^4 wells), eight pairs bonded stiffly. Chain 0 holds the single
  // particles at 300 K; chain 1 holds the pairs' centres of mass at 200 K and their relative motion at 50 K.
  System system;
  auto* wells = new CustomExternalForce("100*(x^2+y^2+z^2) + 2000*(x^4+y^4+z^4)");
  auto* bonds = new HarmonicBondForce();
  std::vector<Vec3> positions;
  std::vector<int> singles;
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < 16; i++) {
    singles.push_back(system.addParticle(5.0 + i % 3));
    wells->addParticle(singles.back(), {});
    positions.emplace_back(0.05 * (i % 3), -0.03 * (i % 2), 0.02);
  }
  for (int i = 0; i < 8; i++) {
    int a = system.addParticle(10.0), b = system.addParticle(0.5);
    wells->addParticle(a, {});
    bonds->addBond(a, b, 0.0, 3000.0);
    pairs.emplace_back(a, b);
    positions.emplace_back(0.03 * i, 0.01, 0.0);
    positions.emplace_back(0.03 * i + 0.01, 0.0, 0.01);
  }
  system.addForce(wells);
  system.addForce(bonds);
  NoseHooverIntegrator integrator(0.001);
  integrator.addSubsystemThermostat(singles, {}, 300.0, 10.0, 300.0, 10.0);
  integrator.addSubsystemThermostat({}, pairs, 200.0, 10.0, 50.0, 20.0);
  CPPUNIT_ASSERT(integrator.hasSubsystemThermostats());
  CPPUNIT_ASSERT_EQUAL(2, integrator.getNumThermostats());
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.setVelocitiesToTemperature(150.0, 8);
  CPPUNIT_ASSERT_EQUAL(48, integrator.getThermostat(0).getNumDegreesOfFreedom());
  CPPUNIT_ASSERT_EQUAL(24, integrator.getThermostat(1).getNumDegreesOfFreedom());
  integrator.step(3000);
  std::vector<double> single, com, relative;
  for (int s = 0; s < 4000; s++) {
    integrator.step(5);
    std::vector<Vec3> v = context.getState(State::Velocities).getVelocities();
    double k = 0.0;
    for (int p : singles)
      k += 0.5 * system.getParticleMass(p) * v[p].dot(v[p]);
    single.push_back(k);
    double kc = 0.0, kr = 0.0;
    for (const auto& pair : pairs) {
      double m1 = system.getParticleMass(pair.first), m2 = system.getParticleMass(pair.second);
      Vec3 c = (v[pair.first] * m1 + v[pair.second] * m2) / (m1 + m2), r = v[pair.second] - v[pair.first];
      kc += 0.5 * (m1 + m2) * c.dot(c);
      kr += 0.5 * m1 * m2 / (m1 + m2) * r.dot(r);
    }
    com.push_back(kc);
    relative.push_back(kr);
  }
  const struct {
    const std::vector<double>& samples;
    double expected;
    const char* what;
  } checks[] = {{single, 1.5 * 16 * kBoltz * 300.0, "single particles at 300 K"},
                {com, 1.5 * 8 * kBoltz * 200.0, "pair centres of mass at 200 K"},
                {relative, 1.5 * 8 * kBoltz * 50.0, "pair relative motion at 50 K"}};
  for (const auto& check : checks) {
    double error = 0.0;
    double mean = blockMean(check.samples, 20, error);
    CPPUNIT_ASSERT_MESSAGE(std::string(check.what) + ": mean kinetic energy " + std::to_string(mean) +
                               ", expected " + std::to_string(check.expected) + " (standard error " +
                               std::to_string(error) + ")",
                           std::fabs(mean - check.expected) < 4.0 * error + 0.02 * check.expected);
    CPPUNIT_ASSERT_MESSAGE(std::string(check.what) + ": standard error too large", error < 0.05 * check.expected);
  }
  assertThrowsWith([&] { integrator.getTemperature(2); }, "no thermostat with index 2", "bad chain index");
  NoseHooverIntegrator overlapping(0.001);
  overlapping.addSubsystemThermostat({0, 1}, {}, 300.0, 10.0, 300.0, 10.0);
  overlapping.addSubsystemThermostat({1, 2}, {}, 300.0, 10.0, 300.0, 10.0);
  assertThrowsWith([&] { Context bad(system, overlapping, platform); }, "more than one thermostat",
                   "particle in two thermostats");
  assertThrowsWith([] { NoseHooverIntegrator bad(300.0, 10.0, 0.001, 3, 3, 4); }, "Yoshida-Suzuki",
                   "bad Yoshida-Suzuki order");
}

/** Positions after `steps` more steps, then the Context is returned to the checkpoint and the same run repeated. */
template <class IntegratorType> void checkIntegratorCheckpoint(Platform& platform, IntegratorType& first,
                                                               IntegratorType& second, const std::string& what) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, true));
  Context context(*system, first, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-8);
  context.setVelocitiesToTemperature(300.0, 2);
  first.step(40);
  std::stringstream checkpoint(std::ios::in | std::ios::out | std::ios::binary);
  context.createCheckpoint(checkpoint);
  const double stepSize = first.getStepSize();
  first.step(30);
  State expected = context.getState(State::Positions | State::Velocities);
  // A fresh Context with a fresh integrator of the same kind continues exactly from the checkpoint.
  Context restored(*system, second, platform);
  restored.loadCheckpoint(checkpoint);
  assertClose(stepSize, second.getStepSize(), 0.0, what + ": step size restored");
  second.step(30);
  State found = restored.getState(State::Positions | State::Velocities);
  for (size_t i = 0; i < positions.size(); i++) {
    // Round-off only: a multithreaded platform may sum forces in another order after the restart.
    assertVecClose(expected.getPositions()[i], found.getPositions()[i], 1e-10, what + ": position after the restart");
    assertVecClose(expected.getVelocities()[i], found.getVelocities()[i], 1e-8, what + ": velocity after the restart");
  }
}

inline void testIntegratorCheckpoints(Platform& platform) {
  {
    NoseHooverIntegrator a(300.0, 50.0, 0.001), b(300.0, 50.0, 0.001);
    checkIntegratorCheckpoint(platform, a, b, "NoseHooverIntegrator");
  }
  {
    VariableLangevinIntegrator a(300.0, 5.0, 1e-5), b(300.0, 5.0, 1e-5);
    checkIntegratorCheckpoint(platform, a, b, "VariableLangevinIntegrator");
  }
  {
    VariableVerletIntegrator a(1e-5), b(1e-5);
    checkIntegratorCheckpoint(platform, a, b, "VariableVerletIntegrator");
  }
  {
    CompoundIntegrator a, b;
    for (CompoundIntegrator* c : {&a, &b}) {
      c->addIntegrator(new VerletIntegrator(0.001));
      c->addIntegrator(new NoseHooverIntegrator(300.0, 50.0, 0.0007));
    }
    a.setCurrentIntegrator(1);
    checkIntegratorCheckpoint(platform, a, b, "CompoundIntegrator");
    CPPUNIT_ASSERT_EQUAL(1, b.getCurrentIntegrator());
  }
}

} // namespace OpenMMTests
