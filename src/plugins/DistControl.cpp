// DistControl: sampling, ls1's smoothing and least-squares derivative windows, and the two evaluation methods.
//   <plugin name="DistControl"> <control><update/></control> <subdivision type="number|width"><number/><width/>
//     </subdivision> <init type="startconfig|values|file"><values><left/><right/></values><file/><simstep/></init>
//     <method type="density|denderiv"><componentID/><density/><neighbourvals algorithm="smooth|derivate"/></method>
#include "plugins/DistControl.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>

namespace mardyn {

DistControl::DistControl(DistControlConfig config, std::size_t numComponents, const Vec3& box)
    : _config(std::move(config)), _numComponents(numComponents), _boxY(box.y) {
  _width = box.y / _config.bins;
  _binVolume = _width * box.x * box.z;
  _counts.assign((numComponents + 1) * _config.bins, 0.0);
  _left = _config.left;
  _right = _config.right;
}

void DistControl::sample(const ParticleContainer& container) {
  const unsigned n = _config.bins;
  container.forEach([&](const Molecule& m) {
    const double s = std::floor(m.r().y / _width);
    if (!(s >= 0 && s < n)) return;
    const auto bin = static_cast<std::size_t>(s);
    _counts[bin] += 1;
    _counts[(m.componentId() + 1) * n + bin] += 1;
  });
}

void DistControl::evaluateSample(const DomainDecompBase& decomp) {
  decomp.allreduceSum(_counts);
  const unsigned n = _config.bins;
  // ls1 evaluates the profile of the target component (method denderiv) or of all molecules (method density)
  const std::size_t offset = _config.method == DistControlConfig::Method::DensityDerivative ? _config.component * n : 0;
  std::vector<double> density(n);
  for (unsigned s = 0; s < n; ++s) density[s] = _counts[offset + s] / static_cast<double>(_config.update) / _binVolume;
  evaluate(_config, density, _width, _boxY, _left, _right);
  std::fill(_counts.begin(), _counts.end(), 0.0);
}

void DistControl::init(const ParticleContainer& container, const DomainDecompBase& decomp) {
  if (_config.init != DistControlConfig::Init::StartConfig) return;
  sample(container);
  evaluateSample(decomp);
}

bool DistControl::beforeForces(const ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) {
  sample(container);
  if (step % _config.update != 0 || step == 0 || step == 1) return false;
  evaluateSample(decomp);
  return true;
}

void DistControl::writeLog(unsigned long step, int rank, bool header) const {
  if (rank != 0 || (!header && step % _config.update != 0)) return;
  std::ofstream out(_config.logFile, header ? std::ios::trunc : std::ios::app);
  if (header) out << "             simstep                 midLeft                midRight\n";
  out << std::setw(20) << step << std::scientific << std::setprecision(std::numeric_limits<double>::digits10)
      << std::setw(24) << _left << std::setw(24) << _right << '\n';
}

std::vector<double> DistControl::smoothed(const std::vector<double>& y, unsigned k) {
  const std::size_t n = y.size();
  std::vector<double> out(n);
  std::size_t li = 0, ri = k;
  for (std::size_t s = 0; s < n; ++s) {
    double sum = 0;
    for (std::size_t t = s - li; t <= s + ri; ++t) sum += y[t];
    out[s] = sum / static_cast<double>(li + ri + 1);
    if (li < k) ++li;
    if (s + 1 + k >= n) --ri;  // the window shrinks on the right for the last k bins
  }
  return out;
}

std::vector<double> DistControl::slopes(const std::vector<double>& x, const std::vector<double>& y, unsigned k) {
  const std::size_t n = y.size();
  std::vector<double> out(n);
  std::size_t li = 0, ri = k;
  for (std::size_t s = 0; s < n; ++s) {
    double sx = 0, sy = 0, sxy = 0, sxx = 0;
    const double m = static_cast<double>(li + ri + 1);
    for (std::size_t t = s - li; t <= s + ri; ++t) {
      sx += x[t];
      sy += y[t];
      sxy += x[t] * y[t];
      sxx += x[t] * x[t];
    }
    const double den = m * sxx - sx * sx;
    out[s] = den > 0 ? (m * sxy - sx * sy) / den : 0.0;
    if (li < k) ++li;
    if (s + 1 + k >= n) --ri;
  }
  return out;
}

void DistControl::evaluate(const DistControlConfig& c, const std::vector<double>& rho, double w, double boxY,
                           double& left, double& right) {
  const std::size_t n = rho.size();
  if (c.method == DistControlConfig::Method::DensityDerivative) {
    std::vector<double> mid(n);
    for (std::size_t s = 0; s < n; ++s) mid[s] = (0.5 + s) * w;
    const std::vector<double> d = slopes(mid, smoothed(rho, c.smooth), c.derivate);
    std::size_t iMax = 0, iMin = 0;
    for (std::size_t s = 1; s < n; ++s) {
      if (d[s] > d[iMax]) iMax = s;
      if (d[s] < d[iMin]) iMin = s;
    }
    left = mid[iMax];
    right = mid[iMin];
    return;
  }
  // method density (ls1's EstimateInterfaceMidpoint); both extrema searches start from bin 0's value
  double lo = rho[0], hi = rho[0];
  for (std::size_t s = 0; s < n / 2; ++s) lo = std::min(lo, rho[s]), hi = std::max(hi, rho[s]);
  double ym = lo + 0.5 * (hi - lo);
  std::size_t g = 0;
  for (std::size_t s = 0; s < n; ++s)
    if (rho[s] > ym) {
      g = s;
      break;
    }
  if (g < 1) return;
  left = g * w - 0.5 * w + (ym - rho[g - 1]) / (rho[g] - rho[g - 1]) * w;
  lo = hi = rho[0];
  for (std::size_t s = n / 2; s < n; ++s) lo = std::min(lo, rho[s]), hi = std::max(hi, rho[s]);
  ym = lo + 0.5 * (hi - lo);
  g = 0;
  for (std::size_t s = n; s-- > 0;)
    if (rho[s] > ym) {
      g = s;
      break;
    }
  if (g < 1 || g + 1 >= n) return;
  const double x1 = boxY - static_cast<double>(n - 1 - g) * w + 0.5 * w;
  right = x1 - (ym - rho[g + 1]) / (rho[g] - rho[g + 1]) * w;
}

}  // namespace mardyn
