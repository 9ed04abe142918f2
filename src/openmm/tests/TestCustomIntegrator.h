// Test bodies for CustomIntegrator: velocity Verlet written as computations reproduces NoseHooverIntegrator
// without thermostats (plain velocity Verlet) and leapfrog reproduces VerletIntegrator; globals, sums, per-DOF
// variables, energies, if and while blocks; a BAOAB Langevin integrator from gaussian numbers holds its
// temperature; constraints are held; invalid programs are refused by name.
#pragma once

#include "TestMoreIntegrators.h"

namespace OpenMMTests {

/** Velocity Verlet with RATTLE-style constraints, as OpenMM's documentation writes it. */
inline CustomIntegrator* createCustomVelocityVerlet(double dt) {
  auto* integrator = new CustomIntegrator(dt);
  integrator->addPerDofVariable("x1", 0.0);
  integrator->addUpdateContextState();
  integrator->addComputePerDof("v", "v+0.5*dt*f/m");
  integrator->addComputePerDof("x", "x+dt*v");
  integrator->addComputePerDof("x1", "x");
  integrator->addConstrainPositions();
  integrator->addComputePerDof("v", "v+0.5*dt*f/m+(x-x1)/dt");
  integrator->addConstrainVelocities();
  return integrator;
}

inline void testCustomIntegratorMatchesBuiltIn(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, false));
  std::unique_ptr<CustomIntegrator> custom(createCustomVelocityVerlet(0.001));
  NoseHooverIntegrator plain(0.001);
  std::vector<Vec3> results[2];
  Integrator* integrators[2] = {custom.get(), &plain};
  // The built-in velocity Verlet on this platform, or on the Reference platform where this one has none.
  Platform* builtIn = &platform;
  try {
    Context probe(*system, plain, platform);
  } catch (const OpenMMException& e) {
    if (std::string(e.what()).find("does not implement NoseHooverIntegrator") == std::string::npos)
      throw;
    builtIn = &Platform::getPlatformByName("Reference");
  }
  for (int k = 0; k < 2; k++) {
    Context context(*system, *integrators[k], k == 0 ? platform : *builtIn);
    context.setPositions(positions);
    context.setVelocitiesToTemperature(300.0, 7);
    integrators[k]->step(50);
    results[k] = context.getState(State::Positions).getPositions();
    assertClose(0.05, context.getTime(), 1e-12, "time after 50 steps");
  }
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(results[1][i], results[0][i], 1e-10, "custom velocity Verlet as velocity Verlet");
  // Leapfrog: v += dt f/m; x += dt v, as VerletIntegrator.
  CustomIntegrator leapfrog(0.001);
  leapfrog.addComputePerDof("v", "v+dt*f/m");
  leapfrog.addComputePerDof("x", "x+dt*v");
  VerletIntegrator verlet(0.001);
  Integrator* pair[2] = {&leapfrog, &verlet};
  for (int k = 0; k < 2; k++) {
    Context context(*system, *pair[k], platform);
    context.setPositions(positions);
    pair[k]->step(50);
    results[k] = context.getState(State::Positions).getPositions();
  }
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(results[1][i], results[0][i], 1e-10, "custom leapfrog as VerletIntegrator");
}

inline void testCustomIntegratorVariablesAndBlocks(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, true));
  std::unique_ptr<CustomIntegrator> integrator(createCustomVelocityVerlet(0.001));
  integrator->addGlobalVariable("count", 0.0);
  integrator->addGlobalVariable("flag", 0.0);
  integrator->addGlobalVariable("ke", 0.0);
  integrator->addGlobalVariable("pe", 0.0);
  integrator->addGlobalVariable("pe1", 0.0);
  integrator->addPerDofVariable("xstart", 0.0);
  integrator->beginWhileBlock("count < 5");
  integrator->addComputeGlobal("count", "count+1");
  integrator->endBlock();
  integrator->beginIfBlock("count > 100");
  integrator->addComputeGlobal("flag", "1");
  integrator->endBlock();
  integrator->beginIfBlock("count = 5");
  integrator->addComputeGlobal("flag", "flag+2");
  integrator->endBlock();
  integrator->addComputeSum("ke", "m*v*v/2");
  integrator->addComputeGlobal("pe", "energy");
  integrator->addComputeGlobal("pe1", "energy1");
  integrator->addComputePerDof("xstart", "x");
  system->getForce(0).setForceGroup(1);
  Context context(*system, *integrator, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-8);
  context.setVelocitiesToTemperature(300.0, 2);
  integrator->step(3);
  assertClose(5.0, integrator->getGlobalVariableByName("count"), 0.0, "while block ran until count = 5");
  assertClose(6.0, integrator->getGlobalVariableByName("flag"), 0.0, "each step: one if block skipped, one taken");
  State state = context.getState(State::Energy | State::Positions);
  assertClose(state.getKineticEnergy(), integrator->getGlobalVariableByName("ke"), 1e-10, "sum of m v^2 / 2");
  assertClose(state.getPotentialEnergy(), integrator->getGlobalVariableByName("pe"), 1e-10, "energy");
  assertClose(context.getState(State::Energy, false, 1 << 1).getPotentialEnergy(),
              integrator->getGlobalVariableByName("pe1"), 1e-10, "energy of group 1");
  std::vector<Vec3> xstart;
  integrator->getPerDofVariableByName("xstart", xstart);
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(state.getPositions()[i], xstart[i], 0.0, "per-DOF variable holds x");
  // Constraints held by constrainPositions.
  for (int c = 0; c < system->getNumConstraints(); c++) {
    int p1, p2;
    double d;
    system->getConstraintParameters(c, p1, p2, d);
    Vec3 r = state.getPositions()[p1] - state.getPositions()[p2];
    assertClose(d, std::sqrt(r.dot(r)), 1e-5, "constraint distance");
  }
  integrator->setGlobalVariableByName("count", 10.0);
  integrator->step(1);
  assertClose(10.0, integrator->getGlobalVariableByName("count"), 0.0, "while block skipped");
  assertThrowsWith([&] { integrator->getGlobalVariableByName("nothing"); }, "no global variable named 'nothing'",
                   "unknown global");
}

