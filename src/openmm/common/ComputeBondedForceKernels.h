// The bonded force kernels of the common-compute platforms: HarmonicBondForce, HarmonicAngleForce and
// PeriodicTorsionForce register their terms with ComputeBondedUtilities, which computes all of them in one
// launch when the force evaluation finishes (their execute() adds nothing itself).
#pragma once

#include "ComputeBondedUtilities.h"
#include "openmm/kernels.h"

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcHarmonicBondForceKernel : public CalcHarmonicBondForceKernel {
public:
  ComputeCalcHarmonicBondForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcHarmonicBondForceKernel(name, platform), _data(data) {}
  void initialize(const System& system, const HarmonicBondForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const HarmonicBondForce& force) override;

private:
  ComputePlatformData& _data;
  int _first = -1;
};

class ComputeCalcHarmonicAngleForceKernel : public CalcHarmonicAngleForceKernel {
public:
  ComputeCalcHarmonicAngleForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcHarmonicAngleForceKernel(name, platform), _data(data) {}
  void initialize(const System& system, const HarmonicAngleForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const HarmonicAngleForce& force) override;

private:
  ComputePlatformData& _data;
  int _first = -1;
};

class ComputeCalcPeriodicTorsionForceKernel : public CalcPeriodicTorsionForceKernel {
public:
  ComputeCalcPeriodicTorsionForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcPeriodicTorsionForceKernel(name, platform), _data(data) {}
  void initialize(const System& system, const PeriodicTorsionForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const PeriodicTorsionForce& force) override;

private:
  ComputePlatformData& _data;
  int _first = -1;
};

} // namespace OpenMM
