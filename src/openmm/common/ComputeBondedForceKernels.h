// The bonded force kernels of the common-compute platforms: HarmonicBondForce, HarmonicAngleForce,
// PeriodicTorsionForce and RBTorsionForce add their terms as interactions of ComputeBondedUtilities (device
// functions of kernels/StandardBondedTerms.cc), which computes all of them in one launch when the force
// evaluation finishes (their execute() adds nothing itself); updateParametersInContext uploads new parameters.
#pragma once

#include "openmm/kernels.h"
#include "openmm/kernels/CalcRBTorsionForceKernel.h"

#include "compute/PrecisionArray.h"

#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

/// The parameters of one bonded force's terms on the device (`width` mixed values per term) and its
/// registration with the bonded utility.
class ComputeBondedTermTable {
public:
  explicit ComputeBondedTermTable(ComputePlatformData& data) : _data(data) {}
  /** Registers the terms (none: nothing is registered); `call` is the source computing one term. */
  void add(const std::string& owner, int forceGroup, bool periodic, int atomsPerTerm, const std::vector<int>& atoms,
           int width, const std::vector<double>& params, const std::string& call);
  /** New parameters for the same number of terms. */
  void update(const std::string& owner, std::size_t atomsSize, const std::vector<double>& params);

private:
  ComputePlatformData& _data;
  std::size_t _atoms = 0;
  mardyn::compute::PrecisionArray _params;
};

class ComputeCalcHarmonicBondForceKernel : public CalcHarmonicBondForceKernel {
public:
  ComputeCalcHarmonicBondForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcHarmonicBondForceKernel(name, platform), _table(data) {}
  void initialize(const System& system, const HarmonicBondForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const HarmonicBondForce& force) override;

private:
  ComputeBondedTermTable _table;
};

class ComputeCalcHarmonicAngleForceKernel : public CalcHarmonicAngleForceKernel {
public:
  ComputeCalcHarmonicAngleForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcHarmonicAngleForceKernel(name, platform), _table(data) {}
  void initialize(const System& system, const HarmonicAngleForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const HarmonicAngleForce& force) override;

private:
  ComputeBondedTermTable _table;
};

class ComputeCalcPeriodicTorsionForceKernel : public CalcPeriodicTorsionForceKernel {
public:
  ComputeCalcPeriodicTorsionForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcPeriodicTorsionForceKernel(name, platform), _table(data) {}
  void initialize(const System& system, const PeriodicTorsionForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const PeriodicTorsionForce& force) override;

private:
  ComputeBondedTermTable _table;
};

class ComputeCalcRBTorsionForceKernel : public CalcRBTorsionForceKernel {
public:
  ComputeCalcRBTorsionForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcRBTorsionForceKernel(name, platform), _table(data) {}
  void initialize(const System& system, const RBTorsionForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const RBTorsionForce& force) override;

private:
  ComputeBondedTermTable _table;
};

} // namespace OpenMM
