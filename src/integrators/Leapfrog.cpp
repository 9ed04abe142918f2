// Leapfrog: the translational and rotational half steps of the rigid-body leapfrog, applied to the
// owned molecules of a container; orientation quaternions are renormalised after each update.
#include "integrators/Leapfrog.h"

#include "utils/MardynException.h"

namespace mardyn {

void KineticSums::reset(std::size_t numComponents) {
  summv2.assign(numComponents, 0.0);
  sumIw2.assign(numComponents, 0.0);
  count.assign(numComponents, 0);
  rotDof.assign(numComponents, 0);
}

namespace {

/// Body-frame angular velocity of L (space frame) for orientation q: L_body / I, 0 where I = 0.
Vec3 bodyAngularVelocity(const Quaternion& q, const Vec3& L, const Vec3& I) {
  const Vec3 Lb = q.rotate(L);
  return {I.x > 0 ? Lb.x / I.x : 0.0, I.y > 0 ? Lb.y / I.y : 0.0, I.z > 0 ? Lb.z / I.z : 0.0};
}

/// dq/dt = q * (0, omega_body) / 2.
Quaternion derivative(const Quaternion& q, const Vec3& w) {
  const Quaternion d = q * Quaternion(0.0, w.x, w.y, w.z);
  return {0.5 * d.w(), 0.5 * d.x(), 0.5 * d.y(), 0.5 * d.z()};
}

Quaternion addScaled(const Quaternion& q, const Quaternion& d, double s) {
  return {q.w() + s * d.w(), q.x() + s * d.x(), q.y() + s * d.y(), q.z() + s * d.z()};
}

void addKinetic(const Molecule& m, KineticSums& sums) {
  const unsigned c = m.componentId();
  const unsigned rotDof = m.component().rotationalDegreesOfFreedom();
  sums.summv2[c] += m.twiceTransKinEnergy();
  if (rotDof > 0) sums.sumIw2[c] += m.twiceRotKinEnergy();
  sums.count[c] += 1;
  sums.rotDof[c] += rotDof;
}

}  // namespace

Leapfrog::Leapfrog(double timestep) : _dt(timestep) {
  if (!(timestep > 0.0)) throw MardynException("Leapfrog: time step must be positive, got " + std::to_string(timestep));
}

void Leapfrog::preForces(Molecule& m, double dt) {
  const double half = 0.5 * dt;
  const Vec3 v = m.v() + m.F() * (half / m.mass());
  m.setV(v);
  m.setR(m.r() + v * dt);

  const Vec3& I = m.component().momentsOfInertia();
  if (I.x > 0 || I.y > 0 || I.z > 0) {
    const Quaternion& q = m.q();
    // Orientation at the half step from the current angular momentum.
    Quaternion qHalf = addScaled(q, derivative(q, bodyAngularVelocity(q, m.L(), I)), half);
    qHalf.normalize();
    // Angular momentum at the half step, then a full step of the orientation with it.
    const Vec3 L = m.L() + m.M() * half;
    m.setL(L);
    Quaternion qNew = addScaled(q, derivative(qHalf, bodyAngularVelocity(qHalf, L, I)), dt);
    qNew.normalize();
    m.setQ(qNew);
  }
}

void Leapfrog::postForces(Molecule& m, double dt) {
  const double half = 0.5 * dt;
  m.setV(m.v() + m.F() * (half / m.mass()));
  m.setL(m.L() + m.M() * half);
}

void Leapfrog::eventNewTimestep(ParticleContainer& container) const {
  const double dt = _dt;
  container.forEachRun([dt](Molecule* m, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) preForces(m[i], dt);
  });
}

const Molecule* Leapfrog::eventForcesCalculated(ParticleContainer& container, KineticSums& sums,
                                                const ConditionsCheck* check) const {
  const double dt = _dt;
  const Molecule* bad = nullptr;
  container.forEachRun([dt, &sums, check, &bad](Molecule* m, std::size_t n) {
    if (bad) return;
    for (std::size_t i = 0; i < n; ++i) {
      if (check && !check->acceptable(m[i])) {
        bad = &m[i];
        return;
      }
      postForces(m[i], dt);
      addKinetic(m[i], sums);
    }
  });
  return bad;
}

void Leapfrog::accumulate(const ParticleContainer& container, KineticSums& sums) {
  container.forEachRun([&sums](const Molecule* m, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) addKinetic(m[i], sums);
  });
}

}  // namespace mardyn
