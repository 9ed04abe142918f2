// UpdateStateDataKernel: the only way ContextImpl reads or writes the platform's copy of time, step count,
// positions, velocities, forces and box vectors, and serialises them into checkpoints.
#pragma once

#include "openmm/KernelImpl.h"
#include "openmm/Vec3.h"

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ContextImpl;
class System;

class UpdateStateDataKernel : public KernelImpl {
public:
  static std::string Name() { return "UpdateStateData"; }
  UpdateStateDataKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system) = 0;
  virtual double getTime(const ContextImpl& context) const = 0;
  virtual void setTime(ContextImpl& context, double time) = 0;
  virtual long long getStepCount(const ContextImpl& context) const = 0;
  virtual void setStepCount(const ContextImpl& context, long long count) = 0;
  virtual void getPositions(ContextImpl& context, std::vector<Vec3>& positions) = 0;
  virtual void setPositions(ContextImpl& context, const std::vector<Vec3>& positions) = 0;
  virtual void getVelocities(ContextImpl& context, std::vector<Vec3>& velocities) = 0;
  virtual void setVelocities(ContextImpl& context, const std::vector<Vec3>& velocities) = 0;
  virtual void getForces(ContextImpl& context, std::vector<Vec3>& forces) = 0;
  virtual void getEnergyParameterDerivatives(ContextImpl& context, std::map<std::string, double>& derivs) = 0;
  virtual void getPeriodicBoxVectors(ContextImpl& context, Vec3& a, Vec3& b, Vec3& c) const = 0;
  virtual void setPeriodicBoxVectors(ContextImpl& context, const Vec3& a, const Vec3& b, const Vec3& c) = 0;
  /** Writes everything the platform holds (incl. random-number state) in a platform-specific format. */
  virtual void createCheckpoint(ContextImpl& context, std::ostream& stream) = 0;
  virtual void loadCheckpoint(ContextImpl& context, std::istream& stream) = 0;
};

} // namespace OpenMM
