// PeriodicDistance: the minimum image of (x1 - x2, y1 - y2, z1 - z2) in a reduced triclinic box (whole box vectors
// c, then b, then a removed), its length and the length's gradient.
#include "PeriodicDistance.h"

#include "openmm/OpenMMException.h"

#include <cctype>
#include <cmath>

namespace OpenMM {

CustomFunctionMap PeriodicDistance::functions(const Vec3* const* box) {
  return {{name(), std::make_shared<PeriodicDistance>(box)}};
}

bool PeriodicDistance::isCalledIn(const std::string& expression) {
  const std::string word = name();
  auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = expression.find(word); at != std::string::npos; at = expression.find(word, at + 1)) {
    if (at > 0 && identifier(expression[at - 1])) continue;
    std::size_t next = at + word.size();
    while (next < expression.size() && std::isspace(static_cast<unsigned char>(expression[next]))) next++;
    if (next < expression.size() && expression[next] == '(') return true;
  }
  return false;
}

double PeriodicDistance::evaluate(const double* a, const int* derivOrder) const {
  int total = 0, which = -1;
  for (int i = 0; i < 6; i++)
    if (derivOrder[i] != 0) {
      total += derivOrder[i];
      which = i;
    }
  if (total > 1) throw OpenMMException("periodicdistance(): derivatives of second order are not offered");
  Vec3 d(a[0] - a[3], a[1] - a[4], a[2] - a[5]);
  const Vec3* box = _box != nullptr ? *_box : nullptr;
  if (box != nullptr) {
    d -= box[2] * std::round(d[2] / box[2][2]);
    d -= box[1] * std::round(d[1] / box[1][1]);
    d -= box[0] * std::round(d[0] / box[0][0]);
  }
  const double r = std::sqrt(d.dot(d));
  if (which < 0) return r;
  // d r / d (first point) = d / r, d r / d (second point) = -d / r; zero where the points coincide.
  if (r == 0.0) return 0.0;
  return (which < 3 ? 1.0 : -1.0) * d[which % 3] / r;
}

} // namespace OpenMM
