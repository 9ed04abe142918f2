// ForceImpl: the per-Context counterpart of a Force. Created by ContextImpl through Force::createImpl(),
// it requests its kernels by name in initialize() and runs them in calcForcesAndEnergy().
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace OpenMM {

class ContextImpl;
class Force;

class ForceImpl {
public:
  virtual ~ForceImpl() = default;
  /** Validates the Force against the System and creates the kernels. */
  virtual void initialize(ContextImpl& context) = 0;
  virtual const Force& getOwner() const = 0;
  /** Called at the start of every step; may change the state (e.g. thermostats) and set forcesInvalid. */
  virtual void updateContextState(ContextImpl& context, bool& forcesInvalid) = 0;
  /** Adds this force's forces and returns its energy if its group is in the groups mask. */
  virtual double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) = 0;
  /** Context parameters this force defines, with their default values. */
  virtual std::map<std::string, double> getDefaultParameters() { return {}; }
  virtual std::vector<std::string> getKernelNames() = 0;
  /** Pairs of particles this force bonds together (used to find molecules). */
  virtual std::vector<std::pair<int, int>> getBondedParticles() const { return {}; }
};

} // namespace OpenMM
