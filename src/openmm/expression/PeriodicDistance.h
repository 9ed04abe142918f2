// PeriodicDistance: the function periodicdistance(x1, y1, z1, x2, y2, z2) of CustomExternalForce expressions, the
// distance between two points by the minimum image of the periodic box, with its first derivatives.
#pragma once

#include "CustomFunction.h"

#include "openmm/Vec3.h"

#include <string>

namespace OpenMM {

class PeriodicDistance : public CustomFunction {
public:
  /** The name under which expressions call it. */
  static const char* name() { return "periodicdistance"; }
  /** *box (three box vectors in reduced form) is read at each evaluation; a null *box (or box) gives the plain
   * distance, as a parse-only placeholder needs no box. */
  explicit PeriodicDistance(const Vec3* const* box = nullptr) : _box(box) {}
  /** The map to parse an expression with (periodicdistance evaluated with *box). */
  static CustomFunctionMap functions(const Vec3* const* box = nullptr);
  /** Whether an expression's text calls periodicdistance (so the force uses periodic boundary conditions). */
  static bool isCalledIn(const std::string& expression);

  int getNumArguments() const override { return 6; }
  /** The value, or its derivative by the one argument whose order is 1 (orders above 1 are refused). */
  double evaluate(const double* arguments, const int* derivOrder) const override;

private:
  const Vec3* const* _box;
};

} // namespace OpenMM
