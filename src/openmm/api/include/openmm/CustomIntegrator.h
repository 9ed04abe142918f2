// CustomIntegrator: an integrator written as a list of computations on global and per-degree-of-freedom
// variables (OpenMM's CustomIntegrator): compute a global, a per-DOF value or a sum over DOFs from an algebraic
// expression, constrain positions or velocities, update the Context state, and if/while blocks on global
// conditions. Expressions see x, v, f (f0..f31), m, dt, energy (energy0..energy31), uniform, gaussian and the
// integrator's own variables.
#pragma once

#include "openmm/Integrator.h"
#include "openmm/Vec3.h"
#include "openmm/internal/TabulatedFunctionList.h"

#include <string>
#include <vector>

namespace OpenMM {

class CustomIntegrator;
class SerializationNode;
namespace serialization {
void writeCustomIntegrator(const CustomIntegrator& integrator, SerializationNode& node);
}

class CustomIntegrator : public Integrator {
public:
  enum ComputationType {
    ComputeGlobal = 0,
    ComputePerDof = 1,
    ComputeSum = 2,
    ConstrainPositions = 3,
    ConstrainVelocities = 4,
    UpdateContextState = 5,
    IfBlockStart = 6,
    WhileBlockStart = 7,
    BlockEnd = 8
  };

  explicit CustomIntegrator(double stepSize);
  int getNumGlobalVariables() const { return static_cast<int>(_globalNames.size()); }
  int getNumPerDofVariables() const { return static_cast<int>(_perDofNames.size()); }
  int getNumComputations() const { return static_cast<int>(_computations.size()); }
  int addGlobalVariable(const std::string& name, double initialValue);
  const std::string& getGlobalVariableName(int index) const;
  int addPerDofVariable(const std::string& name, double initialValue);
  const std::string& getPerDofVariableName(int index) const;
  double getGlobalVariable(int index) const;
  double getGlobalVariableByName(const std::string& name) const;
  void setGlobalVariable(int index, double value);
  void setGlobalVariableByName(const std::string& name, double value);
  void getPerDofVariable(int index, std::vector<Vec3>& values) const;
  void getPerDofVariableByName(const std::string& name, std::vector<Vec3>& values) const;
  void setPerDofVariable(int index, const std::vector<Vec3>& values);
  void setPerDofVariableByName(const std::string& name, const std::vector<Vec3>& values);
  int addComputeGlobal(const std::string& variable, const std::string& expression);
  int addComputePerDof(const std::string& variable, const std::string& expression);
  int addComputeSum(const std::string& variable, const std::string& expression);
  int addConstrainPositions();
  int addConstrainVelocities();
  int addUpdateContextState();
  /** condition: "expression op expression" with op one of < <= > >= = == !=. */
  int beginIfBlock(const std::string& condition);
  int beginWhileBlock(const std::string& condition);
  int endBlock();
  void getComputationStep(int index, ComputationType& type, std::string& variable, std::string& expression) const;
  const std::string& getKineticEnergyExpression() const { return _kineticEnergy; }
  void setKineticEnergyExpression(const std::string& expression);
  /** Tabulated functions the computations may call by name (the integrator owns them); set before the Context. */
  int getNumTabulatedFunctions() const { return _functions.size(); }
  int addTabulatedFunction(const std::string& name, TabulatedFunction* function) {
    return _functions.add(name, function);
  }
  const TabulatedFunction& getTabulatedFunction(int index) const { return _functions.get(index); }
  TabulatedFunction& getTabulatedFunction(int index) { return _functions.get(index); }
  const std::string& getTabulatedFunctionName(int index) const { return _functions.name(index); }
  const TabulatedFunctionList& tabulatedFunctions() const { return _functions; }
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  void step(int steps) override;

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;
  bool kineticEnergyRequiresForce() const override;
  /** Every global and per-DOF variable. */
  void createCheckpoint(std::ostream& stream) const override;
  void loadCheckpoint(std::istream& stream) override;

private:
  /** Writes a per-DOF variable's initial value where no values were set yet. */
  friend void serialization::writeCustomIntegrator(const CustomIntegrator&, SerializationNode&);
  struct Computation {
    ComputationType type;
    std::string variable, expression;
  };
  int add(ComputationType type, const std::string& variable, const std::string& expression);
  int globalIndex(const std::string& name, const char* what) const;
  int perDofIndex(const std::string& name, const char* what) const;
  void checkGlobal(int index) const;
  void checkPerDof(int index) const;

  std::vector<std::string> _globalNames, _perDofNames;
  std::vector<double> _globalValues, _perDofInitial;
  std::vector<std::vector<Vec3>> _perDofValues;
  std::vector<Computation> _computations;
  std::string _kineticEnergy = "m*v*v/2";
  TabulatedFunctionList _functions{"CustomIntegrator"};
  int _randomNumberSeed = 0;
  Kernel _kernel;
};

} // namespace OpenMM
