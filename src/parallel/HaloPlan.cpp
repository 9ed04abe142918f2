// HaloPlan: recording, resolving recorded molecules by id and exact position (a table by id where ids are
// dense, else a hash map; each id's copies compared by position), and the refresh in recorded order.
#include "parallel/HaloPlan.h"

#include "utils/MardynException.h"
#include "utils/Threads.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace mardyn {

void HaloPlan::start() {
  _ops.clear();
  _images.clear();
  _rounds.clear();
  _valid = true;
  _resolved = false;
  _twice = false;
}

void HaloPlan::image(const Vec3& sourceR, const Molecule& copy, int dim, double delta) {
  // One op per axis: the images along a later axis are made from those along earlier ones (corners).
  if (_ops.empty() || _ops.back().round || _images[_ops.back().begin].dim != dim)
    _ops.push_back({false, _images.size(), _images.size()});
  _images.push_back({{copy.id(), sourceR}, {copy.id(), copy.r()}, dim, delta});
  _ops.back().end = _images.size();
}

void HaloPlan::beginRound(int axis) {
  _ops.push_back({true, _rounds.size(), _rounds.size() + 1});
  _rounds.emplace_back();
  _rounds.back().axis = axis;
}

HaloPlan::Round& HaloPlan::current() {
  if (_rounds.empty() || _ops.empty() || !_ops.back().round)
    throw MardynException("HaloPlan: a message recorded outside a round");
  return _rounds.back();
}

void HaloPlan::send(int side, const Molecule& m, double delta) {
  Side& s = current().side[side];
  s.send.push_back({m.id(), m.r()});
  s.sendDelta.push_back(delta);
}

void HaloPlan::received(int side, const Molecule& copy) { current().side[side].received.push_back({copy.id(), copy.r()}); }

void HaloPlan::returnTo(int side, const Molecule& owned, double delta) {
  Side& s = current().side[side];
  s.returnTo.push_back({owned.id(), owned.r()});
  s.returnDelta.push_back(delta);
}

void HaloPlan::keptCopy(int side, const Molecule& copy) { current().side[side].kept.push_back({copy.id(), copy.r()}); }

bool HaloPlan::resolve(ParticleContainer& container) {
  _resolved = false;
  if (!_valid) return false;
  // Every molecule of the container, chained by id.
  std::vector<Molecule*> all;
  all.reserve(container.numOwnedParticles() + container.numHaloParticles());
  unsigned long maxId = 0;
  container.forEach([&](Molecule& m) {
    all.push_back(&m);
    maxId = std::max(maxId, m.id());
  }, IterateOver::OwnedAndHalo);
  const bool dense = maxId <= 4 * all.size() + 1024;
  std::vector<std::int64_t> headById, next(all.size(), -1);
  std::unordered_map<unsigned long, std::int64_t> headMap;
  if (dense) headById.assign(maxId + 1, -1);
  else headMap.reserve(all.size());
  for (std::size_t k = 0; k < all.size(); ++k) {
    std::int64_t& head = dense ? headById[all[k]->id()] : headMap.try_emplace(all[k]->id(), -1).first->second;
    next[k] = head;
    head = static_cast<std::int64_t>(k);
  }
  bool ok = true;
  auto find = [&](const Key& key) -> Molecule* {
    std::int64_t k = -1;
    if (dense) k = key.id < headById.size() ? headById[key.id] : -1;
    else if (auto it = headMap.find(key.id); it != headMap.end()) k = it->second;
    Molecule* found = nullptr;
    for (; k >= 0; k = next[k]) {
      const Vec3& r = all[k]->r();
      if (r.x == key.r.x && r.y == key.r.y && r.z == key.r.z) {
        if (found) ok = false;  // two copies of one molecule at one position: ambiguous
        found = all[k];
      }
    }
    if (!found) ok = false;
    return found;
  };
  auto resolveAll = [&](const std::vector<Key>& keys, std::vector<Molecule*>& out) {
    out.resize(keys.size());
    for (std::size_t k = 0; k < keys.size() && ok; ++k) out[k] = find(keys[k]);
  };
  for (Image& im : _images) {
    if (!ok) break;
    im.from = find(im.source);
    im.to = find(im.copy);
  }
  for (Round& r : _rounds)
    for (Side& s : r.side) {
      resolveAll(s.send, s.sendMol);
      resolveAll(s.received, s.receivedMol);
      resolveAll(s.returnTo, s.returnMol);
      resolveAll(s.kept, s.keptMol);
    }
  _resolved = ok;
  return ok;
}

namespace {

HaloPlan::State stateOf(const Molecule& m, int axis, double delta) {
  HaloPlan::State s;
  for (int d = 0; d < 3; ++d) s.r[d] = m.r()[d];
  s.r[axis] += delta;
  s.q[0] = m.q().w();
  s.q[1] = m.q().x();
  s.q[2] = m.q().y();
  s.q[3] = m.q().z();
  return s;
}

void setState(Molecule& m, const HaloPlan::State& s) {
  m.setR({s.r[0], s.r[1], s.r[2]});
  m.setQ(Quaternion(s.q[0], s.q[1], s.q[2], s.q[3]));
}

}  // namespace

void HaloPlan::refresh(const Exchange& exchange) const {
  if (!valid()) throw MardynException("HaloPlan: refresh without a usable plan");
  std::vector<State> to[2], from[2];
  for (int pass = 0; pass < (_twice ? 2 : 1); ++pass) {
    for (const Op& op : _ops) {
      if (!op.round) {
        // The images of one op (one axis) are made from molecules that existed before it: independent.
        const long end = static_cast<long>(op.end);
        const int threads = maxThreads();
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
        for (long k = static_cast<long>(op.begin); k < end; ++k) {
          if (k + 8 < end) {  // source and copy lie elsewhere in memory: fetch a few entries ahead
            __builtin_prefetch(&_images[k + 8].from->r());
            __builtin_prefetch(&_images[k + 8].to->r(), 1);
          }
          const Image& im = _images[k];
          Vec3 r = im.from->r();
          r[im.dim] += im.delta;
          im.to->setR(r);
          im.to->setQ(im.from->q());
        }
        continue;
      }
      const Round& round = _rounds[op.begin];
      if (!exchange) throw MardynException("HaloPlan: a plan with messages needs an exchange");
      for (int side = 0; side < 2; ++side) {
        const Side& s = round.side[side];
        to[side].clear();
        for (std::size_t k = 0; k < s.sendMol.size(); ++k)
          to[side].push_back(stateOf(*s.sendMol[k], round.axis, s.sendDelta[k]));
        for (std::size_t k = 0; k < s.returnMol.size(); ++k)
          to[side].push_back(stateOf(*s.returnMol[k], round.axis, s.returnDelta[k]));
      }
      exchange(round.axis, to[0], to[1], from[1], from[0]);
      for (int side = 0; side < 2; ++side) {
        const Side& s = round.side[side];
        const std::size_t expected = s.receivedMol.size() + s.keptMol.size();
        if (from[side].size() != expected)
          throw MardynException("halo refresh: the neighbour " + std::string(side == 0 ? "below" : "above") +
                                " along axis " + std::to_string(round.axis) + " sent " +
                                std::to_string(from[side].size()) + " states, " + std::to_string(expected) +
                                " were recorded");
        for (std::size_t k = 0; k < s.receivedMol.size(); ++k) setState(*s.receivedMol[k], from[side][k]);
        for (std::size_t k = 0; k < s.keptMol.size(); ++k)
          setState(*s.keptMol[k], from[side][s.receivedMol.size() + k]);
      }
    }
  }
}

}  // namespace mardyn
