// Test bodies for CustomCompoundBondForce and CustomCentroidBondForce: the geometric functions against the
// built-in bonded forces, coordinates and point functions against hand values, forces against finite
// differences, tabulated functions, parameters updated in a Context, periodic distances, group centres
// against mass-weighted averages, and the errors a user gets.
#pragma once

#include "TestUtilities.h"

#include <cmath>

namespace OpenMMTests {

inline std::vector<Vec3> compoundPositions() {
  return {Vec3(0.1, 0.05, -0.1), Vec3(0.2, 0.9, 0.3), Vec3(1.1, 1.0, 0.2), Vec3(1.5, 1.8, 1.1), Vec3(-0.4, 0.3, 0.8)};
}

inline void testCustomCompoundBondForce(Platform& platform) {
  System system;
  for (int i = 0; i < 5; i++)
    system.addParticle(1.0 + i);
  auto* compound = new CustomCompoundBondForce(
      4, "0.5*kb*(distance(p1,p2)-r0)^2 + 0.5*ka*(angle(p1,p2,p3)-t0)^2 + kt*(1+cos(2*dihedral(p1,p2,p3,p4)-phase))");
  for (const char* name : {"kb", "r0", "ka", "t0", "kt", "phase"})
    compound->addPerBondParameter(name);
  compound->addBond({0, 1, 2, 3}, {300.0, 0.8, 50.0, 1.9, 3.0, 0.4});
  compound->addBond({4, 0, 1, 2}, {200.0, 1.1, 40.0, 2.1, 1.5, -0.7});
  system.addForce(compound);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 0.8, 300.0);
  bonds->addBond(4, 0, 1.1, 200.0);
  auto* angles = new HarmonicAngleForce();
  angles->addAngle(0, 1, 2, 1.9, 50.0);
  angles->addAngle(4, 0, 1, 2.1, 40.0);
  auto* torsions = new PeriodicTorsionForce();
  torsions->addTorsion(0, 1, 2, 3, 2, 0.4, 3.0);
  torsions->addTorsion(4, 0, 1, 2, 2, -0.7, 1.5);
  for (Force* f : std::vector<Force*>{bonds, angles, torsions}) {
    f->setForceGroup(1);
    system.addForce(f);
  }
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcCustomCompoundBondForce"})) {
    assertThrowsWith([&] { Context context(system, integrator, platform); },
                     "does not implement CustomCompoundBondForce", "a platform without the kernel refuses it by name");
    Context fallback(system, integrator);
    CPPUNIT_ASSERT(fallback.getPlatform().supportsKernels({"CalcCustomCompoundBondForce"}));
    return;
  }
  Context context(system, integrator, platform);
  context.setPositions(compoundPositions());
  State custom = context.getState(State::Energy | State::Forces, false, 1 << 0);
  State builtIn = context.getState(State::Energy | State::Forces, false, 1 << 1);
  assertClose(builtIn.getPotentialEnergy(), custom.getPotentialEnergy(), 1e-12, "compound bond against built-ins");
  for (int i = 0; i < 5; i++)
    assertVecClose(builtIn.getForces()[i], custom.getForces()[i], 1e-10, "compound force " + std::to_string(i));
  // Per-bond parameters updated in the Context.
  compound->setBondParameters(0, {0, 1, 2, 3}, {300.0, 0.8, 50.0, 1.9, 3.0, 0.4 + M_PI / 2});
  compound->updateParametersInContext(context);
  torsions->setTorsionParameters(0, 0, 1, 2, 3, 2, 0.4 + M_PI / 2, 3.0);
  torsions->updateParametersInContext(context);
  assertClose(context.getState(State::Energy, false, 1 << 1).getPotentialEnergy(),
              context.getState(State::Energy, false, 1 << 0).getPotentialEnergy(), 1e-12, "after a parameter update");
  assertThrowsWith([&] {
    compound->setBondParameters(0, {0, 1, 2, 4}, {300.0, 0.8, 50.0, 1.9, 3.0, 0.4});
    compound->updateParametersInContext(context);
  }, "cannot change the particles", "particles changed in a Context");
}

