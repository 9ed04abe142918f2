// ConditionsCheck: one pass over the owned molecules per step (cheap beside the forces); the pair
// search (a hash grid over owned and halo molecules) runs only when something is already wrong.
#include "particleContainer/ConditionsCheck.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <unordered_map>

namespace mardyn {

namespace {
bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

std::string text(const Vec3& v) {
  std::ostringstream os;
  os.precision(6);
  os << "(" << v.x << ", " << v.y << ", " << v.z << ")";
  return os.str();
}
}  // namespace

ConditionsCheck::ConditionsCheck(const std::vector<Component>& components, double timestep, double cutoff,
                                 Limits limits)
    : _limits(limits), _timestep(timestep) {
  for (const auto& c : components) {
    double s = 0.0;
    for (const auto& lj : c.ljCenters()) {
      if (lj.sigma > 0 && (s == 0.0 || lj.sigma < s)) s = lj.sigma;
      _maxEpsilon = std::max(_maxEpsilon, lj.epsilon);
    }
    _sigma.push_back(s > 0 ? s : 0.1 * cutoff);
    // |F| / m dt^2 / 2 <= maxDisplacement sigma and |M| / I_min dt^2 / 2 <= maxRotation, squared.
    const double dt2 = timestep * timestep;
    const double force = 2.0 * _limits.maxDisplacement * _sigma.back() * c.mass() / dt2;
    const Vec3& I = c.momentsOfInertia();
    const double Imin = std::min({I.x > 0 ? I.x : HUGE_VAL, I.y > 0 ? I.y : HUGE_VAL, I.z > 0 ? I.z : HUGE_VAL});
    const double torque = 2.0 * _limits.maxRotation * Imin / dt2;
    _limits2.push_back({force * force, std::isfinite(torque) ? torque * torque : HUGE_VAL});
  }
}

std::optional<ConditionsCheck::ClosePair> ConditionsCheck::findClosePair(const ParticleContainer& container) const {
  std::vector<const Molecule*> mols;
  double maxLimit = 0.0;
  container.forEach([&](const Molecule& m) {
    if (!finite(m.r())) return;
    mols.push_back(&m);
    maxLimit = std::max(maxLimit, _limits.closeFraction * lengthScale(m));
  }, IterateOver::OwnedAndHalo);
  if (mols.empty() || !(maxLimit > 0)) return std::nullopt;
  struct Key {
    long x, y, z;
    bool operator==(const Key& o) const { return x == o.x && y == o.y && z == o.z; }
  };
  struct Hash {
    std::size_t operator()(const Key& k) const {
      return std::hash<long>()(k.x * 73856093L ^ k.y * 19349663L ^ k.z * 83492791L);
    }
  };
  auto key = [&](const Vec3& r) {
    return Key{static_cast<long>(std::floor(r.x / maxLimit)), static_cast<long>(std::floor(r.y / maxLimit)),
               static_cast<long>(std::floor(r.z / maxLimit))};
  };
  std::unordered_map<Key, std::vector<const Molecule*>, Hash> grid;
  for (const Molecule* m : mols) grid[key(m->r())].push_back(m);
  std::optional<ClosePair> best;
  // Owned molecules against every neighbour bin; halo copies only as partners.
  container.forEach([&](const Molecule& a) {
    if (!finite(a.r())) return;
    const Key k = key(a.r());
    for (long dx = -1; dx <= 1; ++dx)
      for (long dy = -1; dy <= 1; ++dy)
        for (long dz = -1; dz <= 1; ++dz) {
          const auto it = grid.find({k.x + dx, k.y + dy, k.z + dz});
          if (it == grid.end()) continue;
          for (const Molecule* b : it->second) {
            if (b == &a || b->id() == a.id()) continue;
            const double d = norm(a.r() - b->r());
            const double limit = _limits.closeFraction * 0.5 * (lengthScale(a) + lengthScale(*b));
            if (d < limit && (!best || d < best->distance))
              best = ClosePair{std::min(a.id(), b->id()), std::max(a.id(), b->id()), d, limit};
          }
        }
  });
  return best;
}

std::string ConditionsCheck::closePairText(const ParticleContainer& container) const {
  const auto pair = findClosePair(container);
  if (!pair) return "";
  std::ostringstream os;
  os.precision(6);
  os << "; molecules " << pair->id1 << " and " << pair->id2 << " are " << pair->distance << " apart, closer than "
     << _limits.closeFraction << " sigma = " << pair->limit << " (overlapping molecules)";
  return os.str();
}

void ConditionsCheck::checkForces(const ParticleContainer& container, unsigned long step) const {
  // The pass only compares squared numbers against per-component limits; the message is made for
  // the first molecule that fails. A sum of all components is non-finite when any component is.
  const Molecule* bad = nullptr;
  container.forEachRun([&](const Molecule* mols, std::size_t n) {
    if (bad) return;
    for (std::size_t i = 0; i < n; ++i)
      if (!acceptable(mols[i])) {
        bad = &mols[i];
        return;
      }
  });
  if (bad) reportForces(*bad, container, step);
}

void ConditionsCheck::reportForces(const Molecule& m, const ParticleContainer& container, unsigned long step) const {
  const double dt2 = _timestep * _timestep;
  auto turnOf = [&](const Molecule& m) {
    const Vec3& I = m.component().momentsOfInertia();
    const double Imin = std::min({I.x > 0 ? I.x : HUGE_VAL, I.y > 0 ? I.y : HUGE_VAL, I.z > 0 ? I.z : HUGE_VAL});
    return std::isfinite(Imin) ? 0.5 * norm(m.M()) / Imin * dt2 : 0.0;
  };
  std::ostringstream msg;
  msg.precision(6);
  msg << "step " << step << ": molecule " << m.id() << " (component " << m.componentId() + 1 << ") at "
      << text(m.r()) << " has a ";
  if (!finite(m.r())) msg << "non-finite position " << text(m.r());
  else if (!finite(m.v())) msg << "non-finite velocity " << text(m.v());
  else if (!finite(m.L())) msg << "non-finite angular momentum " << text(m.L());
  else if (!finite(m.F())) msg << "non-finite force " << text(m.F());
  else if (!finite(m.M())) msg << "non-finite torque " << text(m.M());
  else if (const double move = 0.5 * norm(m.F()) / m.mass() * dt2; move > _limits.maxDisplacement * lengthScale(m))
    msg << "force " << text(m.F()) << " that would move it by " << move << " in one time step (more than "
        << _limits.maxDisplacement << " of its sigma " << lengthScale(m) << "): the time step " << _timestep
        << " is too large, or molecules overlap";
  else if (turnOf(m) > _limits.maxRotation)
    msg << "torque " << text(m.M()) << " that would turn it by " << turnOf(m) << " rad in one time step (more than "
        << _limits.maxRotation << "): the time step " << _timestep << " is too large, or molecules overlap";
  else
    msg << "state too large to compute with: velocity " << text(m.v()) << ", angular momentum " << text(m.L());
  msg << closePairText(container);
  throw Error(msg.str());
}

void ConditionsCheck::checkEnergies(double uKin, double uPot, unsigned long numMolecules, unsigned long step,
                                    bool capped) {
  std::ostringstream msg;
  msg.precision(6);
  if (!std::isfinite(uPot)) msg << "step " << step << ": the potential energy is not finite (" << uPot << ")";
  else if (!std::isfinite(uKin)) msg << "step " << step << ": the kinetic energy is not finite (" << uKin << ")";
  if (msg.tellp() != 0) throw Error(msg.str());
  if (_lastUKin && !capped) {
    const double n = static_cast<double>(numMolecules);
    const double reference =
        std::max({*_lastUKin, std::abs(uPot), n * _maxEpsilon, 3.0 * n * _targetTemperature, 1e-300});
    if (uKin > _limits.kineticJumpFactor * reference) {
      msg << "step " << step << ": the kinetic energy jumped from " << *_lastUKin << " to " << uKin << " (factor "
          << uKin / std::max(*_lastUKin, 1e-300) << " in one step, |U_pot| = " << std::abs(uPot)
          << "): the time step " << _timestep << " is too large";
      throw Error(msg.str());
    }
  }
  _lastUKin = uKin;
}

}  // namespace mardyn
