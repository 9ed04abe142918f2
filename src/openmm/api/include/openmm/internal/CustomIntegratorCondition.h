// CustomIntegratorCondition: the condition of a CustomIntegrator's if or while block, split at its comparison, and
// the comparison applied; every platform's CustomIntegrator kernel shares them.
#pragma once

#include <string>

namespace OpenMM {

struct CustomIntegratorCondition {
  std::string left, right;
  int comparison = 0; ///< the index of the symbol among <= >= != == < > =

  /** Splits `expression` at its comparison at parenthesis depth 0 (the longest symbol first); throws
   * OpenMMException naming `where` when it has none. */
  static CustomIntegratorCondition parse(const std::string& expression, const std::string& where);
  /** a (comparison) b. */
  static bool holds(int comparison, double a, double b);
};

} // namespace OpenMM
