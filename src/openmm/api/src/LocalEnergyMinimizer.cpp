// LocalEnergyMinimizer: L-BFGS (memory 8) over the positions of massive particles, Armijo backtracking line
// search, constraints applied to every trial configuration; forces come from Context::getState().
#include "openmm/LocalEnergyMinimizer.h"

#include "openmm/Context.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"

#include <cmath>
#include <deque>
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

/** Energy and gradient (-forces; zero for massless particles) of the Context's current positions. */
double evaluate(Context& context, const std::vector<bool>& movable, Coordinates& gradient, Coordinates& positions) {
  State state = context.getState(State::Positions | State::Forces | State::Energy);
  const std::vector<Vec3>& forces = state.getForces();
  const std::vector<Vec3>& x = state.getPositions();
  gradient.assign(3 * x.size(), 0.0);
  positions.resize(3 * x.size());
  for (size_t i = 0; i < x.size(); i++)
    for (int d = 0; d < 3; d++) {
      positions[3 * i + d] = x[i][d];
      if (movable[i])
        gradient[3 * i + d] = -forces[i][d];
    }
  return state.getPotentialEnergy();
}

void setPositions(Context& context, const Coordinates& positions, bool constrained) {
  std::vector<Vec3> x(positions.size() / 3);
  for (size_t i = 0; i < x.size(); i++)
    x[i] = Vec3(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  context.setPositions(x);
  if (constrained)
    context.applyConstraints(1e-8);
}

} // namespace

void LocalEnergyMinimizer::minimize(Context& context, double tolerance, int maxIterations) {
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
  if (constrained)
    context.applyConstraints(1e-8);

  Coordinates x, g;
  double energy = evaluate(context, movable, g, x);
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
      setPositions(context, trial, constrained);
      newEnergy = evaluate(context, movable, newG, newX);
      accepted = std::isfinite(newEnergy) && newEnergy <= energy + 1e-4 * step * slope;
    }
    if (!accepted || energy - newEnergy <= 1e-12 * std::fabs(energy)) {
      if (!accepted)
        setPositions(context, x, false);
      if (sHistory.empty() || !accepted)
        return; // No further progress possible at this resolution.
      sHistory.clear();
      yHistory.clear();
      if (accepted) {
        x = newX;
        g = newG;
        energy = newEnergy;
      }
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
  }
}

} // namespace OpenMM
