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

  /// ls1's share of the correction in one molecule's virial (its Vi): per LJ centre the tangential, normal and
  /// tangential virial terms of the centre's slab (x, y, z), and those of its dipole type at its own slab.
  Vec3 moleculeVirial(const Molecule& m) const;

  /// Slab terms of LJ centre type t (energy, force along y) at slab s (for tests).
  double energy(unsigned type, unsigned slab) const { return _u[type * _slabs + slab]; }
  double force(unsigned type, unsigned slab) const { return _f[type * _slabs + slab]; }
  unsigned slabs() const { return _slabs; }

  // The parts of apply(), for a caller that measures and applies on the molecules itself (on a device):
  /// Whether this call measures the profile.
  bool measuresNow() const { return _config.smooth || _calls % _config.frequency == 0; }
  /// Takes this process's profile (per LJ type and slab, then per dipole type and slab: molecules per slab
  /// volume, as measure() counts them); smoothed and reduced over the ranks as measure() does.
  void takeProfile(std::vector<double> rho, const DomainDecompBase& decomp);
  /// The slab terms where this call recomputes them; counts the call.
  void advanceCall();
  /// Counts the computations of the slab terms (a caller holding a copy of the tables refreshes it).
  unsigned long termsVersion() const { return _termsVersion; }
  /// The slab of a site at y (ls1's truncation, periodic), the first LJ type of component c, its dipole
  /// type (-1: none), the numbers of types and where the force acts (left <= y <= right).
  int slabOf(double y) const;
  unsigned ljOffset(unsigned component) const { return _ljOffset[component]; }
  int dipoleIndex(unsigned component) const { return _dipoleIndex[component]; }
  unsigned numLJTypes() const { return _types; }
  unsigned numDipoleTypes() const { return _dipoleTypes; }
  double slabWidth() const { return _delta; }
  double left() const { return _config.left; }
  double right() const { return _config.right; }
  /// Molecules per slab volume that one molecule adds to the profile.
  double perMolecule() const { return _slabs / _volume; }
  /// Per (LJ type, slab) and per (dipole type, slab): energy, normal and tangential virial, force.
  const std::vector<double>& u() const { return _u; }
  const std::vector<double>& vN() const { return _vN; }
  const std::vector<double>& vT() const { return _vT; }
  const std::vector<double>& f() const { return _f; }
  const std::vector<double>& uDipole() const { return _uD; }
  const std::vector<double>& vNDipole() const { return _vND; }
  const std::vector<double>& vTDipole() const { return _vTD; }
  const std::vector<double>& fDipole() const { return _fD; }

  std::string name() const override { return "planar long-range correction"; }
  std::unique_ptr<PhysicsPlugin> clone() const override { return std::make_unique<PlanarLongRange>(*this); }
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
  unsigned long _termsVersion = 0;
};

}  // namespace mardyn
