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
  /// matrices; notes whether one moved more than halfSkin since the last rebuild.
  void preForces(double dt, double halfSkin);
  /// Whether preForces found a molecule that moved more than half the skin (downloads one int).
  bool displaced();
  /// With kick the second half kick (Leapfrog::postForces); then the kinetic sums per component into
  /// results[offset ..]: sum m v^2 of components 0 .. nc-1, then sum L_body^2 / I.
  void postForces(double dt, bool kick, compute::ArrayInterface& results, int offset);
  /// v *= betaTrans[c], L *= betaRot[c] for the owned molecules of component c.
  void scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot);

 private:
  compute::ComputeContext& _context;
  MoleculeStorage& _storage;
  ComponentDescriptor& _descriptor;
  int _groups;  ///< blocks of the kinetic sums (GlobalStats::reduceGroups)
  compute::ComputeArray<int> _displaced;
  compute::PrecisionArray _partials, _beta;
  std::unique_ptr<compute::ComputeKernel> _pre, _post, _sum, _scale;
};

}  // namespace mardyn::gpu
