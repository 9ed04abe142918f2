// VirtualSite and its kinds: positions from the parent particles and the chain rule for their forces.
#include "openmm/VirtualSite.h"

#include "openmm/OpenMMException.h"

#include <cmath>

namespace OpenMM {

int VirtualSite::getParticle(int particle) const {
  if (particle < 0 || particle >= getNumParticles())
    throw OpenMMException("VirtualSite: Illegal particle index: " + std::to_string(particle));
  return _particles[particle];
}

TwoParticleAverageSite::TwoParticleAverageSite(int particle1, int particle2, double weight1, double weight2)
    : VirtualSite({particle1, particle2}), _weights{weight1, weight2} {}

double TwoParticleAverageSite::getWeight(int particle) const {
  getParticle(particle);
  return _weights[particle];
}

Vec3 TwoParticleAverageSite::computePosition(const std::vector<Vec3>& x) const {
  return x[_particles[0]] * _weights[0] + x[_particles[1]] * _weights[1];
}

void TwoParticleAverageSite::distributeForce(const std::vector<Vec3>&, const Vec3& f, std::vector<Vec3>& forces) const {
  for (int i = 0; i < 2; i++)
    forces[_particles[i]] += f * _weights[i];
}

ThreeParticleAverageSite::ThreeParticleAverageSite(int particle1, int particle2, int particle3, double weight1,
                                                   double weight2, double weight3)
    : VirtualSite({particle1, particle2, particle3}), _weights{weight1, weight2, weight3} {}

double ThreeParticleAverageSite::getWeight(int particle) const {
  getParticle(particle);
  return _weights[particle];
}

Vec3 ThreeParticleAverageSite::computePosition(const std::vector<Vec3>& x) const {
  return x[_particles[0]] * _weights[0] + x[_particles[1]] * _weights[1] + x[_particles[2]] * _weights[2];
}

void ThreeParticleAverageSite::distributeForce(const std::vector<Vec3>&, const Vec3& f,
                                               std::vector<Vec3>& forces) const {
  for (int i = 0; i < 3; i++)
    forces[_particles[i]] += f * _weights[i];
}

OutOfPlaneSite::OutOfPlaneSite(int particle1, int particle2, int particle3, double weight12, double weight13,
                               double weightCross)
    : VirtualSite({particle1, particle2, particle3}), _w12(weight12), _w13(weight13), _wCross(weightCross) {}

Vec3 OutOfPlaneSite::computePosition(const std::vector<Vec3>& x) const {
  Vec3 v12 = x[_particles[1]] - x[_particles[0]], v13 = x[_particles[2]] - x[_particles[0]];
  return x[_particles[0]] + v12 * _w12 + v13 * _w13 + v12.cross(v13) * _wCross;
}

void OutOfPlaneSite::distributeForce(const std::vector<Vec3>& x, const Vec3& f, std::vector<Vec3>& forces) const {
  // (v12 x v13).f changes with v12 as (v13 x f) and with v13 as (f x v12).
  Vec3 v12 = x[_particles[1]] - x[_particles[0]], v13 = x[_particles[2]] - x[_particles[0]];
  Vec3 f2 = f * _w12 + v13.cross(f) * _wCross;
  Vec3 f3 = f * _w13 + f.cross(v12) * _wCross;
  forces[_particles[0]] += f - f2 - f3;
  forces[_particles[1]] += f2;
  forces[_particles[2]] += f3;
}

LocalCoordinatesSite::LocalCoordinatesSite(const std::vector<int>& particles, const std::vector<double>& originWeights,
                                           const std::vector<double>& xWeights, const std::vector<double>& yWeights,
                                           const Vec3& localPosition)
    : VirtualSite(particles), _origin(originWeights), _x(xWeights), _y(yWeights), _local(localPosition) {
  if (particles.size() < 2)
    throw OpenMMException("LocalCoordinatesSite: a site must depend on at least two particles, not " +
                          std::to_string(particles.size()));
  if (_origin.size() != particles.size() || _x.size() != particles.size() || _y.size() != particles.size())
    throw OpenMMException("LocalCoordinatesSite: the number of weights must equal the number of particles");
  // As OpenMM requires: the origin is a weighted average, the axes differences of positions.
  double origin = 0.0, x = 0.0, y = 0.0;
  for (size_t i = 0; i < particles.size(); i++) {
    origin += _origin[i];
    x += _x[i];
    y += _y[i];
  }
  if (std::fabs(origin - 1.0) > 1e-6)
    throw OpenMMException("LocalCoordinatesSite: the weights of the origin must add to 1, not " +
                          std::to_string(origin));
  if (std::fabs(x) > 1e-6)
    throw OpenMMException("LocalCoordinatesSite: the weights of the x axis must add to 0, not " + std::to_string(x));
  if (std::fabs(y) > 1e-6)
    throw OpenMMException("LocalCoordinatesSite: the weights of the y axis must add to 0, not " + std::to_string(y));
}

LocalCoordinatesSite::LocalCoordinatesSite(int particle1, int particle2, int particle3, const Vec3& originWeights,
                                           const Vec3& xWeights, const Vec3& yWeights, const Vec3& localPosition)
    : LocalCoordinatesSite({particle1, particle2, particle3}, {originWeights[0], originWeights[1], originWeights[2]},
                           {xWeights[0], xWeights[1], xWeights[2]}, {yWeights[0], yWeights[1], yWeights[2]},
                           localPosition) {}

Vec3 LocalCoordinatesSite::weighted(const std::vector<double>& weights, const std::vector<Vec3>& x) const {
  Vec3 sum;
  for (size_t i = 0; i < _particles.size(); i++)
    sum += x[_particles[i]] * weights[i];
  return sum;
}

namespace {
/** 1 / length, or 0 for a zero vector: as in OpenMM, an axis of zero length (x and y weights giving parallel or zero
 * vectors, as the two-particle form always does for z) stays zero instead of becoming NaN. */
double inverseLength(const Vec3& v) {
  const double length = std::sqrt(v.dot(v));
  return length > 0.0 ? 1.0 / length : 0.0;
}
} // namespace

Vec3 LocalCoordinatesSite::computePosition(const std::vector<Vec3>& x) const {
  Vec3 a = weighted(_x, x), b = weighted(_y, x);
  Vec3 c = a.cross(b);
  Vec3 ex = a * inverseLength(a), ez = c * inverseLength(c);
  Vec3 ey = ez.cross(ex);
  return weighted(_origin, x) + ex * _local[0] + ey * _local[1] + ez * _local[2];
}

void LocalCoordinatesSite::distributeForce(const std::vector<Vec3>& x, const Vec3& f, std::vector<Vec3>& forces) const {
  // f.dpos = f.do + da.(Ga + b x Gc) + db.(Gc x a), with Ga and Gc the projections of the frame terms
  // gx = l_x f + l_y (f x ez), gz = l_z f + l_y (ex x f) onto the planes normal to ex and ez. The terms of a zero
  // axis are dropped with its inverse length, as in OpenMM (exact where it stays zero, as z of the two-particle form).
  Vec3 a = weighted(_x, x), b = weighted(_y, x), c = a.cross(b);
  double aInverse = inverseLength(a), cInverse = inverseLength(c);
  Vec3 ex = a * aInverse, ez = c * cInverse;
  Vec3 gx = f * _local[0] + f.cross(ez) * _local[1];
  Vec3 gz = f * _local[2] + ex.cross(f) * _local[1];
  Vec3 ga = (gx - ex * gx.dot(ex)) * aInverse;
  Vec3 gc = (gz - ez * gz.dot(ez)) * cInverse;
  Vec3 forceA = ga + b.cross(gc), forceB = gc.cross(a);
  for (size_t i = 0; i < _particles.size(); i++)
    forces[_particles[i]] += f * _origin[i] + forceA * _x[i] + forceB * _y[i];
}

} // namespace OpenMM
