// ConstraintProjection: forces projected onto the tangent space of a System's constraint manifold, the residual a
// minimizer with constraints must bring below its tolerance. Public OpenMM API only, so that the validation
// programs built against OpenMM 7.7 use it too (validation/openmm/CompareMinimizer.cpp).
#pragma once

#include "OpenMM.h"

#include <cmath>
#include <numeric>
#include <vector>

namespace OpenMMTests {

using OpenMM::System;
using OpenMM::Vec3;

/** The forces less their least-squares fit by constraint forces (sums of +-lambda along each constraint), i.e. their
 * projection onto the tangent space of the constraint manifold; one dense solve per group of coupled constraints. */
inline std::vector<Vec3> constraintProjectedForces(const System& system, const std::vector<Vec3>& x,
                                                   std::vector<Vec3> f) {
  const int numConstraints = system.getNumConstraints();
  std::vector<int> root(system.getNumParticles()), p1(numConstraints), p2(numConstraints);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](int i) {
    while (root[i] != i)
      i = root[i] = root[root[i]];
    return i;
  };
  std::vector<Vec3> dir(numConstraints);
  for (int c = 0; c < numConstraints; c++) {
    double distance;
    system.getConstraintParameters(c, p1[c], p2[c], distance);
    dir[c] = x[p1[c]] - x[p2[c]];
    dir[c] *= 1.0 / std::sqrt(dir[c].dot(dir[c]));
    root[find(p1[c])] = find(p2[c]);
  }
  std::vector<std::vector<int>> groups(system.getNumParticles());
  for (int c = 0; c < numConstraints; c++)
    groups[find(p1[c])].push_back(c);
  for (const std::vector<int>& group : groups) {
    const int n = group.size();
    std::vector<double> a(n * n), b(n);
    for (int i = 0; i < n; i++) {
      int ci = group[i];
      b[i] = dir[ci].dot(f[p1[ci]] - f[p2[ci]]);
      for (int j = 0; j < n; j++) {
        int cj = group[j];
        double sign = (p1[ci] == p1[cj]) + (p2[ci] == p2[cj]) - (p1[ci] == p2[cj]) - (p2[ci] == p1[cj]);
        a[i * n + j] = sign * dir[ci].dot(dir[cj]);
      }
    }
    for (int k = 0; k < n; k++) // Gaussian elimination; a is symmetric positive definite.
      for (int i = k + 1; i < n; i++) {
        double m = a[i * n + k] / a[k * n + k];
        for (int j = k; j < n; j++)
          a[i * n + j] -= m * a[k * n + j];
        b[i] -= m * b[k];
      }
    for (int i = n - 1; i >= 0; i--) {
      for (int j = i + 1; j < n; j++)
        b[i] -= a[i * n + j] * b[j];
      b[i] /= a[i * n + i];
    }
    for (int i = 0; i < n; i++) {
      f[p1[group[i]]] -= dir[group[i]] * b[i];
      f[p2[group[i]]] += dir[group[i]] * b[i];
    }
  }
  return f;
}

} // namespace OpenMMTests
