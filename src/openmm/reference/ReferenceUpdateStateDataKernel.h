// ReferenceUpdateStateDataKernel: copies state between ContextImpl and ReferencePlatformData and writes
// or reads it (with the random-number state) in checkpoints.
#pragma once

#include "openmm/kernels/UpdateStateDataKernel.h"

namespace OpenMM {

class ReferenceUpdateStateDataKernel : public UpdateStateDataKernel {
public:
  ReferenceUpdateStateDataKernel(std::string name, const Platform& platform) : UpdateStateDataKernel(name, platform) {}
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

} // namespace OpenMM
