// NoseHooverIntegrator on the common-compute platforms: velocity Verlet with Nose-Hoover chains. The chains'
// few numbers live on the host (IntegrationRules::NoseHooverChains); the kinetic energies that drive them are
// summed on the device per thermostat (one download of two numbers per thermostat and half step), and the
// velocities are scaled there. The hard wall of setMaximumPairDistance runs on the device too. Forces of the end
// of a step are kept (a device copy) for the next while the positions, box, parameters and force groups stay
// the same (and no Force's parameters were updated in the Context).
#pragma once

#include "openmm/internal/IntegrationRules.h"
#include "openmm/kernels/IntegrateNoseHooverStepKernel.h"
#include "openmm/Vec3.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeIntegrateNoseHooverStepKernel : public IntegrateNoseHooverStepKernel {
public:
  ComputeIntegrateNoseHooverStepKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : IntegrateNoseHooverStepKernel(name, platform), _data(data) {}
  void initialize(const System& system, const NoseHooverIntegrator& integrator) override;
  void execute(ContextImpl& context, const NoseHooverIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const NoseHooverIntegrator& integrator) override;
  double computeHeatBathEnergy(ContextImpl& context, const NoseHooverIntegrator& integrator) override;
  std::vector<double> getChainStates() const override;
  void setChainStates(const std::vector<double>& states) override;

private:
  /** Half a step of every chain, scaling the velocities of its atoms and pairs. */
  void propagateChains(const NoseHooverIntegrator& integrator);
  /** True when the forces kept from the previous step belong to the Context's current configuration. */
  bool forcesAreCurrent(ContextImpl& context, int groups);
  void keepForces(ContextImpl& context, int groups);

  ComputePlatformData& _data;
  IntegrationRules::NoseHooverChains _chains;
  std::unique_ptr<mardyn::compute::ComputeKernel> _step, _kick, _sumKinetic, _scale, _hardWall, _countMoved;
  /** Per thermostat, entries[first[c] .. first[c + 1]): (atom, -1) or (pair atom, pair atom), System atoms. */
  mardyn::compute::ComputeArray<mardyn::compute::mm_int2> _entries, _wallPairs;
  std::vector<int> _first;
  mardyn::compute::PrecisionArray _wallKT, _keptPosq;
  int _numWallPairs = 0;
  mardyn::compute::ComputeArray<long long> _keptForce;
  bool _hasKeptForces = false;
  unsigned long _keptReorder = 0;
  int _keptGroups = 0;
  unsigned long _keptForceParameters = 0;
  Vec3 _keptBox[3];
  std::map<std::string, double> _keptParameters;
};

} // namespace OpenMM