inline void testCompoundCoordinatesAndPointFunctions(Platform& platform) {
  if (!platform.supportsKernels({"CalcCustomCompoundBondForce"}))
    return;
  System system;
  for (int i = 0; i < 4; i++)
    system.addParticle(1.0);
  // Coordinates with a global parameter, and the point functions of computed points.
  auto* compound = new CustomCompoundBondForce(
      4, "scale*(x1*y2 + z3^2) + pointdistance(x1,y1,z1,(x2+x3)/2,(y2+y3)/2,(z2+z3)/2) + "
         "2*pointangle(x1,y1,z1,x2,y2,z2,x4,y4,z4) + 3*cos(pointdihedral(x1,y1,z1,x2,y2,z2,x3,y3,z3,x4,y4+0.1,z4)) + "
         "f(distance(p1,p4))");
  compound->addGlobalParameter("scale", 2.0);
  std::vector<double> table;
  for (int i = 0; i <= 400; i++)
    table.push_back(std::exp(-0.01 * i));
  compound->addTabulatedFunction("f", new Continuous1DFunction(table, 0.0, 4.0));
  compound->addBond({0, 1, 2, 3});
  system.addForce(compound);
  auto* reference = new CustomCompoundBondForce(4, "angle(p1,p2,p4)");
  reference->addBond({0, 1, 2, 3});
  reference->setForceGroup(1);
  system.addForce(reference);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  std::vector<Vec3> x = compoundPositions();
  x.resize(4);
  context.setPositions(x);
  Vec3 mid = (x[1] + x[2]) * 0.5, d = x[0] - mid, d14 = x[0] - x[3];
  double angle = context.getState(State::Energy, false, 1 << 1).getPotentialEnergy();
  Vec3 u = x[0] - x[1], v = x[3] - x[1];
  assertClose(std::acos(u.dot(v) / std::sqrt(u.dot(u) * v.dot(v))), angle, 1e-13, "angle(p1,p2,p4)");
  // The dihedral term against a CustomTorsionForce on shifted positions is checked through its finite
  // differences; its value through the same torsion in a second System.
  System torsionSystem;
  for (int i = 0; i < 5; i++)
    torsionSystem.addParticle(1.0);
  auto* torsion = new CustomTorsionForce("3*cos(theta)");
  torsion->addTorsion(0, 1, 2, 4);
  torsionSystem.addForce(torsion);
  VerletIntegrator integrator2(0.001);
  Context torsionContext(torsionSystem, integrator2, platform);
  std::vector<Vec3> shifted = x;
  shifted.push_back(x[3] + Vec3(0, 0.1, 0));
  torsionContext.setPositions(shifted);
  double dihedralTerm = torsionContext.getState(State::Energy).getPotentialEnergy();
  double r14 = std::sqrt(d14.dot(d14));
  double expected = 2.0 * (x[0][0] * x[1][1] + x[2][2] * x[2][2]) + std::sqrt(d.dot(d)) + 2 * angle + dihedralTerm +
                    std::exp(-r14);
  assertClose(expected, context.getState(State::Energy, false, 1 << 0).getPotentialEnergy(), 1e-9,
              "coordinates, point functions and a tabulated function");
  checkForcesByFiniteDifference(context, 1e-6, "compound coordinates and point functions");
  context.setParameter("scale", -1.0);
  assertClose(expected - 3.0 * (x[0][0] * x[1][1] + x[2][2] * x[2][2]),
              context.getState(State::Energy, false, 1 << 0).getPotentialEnergy(), 1e-9, "global parameter");
}

inline void testCompoundPeriodicAndErrors(Platform& platform) {
  if (!platform.supportsKernels({"CalcCustomCompoundBondForce"}))
    return;
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(2, 0, 0), Vec3(0, 2, 0), Vec3(0, 0, 2));
  for (int i = 0; i < 3; i++)
    system.addParticle(1.0);
  auto* compound = new CustomCompoundBondForce(2, "distance(p1,p2)");
  compound->addBond({0, 1});
  compound->setUsesPeriodicBoundaryConditions(true);
  system.addForce(compound);
  VerletIntegrator integrator(0.001);
  {
    Context context(system, integrator, platform);
    context.setPositions({Vec3(0.1, 0.1, 0.1), Vec3(1.9, 0.2, 0.1), Vec3()});
    assertClose(std::sqrt(0.04 + 0.01), context.getState(State::Energy).getPotentialEnergy(), 1e-13,
                "periodic distance (minimum image)");
  }
  compound->setEnergyFunction("pointdistance(x1,y1,z1,x2,y2,z2) + pointangle(x1,y1,z1,x2,y2,z2,x2,y2+0.5,z2)");
  {
    VerletIntegrator periodicIntegrator(0.001);
    Context context(system, periodicIntegrator, platform);
    context.setPositions({Vec3(0.1, 0.1, 0.1), Vec3(1.9, 0.2, 0.1), Vec3()});
    // The image of particle 1 nearest particle 0 is at (-0.1, 0.2, 0.1): the angle at it is acos(-0.1/sqrt(0.05)).
    assertClose(std::sqrt(0.05) + std::acos(-0.1 / std::sqrt(0.05)), context.getState(State::Energy).getPotentialEnergy(),
                1e-12, "point functions take the minimum image");
    checkForcesByFiniteDifference(context, 1e-6, "periodic point functions");
  }
  compound->setEnergyFunction("distance(p1,p2)");
  assertThrowsWith([&] { compound->addBond({0, 1, 2}); }, "must have 2 particles", "wrong number of particles");
  compound->setEnergyFunction("distance(p1,p3)");
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "must name points p1 to p2",
                   "point beyond the bond");
  compound->setEnergyFunction("distance(1,2)");
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "names of points", "numbers as points");
  compound->setEnergyFunction("distance(p1,p2)");
  compound->setBondParameters(0, {0, 3});
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Illegal particle index", "particle index");
}

