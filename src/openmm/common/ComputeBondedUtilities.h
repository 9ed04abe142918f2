// ComputeBondedUtilities: the bonded terms of every bonded force of a Context (harmonic bonds, harmonic
// angles, periodic torsions) and the NonbondedForce's exceptions, computed in one kernel launch per force
// evaluation (kernels/Bonded.cc) for the force groups asked for. The force kernels register their terms
// when they are initialised and update their parameters; the launch happens when the evaluation finishes.
#pragma once

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"

#include <array>
#include <memory>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeBondedUtilities {
public:
  enum Kind { Bond = 0, Angle = 1, Torsion = 2, Exception = 3 };

  explicit ComputeBondedUtilities(ComputePlatformData& data);
  void createKernels(mardyn::compute::ComputeProgram& program);

  /** Adds terms of one force; returns the index of the first. atoms: up to four System indices per term
   * (-1 unused); params: four numbers per term (Bonded.cc says which); periodic: minimum image. */
  int addTerms(Kind kind, int forceGroup, bool periodic, const std::vector<std::array<int, 4>>& atoms,
               const std::vector<std::array<double, 4>>& params);
  /** New parameters of terms [first, first + params.size()). */
  void setParameters(int first, const std::vector<std::array<double, 4>>& params);
  /** Adds the forces and energies of every term in `groups` to the accumulators. */
  void compute(int groups);
  bool empty() const { return _info.empty(); }

private:
  void upload();

  ComputePlatformData& _data;
  std::vector<mardyn::compute::mm_int4> _atoms;
  std::vector<double> _params;
  std::vector<int> _info;
  bool _dirty = true;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int4> _deviceAtoms;
  mardyn::compute::PrecisionArray _deviceParams;
  mardyn::compute::ComputeArray<int> _deviceInfo;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel;
};

} // namespace OpenMM
