// Quaternion: orientation of a rigid molecule, with ls1-mardyn's conventions. rotate() maps a
// space-frame vector into the body frame, rotateInv() maps a body-frame vector (a site position
// of the Component) into the space frame.
#pragma once

#include "utils/Vec3.h"

#include <array>
#include <cmath>

namespace mardyn {

class Quaternion {
 public:
  constexpr Quaternion() = default;
  constexpr Quaternion(double w, double x, double y, double z) : _w(w), _x(x), _y(y), _z(z) {}

  constexpr double w() const { return _w; }
  constexpr double x() const { return _x; }
  constexpr double y() const { return _y; }
  constexpr double z() const { return _z; }

  double magnitude2() const { return _w * _w + _x * _x + _y * _y + _z * _z; }
  void normalize() {
    const double s = 1.0 / std::sqrt(magnitude2());
    _w *= s; _x *= s; _y *= s; _z *= s;
  }
  Quaternion conjugated() const { return {_w, -_x, -_y, -_z}; }

  /// Hamilton product (*this) * q.
  Quaternion operator*(const Quaternion& q) const {
    return {_w * q._w - _x * q._x - _y * q._y - _z * q._z,
            _w * q._x + _x * q._w + _y * q._z - _z * q._y,
            _w * q._y - _x * q._z + _y * q._w + _z * q._x,
            _w * q._z + _x * q._y - _y * q._x + _z * q._w};
  }

  /// Space frame -> body frame.
  Vec3 rotate(const Vec3& d) const {
    const auto m = matrix();
    return {m[0] * d.x + m[1] * d.y + m[2] * d.z, m[3] * d.x + m[4] * d.y + m[5] * d.z,
            m[6] * d.x + m[7] * d.y + m[8] * d.z};
  }
  /// Body frame -> space frame (transpose of rotate()).
  Vec3 rotateInv(const Vec3& d) const {
    const auto m = matrix();
    return {m[0] * d.x + m[3] * d.y + m[6] * d.z, m[1] * d.x + m[4] * d.y + m[7] * d.z,
            m[2] * d.x + m[5] * d.y + m[8] * d.z};
  }

  /// Row-major 3x3 matrix of rotate() (space -> body), as ls1-mardyn builds it.
  std::array<double, 9> matrix() const {
    const double ww = _w * _w, xx = _x * _x, yy = _y * _y, zz = _z * _z;
    const double wx = _w * _x, wy = _w * _y, wz = _w * _z;
    const double xy = _x * _y, xz = _x * _z, yz = _y * _z;
    return {ww + xx - yy - zz, 2 * (xy + wz),     2 * (xz - wy),
            2 * (xy - wz),     ww - xx + yy - zz, 2 * (yz + wx),
            2 * (xz + wy),     2 * (yz - wx),     ww - xx - yy + zz};
  }

 private:
  double _w = 1.0, _x = 0.0, _y = 0.0, _z = 0.0;
};

}  // namespace mardyn
