// ReferenceIntegrateNoseHooverStepKernel: one step of NoseHooverIntegrator on ReferencePlatformData: half a step
// of every chain (scaling the velocities it controls), velocity Verlet with constraints, half a step of the chains.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/internal/IntegrationRules.h"
#include "openmm/kernels/IntegrateNoseHooverStepKernel.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ReferencePlatformData;

class ReferenceIntegrateNoseHooverStepKernel : public IntegrateNoseHooverStepKernel {
public:
  ReferenceIntegrateNoseHooverStepKernel(std::string name, const Platform& platform)
      : IntegrateNoseHooverStepKernel(name, platform) {}
  void initialize(const System& system, const NoseHooverIntegrator& integrator) override;
  void execute(ContextImpl& context, const NoseHooverIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, const NoseHooverIntegrator& integrator) override;
  double computeHeatBathEnergy(ContextImpl& context, const NoseHooverIntegrator& integrator) override;
  std::vector<double> getChainStates() const override;
  void setChainStates(const std::vector<double>& states) override;

private:
  /** Propagates every chain by half a step and scales the velocities of its particles and pairs. */
  void propagateChains(ReferencePlatformData& data, const NoseHooverIntegrator& integrator);
  /** The hard wall of setMaximumPairDistance: a thermostated pair found farther apart than the distance is
   * reflected back inside it, its relative speed along the pair set to the thermal speed of its relative
   * temperature. */
  static void applyHardWall(ReferencePlatformData& data, const NoseHooverIntegrator& integrator, double dt);
  /** True when the forces kept from the previous step belong to the Context's current configuration. */
  bool forcesAreCurrent(ContextImpl& context, const ReferencePlatformData& data, int groups) const;

  IntegrationRules::NoseHooverChains _chains;
  std::vector<Vec3> _newPositions, _keptPositions, _keptForces;
  Vec3 _keptBox[3];
  std::map<std::string, double> _keptParameters;
  int _keptGroups = 0;
  unsigned long _keptForceParameters = 0;
  bool _hasKeptForces = false;
};

} // namespace OpenMM
