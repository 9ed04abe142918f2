// DriftCtrl: sampling per (all | component, bin), reduction over the ranks at control steps, correction.
#include "plugins/DriftCtrl.h"

#include <cmath>

namespace mardyn {

DriftCtrl::DriftCtrl(DriftCtrlConfig config, std::size_t numComponents)
    : _config(config), _groups(numComponents + 1) {
  _bins = std::max(1u, static_cast<unsigned>((_config.yr - _config.yl) / _config.binWidth));
  _width = (_config.yr - _config.yl) / _bins;
  _sums.assign(_groups * _bins * 4, 0.0);
}

int DriftCtrl::binOf(double y) const {
  if (y <= _config.yl || y > _config.yr) return -1;
  return std::min(static_cast<int>(std::floor((y - _config.yl) / _width)), static_cast<int>(_bins) - 1);
}

void DriftCtrl::apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) {
  if (step < _config.start || step > _config.stop) return;
  if (step % _config.sample == 0)
    container.forEach([&](const Molecule& m) {
      const int b = binOf(m.r().y);
      if (b < 0) return;
      for (std::size_t g : {std::size_t(0), static_cast<std::size_t>(m.componentId() + 1)}) {
        double* s = &_sums[(g * _bins + b) * 4];
        s[0] += 1;
        for (int d = 0; d < 3; ++d) s[1 + d] += m.v()[d];
      }
    });
  if (step % _config.control != 0) return;
  std::vector<double> global = _sums;
  decomp.allreduceSum(global);
  std::fill(_sums.begin(), _sums.end(), 0.0);
  container.forEach([&](Molecule& m) {
    const int b = binOf(m.r().y);
    if (b < 0) return;
    const std::size_t g = _config.component == 0 ? 0 : m.componentId() + 1;
    if (_config.component != 0 && g != _config.component) return;
    const double* s = &global[(g * _bins + b) * 4];
    const double n = std::max(1.0, s[0]);
    Vec3 v = m.v();
    for (int d = 0; d < 3; ++d)
      if (_config.directions[d]) v[d] += _config.drift[d] - s[1 + d] / n;
    m.setV(v);
  });
}

}  // namespace mardyn
