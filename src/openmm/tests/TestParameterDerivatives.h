// Test bodies for energy-parameter derivatives (addEnergyParameterDerivative on the Custom forces,
// State::getEnergyParameterDerivatives): each derivative against central finite differences of the energy in
// the global parameter (Context::setParameter), summed over forces and restricted to the queried force groups,
// the long-range correction of CustomNonbondedForce included; bad requests; the refusal of a platform without
// the Custom kernels.
#pragma once

#include "TestUtilities.h"

#include <map>
#include <memory>

namespace OpenMMTests {

/** Seven particles and every Custom force, with globals "lambda" (shared by several forces, group 0 and 1),
 * "k" (group 1) and "eps" (the CustomNonbondedForce, group 2, cutoff with switching and long-range correction). */
inline System* createDerivativeSystem(std::vector<Vec3>& positions) {
  auto* system = new System();
  system->setDefaultPeriodicBoxVectors(Vec3(2.2, 0, 0), Vec3(0, 2.3, 0), Vec3(0, 0, 2.4));
  for (int i = 0; i < 7; i++)
    system->addParticle(1.0 + i);
  positions = {Vec3(0.1, 0.2, 0.1), Vec3(0.25, 0.3, 0.05), Vec3(0.4, 0.15, 0.2), Vec3(0.5, 0.35, 0.3),
               Vec3(0.9, 0.8, 1.1), Vec3(1.3, 1.0, 0.7), Vec3(1.7, 1.8, 1.9)};
  auto* bond = new CustomBondForce("lambda^2*k*(r-r0)^2");
  bond->addGlobalParameter("lambda", 0.7);
  bond->addGlobalParameter("k", 300.0);
  bond->addPerBondParameter("r0");
  bond->addBond(0, 1, {0.12});
  bond->addBond(2, 3, {0.2});
  bond->addEnergyParameterDerivative("lambda");
  bond->addEnergyParameterDerivative("k");
  system->addForce(bond);
  auto* angle = new CustomAngleForce("k*sin(lambda*theta)^2");
  angle->addGlobalParameter("lambda", 0.7);
  angle->addGlobalParameter("k", 300.0);
  angle->addAngle(0, 1, 2);
  angle->addEnergyParameterDerivative("k");
  angle->addEnergyParameterDerivative("lambda");
  angle->setForceGroup(1);
  system->addForce(angle);
  auto* torsion = new CustomTorsionForce("exp(lambda)*(1+cos(2*theta-0.3))");
  torsion->addGlobalParameter("lambda", 0.7);
  torsion->addTorsion(0, 1, 2, 3);
  torsion->addEnergyParameterDerivative("lambda");
  torsion->setForceGroup(1);
  system->addForce(torsion);
  auto* external = new CustomExternalForce("lambda*(x^2+2*y^2)+z");
  external->addGlobalParameter("lambda", 0.7);
  external->addParticle(4);
  external->addParticle(5);
  external->addEnergyParameterDerivative("lambda");
  system->addForce(external);
  auto* nonbonded = new CustomNonbondedForce("4*eps*s*((sig/r)^12-(sig/r)^6); sig=0.5*(sigma1+sigma2); s=sqrt(s1*s2)");
  nonbonded->addGlobalParameter("eps", 0.6);
  nonbonded->addPerParticleParameter("sigma");
  nonbonded->addPerParticleParameter("s");
  for (int i = 0; i < 7; i++)
    nonbonded->addParticle({0.25 + 0.01 * i, i % 2 == 0 ? 1.0 : 0.5});
  nonbonded->addExclusion(0, 1);
  nonbonded->setNonbondedMethod(CustomNonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.0);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(0.8);
  nonbonded->setUseLongRangeCorrection(true);
  nonbonded->addEnergyParameterDerivative("eps");
  nonbonded->setForceGroup(2);
  system->addForce(nonbonded);
  auto* compound = new CustomCompoundBondForce(3, "lambda*c*angle(p1,p2,p3)^2 + k*0.001*distance(p1,p3)");
  compound->addGlobalParameter("lambda", 0.7);
  compound->addGlobalParameter("k", 300.0);
  compound->addPerBondParameter("c");
  compound->addBond({3, 4, 5}, {2.5});
  compound->addEnergyParameterDerivative("lambda");
  compound->addEnergyParameterDerivative("k");
  system->addForce(compound);
  auto* centroid = new CustomCentroidBondForce(2, "lambda*(distance(g1,g2)-0.5)^2");
  centroid->addGlobalParameter("lambda", 0.7);
  centroid->addGroup({0, 1, 2});
  centroid->addGroup({4, 5}, {1.0, 3.0});
  centroid->addBond({0, 1});
  centroid->addEnergyParameterDerivative("lambda");
  system->addForce(centroid);
  return system;
}

inline void testEnergyParameterDerivatives(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createDerivativeSystem(positions));
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcCustomBondForce"})) {
    assertThrowsWith([&] { Context context(*system, integrator, platform); }, "does not implement CustomBondForce",
                     "platform without Custom kernels");
    return;
  }
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  const std::map<std::string, double> values = {{"lambda", 0.7}, {"k", 300.0}, {"eps", 0.6}};
  auto energy = [&](int groups) { return context.getState(State::Energy, false, groups).getPotentialEnergy(); };
  for (int groups : {-1, 1 << 0, 1 << 1, 1 << 2, (1 << 0) | (1 << 2)}) {
    State state = context.getState(State::ParameterDerivatives, false, groups);
    const auto& derivatives = state.getEnergyParameterDerivatives();
    CPPUNIT_ASSERT_EQUAL(size_t(3), derivatives.size()); // every requested name, zero where no group has it
    for (const auto& [name, value] : values) {
      // A longer step and a looser tolerance where the energies are single precision sums.
      const double h = std::max(1e-5, finiteDifferenceStepFloor()) * value;
      context.setParameter(name, value + h);
      double plus = energy(groups);
      context.setParameter(name, value - h);
      double minus = energy(groups);
      context.setParameter(name, value);
      double expected = (plus - minus) / (2 * h);
      CPPUNIT_ASSERT(derivatives.count(name) == 1);
      assertClose(expected, derivatives.at(name), std::max(1e-7, finiteDifferenceFloor()),
                  "dE/d" + name + " against finite differences, groups " + std::to_string(groups));
    }
  }
  // Not trivially zero: each parameter contributes in the groups that use it.
  const State allGroups = context.getState(State::ParameterDerivatives);
  const auto& all = allGroups.getEnergyParameterDerivatives();
  for (const auto& name : {"lambda", "k", "eps"})
    CPPUNIT_ASSERT(std::fabs(all.at(name)) > 1e-3);
  CPPUNIT_ASSERT_EQUAL(0.0, context.getState(State::ParameterDerivatives, false, 1 << 1)
                                .getEnergyParameterDerivatives()
                                .at("eps"));
  // The long-range correction alone: moving every particle out of each other's cutoff leaves only it,
  // which is linear in eps (the energy over eps).
  System lrcSystem;
  lrcSystem.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
  lrcSystem.addParticle(1.0);
  lrcSystem.addParticle(1.0);
  auto* lj = new CustomNonbondedForce("4*eps*((0.3/r)^12-(0.3/r)^6)");
  lj->addGlobalParameter("eps", 0.6);
  lj->addParticle();
  lj->addParticle();
  lj->setNonbondedMethod(CustomNonbondedForce::CutoffPeriodic);
  lj->setCutoffDistance(1.0);
  lj->setUseLongRangeCorrection(true);
  lj->addEnergyParameterDerivative("eps");
  lrcSystem.addForce(lj);
  VerletIntegrator lrcIntegrator(0.001);
  Context lrcContext(lrcSystem, lrcIntegrator, platform);
  lrcContext.setPositions({Vec3(0, 0, 0), Vec3(1.5, 1.5, 1.5)});
  State lrcState = lrcContext.getState(State::Energy | State::ParameterDerivatives);
  CPPUNIT_ASSERT(lrcState.getPotentialEnergy() < 0.0);
  assertClose(lrcState.getPotentialEnergy() / 0.6, lrcState.getEnergyParameterDerivatives().at("eps"), 1e-12,
              "long-range correction's derivative");
}

