// NoseHooverChain: the parameters of one Nose-Hoover chain thermostat of NoseHooverIntegrator: temperatures and
// collision frequencies of the absolute motion and of the relative motion of connected pairs, chain length,
// multiple-time-step and Yoshida-Suzuki orders, the particles and pairs it acts on and its degrees of freedom.
#pragma once

#include <utility>
#include <vector>

namespace OpenMM {

class NoseHooverChain {
public:
  NoseHooverChain(double temperature, double relativeTemperature, double collisionFrequency,
                  double relativeCollisionFrequency, int numDOFs, int chainLength, int numMTS, int numYoshidaSuzuki,
                  int chainID, const std::vector<int>& thermostatedAtoms,
                  const std::vector<std::pair<int, int>>& thermostatedPairs);
  double getTemperature() const { return _temperature; }
  void setTemperature(double temperature) { _temperature = temperature; }
  double getRelativeTemperature() const { return _relativeTemperature; }
  void setRelativeTemperature(double temperature) { _relativeTemperature = temperature; }
  double getCollisionFrequency() const { return _collisionFrequency; }
  void setCollisionFrequency(double frequency) { _collisionFrequency = frequency; }
  double getRelativeCollisionFrequency() const { return _relativeCollisionFrequency; }
  void setRelativeCollisionFrequency(double frequency) { _relativeCollisionFrequency = frequency; }
  /** Degrees of freedom of the absolute motion (set when the Context is created). */
  int getNumDegreesOfFreedom() const { return _numDOFs; }
  void setNumDegreesOfFreedom(int numDOF) { _numDOFs = numDOF; }
  int getChainLength() const { return _chainLength; }
  int getNumMultiTimeSteps() const { return _numMTS; }
  int getNumYoshidaSuzukiTimeSteps() const { return _numYS; }
  int getChainID() const { return _chainID; }
  /** Particles whose own motion the chain controls (empty with no pairs: every particle). */
  const std::vector<int>& getThermostatedAtoms() const { return _atoms; }
  void setThermostatedAtoms(const std::vector<int>& atomIDs) { _atoms = atomIDs; }
  /** Pairs whose centre-of-mass motion the chain controls, with their relative motion on a second chain. */
  const std::vector<std::pair<int, int>>& getThermostatedPairs() const { return _pairs; }
  void setThermostatedPairs(const std::vector<std::pair<int, int>>& pairIDs) { _pairs = pairIDs; }
  /** Weights of the Yoshida-Suzuki splitting of one chain step (1, 3, 5 or 7 of them, summing to 1). */
  std::vector<double> getYoshidaSuzukiWeights() const;
  bool usesPeriodicBoundaryConditions() const { return false; }

private:
  double _temperature, _relativeTemperature, _collisionFrequency, _relativeCollisionFrequency;
  int _numDOFs, _chainLength, _numMTS, _numYS, _chainID;
  std::vector<int> _atoms;
  std::vector<std::pair<int, int>> _pairs;
};

} // namespace OpenMM