inline void testCustomIntegratorLangevin(Platform& platform) {
  // BAOAB Langevin from uniform-free gaussian numbers on the ideal gas + dimers of checkLangevinTemperature.
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
  CustomIntegrator integrator(0.004);
  integrator.addGlobalVariable("a", std::exp(-10.0 * 0.004));
  integrator.addGlobalVariable("b", std::sqrt(1 - std::exp(-2 * 10.0 * 0.004)));
  integrator.addGlobalVariable("kT", kBoltz * 300.0);
  integrator.addComputePerDof("v", "v + 0.5*dt*f/m");
  integrator.addComputePerDof("x", "x + 0.5*dt*v");
  integrator.addComputePerDof("v", "a*v + b*sqrt(kT/m)*gaussian");
  integrator.addComputePerDof("x", "x + 0.5*dt*v");
  integrator.addComputePerDof("v", "v + 0.5*dt*f/m");
  integrator.setRandomNumberSeed(21);
  Context context(system, integrator, platform);
  context.setPositions(start);
  integrator.step(500);
  std::vector<double> kinetic;
  for (int s = 0; s < 1000; s++) {
    integrator.step(4);
    kinetic.push_back(context.getState(State::Energy).getKineticEnergy());
  }
  double error = 0.0;
  const double mean = blockMean(kinetic, 20, error), expected = 1.5 * n * kBoltz * 300.0;
  CPPUNIT_ASSERT_MESSAGE("custom BAOAB: mean kinetic energy " + std::to_string(mean) + ", expected " +
                             std::to_string(expected) + " (standard error " + std::to_string(error) + ")",
                         std::fabs(mean - expected) < 4.0 * error + 0.01 * expected);
  CPPUNIT_ASSERT(error < 0.03 * expected);
}

inline void testCustomIntegratorErrors(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, false));
  auto refused = [&](const std::function<void(CustomIntegrator&)>& program, const std::string& fragment,
                     const std::string& what) {
    CustomIntegrator integrator(0.001);
    integrator.addGlobalVariable("g", 1.0);
    program(integrator);
    assertThrowsWith([&] { Context context(*system, integrator, platform); }, fragment, what);
  };
  refused([](CustomIntegrator& i) { i.addComputePerDof("v", "v+nothing"); }, "unknown variable 'nothing'",
          "unknown variable");
  refused([](CustomIntegrator& i) { i.addComputeGlobal("g", "x*2"); }, "uses the per-DOF quantity 'x'",
          "per-DOF value in a global expression");
  refused([](CustomIntegrator& i) { i.beginIfBlock("g > 0"); }, "has no end", "unclosed block");
  refused([](CustomIntegrator& i) { i.endBlock(); }, "never begun", "end without begin");
  refused([](CustomIntegrator& i) { i.addComputeGlobal("h", "1"); }, "not a global variable", "unknown target");
  refused([](CustomIntegrator& i) { i.beginWhileBlock("g"); }, "has no comparison", "condition without comparison");
  refused([](CustomIntegrator& i) { i.addComputePerDof("v", "v+(("); }, "", "syntax error");
  CustomIntegrator names(0.001);
  names.addGlobalVariable("k", 1.0);
  assertThrowsWith([&] { names.addPerDofVariable("k", 0.0); }, "already in use", "duplicate name");
  assertThrowsWith([&] { names.addGlobalVariable("x", 0.0); }, "already in use", "reserved name");
}

