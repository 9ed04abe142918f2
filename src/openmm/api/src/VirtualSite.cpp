// VirtualSite and its kinds: positions from the parent particles and the chain rule for their forces.
#include "openmm/VirtualSite.h"

#include "openmm/OpenMMException.h"

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

} // namespace OpenMM
