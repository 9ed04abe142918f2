// ComputeCalcCMAPTorsionForceKernel: CMAPTorsionForce on the common-compute platforms as a bonded interaction of
// eight atoms per term: the two dihedrals, each map as the periodic bicubic spline table the Reference platform
// evaluates (kernels/TabulatedFunctions.cc, all maps in one array), the forces of dE/dphi and dE/dpsi.
#pragma once

#include "openmm/kernels/CalcCMAPTorsionForceKernel.h"

#include "compute/ComputeArray.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcCMAPTorsionForceKernel : public CalcCMAPTorsionForceKernel {
public:
  ComputeCalcCMAPTorsionForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCMAPTorsionForceKernel(name, platform), _data(data) {}
  void initialize(const System& system, const CMAPTorsionForce& force) override;
  double execute(ContextImpl&, bool, bool) override { return 0.0; }
  void copyParametersToContext(ContextImpl& context, const CMAPTorsionForce& force) override;

private:
  /** The maps' tables (concatenated) and each term's (offset, points per axis); the atoms of the terms. */
  void readForce(const CMAPTorsionForce& force, std::vector<double>& tables, std::vector<mardyn::compute::mm_int2>& terms,
                 std::vector<int>& atoms) const;

  ComputePlatformData& _data;
  int _numTorsions = 0;
  mardyn::compute::PrecisionArray _tables;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int2> _terms;
};

} // namespace OpenMM
