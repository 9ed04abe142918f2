// DriftCtrl: sampling per (all | component, bin), reduction over the ranks at control steps, correction.
//   <plugin name="DriftCtrl"> <control> <start/> <stop/> <freq> <sample/> <control/> <write/> </freq> </control>
//     <range> <yl/> <yr>number|box</yr> <subdivision> <binwidth/> </subdivision> </range>
//     <target> <cid/> <drift> <vx/> <vy/> <vz/> </drift> <directions>xyz</directions> </target> </plugin>
#include "plugins/DriftCtrl.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

std::shared_ptr<const PluginSettings> DriftCtrl::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  auto c = std::make_shared<DriftCtrlConfig>();
  c->yr = config.box.y;
  auto positive = [&](const XmlNode& parent, const char* name, unsigned long fallback) {
    const long v = xml.integer(parent, name, static_cast<long>(fallback));
    if (v < 1) xml.problem(xml.child(parent, name), std::string(name) + " must be positive (expected an integer >= 1)");
    return static_cast<unsigned long>(std::max(1L, v));
  };
  if (const XmlNode control = xml.child(p, "control")) {
    c->start = static_cast<unsigned long>(std::max(0L, xml.integer(control, "start", 0L)));
    c->stop = static_cast<unsigned long>(std::max(0L, xml.integer(control, "stop", 4294967295L)));
    if (const XmlNode freq = xml.child(control, "freq")) {
      c->sample = positive(freq, "sample", 10);
      c->control = positive(freq, "control", 100);
    }
  }
  if (const XmlNode range = xml.child(p, "range")) {
    c->yl = xml.number(range, "yl", 0.0);
    const auto yr = xml.text(range, "yr");
    c->yr = yr && *yr != "box" ? xml.number(range, "yr", config.box.y) : config.box.y;
    if (const XmlNode sub = xml.child(range, "subdivision")) c->binWidth = xml.number(sub, "binwidth", 10.0);
  }
  if (!(c->yr > c->yl) || !(c->binWidth > 0) || c->binWidth > c->yr - c->yl)
    xml.problem(p, "DriftCtrl range: expected yl < yr and 0 < binwidth <= yr - yl");
  if (const XmlNode target = xml.child(p, "target")) {
    const long cid = xml.integer(target, "cid", 1L);
    if (cid < 0 || cid > static_cast<long>(config.components.size()))
      xml.problem(xml.child(target, "cid"), "unknown component " + std::to_string(cid) + " (expected 0 for all or 1.." +
                                                std::to_string(config.components.size()) + ")");
    else c->component = static_cast<unsigned>(cid);
    if (const XmlNode drift = xml.child(target, "drift"))
      c->drift = {xml.number(drift, "vx", 0.0), xml.number(drift, "vy", 0.0), xml.number(drift, "vz", 0.0)};
    const std::string dirs = xml.text(target, "directions").value_or("xyz");
    for (int d = 0; d < 3; ++d) c->directions[d] = dirs.find("xyz"[d]) != std::string::npos;
  }
  return c;
}

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
