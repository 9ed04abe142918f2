// ComputeApplyMonteCarloBarostatKernel: the trial moves of MonteCarloBarostat and MonteCarloAnisotropicBarostat on
// the common-compute platforms (kernels/Barostat.cc): the box and every molecule's centre scaled on the device, and
// restored from the device's copy when the move is rejected; nothing crosses to the host.
#pragma once

#include "openmm/kernels/ApplyMonteCarloBarostatKernel.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "openmm/Vec3.h"

#include <memory>

namespace OpenMM {

class ComputePlatformData;

class ComputeApplyMonteCarloBarostatKernel : public ApplyMonteCarloBarostatKernel {
public:
  ComputeApplyMonteCarloBarostatKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : ApplyMonteCarloBarostatKernel(name, platform), _data(data) {}
  void initialize(const System& system, const Force& barostat) override;
  void scaleCoordinates(ContextImpl& context, double scaleX, double scaleY, double scaleZ) override;
  void restoreCoordinates(ContextImpl& context) override;

private:
  ComputePlatformData& _data;
  int _numMolecules = 0;
  Vec3 _savedBox[3];
  mardyn::compute::ComputeArray<int> _start, _atoms;
  mardyn::compute::PrecisionArray _saved;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _save, _scale, _restore;
};

} // namespace OpenMM
