// Molecule: a rigid body in the space frame: centre of mass, velocity, orientation, angular
// momentum, and the force and torque accumulated by the cell processors.
#pragma once

#include "molecules/Component.h"
#include "molecules/Quaternion.h"
#include "utils/Vec3.h"

namespace mardyn {

class Molecule {
 public:
  Molecule() = default;
  Molecule(unsigned long id, const Component* component, const Vec3& r, const Vec3& v,
           const Quaternion& q = {}, const Vec3& L = {})
      : _id(id), _component(component), _r(r), _v(v), _q(q), _L(L) {}

  unsigned long id() const { return _id; }
  const Component& component() const { return *_component; }
  unsigned componentId() const { return _component->id(); }
  double mass() const { return _component->mass(); }

  const Vec3& r() const { return _r; }
  const Vec3& v() const { return _v; }
  const Quaternion& q() const { return _q; }
  const Vec3& L() const { return _L; }   ///< angular momentum, space frame
  const Vec3& F() const { return _F; }   ///< force, space frame
  const Vec3& M() const { return _M; }   ///< torque, space frame

  /// A molecule that changes identity (ls1's MettDeamon freezes and releases molecules this way).
  void setComponent(const Component* component) { _component = component; }
  void setId(unsigned long id) { _id = id; }
  void setR(const Vec3& r) { _r = r; }
  void setV(const Vec3& v) { _v = v; }
  void setQ(const Quaternion& q) { _q = q; }
  void setL(const Vec3& L) { _L = L; }
  void setF(const Vec3& F) { _F = F; }
  void setM(const Vec3& M) { _M = M; }
  void addF(const Vec3& F) { _F += F; }
  void subF(const Vec3& F) { _F -= F; }
  void addM(const Vec3& M) { _M += M; }
  void subM(const Vec3& M) { _M -= M; }
  void clearFM() { _F = {}; _M = {}; }

  /// Space-frame offset of a body-frame site position from the centre of mass.
  Vec3 siteOffset(const Vec3& bodyPosition) const { return _q.rotateInv(bodyPosition); }

  /// 2 * translational kinetic energy: m v^2.
  double twiceTransKinEnergy() const { return mass() * norm2(_v); }
  /// 2 * rotational kinetic energy: sum over principal axes with I > 0 of L_body^2 / I.
  double twiceRotKinEnergy() const {
    const Vec3 Lb = _q.rotate(_L);
    const Vec3& I = _component->momentsOfInertia();
    double e = 0.0;
    if (I.x > 0) e += Lb.x * Lb.x / I.x;
    if (I.y > 0) e += Lb.y * Lb.y / I.y;
    if (I.z > 0) e += Lb.z * Lb.z / I.z;
    return e;
  }

 private:
  unsigned long _id = 0;
  const Component* _component = nullptr;
  Vec3 _r, _v;
  Quaternion _q;
  Vec3 _L;
  Vec3 _F, _M;
};

}  // namespace mardyn
