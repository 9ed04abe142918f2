// WallPotential: the 9-3 force 4 pi rho eps s^3 (s^9 / (5 y^9) - s^3 / (2 y^3)) / y and the 10-4-3 force,
// pointing away from the wall where positive, on each LJ centre, as ls1's siteWiseForces.
//   <plugin name="WallPotential"> <potential>93|104</potential> <density/> <sigma/> <epsilon/> <yoff/> <ycut/>
//     <width/> <delta/> <component id="1"> <xi/> <eta/> </component>... </plugin>
#include "plugins/WallPotential.h"

#include <cmath>

namespace mardyn {

std::shared_ptr<const PluginSettings> WallPotential::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  auto w = std::make_shared<WallPotentialConfig>();
  w->potential = static_cast<int>(xml.integer(p, "potential", 93L));
  if (w->potential != 93 && w->potential != 104) w->potential = 93;  // as ls1
  w->density = xml.number(p, "density", 0.0);
  w->sigma = xml.number(p, "sigma", 1.0);
  w->epsilon = xml.number(p, "epsilon", 1.0);
  w->yoff = xml.number(p, "yoff", 0.0);
  w->ycut = xml.number(p, "ycut", 0.0);
  w->width = xml.number(p, "width", 0.0);
  w->delta = xml.number(p, "delta", 0.0);
  if (w->potential == 104 && !(w->delta > 0)) xml.problem(p, "WallPotential 104 needs <delta> > 0");
  for (const auto& c : xml.children(p, "component")) {
    const auto id = xml.integerAttribute(c, "id", true);
    if (!id) continue;
    if (*id < 1 || *id > static_cast<long>(config.components.size())) {
      xml.problem(c, "unknown component id " + std::to_string(*id));
      continue;
    }
    if (config.components[*id - 1].ljCenters().empty()) {
      xml.problem(c, "component " + std::to_string(*id) + " has no LJ centre (the wall mixes with its first one)");
      continue;
    }
    w->components[static_cast<unsigned>(*id)] = {xml.number(c, "xi", 0.0), xml.number(c, "eta", 0.0)};
  }
  return w;
}

WallPotential::WallPotential(const WallPotentialConfig& config, const std::vector<Component>& components) : _config(config) {
  for (std::size_t c = 0; c < components.size(); ++c) {
    const auto it = config.components.find(static_cast<unsigned>(c + 1));
    // ls1: with no <component> listed every component is considered, with xi = eta = 0 (no force)
    const bool listed = it != config.components.end();
    _considered.push_back(listed || config.components.empty());
    const double xi = listed ? it->second.first : 0.0, eta = listed ? it->second.second : 0.0;
    const LJCenter* lj = components[c].ljCenters().empty() ? nullptr : &components[c].ljCenters()[0];
    _eps.push_back(lj ? xi * std::sqrt(config.epsilon * lj->epsilon) : 0.0);
    _sigma.push_back(lj ? 0.5 * eta * (config.sigma + lj->sigma) : 0.0);
  }
}

double WallPotential::force(unsigned c, double rel) const {
  const double y = std::abs(rel);
  if (!(y < _config.ycut) || y == 0.0) return 0.0;
  const double s = _sigma[c], s3 = s * s * s, rho = _config.density, e = _eps[c];
  double f;
  if (_config.potential == 93) {
    f = 4.0 * M_PI * rho * e * s3 * (s3 * s3 * s3 / 5.0 / std::pow(y, 9) - s3 / 2.0 / (y * y * y)) / y;
  } else {
    const double s2 = s * s, s4 = s2 * s2, s10 = s4 * s4 * s2, d = _config.delta;
    const double bracket = y + 0.61 * d;
    const double term3 = s4 / (3 * d * bracket * bracket * bracket);
    f = 2 * M_PI * e * rho * s2 * d * (4 * s10 / std::pow(y, 11) - 4 * s4 / std::pow(y, 5) - term3 * 3 / bracket);
  }
  return rel < 0 ? -f : f;
}

void WallPotential::apply(ParticleContainer& container, unsigned long step) const {
  if (step == 0) return;
  const double half = 0.5 * _config.width;
  container.forEach([&](Molecule& m) {
    const unsigned c = m.componentId();
    if (!_considered[c]) return;
    Vec3 F = m.F(), M = m.M();
    for (const LJCenter& lj : m.component().ljCenters()) {
      const Vec3 arm = m.q().rotateInv(lj.r);
      const double y = m.r().y + arm.y;
      const double rel = y > _config.yoff ? y - (_config.yoff + half) : y - (_config.yoff - half);
      const double fy = force(c, rel);
      if (fy == 0.0) continue;
      const Vec3 f{0, fy, 0};
      F = F + f;
      M = M + cross(arm, f);
    }
    m.setF(F);
    m.setM(M);
  });
}

}  // namespace mardyn
