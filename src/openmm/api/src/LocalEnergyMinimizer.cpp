// LocalEnergyMinimizer: L-BFGS (memory 8, strong-Wolfe line search) on the potential energy plus harmonic
// restraints on the constraint distances, whose strength grows until the constraints hold; then exact constraints.
#include "openmm/LocalEnergyMinimizer.h"

#include "openmm/Context.h"
#include "openmm/Integrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/RestrainedEnergy.h"

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

/** Largest displacement of one particle along d. */
double maxParticleDisplacement(const Coordinates& d) {
  double largest = 0.0;
  for (size_t i = 0; i < d.size(); i += 3)
    largest = std::max(largest, d[i] * d[i] + d[i + 1] * d[i + 1] + d[i + 2] * d[i + 2]);
  return std::sqrt(largest);
}

/** A point of the search: positions, the objective, its parts and its gradient. */
struct Point {
  Coordinates x, g;
  double f = 0.0, energy = 0.0, restraint = 0.0;
};

Point evaluateAt(RestrainedEnergy& objective, const Coordinates& x) {
  Point p;
  p.x = x;
  p.f = objective.evaluate(p.x, p.g, p.energy, p.restraint);
  return p;
}

/** Line search for the strong Wolfe conditions (sufficient decrease 1e-4, curvature 0.9) along d from p, trying
 * the step `step` first and never beyond `maxStep`; bracketing, then bisection safeguarded by quadratic
 * interpolation. Returns false where no step lowers the objective sufficiently; otherwise `next` holds the accepted
 * point (one that only decreases the objective sufficiently if the curvature condition is never met). */
bool lineSearch(RestrainedEnergy& objective, const Point& p, const Coordinates& d, double step, double maxStep,
                Point& next) {
  const double c1 = 1e-4, c2 = 0.9, slope0 = dot(p.g, d);
  const int maxEvaluations = 40;
  auto trial = [&](double alpha) {
    Coordinates x(p.x.size());
    for (size_t i = 0; i < x.size(); i++)
      x[i] = p.x[i] + alpha * d[i];
    return evaluateAt(objective, x);
  };
  auto sufficient = [&](const Point& q, double alpha) { return q.f <= p.f + c1 * alpha * slope0; };
  // Bracketing: lo is the best step known to decrease sufficiently (0 = none yet), hi a step beyond the minimum.
  double lo = 0.0, hi = -1.0, fLo = p.f, slopeLo = slope0;
  Point best;
  bool haveBest = false;
  int evaluations = 0;
  for (double alpha = std::min(step, maxStep); evaluations < maxEvaluations; evaluations++) {
    Point q = trial(alpha);
    double slope = std::isfinite(q.f) ? dot(q.g, d) : 0.0;
    if (!std::isfinite(q.f) || !sufficient(q, alpha) || q.f >= fLo) {
      hi = alpha;
      break;
    }
    if (std::fabs(slope) <= -c2 * slope0) {
      next = std::move(q);
      return true;
    }
    lo = alpha, fLo = q.f, slopeLo = slope, best = std::move(q), haveBest = true;
    if (slope >= 0.0) {
      hi = lo;
      break;
    }
    if (alpha >= maxStep)
      break;
    alpha = std::min(2.0 * alpha, maxStep);
  }
  double fHi = std::numeric_limits<double>::infinity();
  for (; hi >= 0.0 && evaluations < maxEvaluations && hi != lo; evaluations++) {
    // Minimum of the quadratic through (lo, fLo, slopeLo) and (hi, fHi), kept inside the middle of the bracket.
    double width = hi - lo, alpha = lo + 0.5 * width;
    if (std::isfinite(fHi)) {
      double curvature = (fHi - fLo - slopeLo * width) / (width * width);
      if (curvature > 0.0)
        alpha = lo - slopeLo / (2.0 * curvature);
    }
    double a = std::min(lo, hi), b = std::max(lo, hi);
    alpha = std::clamp(alpha, a + 0.1 * (b - a), b - 0.1 * (b - a));
    Point q = trial(alpha);
    if (!std::isfinite(q.f) || !sufficient(q, alpha) || q.f >= fLo) {
      hi = alpha, fHi = q.f;
      continue;
    }
    double slope = dot(q.g, d);
    if (std::fabs(slope) <= -c2 * slope0) {
      next = std::move(q);
      return true;
    }
    if (slope * (hi - lo) >= 0.0)
      hi = lo, fHi = fLo;
    lo = alpha, fLo = q.f, slopeLo = slope, best = std::move(q), haveBest = true;
  }
  if (haveBest)
    next = std::move(best);
  return haveBest;
}

enum class Outcome { Converged, Stalled, IterationLimit, StoppedByReporter };

/** L-BFGS on the restrained objective from p until the root-mean-square gradient over the free coordinates is
 * below tolerance, no step lowers it, `iteration` (counted over all stages) reaches maxIterations (0 = no limit)
 * or the reporter asks to stop. */
