// PlanarLongRange: slab profiles, the slab-pair terms of LJ centres (centre-centre, centre-site and
// site-site forms, with ls1's value 3.1416 for pi so that numbers agree with ls1) and of dipoles, and
// their application to the owned molecules.
#include "PlanarLongRange.h"

#include <cmath>

namespace mardyn {

namespace {
constexpr double kPi = 3.1416;  // ls1's planar correction uses this value
double p(double x, int n) {
  double r = 1.0;
  for (int i = 0; i < n; ++i) r *= x;
  return r;
}
}  // namespace

PlanarLongRange::PlanarLongRange(const PlanarLongRangeConfig& config, const std::vector<Component>& components,
                                 const InteractionParameters& params, const Vec3& box, double cutoff, double temperature)
    : _config(config), _components(components), _slabs(config.slabs), _delta(box.y / config.slabs), _cutoff(cutoff),
      _cutoffSlabs(cutoff * config.slabs / box.y), _volume(box.x * box.y * box.z), _temperature(temperature) {
  if (_config.right < 0) _config.right = box.y;
  for (const Component& c : components) {
    _ljOffset.push_back(_types);
    for (const LJCenter& lj : c.ljCenters()) {
      _centreDistance.push_back(norm(lj.r));
      ++_types;
    }
    const bool polar = !c.dipoles().empty() || !c.charges().empty();
    _dipoleIndex.push_back(polar ? static_cast<int>(_dipoleTypes++) : -1);
    if (polar) {
      Vec3 mu;
      for (const Charge& q : c.charges()) mu = mu + q.r * q.q;
      for (const Dipole& d : c.dipoles()) mu = mu + d.e * d.abs;
      _mu2.push_back(dot(mu, mu));
    }
  }
  _kinds.resize(static_cast<std::size_t>(_types) * _types);
  for (unsigned a = 0; a < _types; ++a)
    for (unsigned b = 0; b < _types; ++b) {
      const LJPairParameters& lj = params.lj(a, b);
      _kinds[a * _types + b] = {std::sqrt(lj.sigma2), lj.eps24 / 24.0, _centreDistance[a], _centreDistance[b]};
    }
  for (auto* v : {&_rho, &_rhoSum, &_u, &_vN, &_vT, &_f}) v->assign(static_cast<std::size_t>(_types) * _slabs, 0.0);
  for (auto* v : {&_rhoD, &_rhoDSum, &_uD, &_vND, &_vTD, &_fD}) v->assign(static_cast<std::size_t>(_dipoleTypes) * _slabs, 0.0);
}

int PlanarLongRange::slabOf(double y) const {
  int s = static_cast<int>(y / _delta);  // truncation, as ls1
  if (s < 0) s += static_cast<int>(_slabs);
  else if (s > static_cast<int>(_slabs) - 1) s -= static_cast<int>(_slabs);
  return std::min(std::max(s, 0), static_cast<int>(_slabs) - 1);
}

// Per unit density of the other slab at distance d (d = 0: the slab itself). f is the force on the lower
// slab's centre directed downwards (the upper one gets +f with the lower one's density).
PlanarLongRange::Terms PlanarLongRange::ljTerms(const PairKind& k, double d, bool beyond) const {
  Terms t;
  const double s = k.sigma, e = k.eps, rc = _cutoff, y = beyond ? d : rc;
  if (k.t1 == 0 && k.t2 == 0) {  // centre-centre
    const double x = s / y, x2 = x * x, x6 = p(x2, 3), x12 = x6 * x6;
    const double termU = 4 * kPi * _delta * e * s * s, termF = 8 * kPi * _delta * e * s;
    const double termVN = termU, termVT = 2 * kPi * _delta * e * s * s;
    const double dd = d * d / (s * s);  // 1 / (sigma/d)^2
    t.u = termU * (x12 * 0.2 - x6 * 0.5) / x2;
    t.vN = termVN * (x12 - x6) * dd;
    t.f = termF * (x12 - x6) * d / s;
    t.vT = beyond ? termVT * (x12 * 0.2 - x6 * 0.5) / x2
                  : termVT * (x12 * 0.2 * (6 / x2 - 5 * dd) - x6 * 0.5 * (3 / x2 - 2 * dd));
    return t;
  }
  if (k.t1 == 0 || k.t2 == 0) {  // centre-site, averaged over the orientations of the off-centre one
    const double tau = k.t1 + k.t2;
    auto U = [&](double r) {
      const double a = s / (r + tau), b = s / (r - tau);
      return -2 * kPi * e * _delta * p(s, 3) / (3 * tau) * ((p(a, 9) - p(b, 9)) / 15 - (p(a, 3) - p(b, 3)) / 2);
    };
    auto F = [&](double r, double c) {  // c: the prefactor's 2 pi (force) or pi / 2 (tangential virial)
      const double a = s / (r + tau), b = s / (r - tau);
      return -c * kPi * e * _delta * s * s / (tau * r) * ((p(a, 10) - p(b, 10)) / 5 - (p(a, 4) - p(b, 4)) / 2);
    };
    const double u = U(y), f = F(y, 2.0);
    t.u = u;
    t.f = f * d;
    t.vN = f / 2 * d * d;
    t.vT = beyond ? u / 2 : F(rc, 0.5) * (rc * rc - d * d) + u / 2;
    return t;
  }
  // site-site, averaged over both orientations
  const double t1 = k.t1, t2 = k.t2, tp = t1 + t2, tm = t1 - t2;
  auto S = [&](double r, int n) {
    return p(s / (r + tp), n) - p(s / (r + tm), n) - p(s / (r - tm), n) + p(s / (r - tp), n);
  };
  const double u = kPi * e * _delta * p(s, 4) / (12 * t1 * t2) * (S(y, 8) / 30 - S(y, 2));
  const double f = kPi * e * _delta * p(s, 3) / (3 * t1 * t2 * y) * (S(y, 9) / 15 - S(y, 3) / 2);
  t.u = u;
  t.f = f * d;
  t.vN = f / 2 * d * d;
  const double vt1 = kPi * e * _delta * p(s, 3) / (4 * t1 * t2 * rc) * (S(rc, 9) / 45 - S(rc, 3) / 6);
  t.vT = beyond ? u / 2 : vt1 * (rc * rc - d * d) + u / 2;
  return t;
}

PlanarLongRange::Terms PlanarLongRange::dipoleTerms(double mu2a, double mu2b, double d, bool beyond) const {
  const double y = beyond ? d : _cutoff, y2 = y * y, y4 = y2 * y2, y6 = y4 * y2;
  const double termU = kPi / 4 * mu2a * mu2b * _delta / (3 * _temperature);
  const double termF = kPi * mu2a * mu2b * _delta / (3 * _temperature);
  const double termVN = kPi / 2 * mu2a * mu2b * _delta / (3 * _temperature);
  Terms t;
  t.f = -termF / y6 * d;
  t.u = -termU / y4;
  t.vN = -termVN / y6 * d * d;
  t.vT = -termU / y6 * (1.5 * y2 - d * d);
  return t;
}

void PlanarLongRange::measure(ParticleContainer& container, const DomainDecompBase& decomp) {
  const double perMolecule = _slabs / _volume;
  std::vector<double> rho(_rho.size() + _rhoD.size(), 0.0);
  container.forEach([&](const Molecule& m) {
    const unsigned c = m.componentId();
    const auto& ljs = _components[c].ljCenters();
    for (unsigned s = 0; s < ljs.size(); ++s) {
      const double y = m.r().y + m.q().rotateInv(ljs[s].r).y;
      rho[(_ljOffset[c] + s) * _slabs + slabOf(y)] += perMolecule;
    }
    if (_dipoleIndex[c] >= 0) rho[_rho.size() + _dipoleIndex[c] * _slabs + slabOf(m.r().y)] += perMolecule;
  });
  takeProfile(std::move(rho), decomp);
}

void PlanarLongRange::takeProfile(std::vector<double> rho, const DomainDecompBase& decomp) {
  if (_config.smooth) {  // the profile averaged over every call so far
    for (std::size_t i = 0; i < _rho.size(); ++i) _rhoSum[i] += rho[i];
    for (std::size_t i = 0; i < _rhoD.size(); ++i) _rhoDSum[i] += rho[_rho.size() + i];
    for (std::size_t i = 0; i < _rho.size(); ++i) rho[i] = _rhoSum[i] / (_calls + 1);
    for (std::size_t i = 0; i < _rhoD.size(); ++i) rho[_rho.size() + i] = _rhoDSum[i] / (_calls + 1);
  }
  decomp.allreduceSum(rho);
  std::copy(rho.begin(), rho.begin() + static_cast<long>(_rho.size()), _rho.begin());
  std::copy(rho.begin() + static_cast<long>(_rho.size()), rho.end(), _rhoD.begin());
}

void PlanarLongRange::advanceCall() {
  if (_calls % _config.frequency == 0) computeTerms();
  ++_calls;
}

void PlanarLongRange::computeTerms() {
  ++_termsVersion;
  for (auto* v : {&_u, &_vN, &_vT, &_f, &_uD, &_vND, &_vTD, &_fD}) std::fill(v->begin(), v->end(), 0.0);
  const unsigned half = _slabs / 2;
  // every unordered slab pair once, at its minimum-image distance; j is above i when j - i < slabs/2
  auto pairs = [&](auto terms, const std::vector<double>& rhoA, const std::vector<double>& rhoB, std::size_t a,
                   std::size_t b, std::vector<double>& u, std::vector<double>& vN, std::vector<double>& vT,
                   std::vector<double>& f, bool self) {
    for (unsigned i = 0; i < _slabs; ++i) {
      const std::size_t ia = a * _slabs + i;
      if (self) {
        const Terms t0 = terms(0.0, false);
        u[ia] += rhoB[b * _slabs + i] * t0.u;
        vT[ia] += rhoB[b * _slabs + i] * t0.vT;
      }
      for (unsigned j = i + 1; j < _slabs; ++j) {
        const std::size_t jb = b * _slabs + j;
        const unsigned k = j - i;
        const bool above = k < half;
        const unsigned dist = above ? k : _slabs - k;
        const Terms t = terms(dist * _delta, dist > _cutoffSlabs);
        const double sign = above ? 1.0 : -1.0;
        u[ia] += rhoB[jb] * t.u;
        u[jb] += rhoA[ia] * t.u;
        vN[ia] += rhoB[jb] * t.vN;
        vN[jb] += rhoA[ia] * t.vN;
        vT[ia] += rhoB[jb] * t.vT;
        vT[jb] += rhoA[ia] * t.vT;
        f[ia] -= sign * rhoB[jb] * t.f;
        f[jb] += sign * rhoA[ia] * t.f;
      }
    }
  };
  for (unsigned a = 0; a < _types; ++a)
    for (unsigned b = 0; b < _types; ++b) {
      const PairKind& k = _kinds[a * _types + b];
      pairs([&](double d, bool beyond) { return ljTerms(k, d, beyond); }, _rho, _rho, a, b, _u, _vN, _vT, _f, true);
    }
  for (unsigned a = 0; a < _dipoleTypes; ++a)
    for (unsigned b = 0; b < _dipoleTypes; ++b)
      pairs([&](double d, bool beyond) { return dipoleTerms(_mu2[a], _mu2[b], d, beyond); }, _rhoD, _rhoD, a, b, _uD,
            _vND, _vTD, _fD, false);
}

Vec3 PlanarLongRange::moleculeVirial(const Molecule& m) const {
  const unsigned c = m.componentId();
  const auto& ljs = _components[c].ljCenters();
  Vec3 v;
  for (unsigned s = 0; s < ljs.size(); ++s) {
    const Vec3 arm = m.q().rotateInv(ljs[s].r);
    const std::size_t k = (_ljOffset[c] + s) * _slabs + slabOf(m.r().y + arm.y);
    v += Vec3{_vT[k], _vN[k], _vT[k]};
  }
  if (_dipoleIndex[c] >= 0) {
    const std::size_t k = _dipoleIndex[c] * _slabs + slabOf(m.r().y);
    v += Vec3{_vTD[k], _vND[k], _vTD[k]};
  }
  return v;
}

void PlanarLongRange::apply(ParticleContainer& container, const DomainDecompBase& decomp, double& upot, double& virial) {
  if (measuresNow()) measure(container, decomp);
  advanceCall();
  double u = 0, w = 0;
  container.forEach([&](Molecule& m) {
    const unsigned c = m.componentId();
    const bool forced = m.r().y >= _config.left && m.r().y <= _config.right;
    const auto& ljs = _components[c].ljCenters();
    Vec3 F = m.F(), M = m.M();
    for (unsigned s = 0; s < ljs.size(); ++s) {
      const Vec3 arm = m.q().rotateInv(ljs[s].r);
      const std::size_t k = (_ljOffset[c] + s) * _slabs + slabOf(m.r().y + arm.y);
      u += _u[k];
      w += 2 * _vT[k] + _vN[k];
      if (!forced) continue;
      const Vec3 fs{0, _f[k], 0};
      F = F + fs;
      M = M + cross(arm, fs);
    }
    if (_dipoleIndex[c] >= 0) {
      const std::size_t k = _dipoleIndex[c] * _slabs + slabOf(m.r().y);
      u += _uD[k];
      w += 2 * _vTD[k] + _vND[k];
      if (forced) F = F + Vec3{0, _fD[k], 0};
    }
    m.setF(F);
    m.setM(M);
  });
  upot += u;
  virial += w;
}

}  // namespace mardyn