inline void testEnergyParameterDerivativeErrors(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* bond = new CustomBondForce("a*r^2");
  bond->addGlobalParameter("a", 2.0);
  bond->addBond(0, 1);
  bond->addEnergyParameterDerivative("a");
  bond->addEnergyParameterDerivative("a"); // a repeated request counts once, as in OpenMM
  CPPUNIT_ASSERT_EQUAL(1, bond->getNumEnergyParameterDerivatives());
  CPPUNIT_ASSERT_EQUAL(std::string("a"), bond->getEnergyParameterDerivativeName(0));
  assertThrowsWith([&] { bond->getEnergyParameterDerivativeName(1); }, "Illegal energy parameter derivative index",
                   "derivative index out of range");
  bond->addEnergyParameterDerivative("b");
  system.addForce(bond);
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcCustomBondForce"}))
    return;
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "no global parameter of that name",
                   "derivative of a parameter the force does not have");
  System plain;
  plain.addParticle(1.0);
  plain.addParticle(1.0);
  auto* noDerivatives = new CustomBondForce("a*r^2");
  noDerivatives->addGlobalParameter("a", 2.0);
  noDerivatives->addBond(0, 1);
  plain.addForce(noDerivatives);
  VerletIntegrator integrator2(0.001);
  Context context(plain, integrator2, platform);
  context.setPositions({Vec3(), Vec3(0.3, 0, 0)});
  CPPUNIT_ASSERT(context.getState(State::ParameterDerivatives).getEnergyParameterDerivatives().empty());
  assertThrowsWith([&] { context.getState(State::Energy).getEnergyParameterDerivatives(); }, "does not contain",
                   "derivatives not asked for");
}

} // namespace OpenMMTests
