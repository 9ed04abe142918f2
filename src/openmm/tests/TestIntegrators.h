// Test bodies for the integrators: Verlet against the analytic harmonic oscillator, energy conservation,
// Langevin temperatures within their statistical error, reproducible seeds, thermostat and CM motion removal.
#pragma once

#include "TestUtilities.h"

#include <memory>

namespace OpenMMTests {

const double kBoltz = 0.00831446261815324;

inline void testVerletHarmonicOscillator(Platform& platform) {
  // Particle 0 is massless (fixed); particle 1 (mass 2) oscillates on a bond of k = 1, r0 = 1.
  System system;
  system.addParticle(0.0);
  system.addParticle(2.0);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 1.0, 1.0);
  system.addForce(bonds);
  const double dt = 0.001, omega = std::sqrt(1.0 / 2.0), amplitude = 0.2;
  VerletIntegrator integrator(dt);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(1.0 + amplitude, 0, 0)});
  for (int i = 0; i < 20; i++) {
    State state = context.getState(State::Positions | State::Velocities | State::Energy);
    double t = state.getTime();
    assertClose(i * 500 * dt, t, 1e-9, "time");
    assertClose(t, context.getTime(), 0.0, "Context::getTime");
    assertClose(1.0 + amplitude * std::cos(omega * t), state.getPositions()[1][0], 2e-4, "oscillator position");
    assertVecClose(Vec3(), state.getPositions()[0], 0.0, "massless particle stays fixed");
    double energy = state.getPotentialEnergy() + state.getKineticEnergy();
    assertClose(0.5 * amplitude * amplitude, energy, 1e-5, "oscillator energy");
    integrator.step(500);
  }
  CPPUNIT_ASSERT_EQUAL(19LL * 500 + 500, context.getStepCount());
}

/** A small LJ + charged-bond system: total energy fluctuates little and does not drift. */
inline System* createMixedSystem(std::vector<Vec3>& positions, bool constrain) {
  auto* system = new System();
  const double box = 2.2;
  system->setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  auto* bonds = new HarmonicBondForce();
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.0);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(0.8);
  std::vector<std::pair<int, int>> bonded;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 2; k++) {
        int a = system->addParticle(16.0);
        int b = system->addParticle(1.0 + 15.0 * k);
        Vec3 centre(0.55 * i + 0.1, 0.55 * j + 0.2, 1.1 * k + 0.3 + 0.05 * i);
        positions.push_back(centre);
        positions.push_back(centre + Vec3(0.1, 0.02 * j, 0.01 * i));
        nonbonded->addParticle(0.3, 0.3, 0.8);
        nonbonded->addParticle(-0.3, 0.25, 0.5);
        if (constrain)
          system->addConstraint(a, b, 0.1);
        else
          bonds->addBond(a, b, 0.1, 5e4);
        bonded.emplace_back(a, b);
      }
  nonbonded->createExceptionsFromBonds(bonded, 0.0, 0.0);
  system->addForce(nonbonded);
  system->addForce(bonds);
  return system;
}

inline void testVerletEnergyConservation(Platform& platform) {
  for (bool constrain : {false, true}) {
    std::vector<Vec3> positions;
    std::unique_ptr<System> system(createMixedSystem(positions, constrain));
    VerletIntegrator integrator(0.001);
    Context context(*system, integrator, platform);
    context.setPositions(positions);
    context.applyConstraints(1e-8);
    context.setVelocitiesToTemperature(300.0, 17);
    integrator.step(50);
    std::vector<double> energies;
    double kinetic = 0.0;
    for (int i = 0; i < 100; i++) {
      State state = context.getState(State::Energy);
      energies.push_back(state.getPotentialEnergy() + state.getKineticEnergy());
      kinetic += state.getKineticEnergy() / 100;
      integrator.step(10);
    }
    double mean = 0.0, variance = 0.0;
    for (double e : energies)
      mean += e / energies.size();
    for (double e : energies)
      variance += (e - mean) * (e - mean) / energies.size();
    std::string tag = constrain ? "constrained" : "flexible";
    CPPUNIT_ASSERT_MESSAGE(tag + ": system is not moving", kinetic > 1.0);
    // Fluctuation and drift of the total energy small compared with the kinetic energy.
    CPPUNIT_ASSERT_MESSAGE(tag + ": total energy fluctuates " + std::to_string(std::sqrt(variance)),
                           std::sqrt(variance) < 2e-3 * kinetic);
    CPPUNIT_ASSERT_MESSAGE(tag + ": total energy drifts",
                           std::fabs(energies.back() - energies.front()) < 5e-3 * kinetic);
  }
}

