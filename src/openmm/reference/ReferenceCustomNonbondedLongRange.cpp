// customNonbondedLongRange: the integral of the long-range correction of a CustomNonbondedForce by Simpson's rule
// (beyond the cutoff after the substitution r = r_cutoff / t, and what the switching function removed).
#include "ReferenceCustomNonbondedLongRange.h"

#include "ReferenceCustomTerms.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

namespace OpenMM {

double customNonbondedLongRange(ReferenceCustomTerms& terms, const std::vector<std::vector<double>>& particleParameters,
                                const InteractionGroups& groups, double cutoff, bool switching,
                                double switchingDistance, int derivative) {
  // Classes of particles with identical parameters, and the number of interacting pairs between classes.
  std::map<std::vector<double>, double> classes;
  for (const auto& p : particleParameters)
    classes[p] += 1.0;
  std::vector<std::pair<std::vector<double>, double>> list(classes.begin(), classes.end());
  std::map<std::pair<size_t, size_t>, double> counts;
  if (groups.empty()) {
    for (size_t a = 0; a < list.size(); a++)
      for (size_t b = a; b < list.size(); b++)
        counts[{a, b}] = a == b ? list[a].second * (list[a].second + 1) / 2 : list[a].second * list[b].second;
  } else {
    std::vector<size_t> classOf(particleParameters.size());
    for (size_t i = 0; i < particleParameters.size(); i++)
      classOf[i] = static_cast<size_t>(std::distance(classes.begin(), classes.find(particleParameters[i])));
    for (const auto& [set1, set2] : groups)
      for (int i : set1)
        for (int j : set2) {
          // A pair the sets hold both ways is counted once (i < j); a particle in both sets not with itself.
          if (i >= j && set1.count(j) && set2.count(i))
            continue;
          const size_t a = classOf[static_cast<size_t>(i)], b = classOf[static_cast<size_t>(j)];
          counts[{std::min(a, b), std::max(a, b)}] += 1.0;
        }
  }
  const double n = static_cast<double>(particleParameters.size());
  const int steps = 2000; // even
  double sum = 0.0;
  for (const auto& [pair, count] : counts) {
    const size_t a = pair.first, b = pair.second;
    std::vector<double> values(list[a].first);
    values.insert(values.end(), list[b].first.begin(), list[b].first.end());
    auto energy = [&](double r) {
      double d;
      if (derivative >= 0)
        return terms.evaluateParameterDerivative(derivative, &r, values.data());
      return terms.evaluate(&r, values.data(), &d);
    };
    // Beyond the cutoff: r = rc/t, dr = rc/t^2 dt, t in (0, 1]; the integrand vanishes at t = 0.
    double tail = 0.0;
    for (int k = 1; k <= steps; k++) {
      double t = static_cast<double>(k) / steps;
      double value = energy(cutoff / t) * cutoff * cutoff * cutoff / (t * t * t * t);
      tail += value * (k == steps ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0));
    }
    tail /= 3.0 * steps;
    // Inside the switching region: what the switching function removed.
    double switched = 0.0;
    if (switching) {
      double h = (cutoff - switchingDistance) / steps;
      for (int k = 0; k <= steps; k++) {
        double r = switchingDistance + k * h, x = (r - switchingDistance) / (cutoff - switchingDistance);
        double s = 1.0 + x * x * x * (-10.0 + x * (15.0 - 6.0 * x));
        double value = energy(r) * (1.0 - s) * r * r;
        switched += value * (k == 0 || k == steps ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0));
      }
      switched *= h / 3.0;
    }
    sum += count * (tail + switched);
  }
  double numInteractions = n * (n + 1) / 2;
  return 2.0 * M_PI * n * n * sum / numInteractions;
}

} // namespace OpenMM
