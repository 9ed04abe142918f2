// Component: one molecule type (ls1-mardyn's moleculetype): its sites in the body frame, total
// mass, principal moments of inertia and rotational degrees of freedom.
#pragma once

#include "molecules/Site.h"
#include "utils/Vec3.h"

#include <string>
#include <vector>

namespace mardyn {

class Component {
 public:
  /// id is 0-based (ls1's XML and .inp number components from 1).
  Component(unsigned id, std::string name) : _id(id), _name(std::move(name)) {}

  unsigned id() const { return _id; }
  const std::string& name() const { return _name; }

  void addLJCenter(const LJCenter& s) { _lj.push_back(s); _mass += s.mass; }
  void addCharge(const Charge& s) { _charges.push_back(s); _mass += s.mass; }
  void addDipole(const Dipole& s) { _dipoles.push_back(s); }
  void addQuadrupole(const Quadrupole& s) { _quadrupoles.push_back(s); }

  const std::vector<LJCenter>& ljCenters() const { return _lj; }
  const std::vector<Charge>& charges() const { return _charges; }
  const std::vector<Dipole>& dipoles() const { return _dipoles; }
  const std::vector<Quadrupole>& quadrupoles() const { return _quadrupoles; }
  std::size_t numSites() const { return _lj.size() + _charges.size() + _dipoles.size() + _quadrupoles.size(); }

  double mass() const { return _mass; }

  /// Principal moments of inertia (Ixx, Iyy, Izz) about the body axes.
  const Vec3& momentsOfInertia() const { return _inertia; }
  void setMomentsOfInertia(const Vec3& I) { _inertia = I; }
  /// Rotational degrees of freedom counted in temperatures and thermostats: the number of principal moments
  /// > 0 (0 point, 2 linear, 3), unless set otherwise (ls1-mardyn counts them from the sites even where the
  /// XML gives the moments: ComponentReader).
  unsigned rotationalDegreesOfFreedom() const {
    if (_rotDof >= 0) return static_cast<unsigned>(_rotDof);
    return (_inertia.x > 0) + (_inertia.y > 0) + (_inertia.z > 0);
  }
  void setRotationalDegreesOfFreedom(unsigned dof) { _rotDof = static_cast<int>(dof); }

 private:
  unsigned _id;
  std::string _name;
  std::vector<LJCenter> _lj;
  std::vector<Charge> _charges;
  std::vector<Dipole> _dipoles;
  std::vector<Quadrupole> _quadrupoles;
  double _mass = 0.0;
  Vec3 _inertia;
  int _rotDof = -1;  ///< < 0: counted from _inertia
};

}  // namespace mardyn
