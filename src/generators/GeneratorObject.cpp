// GeneratorObject: ls1's object shapes and set operations, with its border conventions.
#include "generators/GeneratorObject.h"

#include <algorithm>

namespace mardyn {

namespace {

class Cuboid : public GeneratorObject {
 public:
  Cuboid(const Vec3& lo, const Vec3& hi, bool openUpper) : _lo(lo), _hi(hi), _openUpper(openUpper) {}
  bool isInside(const Vec3& r) const override {
    for (int d = 0; d < 3; ++d)
      if (r[d] < _lo[d] || (_openUpper ? r[d] >= _hi[d] : r[d] > _hi[d])) return false;
    return true;
  }
  bool isInsideNoBorder(const Vec3& r) const override {
    for (int d = 0; d < 3; ++d)
      if (r[d] <= _lo[d] || r[d] >= _hi[d]) return false;
    return true;
  }
  Vec3 bboxMin() const override { return _lo; }
  Vec3 bboxMax() const override { return _hi; }

 private:
  Vec3 _lo, _hi;
  bool _openUpper;
};

class Sphere : public GeneratorObject {
 public:
  Sphere(const Vec3& c, double radius) : _c(c), _r(radius) {}
  bool isInside(const Vec3& r) const override { return dist2(r) <= _r * _r; }
  bool isInsideNoBorder(const Vec3& r) const override { return dist2(r) < _r * _r; }
  Vec3 bboxMin() const override { return {_c.x - _r, _c.y - _r, _c.z - _r}; }
  Vec3 bboxMax() const override { return {_c.x + _r, _c.y + _r, _c.z + _r}; }

 private:
  double dist2(const Vec3& r) const {
    const Vec3 d = r - _c;
    return d.x * d.x + d.y * d.y + d.z * d.z;
  }
  Vec3 _c;
  double _r;
};

/// Axis `h` (0 x, 1 y, 2 z) from the base centre up to height; radius in the other two directions.
class Cylinder : public GeneratorObject {
 public:
  Cylinder(const Vec3& base, double radius, double height, int axis)
      : _base(base), _r(radius), _h(height), _axis(axis), _b1(axis == 0 ? 1 : 0), _b2(axis == 2 ? 1 : 2) {}
  bool isInside(const Vec3& r) const override {
    return radial2(r) <= _r * _r && r[_axis] >= _base[_axis] && r[_axis] <= _base[_axis] + _h;
  }
  bool isInsideNoBorder(const Vec3& r) const override {
    return radial2(r) < _r * _r && r[_axis] > _base[_axis] && r[_axis] < _base[_axis] + _h;
  }
  Vec3 bboxMin() const override {
    Vec3 v = _base;
    v[_b1] -= _r;
    v[_b2] -= _r;
    return v;
  }
  Vec3 bboxMax() const override {
    Vec3 v = _base;
    v[_b1] += _r;
    v[_b2] += _r;
    v[_axis] += _h;
    return v;
  }

 private:
  double radial2(const Vec3& r) const {
    const double d1 = r[_b1] - _base[_b1], d2 = r[_b2] - _base[_b2];
    return d1 * d1 + d2 * d2;
  }
  Vec3 _base;
  double _r, _h;
  int _axis, _b1, _b2;
};

enum class SetOp { Union, Difference, Intersection };

class Combined : public GeneratorObject {
 public:
  Combined(SetOp op, std::unique_ptr<GeneratorObject> a, std::unique_ptr<GeneratorObject> b)
      : _op(op), _a(std::move(a)), _b(std::move(b)) {}
  bool isInside(const Vec3& r) const override {
    switch (_op) {
      case SetOp::Union: return _a->isInside(r) || _b->isInside(r);
      case SetOp::Difference: return _a->isInside(r) && !_b->isInsideNoBorder(r);
      default: return _a->isInside(r) && _b->isInside(r);
    }
  }
  bool isInsideNoBorder(const Vec3& r) const override {
    switch (_op) {
      case SetOp::Union: return _a->isInsideNoBorder(r) || _b->isInsideNoBorder(r) || (_a->isInside(r) && _b->isInside(r));
      case SetOp::Difference: return _a->isInsideNoBorder(r) && !_b->isInside(r);
      default: return _a->isInsideNoBorder(r) && _b->isInsideNoBorder(r);
    }
  }
  Vec3 bboxMin() const override { return corner(true); }
  Vec3 bboxMax() const override { return corner(false); }

