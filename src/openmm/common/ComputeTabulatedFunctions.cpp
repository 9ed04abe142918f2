// ComputeTabulatedFunctions: the tables from the host's evaluators and the macros of their calls.
#include "ComputeTabulatedFunctions.h"

#include "ComputePlatformData.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/OpenMMException.h"

#include <sstream>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

ComputeTabulatedFunctions::ComputeTabulatedFunctions(ComputePlatformData& data, std::string prefix,
                                                     const std::vector<std::string>& names,
                                                     const std::vector<const TabulatedFunction*>& functions)
    : _data(data), _prefix(std::move(prefix)), _names(names) {
  for (std::size_t i = 0; i < names.size(); i++) {
    const TabulatedFunctionTable table = tabulatedFunctionTable(*functions[i], names[i]);
    _tables.push_back(std::make_unique<PrecisionArray>(data.context(), PrecisionArray::Kind::Real, 1,
                                                       table.data.size(), "table_" + names[i]));
    _tables.back()->upload(table.data);
    const int dims = static_cast<int>(table.sizes.size());
    const char* args[3] = {"x", "y", "z"};
    std::ostringstream m;
    m << "#define " << _prefix << "f" << i << "(";
    for (int a = 0; a < dims; a++) m << args[a] << ", ";
    for (int a = 0; a < dims; a++) m << "o" << args[a] << (a + 1 < dims ? ", " : ")");
    auto axis = [&](int a, const std::vector<double>& v, double fallback) {
      return ComputeExpressionWriter::constant(a < dims && !v.empty() ? v[a] : fallback);
    };
    const std::string sizes = "make_int4(" + std::to_string(table.sizes[0]) + ", " +
                              std::to_string(dims > 1 ? table.sizes[1] : 1) + ", " +
                              std::to_string(dims > 2 ? table.sizes[2] : 1) + ", 0)";
    const std::string table_ = _prefix + "table" + std::to_string(i);
    const std::string point = std::string(dims > 0 ? "x" : "0") + ", " + (dims > 1 ? "y" : "(real) 0") + ", " +
                              (dims > 2 ? "z" : "(real) 0") + ", ";
    const std::string orders = std::string("ox") + ", " + (dims > 1 ? "oy" : "0") + ", " + (dims > 2 ? "oz" : "0");
    if (table.discrete)
      m << " tabulatedDiscrete(" << table_ << ", " << dims << ", " << sizes << ", " << point << orders << ")";
    else
      m << " tabulatedSpline(" << table_ << ", " << dims << ", " << sizes << ", make_real4(" << axis(0, table.min, 0)
        << ", " << axis(1, table.min, 0) << ", " << axis(2, table.min, 0) << ", 0), make_real4(" << axis(0, table.max, 1)
        << ", " << axis(1, table.max, 1) << ", " << axis(2, table.max, 1) << ", 0), " << (table.periodic ? 1 : 0)
        << ", " << point << orders << ")";
    _macros.push_back(m.str());
  }
}

std::map<std::string, ComputeExpressionWriter::Function> ComputeTabulatedFunctions::functions() const {
  std::map<std::string, ComputeExpressionWriter::Function> map;
  for (std::size_t i = 0; i < _names.size(); i++) map[_names[i]] = {_prefix + "f" + std::to_string(i)};
  return map;
}

std::vector<ComputeKernelArgument> ComputeTabulatedFunctions::arguments() {
  std::vector<ComputeKernelArgument> list;
  for (std::size_t i = 0; i < _tables.size(); i++)
    list.push_back({_prefix + "table" + std::to_string(i), "const real", &_tables[i]->array()});
  return list;
}

std::string ComputeTabulatedFunctions::macros() const {
  std::string text;
  for (const auto& m : _macros) text += m + "\n";
  return text;
}

void ComputeTabulatedFunctions::update(const std::vector<const TabulatedFunction*>& functions) {
  for (std::size_t i = 0; i < _names.size(); i++) {
    const TabulatedFunctionTable table = tabulatedFunctionTable(*functions[i], _names[i]);
    if (table.data.size() != _tables[i]->size())
      throw OpenMMException("updateParametersInContext(): the tabulated function '" + _names[i] +
                            "' cannot change its size or kind on the " + _data.platformName() + " platform");
    _tables[i]->upload(table.data);
  }
}

} // namespace OpenMM
