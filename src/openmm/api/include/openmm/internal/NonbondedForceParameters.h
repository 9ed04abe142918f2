// NonbondedForceParameters: a NonbondedForce's particle and exception parameters with its parameter offsets
// applied at given values of its global parameters (what every platform's kernel computes with), and the
// exclusions (every exception's pair).
#pragma once

#include "openmm/NonbondedForce.h"

#include <string>
#include <vector>

namespace OpenMM {

class ContextImpl;

class NonbondedForceParameters {
public:
  struct Exception {
    int particle1, particle2;
    double chargeProd, sigma, epsilon;
  };
  /** Reads the force's parameters and offsets and applies the offsets at the globals' default values. */
  void read(const NonbondedForce& force);
  /** Reads new parameters of the same particles and exceptions (updateParametersInContext), keeping the set of
   * computed exceptions: throws if an exception outside it has parameters now. The globals stay as applied. */
  void update(const NonbondedForce& force);
  /** Applies the offsets at the Context's values of the global parameters; true if the parameters changed
   * (always with `force`). */
  bool apply(const ContextImpl& context, bool force = false);
  /** The effective charge, sigma and epsilon of each particle. */
  std::vector<double> charges, sigmas, epsilons;
  /** The exceptions that are computed: those with a nonzero charge product or epsilon, or with an offset (a
   * fixed set, in the force's order). */
  std::vector<Exception> exceptions;
  /** For each particle, the particles it has an exception with (both directions, in the force's order). */
  std::vector<std::vector<int>> excluded;
  bool hasOffsets() const { return !_particleOffsets.empty() || !_exceptionOffsets.empty(); }

private:
  struct Offset {
    int parameter, index;
    double chargeScale, sigmaScale, epsilonScale;
  };
  void applyValues(const std::vector<double>& globals);
  std::vector<double> _baseCharges, _baseSigmas, _baseEpsilons;
  std::vector<Exception> _baseExceptions;
  std::vector<int> _computed;  ///< the force's indices of `exceptions`
  std::vector<Offset> _particleOffsets, _exceptionOffsets;
  std::vector<std::string> _globalNames;
  std::vector<double> _applied;
};

} // namespace OpenMM
