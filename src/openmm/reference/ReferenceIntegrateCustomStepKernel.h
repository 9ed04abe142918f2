// ReferenceIntegrateCustomStepKernel: runs a CustomIntegrator's computations on ReferencePlatformData with
// compiled expressions; forces and energies of the force groups an expression asks for are computed on demand and
// kept while the positions, box and parameters stay the same.
#pragma once

#include "CompiledExpression.h"
#include "CustomFunction.h"
#include "openmm/CustomIntegrator.h"
#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateCustomStepKernel.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ReferencePlatformData;

class ReferenceIntegrateCustomStepKernel : public IntegrateCustomStepKernel {
public:
  ReferenceIntegrateCustomStepKernel(std::string name, const Platform& platform)
      : IntegrateCustomStepKernel(name, platform) {}
  void initialize(const System& system, const CustomIntegrator& integrator) override;
  void execute(ContextImpl& context, CustomIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, CustomIntegrator& integrator) override;

private:
  /** An expression with what it reads: force groups (-1: none), energy groups, random numbers. */
  struct Compiled {
    CompiledExpression program;
    std::vector<int> forceGroups, energyGroups; // slot index -> group mask
    std::vector<int> forceSlots, energySlots;
    bool uniform = false, gaussian = false;
  };
  struct Step {
    CustomIntegrator::ComputationType type;
    bool targetIsGlobal = false; // else per-DOF
    int target = -1;             // global index (-1: dt) or per-DOF index (-1: x, -2: v)
    Compiled expression, rightSide;
    int comparison = 0; // < <= > >= == !=
    int blockEnd = -1, blockStart = -1;
  };
  Compiled compile(const std::string& text, bool perDof, const std::string& where) const;
  void setInputs(ContextImpl& context, const Compiled& c, std::vector<double>& values, int particle, int dof,
                 ReferencePlatformData& data);
  double evaluate(ContextImpl& context, const Compiled& c, std::vector<double>& values, int particle, int dof,
                  ReferencePlatformData& data);
  const std::vector<Vec3>& forces(ContextImpl& context, int groups);
  double energy(ContextImpl& context, int groups);
  void positionsChanged();
  bool condition(ContextImpl& context, const Step& step, std::vector<double>& values, ReferencePlatformData& data);

  std::vector<std::string> _variables;
  CustomFunctionMap _functions;
  int _numGlobals = 0, _numPerDof = 0;
  std::vector<Step> _steps;
  Compiled _kinetic;
  CustomIntegrator* _integrator = nullptr;
  std::vector<std::vector<Vec3>> _perDof;
  std::map<int, std::vector<Vec3>> _forces;
  std::map<int, double> _energies;
  std::vector<Vec3> _cachedPositions, _stepStart;
  std::map<std::string, double> _cachedParameters;
  unsigned long _cachedForceParameters = 0;
  Vec3 _cachedBox[3];
};

} // namespace OpenMM