/** Tabulated functions called from global, per-DOF and kinetic-energy expressions, against their tables. */
inline void testCustomIntegratorFunctions(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, false));
  auto make = [](const std::string& kinetic) {
    auto* integrator = new CustomIntegrator(0.001);
    // c is 2t on [0, 2] (a natural spline through linear data is that line); d is a table looked up by index.
    integrator->addTabulatedFunction("c", new Continuous1DFunction({0.0, 1.0, 2.0, 3.0, 4.0}, 0.0, 2.0));
    integrator->addTabulatedFunction("d", new Discrete1DFunction({0.5, 1.5, 4.0}));
    integrator->addGlobalVariable("a", 0.0);
    integrator->addGlobalVariable("b", 0.0);
    integrator->addPerDofVariable("y", 0.0);
    integrator->addComputeGlobal("a", "d(2)");
    integrator->addComputeGlobal("b", "c(0.75)");
    integrator->addComputePerDof("y", "x*d(1)");
    integrator->setKineticEnergyExpression(kinetic);
    return integrator;
  };
  std::unique_ptr<CustomIntegrator> tabulated(make("c(1)*m*v*v/4")), plain(make("m*v*v/2"));
  CPPUNIT_ASSERT_EQUAL(2, tabulated->getNumTabulatedFunctions());
  CPPUNIT_ASSERT_EQUAL(std::string("d"), tabulated->getTabulatedFunctionName(1));
  Context c1(*system, *tabulated, platform), c2(*system, *plain, platform);
  std::vector<Vec3> velocities;
  for (size_t i = 0; i < positions.size(); i++)
    velocities.emplace_back(0.1 * i, -0.2 + 0.03 * i, 0.05);
  for (Context* c : {&c1, &c2}) {
    c->setPositions(positions);
    c->setVelocities(velocities);
  }
  // The kinetic energy expression calls c(1) = 2: the same as m v^2 / 2.
  assertClose(c2.getState(State::Energy).getKineticEnergy(), c1.getState(State::Energy).getKineticEnergy(), 1e-12,
              "kinetic energy through a tabulated function");
  CPPUNIT_ASSERT(c1.getState(State::Energy).getKineticEnergy() > 0.0);
  tabulated->step(1);
  assertClose(4.0, tabulated->getGlobalVariableByName("a"), 0.0, "discrete function in a global");
  assertClose(1.5, tabulated->getGlobalVariableByName("b"), 1e-12, "continuous function in a global");
  std::vector<Vec3> y;
  tabulated->getPerDofVariableByName("y", y);
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(positions[i] * 1.5, y[i], 1e-12, "discrete function in a per-DOF computation");
  CustomIntegrator unknown(0.001);
  unknown.addGlobalVariable("a", 0.0);
  unknown.addComputeGlobal("a", "e(1)");
  assertThrowsWith([&] { Context context(*system, unknown, platform); }, "", "a function that was not added");
}

inline void testCustomIntegratorCheckpoint(Platform& platform) {
  std::unique_ptr<CustomIntegrator> a(createCustomVelocityVerlet(0.001)), b(createCustomVelocityVerlet(0.001));
  for (CustomIntegrator* i : {a.get(), b.get()}) {
    i->addGlobalVariable("steps", 0.0);
    i->addComputeGlobal("steps", "steps+1");
  }
  checkIntegratorCheckpoint(platform, *a, *b, "CustomIntegrator");
  assertClose(70.0, a->getGlobalVariableByName("steps"), 0.0, "global counter of the first run");
  assertClose(70.0, b->getGlobalVariableByName("steps"), 0.0, "global counter restored, then 30 more");
}

/** Context::setState with State::IntegratorParameters restores the integrator's variables as they were when the
 * State was taken (global and per-DOF). */
inline void testCustomIntegratorSaveParameters(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  CustomIntegrator integrator(0.001);
  integrator.addGlobalVariable("steps", 0.0);
  integrator.addPerDofVariable("count", 0.0);
  integrator.addComputeGlobal("steps", "steps+1");
  integrator.addComputePerDof("count", "count+2");
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(1, 0, 0)});
  integrator.step(5);
  const State saved = context.getState(State::Positions | State::IntegratorParameters);
  CPPUNIT_ASSERT(saved.getDataTypes() & State::IntegratorParameters);
  integrator.step(5);
  assertClose(10.0, integrator.getGlobalVariableByName("steps"), 0.0, "global counter after 10 steps");
  context.setState(saved);
  assertClose(5.0, integrator.getGlobalVariableByName("steps"), 0.0, "global counter restored by setState");
  std::vector<Vec3> counts;
  integrator.getPerDofVariableByName("count", counts);
  assertVecClose(Vec3(10, 10, 10), counts[1], 0.0, "per-DOF variable restored by setState");
  // A State without IntegratorParameters leaves the integrator alone.
  integrator.step(2);
  context.setState(context.getState(State::Positions));
  assertClose(7.0, integrator.getGlobalVariableByName("steps"), 0.0, "global counter kept by setState");
}

} // namespace OpenMMTests
