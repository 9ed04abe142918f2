// Test bodies for CMAPTorsionForce: energies at grid points against the map itself, a separable map against the
// equivalent CustomTorsionForces (which fixes the angle convention and the map's index order), forces against
// finite differences, map updates in a Context, the errors a user gets and molecules from the torsions.
#pragma once

#include "TestUtilities.h"

#include <cmath>

namespace OpenMMTests {

/** Positions of four particles whose dihedral angle (as the torsion forces define it) is +-theta. */
inline std::vector<Vec3> dihedralQuadruplet(double theta, const Vec3& shift) {
  return {shift + Vec3(1.0, 0.0, -0.2), shift + Vec3(0, 0, 0), shift + Vec3(0, 0, 1.1),
          shift + Vec3(std::cos(theta), std::sin(theta), 1.1 + 0.3)};
}

inline void testCMAPTorsion(Platform& platform) {
  const int size = 24;
  auto phiPart = [](double phi) { return 1.3 * std::sin(phi) + 0.4 * std::cos(2 * phi); };
  auto psiPart = [](double psi) { return -0.7 * std::cos(psi) + 0.2 * std::sin(3 * psi); };
  std::vector<double> separable(size * size), coupled(size * size);
  for (int j = 0; j < size; j++)
    for (int i = 0; i < size; i++) {
      double phi = 2 * M_PI * i / size, psi = 2 * M_PI * j / size;
      separable[i + size * j] = phiPart(phi) + psiPart(psi);
      coupled[i + size * j] = std::cos(phi) * std::sin(psi) + 0.01 * ((i * 7 + j * 3) % 5);
    }
  System system;
  for (int i = 0; i < 8; i++)
    system.addParticle(1.0);
  auto* cmap = new CMAPTorsionForce();
  CPPUNIT_ASSERT_EQUAL(0, cmap->addMap(size, separable));
  CPPUNIT_ASSERT_EQUAL(1, cmap->addMap(size, coupled));
  cmap->addTorsion(0, 0, 1, 2, 3, 4, 5, 6, 7);
  system.addForce(cmap);
  auto* phiTerm = new CustomTorsionForce("1.3*sin(theta)+0.4*cos(2*theta)");
  phiTerm->addTorsion(0, 1, 2, 3);
  auto* psiTerm = new CustomTorsionForce("-0.7*cos(theta)+0.2*sin(3*theta)");
  psiTerm->addTorsion(4, 5, 6, 7);
  phiTerm->setForceGroup(1);
  psiTerm->setForceGroup(1);
  system.addForce(phiTerm);
  system.addForce(psiTerm);
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcCMAPTorsionForce"})) {
    assertThrowsWith([&] { Context context(system, integrator, platform); }, "does not implement CMAPTorsionForce",
                     "a platform without the CMAP kernel refuses it by name");
    return;
  }
  Context context(system, integrator, platform);
  auto place = [&](double phi, double psi) {
    std::vector<Vec3> positions = dihedralQuadruplet(phi, Vec3());
    std::vector<Vec3> second = dihedralQuadruplet(psi, Vec3(0.3, -2.0, 0.5));
    positions.insert(positions.end(), second.begin(), second.end());
    context.setPositions(positions);
  };
  // At grid points the map is reproduced exactly, for either sign of the angles.
  for (auto cell : {std::pair<int, int>{3, 5}, {17, 2}, {0, 23}, {9, 14}}) {
    double phi = 2 * M_PI * cell.first / size, psi = 2 * M_PI * cell.second / size;
    place(phi, psi);
    double map = context.getState(State::Energy, false, 1 << 0).getPotentialEnergy();
    double custom = context.getState(State::Energy, false, 1 << 1).getPotentialEnergy();
    assertClose(custom, map, 1e-10, "CMAP at a grid point equals the sampled function");
  }
  // Between grid points, the periodic bicubic interpolation is close to the function; forces agree with the
  // torsion forces and with finite differences.
  for (auto angles : {std::pair<double, double>{0.37, -2.1}, {2.9, 1.234}, {-1.7, 0.05}}) {
    place(angles.first, angles.second);
    State mapState = context.getState(State::Energy | State::Forces, false, 1 << 0);
    State customState = context.getState(State::Energy | State::Forces, false, 1 << 1);
    assertClose(customState.getPotentialEnergy(), mapState.getPotentialEnergy(), 5e-5, "CMAP between grid points");
    for (int i = 0; i < 8; i++)
      assertVecClose(customState.getForces()[i], mapState.getForces()[i], 2e-3, "CMAP force on particle " +
                     std::to_string(i));
  }
  checkForcesByFiniteDifference(context, 1e-6, "CMAP separable map");
  // Switching the torsion to the coupled map in the Context: grid points, then finite differences.
  cmap->setTorsionParameters(0, 1, 0, 1, 2, 3, 4, 5, 6, 7);
  cmap->updateParametersInContext(context);
  place(2 * M_PI * 5 / size, 2 * M_PI * 11 / size);
  assertClose(coupled[5 + size * 11], context.getState(State::Energy, false, 1).getPotentialEnergy(), 1e-10,
              "coupled map at a grid point (index phi + size*psi)");
  place(2 * M_PI * -4 / size, 2 * M_PI * 7 / size);
  assertClose(coupled[20 + size * 7], context.getState(State::Energy, false, 1).getPotentialEnergy(), 1e-10,
              "negative angle taken modulo 2 pi");
  place(1.1, -0.6);
  checkForcesByFiniteDifference(context, 1e-6, "CMAP coupled map");
  State state = context.getState(State::Forces, false, 1);
  Vec3 total;
  for (const Vec3& f : state.getForces())
    total += f;
  assertVecClose(Vec3(), total, 1e-10, "CMAP forces sum to zero");
  // The map's values themselves can change.
  std::vector<double> shifted = coupled;
  for (double& e : shifted)
    e += 2.5;
  cmap->setMapParameters(1, size, shifted);
  double before = context.getState(State::Energy, false, 1).getPotentialEnergy();
  cmap->updateParametersInContext(context);
  assertClose(before + 2.5, context.getState(State::Energy, false, 1).getPotentialEnergy(), 1e-10, "map update");
}