/**
 * Ideal-gas particles plus harmonic dimers at 300 K: the mean kinetic energy must equal 3/2 N kT within four
 * standard errors, estimated from block averages.
 */
template <class IntegratorType> void checkLangevinTemperature(Platform& platform, const std::string& name) {
  System system;
  auto* bonds = new HarmonicBondForce();
  std::vector<Vec3> positions;
  const int n = 64;
  for (int i = 0; i < n; i++) {
    system.addParticle(10.0 + i % 3);
    positions.emplace_back(0.3 * (i % 4), 0.3 * ((i / 4) % 4), 0.3 * (i / 16));
    if (i % 2 == 1)
      bonds->addBond(i - 1, i, 0.3, 1000.0);
  }
  system.addForce(bonds);
  const double temperature = 300.0;
  IntegratorType integrator(temperature, 10.0, 0.002);
  integrator.setRandomNumberSeed(1234);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.setVelocitiesToTemperature(temperature, 5);
  integrator.step(500);
  const int blocks = 20, samplesPerBlock = 50;
  std::vector<double> blockMeans;
  for (int b = 0; b < blocks; b++) {
    double sum = 0.0;
    for (int s = 0; s < samplesPerBlock; s++) {
      integrator.step(4);
      sum += context.getState(State::Energy).getKineticEnergy();
    }
    blockMeans.push_back(sum / samplesPerBlock);
  }
  double mean = 0.0, variance = 0.0;
  for (double m : blockMeans)
    mean += m / blocks;
  for (double m : blockMeans)
    variance += (m - mean) * (m - mean) / (blocks - 1);
  double standardError = std::sqrt(variance / blocks);
  double expected = 1.5 * n * kBoltz * temperature;
  CPPUNIT_ASSERT_MESSAGE(name + ": mean kinetic energy " + std::to_string(mean) + " vs expected " +
                             std::to_string(expected) + " (standard error " + std::to_string(standardError) + ")",
                         std::fabs(mean - expected) < 4.0 * standardError + 0.01 * expected);
  CPPUNIT_ASSERT_MESSAGE(name + ": standard error too large to be meaningful", standardError < 0.03 * expected);
}

inline void testLangevinTemperature(Platform& platform) {
  checkLangevinTemperature<LangevinIntegrator>(platform, "LangevinIntegrator");
}

inline void testLangevinMiddleTemperature(Platform& platform) {
  checkLangevinTemperature<LangevinMiddleIntegrator>(platform, "LangevinMiddleIntegrator");
}

/** LangevinMiddleIntegrator without friction is deterministic, and OpenMM defines its velocities after a step as the
 * kicked, constrained velocity plus the constraints' displacement over dt: with no friction, the displacement of the
 * step over dt. Twenty rigid three-site molecules (three distance constraints each) and a constrained pair, spinning
 * at about 10 per ps, so that velocities made tangent to the constraints again at the new positions would differ
 * from the chord by about 1 %. */
