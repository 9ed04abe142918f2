// TabulatedFunctionList: ownership and index checks of a Custom force's tabulated functions.
#include "openmm/internal/TabulatedFunctionList.h"

#include "openmm/OpenMMException.h"

namespace OpenMM {

int TabulatedFunctionList::add(const std::string& name, TabulatedFunction* function) {
  std::unique_ptr<TabulatedFunction> owned(function);
  if (function == nullptr)
    throw OpenMMException(_owner + ": addTabulatedFunction() was given no function for '" + name + "'");
  for (const auto& entry : _functions)
    if (entry.first == name)
      throw OpenMMException(_owner + ": a tabulated function named '" + name + "' was already added");
  _functions.emplace_back(name, std::move(owned));
  return size() - 1;
}

void TabulatedFunctionList::checkIndex(int index) const {
  if (index < 0 || index >= size())
    throw OpenMMException(_owner + ": Illegal function index: " + std::to_string(index));
}

const TabulatedFunction& TabulatedFunctionList::get(int index) const {
  checkIndex(index);
  return *_functions[index].second;
}

TabulatedFunction& TabulatedFunctionList::get(int index) {
  checkIndex(index);
  return *_functions[index].second;
}

const std::string& TabulatedFunctionList::name(int index) const {
  checkIndex(index);
  return _functions[index].first;
}

int TabulatedFunctionList::addFunction(const std::string& name, const std::vector<double>& values, double min,
                                       double max) {
  return add(name, new Continuous1DFunction(values, min, max));
}

void TabulatedFunctionList::getFunctionParameters(int index, std::string& name, std::vector<double>& values,
                                                  double& min, double& max) const {
  auto* function = dynamic_cast<const Continuous1DFunction*>(&get(index));
  if (function == nullptr)
    throw OpenMMException(_owner + ": function " + std::to_string(index) + " is not a Continuous1DFunction");
  name = _functions[index].first;
  function->getFunctionParameters(values, min, max);
}

void TabulatedFunctionList::setFunctionParameters(int index, const std::string& name, const std::vector<double>& values,
                                                  double min, double max) {
  auto* function = dynamic_cast<Continuous1DFunction*>(&get(index));
  if (function == nullptr)
    throw OpenMMException(_owner + ": function " + std::to_string(index) + " is not a Continuous1DFunction");
  function->setFunctionParameters(values, min, max);
  _functions[index].first = name;
}

std::vector<std::string> TabulatedFunctionList::names() const {
  std::vector<std::string> result;
  for (const auto& entry : _functions)
    result.push_back(entry.first);
  return result;
}

std::vector<const TabulatedFunction*> TabulatedFunctionList::functions() const {
  std::vector<const TabulatedFunction*> result;
  for (const auto& entry : _functions)
    result.push_back(entry.second.get());
  return result;
}

} // namespace OpenMM
