// VerletListCellProcessor between its builds: the traversal's molecules and halo copies matched to their list
// slots (matchAll, followMolecules), and the forecast of whether the next drift keeps the list (forecast,
// forecastKeepsList), which travels in the step's reduction under MPI.
#include "particleContainer/VerletListCellProcessor.h"

#include "utils/Threads.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace mardyn {

double VerletListCellProcessor::distance2ToRegion(double x, double y, double z) const {
  const double r[3] = {x, y, z};
  double d2 = 0.0;
  for (int d = 0; d < 3; ++d) {
    const double gap = std::max({_regionMin[d] - r[d], r[d] - _regionMax[d], 0.0});
    d2 += gap * gap;
  }
  return d2;
}

std::int64_t VerletListCellProcessor::firstSlot(unsigned long id) const {
  if (_denseIds) return id < _firstSlotById.size() ? _firstSlotById[id] : -1;
  const auto it = _firstSlot.find(id);
  return it != _firstSlot.end() ? it->second : -1;
}

std::int64_t VerletListCellProcessor::findSlot(unsigned long id, double x, double y, double z) const {
  for (std::int64_t s = firstSlot(id); s >= 0; s = _nextSameId[s]) {
    const double* ref = &_ref[4 * s];
    const double dx = x - ref[0], dy = y - ref[1], dz = z - ref[2];
    if (dx * dx + dy * dy + dz * dz <= _halfSkin2) return s;
  }
  return -1;
}

bool VerletListCellProcessor::followMolecules() {
  if (!_haveList || !_followable) return false;
  const double halfSkin2 = _halfSkin2;
  constexpr long ahead = 8;  // the molecules lie elsewhere in memory: fetch a few slots ahead
  const long slots = static_cast<long>(_numSlots);
  const int threads = maxThreads();
  bool within = true;
#pragma omp parallel for schedule(static) reduction(&& : within) num_threads(threads) if (threads > 1)
  for (long s = 0; s < slots; ++s) {
    if (!within) continue;
    if (s + ahead < slots && _molecule[s + ahead]) __builtin_prefetch(&_molecule[s + ahead]->r());
    if (_seen[s] != _stamp) continue;
    const Vec3& r = _molecule[s]->r();
    const double* ref = &_ref[4 * s];
    const double dx = r.x - ref[0], dy = r.y - ref[1], dz = r.z - ref[2];
    if (dx * dx + dy * dy + dz * dz > halfSkin2) within = false;
    double* pos = &_pos[4 * s];
    pos[0] = r.x;
    pos[1] = r.y;
    pos[2] = r.z;
  }
  if (!within) return false;
  const double unsafe2 = _cutoff2 * (1.0 + 1e-9);
  for (const Molecule* m : _unmatched)
    if (distance2ToRegion(m->r().x, m->r().y, m->r().z) < unsafe2) return false;
  return true;
}

VerletListCellProcessor::Forecast VerletListCellProcessor::forecast(double dt) const {
  Forecast f;
  f.followable = _haveList && _followable;
  if (!f.followable) return f;
  const double half = 0.5 * dt;
  // The owned cells' molecules in memory order (halo copies are forecast by their owners).
  const long cells = static_cast<long>(_visited.size());
  const int threads = maxThreads();
  double displacement2 = 0.0, step2 = 0.0, speed2 = 0.0;
#pragma omp parallel for schedule(static) reduction(max : displacement2, step2, speed2) num_threads(threads) if (threads > 1)
  for (long c = 0; c < cells; ++c) {
    const ParticleCell& cell = *_visited[c];
    if (cell.isHalo()) continue;
    const auto& mols = cell.molecules();
    const std::vector<std::int64_t>& slot = _cellSlots[cell.index()].slot;
    for (std::size_t i = 0; i < mols.size(); ++i) {
      const Molecule& m = mols[i];
      // The drift as Leapfrog::preForces computes it, so that without a velocity scaling it is this position.
      const Vec3 v = m.v() + m.F() * (half / m.mass());
      const Vec3 r = m.r() + v * dt;
      const double* ref = &_ref[4 * slot[i]];
      const double dx = r.x - ref[0], dy = r.y - ref[1], dz = r.z - ref[2];
      displacement2 = std::max(displacement2, dx * dx + dy * dy + dz * dz);
      step2 = std::max(step2, norm2(v * dt));
      speed2 = std::max(speed2, norm2(m.v()));
    }
  }
  f.displacement = std::sqrt(displacement2);
  f.step = std::sqrt(step2);
  f.speed = std::sqrt(speed2);
  const double cutoff = std::sqrt(_cutoff2);
  for (const Molecule* m : _unmatched)
    f.intrusion = std::max(f.intrusion, cutoff - std::sqrt(distance2ToRegion(m->r().x, m->r().y, m->r().z)));
  return f;
}

