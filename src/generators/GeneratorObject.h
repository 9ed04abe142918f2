// GeneratorObject: the regions of ls1-mardyn's MultiObjectGenerator (Cuboid, Sphere, Cylinder and their
// union, difference and intersection), read from an <object type="..."> element.
#pragma once

#include "config/XmlInput.h"
#include "utils/Vec3.h"

#include <memory>

namespace mardyn {

/// A region of space with a bounding box. As in ls1, isInside includes the border and
/// isInsideNoBorder excludes it (a subtracted object keeps its border in the result).
class GeneratorObject {
 public:
  virtual ~GeneratorObject() = default;
  virtual bool isInside(const Vec3& r) const = 0;
  virtual bool isInsideNoBorder(const Vec3& r) const = 0;
  virtual Vec3 bboxMin() const = 0;
  virtual Vec3 bboxMax() const = 0;

  /// Reads `node` (its @type: Cuboid, Sphere, Cylinder, ObjectUnifier/ObjectUnification,
  /// ObjectSubtractor, ObjectIntersecter/ObjectIntersection); nullptr and a problem when unknown.
  static std::unique_ptr<GeneratorObject> read(XmlInput& xml, const XmlNode& node);
  /// An axis-aligned box [lower, upper] (border included).
  static std::unique_ptr<GeneratorObject> cuboid(const Vec3& lower, const Vec3& upper);
  /// The domain's box [0, L): the upper faces excluded, as ls1's BoundingBox.
  static std::unique_ptr<GeneratorObject> halfOpenBox(const Vec3& lower, const Vec3& upper);
  /// Points inside both.
  static std::unique_ptr<GeneratorObject> intersection(std::unique_ptr<GeneratorObject> a,
                                                       std::unique_ptr<GeneratorObject> b);
};

}  // namespace mardyn
