// Test bodies for GBSAOBCForce: a lone ion against the Born formula with the ACE term, a distant pair against
// Coulomb's law screened by the dielectrics, the dielectric and charge scaling of the polar energy, forces against
// finite differences with each nonbonded method, parameter updates in a Context and the errors a user gets.
#pragma once

#include "TestUtilities.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMMTests {

/** A GBSAOBCForce on n charged particles of varied radii; returns the force (owned by system). */
inline GBSAOBCForce* gbsaSystem(System& system, int n, GBSAOBCForce::NonbondedMethod method) {
  system.setDefaultPeriodicBoxVectors(Vec3(2.5, 0, 0), Vec3(0, 2.5, 0), Vec3(0, 0, 2.5));
  auto* force = new GBSAOBCForce();
  force->setNonbondedMethod(method);
  force->setCutoffDistance(1.0);
  for (int i = 0; i < n; i++) {
    system.addParticle(10.0);
    force->addParticle(i % 2 == 0 ? 0.5 : -0.4 - 0.1 * (i % 3), 0.13 + 0.03 * (i % 3), 0.75 + 0.05 * (i % 4));
  }
  system.addForce(force);
  return force;
}

inline std::vector<Vec3> gbsaPositions(int n) {
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++)
    positions.push_back(Vec3(0.31 * (i % 3) + 0.05 * std::sin(i), 0.29 * ((i / 3) % 3) + 0.04 * std::cos(2.0 * i),
                             0.33 * (i / 9) + 0.03 * i));
  return positions;
}

inline void testGBSAOBC(Platform& platform) {
  System ion;
  ion.addParticle(1.0);
  auto* force = new GBSAOBCForce();
  force->addParticle(-1.0, 0.15, 0.8);
  force->setSolventDielectric(80.0);
  force->setSoluteDielectric(2.0);
  ion.addForce(force);
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcGBSAOBCForce"})) {
    assertThrowsWith([&] { Context context(ion, integrator, platform); }, "does not implement GBSAOBCForce",
                     "a platform without the kernel refuses it by name");
    Context fallback(ion, integrator);
    CPPUNIT_ASSERT(fallback.getPlatform().supportsKernels({"CalcGBSAOBCForce"}));
    return;
  }
  {
    // A lone ion: Born radius = radius - 0.009 nm (nothing descreens it); E = Born energy + ACE term.
    Context context(ion, integrator, platform);
    context.setPositions({Vec3(0.3, 0.2, 0.1)});
    double born = 0.15 - 0.009;
    double expected = -0.5 * ONE_4PI_EPS0 * (1 / 2.0 - 1 / 80.0) / born +
                      4 * M_PI * 2.25936 * std::pow(0.15 + 0.14, 2) * std::pow(0.15 / born, 6);
    assertClose(expected, context.getState(State::Energy).getPotentialEnergy(), 1e-13, "Born energy of a lone ion");
  }
  // A distant pair: the cross term tends to the screened Coulomb energy; without the surface term and with equal
  // dielectrics the energy is zero.
  System pair;
  pair.addParticle(1.0);
  pair.addParticle(1.0);
  auto* pairForce = new GBSAOBCForce();
  pairForce->addParticle(0.7, 0.2, 0.8);
  pairForce->addParticle(-0.6, 0.16, 0.9);
  pairForce->setSurfaceAreaEnergy(0.0);
  pair.addForce(pairForce);
  VerletIntegrator integrator2(0.001);
  {
    Context context(pair, integrator2, platform);
    const double r = 40.0, pre = -ONE_4PI_EPS0 * (1.0 - 1.0 / 78.3);
    context.setPositions({Vec3(), Vec3(r, 0, 0)});
    double self = 0.5 * pre * (0.7 * 0.7 / 0.191 + 0.6 * 0.6 / 0.151);
    assertClose(self + pre * 0.7 * -0.6 / r, context.getState(State::Energy).getPotentialEnergy(), 1e-7,
                "distant pair: self energies and screened Coulomb");
  }
  pairForce->setSolventDielectric(1.0);
  {
    VerletIntegrator integrator3(0.001);
    Context context(pair, integrator3, platform);
    context.setPositions({Vec3(), Vec3(0.3, 0, 0)});
    assertClose(0.0, context.getState(State::Energy).getPotentialEnergy(), 0.0, "equal dielectrics, no surface term");
  }

  // A cluster with each method: forces against finite differences; the polar energy scales with
  // (1/eps_in - 1/eps_out) and with the square of the charges.
  for (auto method : {GBSAOBCForce::NoCutoff, GBSAOBCForce::CutoffNonPeriodic, GBSAOBCForce::CutoffPeriodic}) {
    System system;
    GBSAOBCForce* cluster = gbsaSystem(system, 18, method);
    VerletIntegrator verlet(0.001);
    Context context(system, verlet, platform);
    context.setPositions(gbsaPositions(18));
    checkForcesByFiniteDifference(context, 1e-6, "GBSAOBCForce method " + std::to_string(method));
    // Relative to the largest force: where each atom's force is summed on its own (the GPU platforms), the pair
    // forces cancel to the arithmetic's rounding, not exactly.
    Vec3 total;
    double largest = 0.0;
    State forces = context.getState(State::Forces);
    for (const Vec3& f : forces.getForces()) {
      total += f;
      largest = std::max(largest, std::sqrt(f.dot(f)));
    }
    assertVecClose(Vec3(), total * (1.0 / largest), 1e-9, "GBSA forces sum to zero, method " + std::to_string(method));
    cluster->setSurfaceAreaEnergy(0.0);
    cluster->updateParametersInContext(context);
    double polar = context.getState(State::Energy).getPotentialEnergy();
    for (int i = 0; i < 18; i++) {
      double q, radius, scale;
      cluster->getParticleParameters(i, q, radius, scale);
      cluster->setParticleParameters(i, 2 * q, radius, scale);
    }
    cluster->updateParametersInContext(context);
    assertClose(4 * polar, context.getState(State::Energy).getPotentialEnergy(), 1e-12, "doubled charges");
    cluster->setSolventDielectric(4.0);
    VerletIntegrator verlet2(0.001);
    Context other(system, verlet2, platform);
    other.setPositions(gbsaPositions(18));
    assertClose(4 * polar * (1 - 1 / 4.0) / (1 - 1 / 78.3), other.getState(State::Energy).getPotentialEnergy(), 1e-12,
                "solvent dielectric");
  }
}

inline void testGBSAOBCErrors(Platform& platform) {
  if (!platform.supportsKernels({"CalcGBSAOBCForce"}))
    return;
  System system;
  GBSAOBCForce* force = gbsaSystem(system, 3, GBSAOBCForce::CutoffPeriodic);
  system.addParticle(1.0);
  VerletIntegrator integrator(0.001);
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "exactly as many particles",
                   "particle count");
  force->addParticle(0.0, 0.1, 1.0);
  force->setCutoffDistance(1.3);
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "half the periodic box", "cutoff");
  force->setCutoffDistance(1.0);
  force->setParticleParameters(3, 0.0, 0.005, 1.0);
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "dielectric offset", "radius");
  double q, radius, scale;
  assertThrowsWith([&] { force->getParticleParameters(4, q, radius, scale); }, "Illegal particle index", "index");
}

} // namespace OpenMMTests