Outcome minimizeRestrained(RestrainedEnergy& objective, Point& p, double tolerance, int numFree, int& iteration,
                           int maxIterations, MinimizationReporter* reporter) {
  const size_t memory = 8;
  const double firstDisplacement = 0.01, trialDisplacement = 0.1, maxDisplacement = 0.3; // nm
  std::deque<Coordinates> sHistory, yHistory;
  while (true) {
    if (std::sqrt(dot(p.g, p.g) / (3.0 * numFree)) < tolerance)
      return Outcome::Converged;
    if (maxIterations > 0 && iteration >= maxIterations)
      return Outcome::IterationLimit;
    // Two-loop recursion: d = -H g, H scaled by the latest curvature pair.
    Coordinates d = p.g;
    std::vector<double> alpha(sHistory.size());
    for (size_t k = sHistory.size(); k-- > 0;) {
      alpha[k] = dot(sHistory[k], d) / dot(yHistory[k], sHistory[k]);
      for (size_t i = 0; i < d.size(); i++)
        d[i] -= alpha[k] * yHistory[k][i];
    }
    if (!sHistory.empty()) {
      double scale = dot(sHistory.back(), yHistory.back()) / dot(yHistory.back(), yHistory.back());
      for (double& v : d)
        v *= scale;
    }
    for (size_t k = 0; k < sHistory.size(); k++) {
      double beta = dot(yHistory[k], d) / dot(yHistory[k], sHistory[k]);
      for (size_t i = 0; i < d.size(); i++)
        d[i] += (alpha[k] - beta) * sHistory[k][i];
    }
    for (double& v : d)
      v = -v;
    bool steepest = sHistory.empty();
    if (!steepest && !(dot(p.g, d) < 0.0)) {
      d = p.g;
      for (double& v : d)
        v = -v;
      steepest = true;
    }
    double length = maxParticleDisplacement(d);
    double step = steepest ? firstDisplacement / length : std::min(1.0, trialDisplacement / length);
    Point next;
    if (!lineSearch(objective, p, d, step, maxDisplacement / length, next)) {
      if (steepest)
        return Outcome::Stalled; // Not even a short steepest-descent step lowers the objective.
      sHistory.clear();
      yHistory.clear();
      continue;
    }
    Coordinates s(d.size()), y(d.size());
    for (size_t i = 0; i < d.size(); i++) {
      s[i] = next.x[i] - p.x[i];
      y[i] = next.g[i] - p.g[i];
    }
    bool progress = p.f - next.f > 1e-14 * std::fabs(p.f);
    p = std::move(next);
    iteration++;
    if (dot(s, y) > 1e-10 * std::sqrt(dot(s, s) * dot(y, y))) {
      sHistory.push_back(std::move(s));
      yHistory.push_back(std::move(y));
      if (sHistory.size() > memory) {
        sHistory.pop_front();
        yHistory.pop_front();
      }
    }
    if (reporter != nullptr) {
      std::map<std::string, double> args{{"system energy", p.energy},
                                         {"restraint energy", p.restraint},
                                         {"restraint strength", objective.strength()},
                                         {"max constraint error", objective.maxConstraintError(p.x)}};
      if (reporter->report(iteration - 1, p.x, p.g, args))
        return Outcome::StoppedByReporter;
    }
    if (!progress) {
      if (steepest)
        return Outcome::Stalled; // The objective no longer changes at this resolution.
      sHistory.clear();
      yHistory.clear();
    }
  }
}

/** Applies the constraints to the integrator's tolerance, or the looser working tolerance where that fails. */
void applyConstraintsFinally(ContextImpl& impl, double tolerance, double workingTolerance) {
  try {
    impl.applyConstraints(tolerance);
  } catch (const OpenMMException&) {
    if (workingTolerance <= tolerance)
      throw;
    impl.applyConstraints(workingTolerance);
  }
}

} // namespace

void LocalEnergyMinimizer::minimize(Context& context, double tolerance, int maxIterations,
                                    MinimizationReporter* reporter) {
  if (!(tolerance > 0.0))
    throw OpenMMException("LocalEnergyMinimizer: tolerance must be positive, got " + std::to_string(tolerance));
  const System& system = context.getSystem();
  ContextImpl& impl = context.getImpl();
  int numFree = 0;
  for (int i = 0; i < system.getNumParticles(); i++)
    numFree += system.getParticleMass(i) != 0.0 ? 1 : 0;
  if (numFree == 0)
    return;
  // The restraints hold the constraints to workingTolerance (relative); exact constraints follow at the end.
  const double constraintTolerance = impl.getIntegrator().getConstraintTolerance();
  const double workingTolerance = std::max(1e-4, constraintTolerance);
  const bool constrained = system.getNumConstraints() > 0;
  std::vector<Vec3> start;
  impl.getPositions(start);
  if (constrained) {
    try {
      impl.applyConstraints(workingTolerance);
      impl.getPositions(start);
    } catch (const OpenMMException&) {
      impl.setPositions(start); // Too far from the constraints for them to converge: the restraints pull first.
    }
  }
  RestrainedEnergy objective(impl, 100.0 / workingTolerance);
  Coordinates initial(3 * start.size());
  for (size_t i = 0; i < start.size(); i++)
    for (int d = 0; d < 3; d++)
      initial[3 * i + d] = start[i][d];
  Point p = evaluateAt(objective, initial);
  if (!std::isfinite(p.f))
    throw OpenMMException("LocalEnergyMinimizer: the energy or the forces of the starting configuration are not "
                          "finite");
  int iteration = 0;
  double previousError = std::numeric_limits<double>::infinity();
  while (true) {
    Outcome outcome = minimizeRestrained(objective, p, tolerance, numFree, iteration, maxIterations, reporter);
    if (!constrained || outcome == Outcome::IterationLimit || outcome == Outcome::StoppedByReporter)
      break;
    double error = objective.maxConstraintError(p.x);
    if (error <= workingTolerance || error >= previousError)
      break; // The constraints hold, or stiffer restraints no longer bring them closer.
    previousError = error;
    objective.setStrength(10.0 * objective.strength());
    // Far from the constraint manifold (10 % at the default tolerance) the minimum found may lie where the
    // constraints cannot be restored: start the stiffer stage from the initial positions then.
    p = evaluateAt(objective, error > 1000.0 * workingTolerance ? initial : p.x);
  }
  objective.setPositions(p.x);
  if (constrained)
    applyConstraintsFinally(impl, constraintTolerance, workingTolerance);
}

} // namespace OpenMM
