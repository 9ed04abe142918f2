// MonteCarloBarostatImpl: the per-Context implementation of MonteCarloBarostat: every `frequency` steps a random
// volume change, accepted with probability min(1, exp(-(dE + P dV - N kT ln(V'/V))/kT)) (N molecules), with the
// step size adapted to keep the acceptance between 25 and 75 %.
#pragma once

#include "openmm/Kernel.h"
#include "openmm/MonteCarloBarostat.h"
#include "openmm/internal/ForceImpl.h"

#include <random>

namespace OpenMM {

class MonteCarloBarostatImpl : public ForceImpl {
public:
  explicit MonteCarloBarostatImpl(const MonteCarloBarostat& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const MonteCarloBarostat& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl& context, bool& forcesInvalid) override;
  double calcForcesAndEnergy(ContextImpl&, bool, bool, int) override { return 0.0; }
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;

private:
  const MonteCarloBarostat& _owner;
  Kernel _kernel;
  std::mt19937_64 _random;
  int _step = 0, _attempted = 0, _accepted = 0;
  double _volumeScale = 0.0;
};

} // namespace OpenMM