inline void testCustomCentroidBondForce(Platform& platform) {
  System system;
  const double masses[6] = {1.0, 3.0, 2.0, 0.5, 4.0, 1.5};
  for (double m : masses)
    system.addParticle(m);
  auto* centroid = new CustomCentroidBondForce(3, "k*distance(g1,g2)^2 + cos(angle(g1,g2,g3)) + 0.1*x3*y1");
  centroid->addPerBondParameter("k");
  centroid->addGroup({0, 1});
  centroid->addGroup({2, 3, 4});
  centroid->addGroup({5, 0}, {1.0, 3.0});
  centroid->addBond({0, 1, 2}, {2.5});
  system.addForce(centroid);
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcCustomCentroidBondForce"})) {
    assertThrowsWith([&] { Context context(system, integrator, platform); },
                     "does not implement CustomCentroidBondForce", "a platform without the kernel refuses it by name");
    Context fallback(system, integrator);
    CPPUNIT_ASSERT(fallback.getPlatform().supportsKernels({"CalcCustomCentroidBondForce"}));
    return;
  }
  Context context(system, integrator, platform);
  std::vector<Vec3> x = compoundPositions();
  x.push_back(Vec3(0.7, -0.6, 0.4));
  context.setPositions(x);
  Vec3 c1 = (x[0] * 1.0 + x[1] * 3.0) * (1.0 / 4.0);
  Vec3 c2 = (x[2] * 2.0 + x[3] * 0.5 + x[4] * 4.0) * (1.0 / 6.5);
  Vec3 c3 = (x[5] * 1.0 + x[0] * 3.0) * (1.0 / 4.0);
  Vec3 u = c1 - c2, v = c3 - c2;
  double expected = 2.5 * u.dot(u) + u.dot(v) / std::sqrt(u.dot(u) * v.dot(v)) + 0.1 * c3[0] * c1[1];
  State state = context.getState(State::Energy | State::Forces);
  assertClose(expected, state.getPotentialEnergy(), 1e-12, "energy at the weighted centres");
  checkForcesByFiniteDifference(context, 1e-6, "centroid bond");
  // The same bond as a CustomCompoundBondForce of single-particle groups.
  System single;
  for (double m : masses)
    single.addParticle(m);
  auto* groups = new CustomCentroidBondForce(2, "k*(distance(g1,g2)-0.3)^2");
  groups->addPerBondParameter("k");
  auto* compound = new CustomCompoundBondForce(2, "k*(distance(p1,p2)-0.3)^2");
  compound->addPerBondParameter("k");
  compound->setForceGroup(1);
  for (int i = 0; i < 6; i++)
    groups->addGroup({i});
  for (int i = 0; i < 5; i++) {
    groups->addBond({i, i + 1}, {1.0 + i});
    compound->addBond({i, i + 1}, {1.0 + i});
  }
  single.addForce(groups);
  single.addForce(compound);
  VerletIntegrator integrator2(0.001);
  Context singleContext(single, integrator2, platform);
  singleContext.setPositions(x);
  State a = singleContext.getState(State::Energy | State::Forces, false, 1 << 0);
  State b = singleContext.getState(State::Energy | State::Forces, false, 1 << 1);
  assertClose(b.getPotentialEnergy(), a.getPotentialEnergy(), 1e-13, "single-particle groups");
  for (int i = 0; i < 6; i++)
    assertVecClose(b.getForces()[i], a.getForces()[i], 1e-12, "single-particle group force");
  // Errors: weights of the wrong length, a group index beyond the groups, massless groups without weights.
  assertThrowsWith([&] { centroid->addGroup({1, 2}, {1.0}); }, "needs as many weights", "weights");
  centroid->setBondParameters(0, {0, 1, 3}, {2.5});
  VerletIntegrator integrator3(0.001);
  assertThrowsWith([&] { Context bad(system, integrator3, platform); }, "Illegal group index", "group index");
  centroid->setBondParameters(0, {0, 1, 2}, {2.5});
  system.setParticleMass(5, 0.0);
  centroid->setGroupParameters(2, {5});
  assertThrowsWith([&] { Context bad(system, integrator3, platform); }, "sum to zero", "massless group");
}

} // namespace OpenMMTests
