// Vec3: a 3-vector of doubles (positions in nm, velocities in nm/ps, forces in kJ/mol/nm),
// with the arithmetic OpenMM programs use.
#pragma once

#include <cassert>
#include <ostream>

namespace OpenMM {

class Vec3 {
public:
  Vec3() : _data{0.0, 0.0, 0.0} {}
  Vec3(double x, double y, double z) : _data{x, y, z} {}

  double operator[](int index) const { return _data[index]; }
  double& operator[](int index) { return _data[index]; }

  bool operator==(const Vec3& rhs) const { return _data[0] == rhs[0] && _data[1] == rhs[1] && _data[2] == rhs[2]; }
  bool operator!=(const Vec3& rhs) const { return !(*this == rhs); }

  Vec3 operator+() const { return *this; }
  Vec3 operator-() const { return Vec3(-_data[0], -_data[1], -_data[2]); }
  Vec3 operator+(const Vec3& rhs) const { return Vec3(_data[0] + rhs[0], _data[1] + rhs[1], _data[2] + rhs[2]); }
  Vec3 operator-(const Vec3& rhs) const { return Vec3(_data[0] - rhs[0], _data[1] - rhs[1], _data[2] - rhs[2]); }
  Vec3 operator*(double s) const { return Vec3(_data[0] * s, _data[1] * s, _data[2] * s); }
  Vec3 operator/(double s) const { return Vec3(_data[0] / s, _data[1] / s, _data[2] / s); }

  Vec3& operator+=(const Vec3& rhs) {
    _data[0] += rhs[0];
    _data[1] += rhs[1];
    _data[2] += rhs[2];
    return *this;
  }
  Vec3& operator-=(const Vec3& rhs) {
    _data[0] -= rhs[0];
    _data[1] -= rhs[1];
    _data[2] -= rhs[2];
    return *this;
  }
  Vec3& operator*=(double s) {
    _data[0] *= s;
    _data[1] *= s;
    _data[2] *= s;
    return *this;
  }
  Vec3& operator/=(double s) {
    _data[0] /= s;
    _data[1] /= s;
    _data[2] /= s;
    return *this;
  }

  double dot(const Vec3& rhs) const { return _data[0] * rhs[0] + _data[1] * rhs[1] + _data[2] * rhs[2]; }
  Vec3 cross(const Vec3& rhs) const {
    return Vec3(_data[1] * rhs[2] - _data[2] * rhs[1], _data[2] * rhs[0] - _data[0] * rhs[2],
                _data[0] * rhs[1] - _data[1] * rhs[0]);
  }

private:
  double _data[3];
};

inline Vec3 operator*(double s, const Vec3& v) { return v * s; }

template <class CharT, class Traits>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& out, const Vec3& v) {
  out << '[' << v[0] << ", " << v[1] << ", " << v[2] << ']';
  return out;
}

} // namespace OpenMM