inline void testLangevinMiddleVelocityIsDisplacement(Platform& platform) {
  System system;
  std::vector<Vec3> positions, velocities;
  for (int m = 0; m < 20; m++) {
    const Vec3 centre(0.5 * (m % 3), 0.5 * ((m / 3) % 3), 0.5 * (m / 9));
    const int first = system.getNumParticles();
    system.addParticle(16.0);
    system.addParticle(1.0);
    system.addParticle(1.0);
    // Water-like: both O-H 0.1 nm at 109.5 degrees, the molecule's plane turned from one molecule to the next.
    const double phi = 0.7 * m, tilt = 0.3 * m, c = std::cos(phi), s = std::sin(phi);
    positions.push_back(centre);
    positions.push_back(centre + Vec3(0.1 * c, 0.1 * s, 0.0));
    // The second O-H in the plane, turned about the first by `tilt` (Rodrigues' formula keeps the angle).
    const Vec3 u(c, s, 0.0), p(std::cos(phi + 1.911), std::sin(phi + 1.911), 0.0);
    const Vec3 turned = p * std::cos(tilt) + u.cross(p) * std::sin(tilt) + u * (u.dot(p) * (1 - std::cos(tilt)));
    positions.push_back(centre + turned * 0.1);
    const Vec3 hh = positions[first + 2] - positions[first + 1];
    system.addConstraint(first, first + 1, 0.1);
    system.addConstraint(first, first + 2, 0.1);
    system.addConstraint(first + 1, first + 2, std::sqrt(hh.dot(hh)));
    // Spin about an axis through the first atom, plus a drift.
    const Vec3 omega(3.0 + m % 4, -2.0 * s, 8.0 * c), drift(0.2 * s, -0.3, 0.1 * c);
    for (int k = 0; k < 3; k++) velocities.push_back(drift + omega.cross(positions[first + k] - centre));
  }
  const int a = system.getNumParticles();
  system.addParticle(12.0);
  system.addParticle(12.0);
  system.addConstraint(a, a + 1, 0.15);
  positions.emplace_back(2.0, 2.0, 2.0);
  positions.emplace_back(2.15, 2.0, 2.0);
  velocities.emplace_back(0.0, 1.5, 0.0);
  velocities.emplace_back(0.0, -1.5, 0.3);
  const double dt = 0.002;
  LangevinMiddleIntegrator integrator(300.0, 0.0, dt);
  integrator.setConstraintTolerance(1e-8);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.setVelocities(velocities);
  context.applyConstraints(1e-8);
  context.applyVelocityConstraints(1e-8);
  for (int step = 0; step < 5; step++) {
    const std::vector<Vec3> before = context.getState(State::Positions).getPositions();
    integrator.step(1);
    State after = context.getState(State::Positions | State::Velocities);
    for (int i = 0; i < system.getNumParticles(); i++) {
      const Vec3 chord = (after.getPositions()[i] - before[i]) * (1.0 / dt);
      assertVecClose(chord, after.getVelocities()[i], 1e-4,
                     "velocity after step " + std::to_string(step) + " of particle " + std::to_string(i));
    }
  }
}

inline void testLangevinSeedReproducible(Platform& platform) {
  std::vector<Vec3> finalPositions[3];
  for (int run = 0; run < 3; run++) {
    std::vector<Vec3> positions;
    std::unique_ptr<System> system(createMixedSystem(positions, true));
    LangevinMiddleIntegrator integrator(300.0, 1.0, 0.002);
    integrator.setRandomNumberSeed(run < 2 ? 42 : 43);
    Context context(*system, integrator, platform);
    context.setPositions(positions);
    context.applyConstraints(1e-8);
    integrator.step(20);
    finalPositions[run] = context.getState(State::Positions).getPositions();
  }
  for (size_t i = 0; i < finalPositions[0].size(); i++)
    assertVecClose(finalPositions[0][i], finalPositions[1][i], 0.0, "same seed, same trajectory");
  double difference = 0.0;
  for (size_t i = 0; i < finalPositions[0].size(); i++) {
    Vec3 d = finalPositions[0][i] - finalPositions[2][i];
    difference += d.dot(d);
  }
  CPPUNIT_ASSERT_MESSAGE("different seeds give different trajectories", difference > 0.0);
}

inline void testAndersenThermostat(Platform& platform) {
  System system;
  const int n = 100;
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++) {
    system.addParticle(20.0);
    positions.emplace_back(0.5 * (i % 5), 0.5 * ((i / 5) % 5), 0.5 * (i / 25));
  }
  auto* thermostat = new AndersenThermostat(200.0, 20.0);
  thermostat->setRandomNumberSeed(3);
  system.addForce(thermostat);
  VerletIntegrator integrator(0.005);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  assertClose(200.0, context.getParameter(AndersenThermostat::Temperature()), 0.0, "temperature parameter");
  context.setParameter(AndersenThermostat::Temperature(), 400.0);
  integrator.step(200);
  double mean = 0.0;
  const int samples = 400;
  for (int i = 0; i < samples; i++) {
    integrator.step(5);
    mean += context.getState(State::Energy).getKineticEnergy() / samples;
  }
  double expected = 1.5 * n * kBoltz * 400.0;
  // Samples 25 collision times apart; standard error of the mean ~ expected * sqrt(2/(3n)/samples*5).
  assertClose(expected, mean, 0.03, "Andersen kinetic energy");
}

