// Test bodies for CustomIntegrator on the common-compute platforms: a program with force groups, energies, sums,
// per-DOF variables, an if block and both kinds of constraints against the Reference platform (the atoms are
// reordered within the first step); its per-DOF variables through a checkpoint and through setState; positions and
// per-DOF variables kept in the precision of positions (double in mixed precision) while a periodic box wraps the
// atoms; random numbers in global and per-DOF computations in (0, 1].
#pragma once

#include "ComputeConstraintTests.h"

#include <sstream>

namespace ComputeTests {

using namespace OpenMM;

/// Velocity Verlet with the kick split over force groups 1 and 2, an integrated displacement `disp`, the kinetic
/// energy as a sum, the potential energy, a per-DOF value of an energy and a group's force, and a counter in an if
/// block.
inline CustomIntegrator* customProgram() {
  auto* integrator = new CustomIntegrator(0.001);
  integrator->addGlobalVariable("ke", 0.0);
  integrator->addGlobalVariable("pe", 0.0);
  integrator->addGlobalVariable("late", 0.0);
  integrator->addGlobalVariable("n", 0.0);
  integrator->addPerDofVariable("x1", 0.0);
  integrator->addPerDofVariable("disp", 0.0);
  integrator->addPerDofVariable("probe", 0.0);
  integrator->addUpdateContextState();
  integrator->addComputeGlobal("n", "n+1");
  integrator->addComputePerDof("v", "v+0.5*dt*(f1+f2)/m");
  integrator->addComputePerDof("x", "x+dt*v");
  integrator->addComputePerDof("x1", "x");
  integrator->addConstrainPositions();
  integrator->addComputePerDof("v", "v+0.5*dt*f/m+(x-x1)/dt");
  integrator->addConstrainVelocities();
  integrator->addComputePerDof("disp", "disp+dt*v");
  integrator->addComputeSum("ke", "0.5*m*v*v");
  integrator->addComputeGlobal("pe", "energy1+energy2");
  integrator->addComputePerDof("probe", "energy2*m+f2");
  integrator->beginIfBlock("n > 10");
  integrator->addComputeGlobal("late", "late+1");
  integrator->endBlock();
  integrator->setConstraintTolerance(1e-10);
  return integrator;
}

/// Rigid waters and methyls (SETTLE and SHAKE) with their nonbonded force in group 1, their bonds and a restraint in
/// group 2; virtual sites of every kind where `sites`.
inline void customProgramSystem(System& system, std::vector<Vec3>& positions, bool sites = false) {
  rigidMolecules(12, 6, system, positions);
  if (sites)
    addSites(12, 6, system, positions);
  system.getForce(0).setForceGroup(1);
  system.getForce(1).setForceGroup(2);
  auto* restraint = new CustomExternalForce("0.5*k*(x^2+y^2+z^2)");
  restraint->addGlobalParameter("k", 20.0);
  for (int i = 0; i < system.getNumParticles(); i++)
    restraint->addParticle(i, {});
  restraint->setForceGroup(2);
  system.addForce(restraint);
}

inline void customIntegratorMatchesReference(Platform& platform, const std::string& precision, bool sites) {
  System system;
  std::vector<Vec3> positions;
  customProgramSystem(system, positions, sites);
  const std::string tag = sites ? "with virtual sites: " : "";
  std::unique_ptr<CustomIntegrator> integrator(customProgram()), reference(customProgram());
  Context context(system, *integrator, platform);
  Context expected(system, *reference, Platform::getPlatformByName("Reference"));
  for (Context* c : {&context, &expected}) {
    c->setPositions(positions);
    c->applyConstraints(1e-10);
    c->setVelocitiesToTemperature(300.0, 5);
  }
  context.setVelocities(expected.getState(State::Velocities).getVelocities());
  context.applyVelocityConstraints(1e-10);
  expected.applyVelocityConstraints(1e-10);
  integrator->step(30);
  reference->step(30);
  const State a = context.getState(State::Positions | State::Velocities | State::Energy);
  const State b = expected.getState(State::Positions | State::Velocities | State::Energy);
  const double tol = precision == "single" ? 2e-4 : 1e-6;
  std::vector<Vec3> dispA, dispB, probeA, probeB;
  integrator->getPerDofVariableByName("disp", dispA);
  reference->getPerDofVariableByName("disp", dispB);
  integrator->getPerDofVariableByName("probe", probeA);
  reference->getPerDofVariableByName("probe", probeB);
  for (std::size_t i = 0; i < positions.size(); i++) {
    OpenMMTests::assertVecClose(b.getPositions()[i], a.getPositions()[i], tol,
                                tag + "position of atom " + std::to_string(i));
    OpenMMTests::assertVecClose(b.getVelocities()[i], a.getVelocities()[i], 100 * tol,
                                tag + "velocity of atom " + std::to_string(i));
    OpenMMTests::assertVecClose(dispB[i], dispA[i], tol, tag + "per-DOF displacement of atom " + std::to_string(i));
    // An energy and a group's force in a per-DOF expression.
    OpenMMTests::assertVecClose(probeB[i], probeA[i], 100 * tol, tag + "energy2 m + f2 of atom " + std::to_string(i));
  }
  OpenMMTests::assertClose(reference->getGlobalVariableByName("ke"), integrator->getGlobalVariableByName("ke"),
                           100 * tol, "sum of the kinetic energy against the Reference platform");
  OpenMMTests::assertClose(a.getKineticEnergy(), integrator->getGlobalVariableByName("ke"), 100 * tol,
                           "sum of the kinetic energy against the State's");
  OpenMMTests::assertClose(reference->getGlobalVariableByName("pe"), integrator->getGlobalVariableByName("pe"),
                           100 * tol, "energy of groups 1 and 2");
  OpenMMTests::assertClose(a.getPotentialEnergy(), integrator->getGlobalVariableByName("pe"), 100 * tol,
                           "energy of groups 1 and 2 against the State's");
  OpenMMTests::assertClose(20.0, integrator->getGlobalVariableByName("late"), 0.0, "if block taken from step 11 on");
  for (int c = 0; c < system.getNumConstraints(); c++) {
    int p1, p2;
    double d;
    system.getConstraintParameters(c, p1, p2, d);
    const Vec3 r = a.getPositions()[static_cast<std::size_t>(p1)] - a.getPositions()[static_cast<std::size_t>(p2)];
    OpenMMTests::assertClose(d, std::sqrt(r.dot(r)), precision == "single" ? 1e-5 : 1e-8, "constraint distance");
  }
}

inline void customIntegratorMatchesReference(Platform& platform, const std::string& precision) {
  for (bool sites : {false, true})
    customIntegratorMatchesReference(platform, precision, sites);
}

/// The per-DOF variables of the device go into a checkpoint and into a State, and come back from both.
inline void customIntegratorPerDofRestored(Platform& platform, const std::string& precision) {
  System system;
  std::vector<Vec3> positions;
  customProgramSystem(system, positions);
  std::unique_ptr<CustomIntegrator> integrator(customProgram()), resumed(customProgram());
  Context context(system, *integrator, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-10);
  context.setVelocitiesToTemperature(300.0, 9);
  integrator->step(10);
  std::stringstream checkpoint(std::ios::in | std::ios::out | std::ios::binary);
  context.createCheckpoint(checkpoint);
  const State saved = context.getState(State::Positions | State::Velocities | State::IntegratorParameters);
  std::vector<Vec3> dispSaved;
  integrator->getPerDofVariableByName("disp", dispSaved);
  integrator->step(10);
  std::vector<Vec3> dispFirst, dispAgain, dispResumed;
  integrator->getPerDofVariableByName("disp", dispFirst);
  const State first = context.getState(State::Positions);
  // A nonzero displacement that grew over the last ten steps: the variable is carried from step to step.
  double moved = 0.0;
  for (std::size_t i = 0; i < dispFirst.size(); i++)
    moved += (dispFirst[i] - dispSaved[i]).dot(dispFirst[i] - dispSaved[i]);
  CPPUNIT_ASSERT_MESSAGE("the per-DOF displacement grows", moved > 1e-8);

  Context restored(system, *resumed, platform);
  restored.loadCheckpoint(checkpoint);
  resumed->getPerDofVariableByName("disp", dispResumed);
  for (std::size_t i = 0; i < dispSaved.size(); i++)
    OpenMMTests::assertVecClose(dispSaved[i], dispResumed[i], 0.0, "per-DOF variable read from the checkpoint");
  resumed->step(10);
  resumed->getPerDofVariableByName("disp", dispResumed);
  const State fromCheckpoint = restored.getState(State::Positions);

  context.setState(saved);
  integrator->getPerDofVariableByName("disp", dispAgain);
  for (std::size_t i = 0; i < dispSaved.size(); i++)
    OpenMMTests::assertVecClose(dispSaved[i], dispAgain[i], 0.0, "per-DOF variable restored by setState");
  integrator->step(10);
  integrator->getPerDofVariableByName("disp", dispAgain);
  const State fromState = context.getState(State::Positions);
  // In double precision forces are added in any order: round-off only.
  const double tol = precision == "double" ? 1e-10 : 0.0;
  for (std::size_t i = 0; i < dispFirst.size(); i++) {
    OpenMMTests::assertVecClose(dispFirst[i], dispResumed[i], tol, "per-DOF variable continued from the checkpoint");
    OpenMMTests::assertVecClose(dispFirst[i], dispAgain[i], tol, "per-DOF variable continued from setState");
    OpenMMTests::assertVecClose(first.getPositions()[i], fromCheckpoint.getPositions()[i], tol,
                                "position continued from the checkpoint");
    OpenMMTests::assertVecClose(first.getPositions()[i], fromState.getPositions()[i], tol,
                                "position continued from setState");
  }
}

/// Free atoms crossing a periodic box many times: x = x + dt v and a per-DOF sum of the same steps keep the
/// precision of positions (double in mixed and double precision) and x is the unwrapped position the State gives.
/// Random numbers lie in (0, 1].
inline void customIntegratorPrecisionAndRandom(Platform& platform, const std::string& precision) {
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(2, 0, 0), Vec3(0, 2, 0), Vec3(0, 0, 2));
  auto* nonbonded = new NonbondedForce(); // no interaction, but a force evaluation each step wraps the atoms
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(0.9);
  std::vector<Vec3> positions, velocities;
  for (int i = 0; i < 8; i++) {
    system.addParticle(1.0 + i);
    nonbonded->addParticle(0.0, 0.1, 0.0);
    positions.emplace_back(0.2 + 0.21 * i, 1.9 - 0.23 * i, 0.1 + 0.17 * i);
    velocities.emplace_back(3.1234567 - 0.71 * i, -2.7654321 + 0.43 * i, 1.2345678 + 0.37 * i);
  }
  system.addForce(nonbonded);
  CustomIntegrator integrator(0.001);
  integrator.addGlobalVariable("pe", 1.0);
  integrator.addGlobalVariable("r", 0.0);
  integrator.addPerDofVariable("path", 0.0);
  integrator.addPerDofVariable("u", 0.0);
  integrator.addPerDofVariable("here", 0.0);
  integrator.addComputeGlobal("pe", "energy");
  integrator.addComputePerDof("x", "x+dt*v");
  integrator.addComputePerDof("path", "path+dt*v");
  integrator.addComputePerDof("u", "uniform");
  integrator.addComputePerDof("here", "x");
  integrator.addComputeGlobal("r", "uniform");
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.setVelocities(velocities);
  const int steps = 1000;
  std::vector<double> draws;
  for (int s = 0; s < steps; s++) {
    integrator.step(1);
    draws.push_back(integrator.getGlobalVariableByName("r"));
  }
  const State state = context.getState(State::Positions);
  std::vector<Vec3> path, u, here;
  integrator.getPerDofVariableByName("path", path);
  integrator.getPerDofVariableByName("u", u);
  integrator.getPerDofVariableByName("here", here);
  const double tol = precision == "single" ? 2e-3 : 1e-10;
  double sum = 0.0;
  for (std::size_t i = 0; i < positions.size(); i++) {
    Vec3 x = positions[i], travelled;
    for (int s = 0; s < steps; s++) {
      x += velocities[i] * 0.001;
      travelled += velocities[i] * 0.001;
    }
    const Vec3 dx = state.getPositions()[i] - x, dp = path[i] - travelled, dh = here[i] - state.getPositions()[i];
    CPPUNIT_ASSERT_MESSAGE("unwrapped position of atom " + std::to_string(i) + " after " + std::to_string(steps) +
                               " steps: off by " + std::to_string(std::sqrt(dx.dot(dx))),
                           std::sqrt(dx.dot(dx)) < tol);
    CPPUNIT_ASSERT_MESSAGE("per-DOF path of atom " + std::to_string(i) + ": off by " +
                               std::to_string(std::sqrt(dp.dot(dp))),
                           std::sqrt(dp.dot(dp)) < tol);
    CPPUNIT_ASSERT_MESSAGE("x as a per-DOF value is the State's position",
                           std::sqrt(dh.dot(dh)) < 1e-6 * (1 + std::sqrt(x.dot(x))));
    for (int d = 0; d < 3; d++) {
      CPPUNIT_ASSERT_MESSAGE("per-DOF uniform in (0, 1]", u[i][d] > 0.0 && u[i][d] <= 1.0);
      sum += u[i][d];
    }
  }
  // 24 independent uniforms: mean 1/2, standard deviation of the mean 0.059.
  CPPUNIT_ASSERT_MESSAGE("mean of the per-DOF uniforms " + std::to_string(sum / 24), std::fabs(sum / 24 - 0.5) < 0.25);
  CPPUNIT_ASSERT(u[0][0] != u[0][1] && u[0][0] != u[1][0]);
  double mean = 0.0;
  for (double r : draws) {
    CPPUNIT_ASSERT_MESSAGE("global uniform in (0, 1]", r > 0.0 && r <= 1.0);
    mean += r / steps;
  }
  CPPUNIT_ASSERT_MESSAGE("mean of the global uniforms " + std::to_string(mean), std::fabs(mean - 0.5) < 0.05);
  CPPUNIT_ASSERT(draws[0] != draws[1]);
  OpenMMTests::assertClose(0.0, integrator.getGlobalVariableByName("pe"), 0.0,
                           "energy of particles without interactions");
}

} // namespace ComputeTests
