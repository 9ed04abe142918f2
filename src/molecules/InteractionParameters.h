// InteractionParameters: the pair parameters of every kind of site pair, precomputed from the
// components and the mixing rules (Lorentz-Berthelot with ls1's eta and xi) for the cell processors.
#pragma once

#include "molecules/Component.h"

#include <cstddef>
#include <vector>

namespace mardyn {

/// One LJ12-6 centre pair: u = eps4 ((s2/r2)^6 - (s2/r2)^3) + shift, F.r/r2 = eps24/r2 (2 s^12 - s^6).
struct LJPairParameters {
  double eps4 = 0.0;
  double eps24 = 0.0;
  double sigma2 = 0.0;
  double shift = 0.0;  ///< added to u; -u_LJ(rc) when the pair is shifted, else 0
  bool shifted = false; ///< either centre asks for the shift
};

class InteractionParameters {
 public:
  /// rc: the cutoff radius (used for the shift). Mixing of unlisted component pairs: eta = xi = 1.
  InteractionParameters(const std::vector<Component>& components, double cutoff);

  /// Lorentz-Berthelot mixing for components a, b (0-based, symmetric):
  /// sigma = eta (sigma_a + sigma_b) / 2, epsilon = xi sqrt(eps_a eps_b).
  void setMixing(unsigned a, unsigned b, double eta, double xi);

  double cutoff() const { return _cutoff; }

  /// Reaction field for dipoles (ls1's electrostatic[@type=ReactionField]/epsilon, default 1e10):
  /// epsRFInvrc3 = 2 (eps_RF - 1) / (rc^3 (2 eps_RF + 1)).
  void setReactionField(double epsRF);
  double epsilonRF() const { return _epsRF; }
  double epsRFInvrc3() const { return _epsRFInvrc3; }

  /// Optional smooth switch of whole molecule-pair interactions over [rc - width, rc] on the centre
  /// distance (particleContainer/potforce/PotForceSwitch.h); 0, the default, is ls1's plain truncation.
  void setSwitchingWidth(double width);
  double switchingWidth() const { return _switchWidth; }
  double switchingStart() const { return _cutoff - _switchWidth; }
  double switchingInvWidth() const { return _switchWidth > 0.0 ? 1.0 / _switchWidth : 0.0; }
  std::size_t numComponents() const { return _ljOffset.size(); }
  /// Component c (0-based) as given to the constructor.
  const Component& component(unsigned c) const { return _components[c]; }
  /// Global index of LJ centre s of component c; LJ centres are numbered component after component.
  unsigned ljType(unsigned component, unsigned site) const { return _ljOffset[component] + site; }
  unsigned numLJTypes() const { return _numLJ; }
  /// Parameters of LJ centre types a and b (row-major table numLJTypes^2).
  const LJPairParameters& lj(unsigned a, unsigned b) const { return _lj[a * _numLJ + b]; }
  const std::vector<LJPairParameters>& ljTable() const { return _lj; }

 private:
  void fill();

  std::vector<Component> _components;
  double _cutoff;
  std::vector<unsigned> _ljOffset;
  unsigned _numLJ = 0;
  std::vector<double> _eta, _xi;  // per component pair
  std::vector<LJPairParameters> _lj;
  double _epsRF = 1.0e10;
  double _epsRFInvrc3 = 0.0;
  double _switchWidth = 0.0;
};

}  // namespace mardyn