inline void testCMAPTorsionErrors(Platform& platform) {
  CMAPTorsionForce force;
  assertThrowsWith([&] { force.addMap(3, std::vector<double>(8)); }, "needs 9 energies", "map size");
  assertThrowsWith([&] { int size; std::vector<double> energy; force.getMapParameters(0, size, energy); }, "Illegal map index",
                   "map index");
  System system;
  for (int i = 0; i < 4; i++)
    system.addParticle(1.0);
  auto* cmap = new CMAPTorsionForce();
  cmap->addMap(2, {0, 1, 2, 3});
  cmap->addTorsion(1, 0, 1, 2, 3, 0, 1, 2, 3);
  system.addForce(cmap);
  VerletIntegrator integrator(0.001);
  {
    // A Context without a named platform takes one that has the kernel.
    cmap->setTorsionParameters(0, 0, 0, 1, 2, 3, 0, 1, 2, 3);
    Context context(system, integrator);
    CPPUNIT_ASSERT(context.getPlatform().supportsKernels({"CalcCMAPTorsionForce"}));
    cmap->setTorsionParameters(0, 1, 0, 1, 2, 3, 0, 1, 2, 3);
  }
  if (!platform.supportsKernels({"CalcCMAPTorsionForce"}))
    return;
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Illegal map index for a torsion",
                   "torsion with a missing map");
  cmap->setTorsionParameters(0, 0, 0, 1, 2, 4, 0, 1, 2, 3);
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Illegal particle index", "particle index");
}

} // namespace OpenMMTests
