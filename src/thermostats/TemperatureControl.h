// TemperatureControl: ls1-mardyn's regional thermostat. Each region (a box, one component or all, split
// into slabs along y) scales the velocity components it controls and the angular momenta of the molecules
// strictly inside it towards its target temperature; or, with method Andersen, redraws their velocities.
#pragma once

#include "plugins/PhysicsPlugin.h"

#include <random>
#include <vector>

namespace mardyn {

class TemperatureControl : public PhysicsPlugin {
 public:
  TemperatureControl(TemperatureControlConfig config, std::size_t numComponents, double timestep);

  /// Whether the regions act at this step (ls1: step % frequency == 0 and start < step <= stop).
  bool actsAt(unsigned long step) const;
  /// At step `step`: measures every region's slabs (owned molecules, reduced over the ranks), computes
  /// beta_trans = (n_dirs N T / sum m v_dirs^2)^exponent and beta_rot = (f_rot T / sum I w^2)^exponent per
  /// slab, and scales v (the controlled directions) by 2 - 1/beta_trans and L by 2 - 1/beta_rot, as ls1.
  /// Rank 0 appends the averaged betas to each region's beta log every writefreq steps.
  void apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step);
  /// The current target of region i (after any ramp).
  double target(std::size_t region) const { return _targets[region]; }
  /// The last factors of region i, slab s.
  double betaTrans(std::size_t region, unsigned slab) const { return _regions[region].betaTrans[slab]; }
  double betaRot(std::size_t region, unsigned slab) const { return _regions[region].betaRot[slab]; }
  /// Places the regions whose corners follow DistControl (refCoords 1: left, 2: right interface) at the
  /// configured offsets from the interfaces (ls1's CuboidRegionObs::update); the slabs divide the new height.
  void follow(double left, double right);
  /// The region as it stands (after follow()).
  const TemperatureControlRegion& region(std::size_t i) const { return _config.regions[i]; }
  /// Creates (truncates) the beta logs with their header line (rank 0 only).
  void initLogs(int rank) const;

  std::string name() const override { return "TemperatureControl"; }
  void init(PluginStep& s) override { initLogs(s.decomp.rank()); }
  /// ls1 controls the regions after the step's global values and the ensemble's thermostat.
  void endStep(PluginStep& s) override { apply(s.container, s.decomp, s.step); }
  void followInterfaces(double left, double right) override { follow(left, right); }

 private:
  struct State {
    std::vector<double> betaTrans, betaRot;  ///< per slab
    std::vector<bool> measured;              ///< per slab: had molecules at the last measurement
    double betaTransSum = 0, betaRotSum = 0; ///< for the beta log: sums over slabs and measurements
    unsigned long samples = 0;
    unsigned long rampElapsed = 0;
  };
  /// The slab of molecule m in region r, or -1 when it is outside or of another component.
  int slabOf(const TemperatureControlRegion& r, const Molecule& m) const;
  void measure(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step);
  void updateRamp(std::size_t i, unsigned long step);

  TemperatureControlConfig _config;
  std::vector<TemperatureControlRegion> _offsets;  ///< the regions as configured (offsets where they follow)
  std::vector<State> _regions;
  std::vector<double> _targets;
  double _timestep;
  std::mt19937_64 _random{12345};
};

}  // namespace mardyn
