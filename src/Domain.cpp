// Domain: global thermodynamic values and the homogeneous long-range correction for LJ centres,
// the centre-of-mass cutoff form averaged over the orientations of both molecules.
#include "Domain.h"

#include "utils/MardynException.h"

#include <cmath>
#include <sstream>

namespace mardyn {

namespace {

/// Integral from rc to infinity of R (R + c)^k dR (k < -2).
double radialMoment(double rc, double c, double k) {
  return -std::pow(rc + c, k + 2) / (k + 2) + c * std::pow(rc + c, k + 1) / (k + 1);
}

/// For |d|^-m with d = R + a - b, a and b of lengths t1, t2 uniformly oriented and |R| = R:
/// the orientation average at R = rc (value) and the integral of R^2 times it from rc to
/// infinity (integral). Requires t1 + t2 < rc and m > 3.
struct PowerAverage {
  double value;
  double integral;
};

PowerAverage averagedPower(double m, double rc, double t1, double t2) {
  if (t1 == 0.0 && t2 == 0.0) return {std::pow(rc, -m), std::pow(rc, 3 - m) / (m - 3)};
  if (t1 == 0.0 || t2 == 0.0) {
    const double t = t1 + t2;
    const double k = 2 - m;
    const double norm = 1.0 / (2.0 * t * k);
    return {norm * (std::pow(rc + t, k) - std::pow(rc - t, k)) / rc,
            norm * (radialMoment(rc, t, k) - radialMoment(rc, -t, k))};
  }
  const double k = 3 - m;
  const double norm = 1.0 / (4.0 * t1 * t2 * (2 - m) * (3 - m));
  const double cs[4] = {t1 + t2, -t1 + t2, t1 - t2, -t1 - t2};
  const double sign[4] = {1.0, -1.0, -1.0, 1.0};
  double value = 0.0, integral = 0.0;
  for (int i = 0; i < 4; ++i) {
    value += sign[i] * std::pow(rc + cs[i], k);
    integral += sign[i] * radialMoment(rc, cs[i], k);
  }
  return {norm * value / rc, norm * integral};
}

}  // namespace

Domain::Domain(const Vec3& box) : _box(box) {
  if (!(box.x > 0.0 && box.y > 0.0 && box.z > 0.0)) {
    std::ostringstream os;
    os << "Domain: box lengths must be positive, got " << box;
    throw MardynException(os.str());
  }
}

void Domain::computeLongRangeCorrection(const std::vector<Component>& components,
                                        const std::vector<unsigned long>& counts,
                                        const InteractionParameters& params) {
  const double rc = params.cutoff();
  const double pi = std::acos(-1.0);
  double upot = 0.0, virial = 0.0;
  for (std::size_t ci = 0; ci < components.size(); ++ci) {
    for (std::size_t cj = 0; cj < components.size(); ++cj) {
      const double pairDensity = static_cast<double>(counts[ci]) * static_cast<double>(counts[cj]) / volume();
      const auto& li = components[ci].ljCenters();
      const auto& lj = components[cj].ljCenters();
      for (std::size_t a = 0; a < li.size(); ++a) {
        for (std::size_t b = 0; b < lj.size(); ++b) {
          const double t1 = norm(li[a].r), t2 = norm(lj[b].r);
          if (t1 + t2 >= rc)
            throw MardynException("Domain: long-range correction needs LJ centres closer to their centres of mass "
                                  "than the cutoff allows (|a| + |b| = " + std::to_string(t1 + t2) +
                                  " >= rc = " + std::to_string(rc) + ")");
          const LJPairParameters& p = params.lj(params.ljType(static_cast<unsigned>(ci), static_cast<unsigned>(a)),
                                                params.ljType(static_cast<unsigned>(cj), static_cast<unsigned>(b)));
          if (p.shifted) continue;  // a shifted pair is treated as truncated-shifted: no correction
          const PowerAverage p12 = averagedPower(12, rc, t1, t2);
          const PowerAverage p6 = averagedPower(6, rc, t1, t2);
          const double s6 = p.sigma2 * p.sigma2 * p.sigma2;
          const double s12 = s6 * s6;
          const double pref = 0.5 * pairDensity * 4.0 * pi * p.eps4;
          upot += pref * (s12 * p12.integral - s6 * p6.integral);
          const double rc3 = rc * rc * rc;
          virial += pref * (s12 * (rc3 * p12.value + 3.0 * p12.integral) - s6 * (rc3 * p6.value + 3.0 * p6.integral));
        }
      }
    }
  }
  // ls1 adds three times the reaction-field self energy of the dipoles to the virial correction (its
  // Homogeneous::calculateLongRange); the self energy itself is in the cell processors' U_pot.
  double self = 0.0;
  for (std::size_t c = 0; c < components.size(); ++c) {
    Vec3 mu;
    for (const Dipole& d : components[c].dipoles()) mu = mu + d.e * (d.abs / norm(d.e));
    self += static_cast<double>(counts[c]) * dot(mu, mu);
  }
  virial += 3.0 * (-0.5 * params.epsRFInvrc3() * self);
  _upotCorr = upot;
  _virialCorr = virial;
}

void Domain::setGlobalValues(double upot, double virial, double summv2, double sumIw2, unsigned long numMolecules,
                             unsigned long rotDof) {
  _upot = upot;
  _virial = virial;
  _summv2 = summv2;
  _sumIw2 = sumIw2;
  _n = numMolecules;
  _rotDof = rotDof;
}

double Domain::globalTemperature() const {
  const unsigned long dof = degreesOfFreedom();
  return dof ? (_summv2 + _sumIw2) / dof : 0.0;
}

}  // namespace mardyn
