// ComputeCustomStepProgram: a CustomIntegrator's computations checked and compiled for the common-compute platforms:
// global expressions and block conditions for the host's expression engine, per-DOF expressions (computations, sums,
// the kinetic energy) as the device function customDofValue() of kernels/CustomIntegrator.cc, with the force groups,
// energies and random numbers each one reads.
#pragma once

#include "CompiledExpression.h"
#include "ComputeExpressionWriter.h"
#include "openmm/CustomIntegrator.h"
#include "openmm/internal/CustomIntegratorSteps.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ComputeCustomStepProgram {
public:
  /** A force or energy group as an expression names it: kIntegrationGroups (f, energy) or a group 0..31. */
  static constexpr int kIntegrationGroups = -1;
  /** The mask of a symbol, given the integrator's integration groups. */
  static int groupMask(int symbol, int integrationGroups) {
    return symbol == kIntegrationGroups ? integrationGroups : 1 << symbol;
  }
  /** Slots of the host variable table (CustomIntegratorSteps::variables). */
  static constexpr int kDt = CustomIntegratorSteps::kDt, kEnergy = CustomIntegratorSteps::kEnergy,
                       kUniform = CustomIntegratorSteps::kUniform, kGaussian = CustomIntegratorSteps::kGaussian,
                       kEnergyGroup = CustomIntegratorSteps::kEnergyGroup, kFirstGlobal = CustomIntegratorSteps::kFirstGlobal;

  /** A global expression or a side of a condition, on the host. */
  struct HostExpression {
    CompiledExpression program;
    std::vector<int> energySymbols, energySlots; // the energies it reads and their slots in the variable table
    bool uniform = false, gaussian = false;
  };
  /** A per-DOF expression, case `which` of customDofValue(). */
  struct DeviceExpression {
    int which = -1;
    std::vector<int> forceSymbols, energySymbols; // the forces (cache) and energies (globals) it reads
    bool random = false;
  };
  struct Step {
    CustomIntegrator::ComputationType type = CustomIntegrator::ComputeGlobal;
    int target = -1; // global index (-1: dt); per-DOF index (-1: x, -2: v)
    HostExpression host, right;
    DeviceExpression device;
    int comparison = 0; // <= >= != == < > =
    int blockEnd = -1, blockStart = -1;
  };

  /** Checks and compiles the integrator's computations; throws naming the computation at fault.
   * deviceFunctions: the tabulated functions as the device code calls them. */
  ComputeCustomStepProgram(const CustomIntegrator& integrator,
                           std::map<std::string, ComputeExpressionWriter::Function> deviceFunctions);

  const std::vector<Step>& steps() const { return _steps; }
  const DeviceExpression& kinetic() const { return _kinetic; }
  const std::vector<std::string>& variables() const { return _variables; }
  int numGlobals() const { return _numGlobals; }
  int numPerDof() const { return _numPerDof; }
  /** Cache slot k of the forces holds the group forceSymbols()[k]. */
  const std::vector<int>& forceSymbols() const { return _forceSymbols; }
  /** Device globals: [0] dt, [1 + g] global g, [1 + numGlobals() + k] the energy of energySymbols()[k]. */
  const std::vector<int>& energySymbols() const { return _energySymbols; }
  /** The definition of customDofValue() (CUSTOM_STEP_GENERATED), after `macros` (the tabulated functions') and with
   * `arguments` (their tables: type and name) as extra parameters. */
  std::string deviceSource(const std::string& macros,
                           const std::vector<std::pair<std::string, std::string>>& arguments) const;

private:
  HostExpression compileHost(const std::string& text, const std::string& where) const;
  DeviceExpression compileDevice(const std::string& text, const std::string& where, bool kinetic);
  /** Parses and checks the variables of `text` (per-DOF quantities only where perDof). */
  Expression parse(const std::string& text, bool perDof, const std::string& where) const;
  int slot(const std::vector<int>& symbols, int symbol) const;

  std::map<std::string, ComputeExpressionWriter::Function> _deviceFunctions;
  CustomFunctionMap _functions;
  std::vector<std::string> _variables;
  int _numGlobals = 0, _numPerDof = 0;
  std::vector<Step> _steps;
  DeviceExpression _kinetic;
  std::vector<int> _forceSymbols, _energySymbols;
  std::vector<Expression> _deviceExpressions; // by `which`
  std::vector<bool> _deviceIsKinetic;
};

} // namespace OpenMM