inline void testCMMotionRemover(Platform& platform) {
  // A few particles, and more than a GPU platform's momentum sum has work-items (each strides over several). With
  // no force the integrator alone reads the velocities after the removal; with a force the evaluation comes first
  // (the GPU platforms correct the velocities in the evaluation's first launch).
  for (const int n : {10, 9000})
  for (const bool withForce : {false, true}) {
    System system;
    std::vector<Vec3> positions, velocities;
    double totalMass = 0.0;
    for (int i = 0; i < n; i++) {
      system.addParticle(1.0 + i % 10);
      totalMass += 1.0 + i % 10;
      positions.emplace_back(0.4 * (i % 10), 0.1 * (i / 10 % 100), 0.3 * (i / 1000));
      velocities.emplace_back(1.0, -0.5 * (i % 10), 0.2 + 0.001 * (i % 37));
    }
    system.addForce(new CMMotionRemover(1));
    if (withForce) {
      // Internal forces only: the momentum stays zero after the removal.
      auto* bonds = new HarmonicBondForce();
      for (int i = 0; i + 1 < n; i += 2) bonds->addBond(i, i + 1, 0.35, 100.0);
      system.addForce(bonds);
    }
    VerletIntegrator integrator(0.001);
    Context context(system, integrator, platform);
    context.setPositions(positions);
    context.setVelocities(velocities);
    integrator.step(withForce ? 3 : 1);
    State state = context.getState(State::Velocities);
    Vec3 momentum;
    for (int i = 0; i < n; i++)
      momentum += state.getVelocities()[i] * system.getParticleMass(i);
    assertVecClose(Vec3(), momentum * (1.0 / totalMass), 1e-10,
                   std::string("velocity of the centre of mass after CMMotionRemover") + (withForce ? ", with a force" : ""));
  }
}

inline void testVelocitiesToTemperature(Platform& platform) {
  System system;
  const int n = 3000;
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++) {
    system.addParticle(1.0 + i % 7);
    positions.emplace_back(0.1 * (i % 30), 0.1 * ((i / 30) % 10), 0.1 * (i / 300));
  }
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.setVelocitiesToTemperature(250.0, 11);
  double expected = 1.5 * n * kBoltz * 250.0;
  // Relative standard deviation sqrt(2/(3n)) = 1.5 %.
  assertClose(expected, context.getState(State::Energy).getKineticEnergy(), 0.06, "Maxwell kinetic energy");
}

} // namespace OpenMMTests

namespace OpenMMTests {

inline void testMonteCarloBarostatIdealGas(Platform& platform) {
  // N non-interacting particles: p(V) ~ V^N exp(-PV/kT), so <V> = (N+1) kT / P.
  const int n = 20;
  const double temperature = 300.0, volume = 10.0;
  const double kT = kBoltz * temperature, pressure = (n + 1) * kT / volume; // kJ/mol/nm^3
  const double bar = pressure / (6.02214076e23 * 1e-25);
  System system;
  const double box = std::cbrt(volume);
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++) {
    system.addParticle(1.0);
    positions.emplace_back(0.1 * i, 0.05 * i, 0.02 * i);
  }
  auto* periodic = new HarmonicBondForce(); // no bonds: makes the System periodic
  periodic->setUsesPeriodicBoundaryConditions(true);
  system.addForce(periodic);
  auto* barostat = new MonteCarloBarostat(bar, temperature, 1);
  barostat->setRandomNumberSeed(7);
  system.addForce(barostat);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  assertClose(bar, context.getParameter(MonteCarloBarostat::Pressure()), 0.0, "pressure parameter");
  integrator.step(500);
  double mean = 0.0;
  const int samples = 3000;
  for (int i = 0; i < samples; i++) {
    integrator.step(5);
    Vec3 a, b, c;
    context.getState(0).getPeriodicBoxVectors(a, b, c);
    mean += a[0] * b[1] * c[2] / samples;
  }
  // Relative standard deviation of V is 1/sqrt(N+1) = 22 %; about 1000 independent samples.
  assertClose(volume, mean, 0.04, "ideal-gas mean volume");
  System open;
  open.addParticle(1.0);
  open.addForce(new MonteCarloBarostat(1.0, 300.0));
  VerletIntegrator other(0.001);
  assertThrowsWith([&] { Context c(open, other, platform); }, "non-periodic", "barostat without periodic forces");
}

} // namespace OpenMMTests

