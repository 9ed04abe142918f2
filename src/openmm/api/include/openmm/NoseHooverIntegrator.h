// NoseHooverIntegrator: velocity Verlet with Nose-Hoover chain thermostats (Martyna-Tuckerman-Klein chains
// propagated by multiple time steps and Yoshida-Suzuki splitting, half a step before and after the Verlet step).
// A thermostat acts on the whole System or on chosen particles, and on connected pairs whose centre-of-mass and
// relative motions are thermostated separately. computeHeatBathEnergy() plus the total energy is conserved.
#pragma once

#include "openmm/Integrator.h"
#include "openmm/NoseHooverChain.h"

#include <tuple>
#include <utility>
#include <vector>

namespace OpenMM {

class System;

class NoseHooverIntegrator : public Integrator {
public:
  /** Plain velocity Verlet until thermostats are added with addThermostat / addSubsystemThermostat. */
  explicit NoseHooverIntegrator(double stepSize);
  /** One chain on every particle: temperature in K, collisionFrequency in 1/ps, stepSize in ps. */
  NoseHooverIntegrator(double temperature, double collisionFrequency, double stepSize, int chainLength = 3,
                       int numMTS = 3, int numYoshidaSuzuki = 7);
  void step(int steps) override;
  /** A chain on every particle; returns its index. */
  int addThermostat(double temperature, double collisionFrequency, int chainLength, int numMTS,
                    int numYoshidaSuzuki);
  /** A chain on the given particles and on the centre-of-mass motion of the pairs, with a second chain on the
   *  pairs' relative motion; both lists empty means every particle. Returns its index. */
  int addSubsystemThermostat(const std::vector<int>& thermostatedParticles,
                             const std::vector<std::pair<int, int>>& thermostatedPairs, double temperature,
                             double collisionFrequency, double relativeTemperature, double relativeCollisionFrequency,
                             int chainLength = 3, int numMTS = 3, int numYoshidaSuzuki = 7);
  double getTemperature(int chainID = 0) const;
  void setTemperature(double temperature, int chainID = 0);
  double getRelativeTemperature(int chainID = 0) const;
  void setRelativeTemperature(double temperature, int chainID = 0);
  double getCollisionFrequency(int chainID = 0) const;
  void setCollisionFrequency(double frequency, int chainID = 0);
  double getRelativeCollisionFrequency(int chainID = 0) const;
  void setRelativeCollisionFrequency(double frequency, int chainID = 0);
  /** Kinetic plus potential energy of every chain's variables (kJ/mol). */
  double computeHeatBathEnergy();
  int getNumThermostats() const { return static_cast<int>(_chains.size()); }
  const NoseHooverChain& getThermostat(int chainID = 0) const;
  bool hasSubsystemThermostats() const { return _hasSubsystemThermostats; }
  /** Largest distance a thermostated pair may reach (nm), a hard wall applied after each position update; 0: no
   * limit. */
  double getMaximumPairDistance() const { return _maxPairDistance; }
  void setMaximumPairDistance(double distance) { _maxPairDistance = distance; }
  const std::vector<int>& getAllThermostatedIndividualParticles() const { return _allAtoms; }
  const std::vector<std::tuple<int, int, double>>& getAllThermostatedPairs() const { return _allPairs; }

protected:
  void initialize(ContextImpl& context) override;
  /** Fills in particle lists and degrees of freedom of the chains for the System. */
  void initializeThermostats(const System& system);
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;
  bool kineticEnergyRequiresForce() const override { return false; }
  /** The positions and velocities of every chain. */
  void createCheckpoint(std::ostream& stream) const override;
  void loadCheckpoint(std::istream& stream) override;

private:
  NoseHooverChain& chain(int chainID, const char* what);
  const NoseHooverChain& chain(int chainID, const char* what) const;
  std::vector<NoseHooverChain> _chains;
  std::vector<int> _allAtoms;
  std::vector<std::tuple<int, int, double>> _allPairs;
  double _maxPairDistance = 0.0;
  bool _hasSubsystemThermostats = false;
  Kernel _kernel;
};

} // namespace OpenMM
