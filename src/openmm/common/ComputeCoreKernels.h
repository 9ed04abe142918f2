// The core kernels of the common-compute platforms: the bracket of every force evaluation, the state
// kept on the device, and constraints (refused: the device has no constraint solver, so a System with
// constraints is refused by name when its Context is created).
#pragma once

#include "openmm/kernels.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcForcesAndEnergyKernel : public CalcForcesAndEnergyKernel {
public:
  ComputeCalcForcesAndEnergyKernel(std::string name, const Platform& platform, ComputePlatformData&)
      : CalcForcesAndEnergyKernel(name, platform) {}
  void initialize(const System& system) override;
  /** Reorders the atoms when due, clears forces and energy. */
  void beginComputation(ContextImpl& context, bool includeForce, bool includeEnergy, int groups) override;
  /** Runs every injected interaction of the groups (tile lists, then the bonded terms in one launch); returns the
   * device's energy (one download). */
  double finishComputation(ContextImpl& context, bool includeForce, bool includeEnergy, int groups, bool& valid) override;
};

class ComputeUpdateStateDataKernel : public UpdateStateDataKernel {
public:
  ComputeUpdateStateDataKernel(std::string name, const Platform& platform, ComputePlatformData&)
      : UpdateStateDataKernel(name, platform) {}
  void initialize(const System& system) override;
  double getTime(const ContextImpl& context) const override;
  void setTime(ContextImpl& context, double time) override;
  long long getStepCount(const ContextImpl& context) const override;
  void setStepCount(const ContextImpl& context, long long count) override;
  void getPositions(ContextImpl& context, std::vector<Vec3>& positions) override;
  void setPositions(ContextImpl& context, const std::vector<Vec3>& positions) override;
  void getVelocities(ContextImpl& context, std::vector<Vec3>& velocities) override;
  void setVelocities(ContextImpl& context, const std::vector<Vec3>& velocities) override;
  void getForces(ContextImpl& context, std::vector<Vec3>& forces) override;
  void getEnergyParameterDerivatives(ContextImpl& context, std::map<std::string, double>& derivs) override;
  void getPeriodicBoxVectors(ContextImpl& context, Vec3& a, Vec3& b, Vec3& c) const override;
  void setPeriodicBoxVectors(ContextImpl& context, const Vec3& a, const Vec3& b, const Vec3& c) override;
  void createCheckpoint(ContextImpl& context, std::ostream& stream) override;
  void loadCheckpoint(ContextImpl& context, std::istream& stream) override;
};

class ComputeApplyConstraintsKernel : public ApplyConstraintsKernel {
public:
  ComputeApplyConstraintsKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : ApplyConstraintsKernel(name, platform), _data(data) {}
  void initialize(const System& system) override;
  /** Constrains the current positions (ComputeConstraints), reports a failure and places the virtual sites. */
  void apply(ContextImpl& context, double tol) override;
  void applyToVelocities(ContextImpl& context, double tol) override;

private:
  ComputePlatformData& _data;
};

} // namespace OpenMM