 private:
  Vec3 corner(bool lower) const {
    const Vec3 a = lower ? _a->bboxMin() : _a->bboxMax();
    if (_op == SetOp::Difference) return a;
    const Vec3 b = lower ? _b->bboxMin() : _b->bboxMax();
    const bool widest = _op == SetOp::Union;
    Vec3 v;
    for (int d = 0; d < 3; ++d) v[d] = (lower == widest) ? std::min(a[d], b[d]) : std::max(a[d], b[d]);
    return v;
  }
  SetOp _op;
  std::unique_ptr<GeneratorObject> _a, _b;
};

}  // namespace

std::unique_ptr<GeneratorObject> GeneratorObject::cuboid(const Vec3& lower, const Vec3& upper) {
  return std::make_unique<Cuboid>(lower, upper, false);
}

std::unique_ptr<GeneratorObject> GeneratorObject::halfOpenBox(const Vec3& lower, const Vec3& upper) {
  return std::make_unique<Cuboid>(lower, upper, true);
}

std::unique_ptr<GeneratorObject> GeneratorObject::intersection(std::unique_ptr<GeneratorObject> a,
                                                               std::unique_ptr<GeneratorObject> b) {
  return std::make_unique<Combined>(SetOp::Intersection, std::move(a), std::move(b));
}

std::unique_ptr<GeneratorObject> GeneratorObject::read(XmlInput& xml, const XmlNode& node) {
  const std::string type = xml.attribute(node, "type").value_or("");
  if (type == "Cuboid") return cuboid(xml.vec3(node, "lower", true), xml.vec3(node, "upper", true));
  if (type == "Sphere") {
    const double r = xml.number(node, "radius", true, "a radius >= 0").value_or(0.0);
    if (r < 0) xml.problem(xml.child(node, "radius"), "negative radius (expected >= 0)");
    return std::make_unique<Sphere>(xml.vec3(node, "center", true), r);
  }
  if (type == "Cylinder") {
    const double r = xml.number(node, "radius", true, "a radius >= 0").value_or(0.0);
    const double h = xml.number(node, "height", true, "a height >= 0").value_or(0.0);
    const long axis = xml.integer(node, "direction", 2L);
    if (r < 0 || h < 0) xml.problem(node, "negative radius or height (expected >= 0)");
    if (axis < 0 || axis > 2) xml.problem(xml.child(node, "direction"), "direction out of range (expected 0 x, 1 y or 2 z)");
    return std::make_unique<Cylinder>(xml.vec3(node, "centerBase", true), r, h, static_cast<int>(std::clamp(axis, 0L, 2L)));
  }
  SetOp op;
  if (type == "ObjectUnifier" || type == "ObjectUnification") op = SetOp::Union;
  else if (type == "ObjectSubtractor") op = SetOp::Difference;
  else if (type == "ObjectIntersecter" || type == "ObjectIntersection") op = SetOp::Intersection;
  else {
    xml.problem(node, "unknown object type '" + type +
                          "' (expected Cuboid, Sphere, Cylinder, ObjectUnifier, ObjectSubtractor or ObjectIntersecter)");
    return nullptr;
  }
  const XmlNode n1 = xml.requiredChild(node, "object1", "<object1 type=\"...\">");
  const XmlNode n2 = xml.requiredChild(node, "object2", "<object2 type=\"...\">");
  if (!n1 || !n2) return nullptr;
  auto a = read(xml, n1);
  auto b = read(xml, n2);
  if (!a || !b) return nullptr;
  return std::make_unique<Combined>(op, std::move(a), std::move(b));
}

}  // namespace mardyn