bool VerletListCellProcessor::forecastKeepsList(const Forecast& everywhere, double dt, double scaling) const {
  if (!everywhere.followable) return false;
  // A scaling by b changes a drift by dt |b - 1| |v| at most; the margins keep followMolecules()'s own
  // comparisons (which see halo copies shifted by a box length) on the safe side of round-off.
  const double extra = dt * scaling * everywhere.speed;
  const double halfSkin = std::sqrt(_halfSkin2), cutoff = std::sqrt(_cutoff2);
  const bool near = everywhere.displacement + extra <= halfSkin * (1.0 - 1e-9);
  const bool clear = everywhere.intrusion + everywhere.step + extra < -1e-8 * cutoff;
  return near && clear;
}

bool VerletListCellProcessor::matchAll() {
  _followable = false;
  _unmatched.clear();
  if (!_haveList) return false;
  for (int d = 0; d < 3; ++d)
    if (_regionMin[d] != _builtMin[d] || _regionMax[d] != _builtMax[d]) return false;
  ++_stamp;
  if (_stamp == 0) {  // wrapped around: forget old stamps
    std::fill(_seen.begin(), _seen.end(), 0u);
    _stamp = 1;
  }
  // Unmatched halo copies within this distance of the owned region may have partners there.
  const double unsafe2 = _cutoff2 * (1.0 + 1e-9);
  for (ParticleCell* cell : _visited) {
    if (cell->index() >= _cellSlots.size()) _cellSlots.resize(cell->index() + 1);
    CellSlots& cs = _cellSlots[cell->index()];
    const auto& mols = cell->molecules();
    const std::size_t n = mols.size(), known = std::min(n, cs.id.size());
    cs.id.resize(n);
    cs.slot.resize(n);
    const bool halo = cell->isHalo();
    for (std::size_t i = 0; i < n; ++i) {
      const Molecule& m = mols[i];
      const double x = m.r().x, y = m.r().y, z = m.r().z;
      std::int64_t s = -1;
      if (i < known && cs.id[i] == m.id() && cs.slot[i] >= 0) {
        const std::int64_t guess = cs.slot[i];
        const double* ref = &_ref[4 * guess];
        const double dx = x - ref[0], dy = y - ref[1], dz = z - ref[2];
        if (dx * dx + dy * dy + dz * dz <= _halfSkin2) s = guess;
      }
      if (s < 0) s = findSlot(m.id(), x, y, z);
      cs.id[i] = m.id();
      cs.slot[i] = s;
      if (s < 0) {
        if (!halo || distance2ToRegion(x, y, z) < unsafe2) return false;
        _unmatched.push_back(&m);
        continue;
      }
      if (_seen[s] == _stamp || (!halo && _ref[4 * s + 3] == 0.0)) return false;
      if (_type[s] != slotType(m)) return false;  // a molecule that changed its component (MettDeamon)
      _seen[s] = _stamp;
      if (!halo && _once && _local[s] && _owner[s] != s) {  // wrapped: this copy owns the molecule now
        for (std::int64_t t = firstSlot(m.id()); t >= 0; t = _nextSameId[t]) _owner[t] = s;
      }
      double* pos = &_pos[4 * s];
      pos[0] = x;
      pos[1] = y;
      pos[2] = z;
      pos[3] = halo ? 0.0 : 1.0;
      _molecule[s] = &m;
    }
  }
  for (std::size_t s = 0; s < _seen.size(); ++s)
    if (_seen[s] != _stamp) {
      double* pos = &_pos[4 * s];
      pos[0] = pos[1] = pos[2] = farAway;
      pos[3] = 0.0;
      _molecule[s] = nullptr;
    }
  _followable = true;
  return true;
}

}  // namespace mardyn
