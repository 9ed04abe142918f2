// MonteCarloAnisotropicBarostatImpl: the per-Context implementation of MonteCarloAnisotropicBarostat: every
// `frequency` steps a random change of one box length, accepted with probability
// min(1, exp(-(dE + P_axis dV - N kT ln(V'/V))/kT)) (N molecules), each axis with its own adapted step size.
#pragma once

#include "openmm/Kernel.h"
#include "openmm/MonteCarloAnisotropicBarostat.h"
#include "openmm/internal/ForceImpl.h"

#include <random>

namespace OpenMM {

class MonteCarloAnisotropicBarostatImpl : public ForceImpl {
public:
  explicit MonteCarloAnisotropicBarostatImpl(const MonteCarloAnisotropicBarostat& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const MonteCarloAnisotropicBarostat& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl& context, bool& forcesInvalid) override;
  double calcForcesAndEnergy(ContextImpl&, bool, bool, int) override { return 0.0; }
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;

private:
  const MonteCarloAnisotropicBarostat& _owner;
  Kernel _kernel;
  std::mt19937_64 _random;
  int _step = 0, _attempted[3] = {0, 0, 0}, _accepted[3] = {0, 0, 0};
  double _volumeScale[3] = {0.0, 0.0, 0.0};
};

} // namespace OpenMM
