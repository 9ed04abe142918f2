// TabulatedFunctionEvaluator: the CustomFunction that evaluates a TabulatedFunction in expressions: tensor-product
// cubic Hermite patches for the Continuous functions (slopes and cross derivatives from successive 1D natural or
// periodic splines, as OpenMM fits them), table look-up at the rounded arguments for the Discrete ones.
#pragma once

#include "CustomFunction.h"

#include <string>
#include <vector>

namespace OpenMM {

class TabulatedFunction;

/** The evaluator of one function (throws, naming the function, if a periodic table does not close). */
std::shared_ptr<const CustomFunction> createTabulatedFunctionEvaluator(const TabulatedFunction& function,
                                                                       const std::string& name);

/** What a device needs to evaluate a tabulated function as its evaluator does: Continuous (spline) functions give
 * per grid point (the first axis fastest) the value and the 2^D - 1 mixed first derivatives (entry mask of a
 * point: differentiated along the axes whose bits are set), Discrete ones their table. */
struct TabulatedFunctionTable {
  bool discrete = false, periodic = false;
  std::vector<int> sizes;
  std::vector<double> min, max;
  std::vector<double> data;
};
TabulatedFunctionTable tabulatedFunctionTable(const TabulatedFunction& function, const std::string& name);

/** The evaluators of a force's tabulated functions by name. */
CustomFunctionMap createTabulatedFunctionEvaluators(const std::vector<std::string>& names,
                                                    const std::vector<const TabulatedFunction*>& functions);

} // namespace OpenMM
