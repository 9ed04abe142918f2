// Domain: the simulation box and the global thermodynamic quantities of a step (potential energy,
// virial, temperature, pressure), with ls1-mardyn's homogeneous long-range correction for LJ centres.
#pragma once

#include "molecules/Component.h"
#include "molecules/InteractionParameters.h"
#include "utils/Vec3.h"

#include <vector>

namespace mardyn {

class Domain {
 public:
  explicit Domain(const Vec3& box);

  const Vec3& box() const { return _box; }
  double volume() const { return _box.x * _box.y * _box.z; }

  /// Homogeneous long-range correction of energy and virial for every pair of unshifted LJ
  /// centres beyond the centre-of-mass cutoff, orientation-averaged for centres off the centre
  /// of mass (the multi-centre form). counts[c]: global number of molecules of component c.
  /// Throws MardynException if a centre pair reaches beyond the cutoff (|a| + |b| >= rc).
  void computeLongRangeCorrection(const std::vector<Component>& components,
                                  const std::vector<unsigned long>& counts, const InteractionParameters& params);
  void disableLongRangeCorrection() { _upotCorr = 0.0; _virialCorr = 0.0; }
  double upotCorrection() const { return _upotCorr; }
  double virialCorrection() const { return _virialCorr; }

  /// Sets the global values of a step from sums already reduced over all processes:
  /// summv2 = sum m v^2, sumIw2 = sum of L_body^2 / I, rotDof = sum of rotational degrees of freedom.
  void setGlobalValues(double upot, double virial, double summv2, double sumIw2, unsigned long numMolecules,
                       unsigned long rotDof);

  unsigned long numMolecules() const { return _n; }
  double density() const { return _n / volume(); }
  /// Total potential energy, long-range correction included.
  double globalUpot() const { return _upot + _upotCorr; }
  /// Potential energy per molecule (what ls1 prints as U_pot).
  double averageGlobalUpot() const { return _n ? globalUpot() / _n : 0.0; }
  /// Virial sum r.F, long-range correction included.
  double globalVirial() const { return _virial + _virialCorr; }
  /// T = (sum m v^2 + sum L^2/I) / (3 N + rotDof), k_B = 1.
  double globalTemperature() const;
  double translationalTemperature() const { return _n ? _summv2 / (3.0 * _n) : 0.0; }
  double rotationalTemperature() const { return _rotDof ? _sumIw2 / _rotDof : 0.0; }
  /// p = rho T + virial / (3 V).
  double globalPressure() const { return density() * globalTemperature() + globalVirial() / (3.0 * volume()); }
  double summv2() const { return _summv2; }
  double sumIw2() const { return _sumIw2; }
  unsigned long degreesOfFreedom() const { return 3 * _n + _rotDof; }

 private:
  Vec3 _box;
  double _upotCorr = 0.0, _virialCorr = 0.0;
  double _upot = 0.0, _virial = 0.0, _summv2 = 0.0, _sumIw2 = 0.0;
  unsigned long _n = 0, _rotDof = 0;
};

}  // namespace mardyn
