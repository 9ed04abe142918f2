// ComputeTabulatedFunctions: a Custom force's tabulated functions on the device (kernels/TabulatedFunctions.cc):
// their tables as kernel arguments, and the macros through which ComputeExpressionWriter's code calls them.
#pragma once

#include "ComputeExpressionWriter.h"
#include "ComputeKernelArgument.h"

#include "compute/PrecisionArray.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;
class TabulatedFunction;

class ComputeTabulatedFunctions {
public:
  /** prefix: unique per force (the macros' and arguments' names start with it). */
  ComputeTabulatedFunctions(ComputePlatformData& data, std::string prefix, const std::vector<std::string>& names,
                            const std::vector<const TabulatedFunction*>& functions);
  /** The functions as the expression writer calls them. */
  std::map<std::string, ComputeExpressionWriter::Function> functions() const;
  /** The tables as kernel arguments. */
  std::vector<ComputeKernelArgument> arguments();
  /** The macro definitions of the calls (ahead of the code that calls them). */
  std::string macros() const;
  /** New tables of the same sizes and kinds (updateParametersInContext). */
  void update(const std::vector<const TabulatedFunction*>& functions);
  bool empty() const { return _names.empty(); }

private:
  ComputePlatformData& _data;
  std::string _prefix;
  std::vector<std::string> _names;
  std::vector<std::string> _macros;
  std::vector<std::unique_ptr<mardyn::compute::PrecisionArray>> _tables;
};

} // namespace OpenMM
