// PlanarLongRange: ls1-mardyn's long-range correction for planar interfaces (longrange type="planar"):
// the density profile of every LJ centre type (and of dipolar molecules) in slabs along y gives each
// slab the energy, virial and normal force of the interactions beyond the cutoff, integrated over the
// slab planes (Janecek's method with Werth's terms for centres off the centre of mass).
#pragma once

#include "molecules/InteractionParameters.h"
#include "plugins/PhysicsPlugin.h"

#include <vector>

namespace mardyn {

class PlanarLongRange : public PhysicsPlugin {
 public:
  PlanarLongRange(const PlanarLongRangeConfig& config, const std::vector<Component>& components,
                  const InteractionParameters& params, const Vec3& box, double cutoff, double temperature);

  /// One call per force computation (ls1 calls it after every traversal): every `frequency` calls the
  /// profile is measured over the ranks and the slab terms recomputed; then each owned molecule gets the
  /// normal force of its slabs (if its centre is within the region) and the local energy and virial
  /// corrections are returned, to be reduced with the pair sums.
  void apply(ParticleContainer& container, const DomainDecompBase& decomp, double& upot, double& virial);

  /// Slab terms of LJ centre type t (energy, force along y) at slab s (for tests).
  double energy(unsigned type, unsigned slab) const { return _u[type * _slabs + slab]; }
  double force(unsigned type, unsigned slab) const { return _f[type * _slabs + slab]; }
  unsigned slabs() const { return _slabs; }

  std::string name() const override { return "planar long-range correction"; }
  /// After the traversal (also at the start step): the profile's forces and the local corrections.
  void siteWiseForces(PluginStep& s) override { apply(s.container, s.decomp, *s.upot, *s.virial); }

 private:
  /// Energy, normal and tangential virial, force per unit density at slab distance k.
  struct Terms {
    double u = 0, vN = 0, vT = 0, f = 0;
  };
  struct PairKind {
    double sigma = 0, eps = 0, t1 = 0, t2 = 0;  ///< t: distances of the centres from their molecule's centre
  };
  Terms ljTerms(const PairKind& p, double d, bool beyond) const;
  Terms dipoleTerms(double mu2a, double mu2b, double d, bool beyond) const;
  void measure(ParticleContainer& container, const DomainDecompBase& decomp);
  void computeTerms();
  int slabOf(double y) const;

  PlanarLongRangeConfig _config;
  std::vector<Component> _components;
  unsigned _slabs;
  double _delta, _cutoff, _cutoffSlabs, _volume, _temperature;
  std::vector<unsigned> _ljOffset;          ///< first LJ type of each component
  std::vector<PairKind> _kinds;             ///< per LJ type pair (a * types + b)
  std::vector<double> _centreDistance;      ///< per LJ type
  std::vector<int> _dipoleIndex;            ///< per component: its dipole type or -1
  std::vector<double> _mu2;                 ///< per dipole type: |total dipole moment|^2
  unsigned _types = 0, _dipoleTypes = 0;
  std::vector<double> _rho, _rhoSum, _u, _vN, _vT, _f;       ///< per LJ type and slab
  std::vector<double> _rhoD, _rhoDSum, _uD, _vND, _vTD, _fD; ///< per dipole type and slab
  unsigned long _calls = 0;
};

}  // namespace mardyn
