// DeviceIntegrator: the host's rotational leapfrog and velocity-scaling thermostat on the device
// (kernels/Leapfrog.cc), with the kinetic sums per component reduced on the device in a fixed order.
#pragma once

#include "gpu/ComponentDescriptor.h"
#include "gpu/GlobalStats.h"
#include "gpu/GpuComponent.h"
#include "gpu/MoleculeStorage.h"
#include "compute/PrecisionArray.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"

#include <memory>
#include <vector>

namespace mardyn::gpu {

class DeviceIntegrator : public GpuComponent {
 public:
  DeviceIntegrator(compute::ComputeContext& context, MoleculeStorage& storage, ComponentDescriptor& descriptor);
  void createKernels(compute::ComputeProgram& program) override;

  /// Half kick and drift of the owned molecules (as Leapfrog::preForces) and their rotation
  /// matrices; notes whether one moved more than halfSkin since the last rebuild (displacedFlag()).
  void preForces(double dt, double halfSkin);
  /// Whether preForces found a molecule that moved more than half the skin (downloads one int).
  bool displaced();
  /// The int that preForces sets when a molecule moved more than half the skin.
  compute::ComputeArray<int>& displacedFlag() { return _displaced; }
  /// With kick the second half kick (Leapfrog::postForces); then the kinetic sums per component into
  /// results[offset ..]: sum m v^2 of components 0 .. nc-1, then sum L_body^2 / I, then how many molecules
  /// the next half kick and drift may take beyond halfSkin from where the cells were built (halfSkin 0: 0).
  void postForces(double dt, bool kick, double halfSkin, compute::ArrayInterface& results, int offset);
  /// v *= betaTrans[c], L *= betaRot[c] for the owned molecules of component c; then, with halfSkin > 0,
  /// whether the next half kick and drift may take a molecule beyond it, as postForces, into
  /// *leaving (page-locked host memory) once the queue has passed this call.
  void scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot, double dt,
                       double halfSkin, int* leaving);

 private:
  compute::ComputeContext& _context;
  MoleculeStorage& _storage;
  ComponentDescriptor& _descriptor;
  int _groups;  ///< blocks of the kinetic sums (GlobalStats::reduceGroups)
  compute::ComputeArray<int> _displaced, _leaving;
  compute::PrecisionArray _partials, _beta;
  std::unique_ptr<compute::ComputeKernel> _pre, _post, _sum, _scale;
};

}  // namespace mardyn::gpu
