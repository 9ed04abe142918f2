// InteractionParameters: mixing of the LJ centre parameters of all components into one table of
// centre-pair parameters, with the truncation shift where a centre asks for it.
#include "molecules/InteractionParameters.h"

#include "utils/MardynException.h"

#include <cmath>
#include <string>

namespace mardyn {

InteractionParameters::InteractionParameters(const std::vector<Component>& components, double cutoff)
    : _components(components), _cutoff(cutoff) {
  if (!(cutoff > 0.0)) throw MardynException("InteractionParameters: cutoff must be positive, got " + std::to_string(cutoff));
  const std::size_t n = components.size();
  _eta.assign(n * n, 1.0);
  _xi.assign(n * n, 1.0);
  _ljOffset.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    _ljOffset[c] = _numLJ;
    _numLJ += static_cast<unsigned>(components[c].ljCenters().size());
  }
  fill();
  setReactionField(_epsRF);
}

void InteractionParameters::setReactionField(double epsRF) {
  if (!(epsRF >= 1.0))
    throw MardynException("InteractionParameters: reaction-field permittivity must be >= 1, got " + std::to_string(epsRF));
  _epsRF = epsRF;
  _epsRFInvrc3 = 2.0 * (epsRF - 1.0) / (_cutoff * _cutoff * _cutoff * (2.0 * epsRF + 1.0));
}

void InteractionParameters::setSwitchingWidth(double width) {
  if (!(width >= 0.0 && width < _cutoff))
    throw MardynException("InteractionParameters: switching width must lie in [0, cutoff), got " + std::to_string(width));
  _switchWidth = width;
}

void InteractionParameters::setMixing(unsigned a, unsigned b, double eta, double xi) {
  const std::size_t n = _components.size();
  if (a >= n || b >= n)
    throw MardynException("InteractionParameters::setMixing: component index out of range (" + std::to_string(a) +
                          ", " + std::to_string(b) + ") with " + std::to_string(n) + " components");
  _eta[a * n + b] = _eta[b * n + a] = eta;
  _xi[a * n + b] = _xi[b * n + a] = xi;
  fill();
}

void InteractionParameters::fill() {
  const std::size_t n = _components.size();
  _lj.assign(static_cast<std::size_t>(_numLJ) * _numLJ, LJPairParameters{});
  const double rc2 = _cutoff * _cutoff;
  for (std::size_t ca = 0; ca < n; ++ca) {
    for (std::size_t cb = 0; cb < n; ++cb) {
      const double eta = ca == cb ? 1.0 : _eta[ca * n + cb];
      const double xi = ca == cb ? 1.0 : _xi[ca * n + cb];
      const auto& la = _components[ca].ljCenters();
      const auto& lb = _components[cb].ljCenters();
      for (std::size_t sa = 0; sa < la.size(); ++sa) {
        for (std::size_t sb = 0; sb < lb.size(); ++sb) {
          LJPairParameters p;
          const double sigma = eta * 0.5 * (la[sa].sigma + lb[sb].sigma);
          const double eps = xi * std::sqrt(la[sa].epsilon * lb[sb].epsilon);
          p.eps4 = 4.0 * eps;
          p.eps24 = 24.0 * eps;
          p.sigma2 = sigma * sigma;
          p.shifted = la[sa].shifted || lb[sb].shifted;
          if (p.shifted) {
            const double s6 = std::pow(p.sigma2 / rc2, 3);
            p.shift = -p.eps4 * (s6 * s6 - s6);
          }
          _lj[(_ljOffset[ca] + sa) * _numLJ + _ljOffset[cb] + sb] = p;
        }
      }
    }
  }
}

}  // namespace mardyn
