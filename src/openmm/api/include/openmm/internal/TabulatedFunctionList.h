// TabulatedFunctionList: the named TabulatedFunctions of a Custom force (owned), with OpenMM's index checks;
// each Custom force that offers addTabulatedFunction() holds one and forwards its API to it.
#pragma once

#include "openmm/TabulatedFunction.h"

#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class TabulatedFunctionList {
public:
  /** owner names the force in error messages. */
  explicit TabulatedFunctionList(std::string owner) : _owner(std::move(owner)) {}
  int size() const { return static_cast<int>(_functions.size()); }
  /** Takes ownership of function; a name may be used once. */
  int add(const std::string& name, TabulatedFunction* function);
  const TabulatedFunction& get(int index) const;
  TabulatedFunction& get(int index);
  const std::string& name(int index) const;
  /** The older OpenMM interface: a Continuous1DFunction by its table. */
  int addFunction(const std::string& name, const std::vector<double>& values, double min, double max);
  void getFunctionParameters(int index, std::string& name, std::vector<double>& values, double& min,
                             double& max) const;
  void setFunctionParameters(int index, const std::string& name, const std::vector<double>& values, double min,
                             double max);
  /** Names and functions in order (for the expression engine). */
  std::vector<std::string> names() const;
  std::vector<const TabulatedFunction*> functions() const;

private:
  void checkIndex(int index) const;

  std::string _owner;
  std::vector<std::pair<std::string, std::unique_ptr<TabulatedFunction>>> _functions;
};

} // namespace OpenMM
