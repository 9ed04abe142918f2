// TestUtilities: assertions with relative tolerances and helpers (finite-difference force check, state
// snapshots) shared by the platform test bodies in Test*.h.
#pragma once

#include "OpenMM.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace OpenMMTests {

using namespace OpenMM;

/** The smallest tolerance any check uses: 0 for double-precision platforms; a single-precision suite
 * raises it to what its arithmetic can give. */
inline double& toleranceFloor() {
  static double floor = 0.0;
  return floor;
}

/** The smallest tolerance of the finite-difference checks: 0 for double precision; a suite whose pair
 * energies are single precision raises it (central differences of float energies over 1e-4 nm). */
inline double& finiteDifferenceFloor() {
  static double floor = 0.0;
  return floor;
}

/** The smallest step of the finite-difference checks (the norm of the displacement of all particles): 0
 * for double precision; a suite with single-precision positions or pair energies raises it to a step that
 * its arithmetic resolves. */
inline double& finiteDifferenceStepFloor() {
  static double floor = 0.0;
  return floor;
}

/** |expected - found| <= tol * max(1, |expected|). */
inline void assertClose(double expected, double found, double tol, const std::string& what) {
  tol = std::max(tol, toleranceFloor());
  double scale = std::max(1.0, std::fabs(expected));
  if (!(std::fabs(expected - found) <= tol * scale)) {
    std::ostringstream message;
    message.precision(12);
    message << what << ": expected " << expected << ", found " << found << " (tolerance " << tol << ")";
    CPPUNIT_FAIL(message.str());
  }
}

inline void assertVecClose(const Vec3& expected, const Vec3& found, double tol, const std::string& what) {
  tol = std::max(tol, toleranceFloor());
  double scale = std::max(1.0, std::sqrt(expected.dot(expected)));
  Vec3 diff = expected - found;
  if (!(std::sqrt(diff.dot(diff)) <= tol * scale)) {
    std::ostringstream message;
    message.precision(12);
    message << what << ": expected " << expected << ", found " << found << " (tolerance " << tol << ")";
    CPPUNIT_FAIL(message.str());
  }
}

/** The energies and forces of two Contexts agree to tol. */
inline void compareStates(Context& a, Context& b, double tol, const std::string& what) {
  State sa = a.getState(State::Energy | State::Forces), sb = b.getState(State::Energy | State::Forces);
  assertClose(sa.getPotentialEnergy(), sb.getPotentialEnergy(), tol, what + " energy");
  for (size_t i = 0; i < sa.getForces().size(); i++)
    assertVecClose(sa.getForces()[i], sb.getForces()[i], tol, what + " force on particle " + std::to_string(i));
}

/** Runs `action` and checks that it throws an OpenMMException whose message contains `fragment`. */
template <class Action> void assertThrowsWith(Action action, const std::string& fragment, const std::string& what) {
  try {
    action();
  } catch (const OpenMMException& e) {
    if (std::string(e.what()).find(fragment) == std::string::npos)
      CPPUNIT_FAIL(what + ": exception message '" + e.what() + "' does not contain '" + fragment + "'");
    return;
  }
  CPPUNIT_FAIL(what + ": no OpenMMException thrown");
}

/**
 * Compares the forces of the Context with central differences of the energy along the force direction
 * (the directional derivative over all particles), as OpenMM's tests do.
 */
inline void checkForcesByFiniteDifference(Context& context, double tol, const std::string& what,
                                          double stepSize = 1e-4) {
  State state = context.getState(State::Positions | State::Forces | State::Energy);
  std::vector<Vec3> positions = state.getPositions();
  const std::vector<Vec3>& forces = state.getForces();
  double norm = 0.0;
  for (const Vec3& f : forces)
    norm += f.dot(f);
  norm = std::sqrt(norm);
  CPPUNIT_ASSERT_MESSAGE(what + ": forces are zero, nothing to check", norm > 0.0);
  stepSize = std::max(stepSize, finiteDifferenceStepFloor());
  double delta = stepSize / norm;
  std::vector<Vec3> displaced(positions.size());
  for (size_t i = 0; i < positions.size(); i++)
    displaced[i] = positions[i] + forces[i] * delta;
  context.setPositions(displaced);
  double energyPlus = context.getState(State::Energy).getPotentialEnergy();
  for (size_t i = 0; i < positions.size(); i++)
    displaced[i] = positions[i] - forces[i] * delta;
  context.setPositions(displaced);
  double energyMinus = context.getState(State::Energy).getPotentialEnergy();
  context.setPositions(positions);
  // Moving along F lowers the energy at the rate |F|.
  assertClose(norm, (energyMinus - energyPlus) / (2.0 * stepSize), std::max(tol, finiteDifferenceFloor()),
              what + " (finite difference)");
}

} // namespace OpenMMTests
