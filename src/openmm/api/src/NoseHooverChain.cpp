// NoseHooverChain: parameter validation and the Yoshida-Suzuki weights (fourth-order symmetric compositions
// of orders 3, 5 and 7 of the chain propagator).
#include "openmm/NoseHooverChain.h"

#include "openmm/OpenMMException.h"

#include <cmath>
#include <string>

namespace OpenMM {

NoseHooverChain::NoseHooverChain(double temperature, double relativeTemperature, double collisionFrequency,
                                 double relativeCollisionFrequency, int numDOFs, int chainLength, int numMTS,
                                 int numYoshidaSuzuki, int chainID, const std::vector<int>& thermostatedAtoms,
                                 const std::vector<std::pair<int, int>>& thermostatedPairs)
    : _temperature(temperature), _relativeTemperature(relativeTemperature), _collisionFrequency(collisionFrequency),
      _relativeCollisionFrequency(relativeCollisionFrequency), _numDOFs(numDOFs), _chainLength(chainLength),
      _numMTS(numMTS), _numYS(numYoshidaSuzuki), _chainID(chainID), _atoms(thermostatedAtoms),
      _pairs(thermostatedPairs) {
  if (chainLength < 1)
    throw OpenMMException("NoseHooverChain: the chain length must be at least 1, got " + std::to_string(chainLength));
  if (numMTS < 1)
    throw OpenMMException("NoseHooverChain: the number of multiple time steps must be at least 1, got " +
                          std::to_string(numMTS));
  if (numYoshidaSuzuki != 1 && numYoshidaSuzuki != 3 && numYoshidaSuzuki != 5 && numYoshidaSuzuki != 7)
    throw OpenMMException("NoseHooverChain: the number of Yoshida-Suzuki steps must be 1, 3, 5 or 7, got " +
                          std::to_string(numYoshidaSuzuki));
  if (!(temperature >= 0.0) || !(relativeTemperature >= 0.0))
    throw OpenMMException("NoseHooverChain: temperatures cannot be negative");
  if (!(collisionFrequency > 0.0) || !(relativeCollisionFrequency > 0.0))
    throw OpenMMException("NoseHooverChain: collision frequencies must be positive");
}

std::vector<double> NoseHooverChain::getYoshidaSuzukiWeights() const {
  switch (_numYS) {
  case 3: {
    const double w = 1.0 / (2.0 - std::cbrt(2.0));
    return {w, 1.0 - 2.0 * w, w};
  }
  case 5: {
    const double w = 1.0 / (4.0 - std::cbrt(4.0));
    return {w, w, 1.0 - 4.0 * w, w, w};
  }
  case 7: {
    // The sixth-order composition (Yoshida 1990, solution A).
    const double w1 = 0.784513610477557263819, w2 = 0.235573213359358133684, w3 = -1.17767998417887100695;
    const double w0 = 1.0 - 2.0 * (w1 + w2 + w3);
    return {w1, w2, w3, w0, w3, w2, w1};
  }
  default:
    return {1.0};
  }
}

} // namespace OpenMM