namespace OpenMMTests {

inline void testBrownianHarmonicWell(Platform& platform) {
  // Independent particles in a 3D harmonic well: <E_pot> = 3/2 N kT.
  const int n = 50;
  const double temperature = 300.0, k = 1000.0;
  System system;
  auto* well = new CustomExternalForce("0.5*k*(x^2+y^2+z^2)");
  well->addGlobalParameter("k", k);
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++) {
    system.addParticle(10.0);
    well->addParticle(i);
    positions.emplace_back(0.01 * (i % 5), 0.0, -0.01 * (i % 3));
  }
  system.addForce(well);
  BrownianIntegrator integrator(temperature, 10.0, 0.002);
  integrator.setRandomNumberSeed(17);
  CPPUNIT_ASSERT_EQUAL(0.0, integrator.getVelocityTimeOffset());
  Context context(system, integrator, platform);
  context.setPositions(positions);
  integrator.step(200);
  double mean = 0.0;
  const int samples = 400;
  for (int i = 0; i < samples; i++) {
    integrator.step(50);
    mean += context.getState(State::Energy).getPotentialEnergy() / samples;
  }
  // Relaxation time m gamma / k = 0.1 ps; samples 0.1 ps apart; statistical error about 0.6 %, time step bias 1 %.
  assertClose(1.5 * n * kBoltz * temperature, mean, 0.04, "Brownian mean potential energy");
  assertThrowsWith([] { BrownianIntegrator bad(300.0, 0.0, 0.001); }, "friction coefficient must be positive",
                   "zero friction");
}

} // namespace OpenMMTests

namespace OpenMMTests {

inline void testVariableVerlet(Platform& platform) {
  // The oscillator of testVerletHarmonicOscillator: positions follow the analytic solution and the energy is kept.
  System system;
  system.addParticle(0.0);
  system.addParticle(2.0);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 1.0, 1.0);
  system.addForce(bonds);
  const double omega = std::sqrt(1.0 / 2.0), amplitude = 0.2;
  VariableVerletIntegrator integrator(1e-6);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(1.0 + amplitude, 0, 0)});
  integrator.stepTo(3.0);
  assertClose(3.0, context.getTime(), 0.0, "stepTo ends at its time");
  State state = context.getState(State::Positions | State::Energy);
  assertClose(1.0 + amplitude * std::cos(omega * 3.0), state.getPositions()[1][0], 1e-3, "oscillator position");
  assertClose(0.5 * amplitude * amplitude, state.getPotentialEnergy() + state.getKineticEnergy(), 1e-3,
              "oscillator energy");
  integrator.setMaximumStepSize(0.001);
  integrator.step(10);
  assertClose(0.001, integrator.getStepSize(), 1e-12, "maximum step size");
  assertClose(3.01, context.getTime(), 1e-12, "time after ten maximal steps");
  assertThrowsWith([] { VariableVerletIntegrator bad(0.0); }, "error tolerance must be positive", "zero tolerance");
}

} // namespace OpenMMTests

namespace OpenMMTests {

inline void testMonteCarloAnisotropicBarostat(Platform& platform) {
  // Ideal gas with only the x axis scaled: p(Lx) ~ Lx^N exp(-P A Lx / kT), so <V> = (N+1) kT / P; y and z stay.
  const int n = 20;
  const double temperature = 300.0, volume = 10.0;
  const double kT = kBoltz * temperature, pressure = (n + 1) * kT / volume;
  const double bar = pressure / (6.02214076e23 * 1e-25);
  System system;
  const double box = std::cbrt(volume);
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++) {
    system.addParticle(1.0);
    positions.emplace_back(0.1 * i, 0.05 * i, 0.02 * i);
  }
  auto* periodic = new HarmonicBondForce();
  periodic->setUsesPeriodicBoundaryConditions(true);
  system.addForce(periodic);
  auto* barostat = new MonteCarloAnisotropicBarostat(Vec3(bar, 5 * bar, 5 * bar), temperature, true, false, false, 1);
  barostat->setRandomNumberSeed(11);
  system.addForce(barostat);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  assertClose(bar, context.getParameter(MonteCarloAnisotropicBarostat::PressureX()), 0.0, "pressure x");
  integrator.step(500);
  double mean = 0.0;
  const int samples = 3000;
  Vec3 a, b, c;
  for (int i = 0; i < samples; i++) {
    integrator.step(5);
    context.getState(0).getPeriodicBoxVectors(a, b, c);
    mean += a[0] * b[1] * c[2] / samples;
  }
  assertClose(volume, mean, 0.04, "ideal-gas mean volume, x scaled");
  assertClose(box, b[1], 1e-12, "y not scaled");
  assertClose(box, c[2], 1e-12, "z not scaled");
}

} // namespace OpenMMTests
