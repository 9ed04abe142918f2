// LocalEnergyMinimizer: L-BFGS (memory 8) over the positions of massive particles, Armijo backtracking line
// search, constraints applied to every trial configuration; forces come from Context::getState().
#include "openmm/LocalEnergyMinimizer.h"

#include "openmm/Context.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <vector>

namespace OpenMM {

namespace {

using Coordinates = std::vector<double>;

double dot(const Coordinates& a, const Coordinates& b) {
  double sum = 0.0;
  for (size_t i = 0; i < a.size(); i++)
    sum += a[i] * b[i];
  return sum;
}

/** Energy of the integration force groups and its gradient (-forces; zero for massless particles) at the
 * Context's current positions; +infinity where the energy or a force is not finite. */
double evaluate(ContextImpl& impl, const std::vector<bool>& movable, Coordinates& gradient, Coordinates& positions) {
  std::vector<Vec3> x, forces;
  impl.getPositions(x);
  double energy = impl.calcForcesAndEnergy(true, true, impl.getIntegrator().getIntegrationForceGroups());
  impl.getForces(forces);
  gradient.assign(3 * x.size(), 0.0);
  positions.resize(3 * x.size());
  bool finite = std::isfinite(energy);
  for (size_t i = 0; i < x.size(); i++)
    for (int d = 0; d < 3; d++) {
      positions[3 * i + d] = x[i][d];
      if (movable[i]) {
        gradient[3 * i + d] = -forces[i][d];
        finite = finite && std::isfinite(forces[i][d]);
      }
    }
  return finite ? energy : std::numeric_limits<double>::infinity();
}

/** Sets (and constrains) the positions; false where the constraints cannot be satisfied there. */
bool setPositions(ContextImpl& impl, const Coordinates& positions, bool constrained) {
  std::vector<Vec3> x(positions.size() / 3);
  for (size_t i = 0; i < x.size(); i++) {
    x[i] = Vec3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
    if (!std::isfinite(x[i].dot(x[i])))
      return false;
  }
  impl.setPositions(x);
  if (constrained) {
    try {
      impl.applyConstraints(1e-8);
    } catch (const OpenMMException&) {
      return false;
    }
  }
  return true;
}

/** Largest relative deviation of a constraint from its length. */
double maxConstraintError(const System& system, const Coordinates& x) {
  double error = 0.0;
  for (int i = 0; i < system.getNumConstraints(); i++) {
    int p1, p2;
    double distance;
    system.getConstraintParameters(i, p1, p2, distance);
    Vec3 d(x[3 * p1] - x[3 * p2], x[3 * p1 + 1] - x[3 * p2 + 1], x[3 * p1 + 2] - x[3 * p2 + 2]);
    error = std::max(error, std::fabs(std::sqrt(d.dot(d)) - distance) / distance);
  }
  return error;
}

} // namespace

void LocalEnergyMinimizer::minimize(Context& context, double tolerance, int maxIterations,
                                    MinimizationReporter* reporter) {
  if (!(tolerance > 0.0))
    throw OpenMMException("LocalEnergyMinimizer: tolerance must be positive, got " + std::to_string(tolerance));
  const System& system = context.getSystem();
  const bool constrained = system.getNumConstraints() > 0;
  std::vector<bool> movable(system.getNumParticles());
  int numMovable = 0;
  for (int i = 0; i < system.getNumParticles(); i++) {
    movable[i] = system.getParticleMass(i) != 0.0;
    numMovable += movable[i] ? 1 : 0;
  }
  if (numMovable == 0)
    return;
  ContextImpl& impl = context.getImpl();
  if (constrained)
    impl.applyConstraints(1e-8);

  Coordinates x, g;
  double energy = evaluate(impl, movable, g, x);
  if (!std::isfinite(energy))
    throw OpenMMException("LocalEnergyMinimizer: the energy or the forces of the starting configuration are not "
                          "finite");
  std::deque<Coordinates> sHistory, yHistory;
  const size_t memory = 8;
  for (int iteration = 0; maxIterations <= 0 || iteration < maxIterations; iteration++) {
    double rmsForce = std::sqrt(dot(g, g) / (3.0 * numMovable));
    if (rmsForce < tolerance)
      return;
    // Two-loop recursion: direction = -H g.
    Coordinates direction = g;
    std::vector<double> alpha(sHistory.size());
    for (size_t k = sHistory.size(); k-- > 0;) {
      alpha[k] = dot(sHistory[k], direction) / dot(yHistory[k], sHistory[k]);
      for (size_t i = 0; i < direction.size(); i++)
        direction[i] -= alpha[k] * yHistory[k][i];
    }
    double scale = sHistory.empty() ? 0.01 / std::sqrt(dot(g, g))
                                    : dot(sHistory.back(), yHistory.back()) / dot(yHistory.back(), yHistory.back());
    for (double& d : direction)
      d *= scale;
    for (size_t k = 0; k < sHistory.size(); k++) {
      double beta = dot(yHistory[k], direction) / dot(yHistory[k], sHistory[k]);
      for (size_t i = 0; i < direction.size(); i++)
        direction[i] += (alpha[k] - beta) * sHistory[k][i];
    }
    for (double& d : direction)
      d = -d;
    double slope = dot(g, direction);
    if (slope >= 0.0) {
      // Not a descent direction: restart from steepest descent.
      sHistory.clear();
      yHistory.clear();
      direction = g;
      for (double& d : direction)
        d *= -0.01 / std::sqrt(dot(g, g));
      slope = dot(g, direction);
    }
    // Backtracking line search with the Armijo condition.
    Coordinates trial(x.size()), newX, newG;
    double step = 1.0, newEnergy = energy;
    bool accepted = false;
    for (int attempt = 0; attempt < 40 && !accepted; attempt++, step *= 0.5) {
      for (size_t i = 0; i < x.size(); i++)
        trial[i] = x[i] + step * direction[i];
      if (!setPositions(impl, trial, constrained))
        continue;
      newEnergy = evaluate(impl, movable, newG, newX);
      accepted = std::isfinite(newEnergy) && newEnergy <= energy + 1e-4 * step * slope;
    }
    if (!accepted) {
      setPositions(impl, x, false);
      if (sHistory.empty())
        return;         // Not even a short steepest-descent step lowers the energy.
      sHistory.clear(); // Retry from steepest descent.
      yHistory.clear();
      continue;
    }
    if (energy - newEnergy <= 1e-12 * std::fabs(energy)) {
      x = newX;
      g = newG;
      energy = newEnergy;
      if (sHistory.empty())
        return; // No further progress possible at this resolution.
      sHistory.clear();
      yHistory.clear();
      continue;
    }
    Coordinates s(x.size()), y(x.size());
    for (size_t i = 0; i < x.size(); i++) {
      s[i] = newX[i] - x[i];
      y[i] = newG[i] - g[i];
    }
    if (dot(s, y) > 1e-20) {
      sHistory.push_back(s);
      yHistory.push_back(y);
      if (sHistory.size() > memory) {
        sHistory.pop_front();
        yHistory.pop_front();
      }
    }
    x = newX;
    g = newG;
    energy = newEnergy;
    if (reporter != nullptr) {
      std::map<std::string, double> args{{"system energy", energy},
                                         {"restraint energy", 0.0},
                                         {"restraint strength", 0.0},
                                         {"max constraint error", maxConstraintError(system, x)}};
      if (reporter->report(iteration, x, g, args))
        return;
    }
  }
}

} // namespace OpenMM
