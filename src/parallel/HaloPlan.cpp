// HaloPlan: recording, resolving recorded molecules by id and exact position (a table by id where ids are
// dense, else a hash map; each id's copies compared by position), the refresh in recorded order and the
// return of forces in the reverse order.
#include "parallel/HaloPlan.h"

#include "utils/MardynException.h"
#include "utils/Threads.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace mardyn {

void HaloPlan::start() {
  _ops.clear();
  _images.clear();
  _rounds.clear();
  _valid = true;
  _resolved = false;
}

void HaloPlan::image(const Vec3& sourceR, const Molecule& copy, int group, const Vec3& shift) {
  if (_ops.empty() || _ops.back().round || _ops.back().group != group)
    _ops.push_back({false, group, _images.size(), _images.size()});
  _images.push_back({{copy.id(), sourceR}, {copy.id(), copy.r()}, shift});
  _ops.back().end = _images.size();
}

void HaloPlan::beginRound(int tag, std::size_t sides) {
  _ops.push_back({true, 0, _rounds.size(), _rounds.size() + 1});
  _rounds.emplace_back();
  _rounds.back().tag = tag;
  _rounds.back().sides.resize(sides);
}

HaloPlan::Round& HaloPlan::current() {
  if (_rounds.empty() || _ops.empty() || !_ops.back().round)
    throw MardynException("HaloPlan: a message recorded outside a round");
  return _rounds.back();
}

void HaloPlan::send(std::size_t side, const Molecule& m, const Vec3& shift) {
  Side& s = current().sides.at(side);
  s.send.push_back({m.id(), m.r()});
  s.shift.push_back(shift);
}

void HaloPlan::received(std::size_t side, const Molecule& copy) {
  current().sides.at(side).received.push_back({copy.id(), copy.r()});
}

bool HaloPlan::resolve(ParticleContainer& container) {
  _resolved = false;
  if (!_valid) return false;
  // Every molecule of the container, chained by id through an open-addressing table (ids are sparse on a
  // process: a region holds a few of the system's molecules). The buffers stay allocated between exchanges.
  std::vector<Molecule*>& all = _lookupMolecules;
  all.clear();
  all.reserve(container.numOwnedParticles() + container.numHaloParticles());
  container.forEachRun([&](Molecule* first, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) all.push_back(first + k);
  }, IterateOver::OwnedAndHalo);
  int bits = 4;
  while ((std::size_t{1} << bits) < 2 * all.size()) ++bits;
  const std::size_t slots = std::size_t{1} << bits, mask = slots - 1;
  const auto home = [bits](unsigned long id) {  // Fibonacci hashing: the product's top bits
    return static_cast<std::size_t>((static_cast<std::uint64_t>(id) * 0x9E3779B97F4A7C15ull) >> (64 - bits));
  };
  std::vector<std::int64_t>& head = _lookupHead;  // per table slot: the last molecule of that id, or -1
  std::vector<unsigned long>& ids = _lookupIds;   // per table slot: its id
  std::vector<std::int64_t>& next = _lookupNext;  // per molecule: the one before it of the same id, or -1
  head.assign(slots, -1);
  ids.resize(slots);
  next.assign(all.size(), -1);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const unsigned long id = all[k]->id();
    std::size_t h = home(id);
    while (head[h] >= 0 && ids[h] != id) h = (h + 1) & mask;
    next[k] = head[h];
    head[h] = static_cast<std::int64_t>(k);
    ids[h] = id;
  }
  bool ok = true;
  auto find = [&](const Key& key) -> Molecule* {
    std::size_t h = home(key.id);
    while (head[h] >= 0 && ids[h] != key.id) h = (h + 1) & mask;
    Molecule* found = nullptr;
    for (std::int64_t k = head[h]; k >= 0; k = next[static_cast<std::size_t>(k)]) {
      const Vec3& r = all[static_cast<std::size_t>(k)]->r();
      if (r.x == key.r.x && r.y == key.r.y && r.z == key.r.z) {
        if (found) ok = false;  // two copies of one molecule at one position: ambiguous
        found = all[static_cast<std::size_t>(k)];
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
    for (Side& s : r.sides) {
      resolveAll(s.send, s.sendMol);
      resolveAll(s.received, s.receivedMol);
    }
  _resolved = ok;
  return ok;
}

namespace {

/// Molecules a few entries ahead are fetched while the current one is copied: they lie elsewhere in memory.
constexpr std::size_t ahead = 8;

void packStates(const std::vector<Molecule*>& mols, const std::vector<Vec3>& shift, HaloPlan::State* out) {
  const std::size_t n = mols.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (k + ahead < n) __builtin_prefetch(&mols[k + ahead]->r());
    const Molecule& m = *mols[k];
    HaloPlan::State& s = out[k];
    s.r[0] = m.r().x + shift[k].x;
    s.r[1] = m.r().y + shift[k].y;
    s.r[2] = m.r().z + shift[k].z;
    s.q[0] = m.q().w();
    s.q[1] = m.q().x();
    s.q[2] = m.q().y();
    s.q[3] = m.q().z();
  }
}

void unpackStates(const std::vector<Molecule*>& mols, const HaloPlan::State* in) {
  const std::size_t n = mols.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (k + ahead < n) __builtin_prefetch(&mols[k + ahead]->r(), 1);
    const HaloPlan::State& s = in[k];
    mols[k]->setR({s.r[0], s.r[1], s.r[2]});
    mols[k]->setQ(Quaternion(s.q[0], s.q[1], s.q[2], s.q[3]));
  }
}

void takeLoads(const std::vector<Molecule*>& mols, HaloPlan::Load* out) {
  const std::size_t n = mols.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (k + ahead < n) __builtin_prefetch(&mols[k + ahead]->F());
    const Molecule& m = *mols[k];
    for (int d = 0; d < 3; ++d) {
      out[k].f[d] = m.F()[d];
      out[k].m[d] = m.M()[d];
    }
  }
}

void addLoads(const std::vector<Molecule*>& mols, const HaloPlan::Load* in) {
  const std::size_t n = mols.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (k + ahead < n) __builtin_prefetch(&mols[k + ahead]->F(), 1);
    mols[k]->addF({in[k].f[0], in[k].f[1], in[k].f[2]});
    mols[k]->addM({in[k].m[0], in[k].m[1], in[k].m[2]});
  }
}

void checkCount(std::size_t got, std::size_t expected, std::size_t side, int tag, const char* what) {
  if (got != expected)
    throw MardynException(std::string(what) + ": the partner on side " + std::to_string(side) + " of round " +
                          std::to_string(tag) + " sent " + std::to_string(got) + " entries, " +
                          std::to_string(expected) + " were recorded");
}

}  // namespace

void HaloPlan::refresh(const Exchange& exchange) const {
  if (!valid()) throw MardynException("HaloPlan: refresh without a usable plan");
  _statesTo.resize(_rounds.size());
  _statesFrom.resize(_rounds.size());
  for (const Op& op : _ops) {
    if (!op.round) {
      // The images of one group are made from molecules that existed before it: independent.
      const long end = static_cast<long>(op.end);
      const int threads = maxThreads();
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
      for (long k = static_cast<long>(op.begin); k < end; ++k) {
        if (k + 8 < end) {  // source and copy lie elsewhere in memory: fetch a few entries ahead
          __builtin_prefetch(&_images[k + 8].from->r());
          __builtin_prefetch(&_images[k + 8].to->r(), 1);
        }
        const Image& im = _images[k];
        im.to->setR(im.from->r() + im.shift);
        im.to->setQ(im.from->q());
      }
      continue;
    }
    const Round& round = _rounds[op.begin];
    if (!exchange) throw MardynException("HaloPlan: a plan with messages needs an exchange");
    const std::size_t sides = round.sides.size();
    auto& to = _statesTo[op.begin];
    auto& from = _statesFrom[op.begin];
    to.resize(sides);
    from.resize(sides);
    for (std::size_t k = 0; k < sides; ++k) {
      const Side& s = round.sides[k];
      to[k].resize(s.sendMol.size());
      packStates(s.sendMol, s.shift, to[k].data());
    }
    exchange(round.tag, to, from);
    for (std::size_t k = 0; k < sides; ++k) {
      const Side& s = round.sides[k];
      checkCount(from[k].size(), s.receivedMol.size(), k, round.tag, "halo refresh");
      unpackStates(s.receivedMol, from[k].data());
    }
  }
}

void HaloPlan::returnLoads(const LoadExchange& exchange) const {
  if (!valid()) throw MardynException("HaloPlan: forces returned without a usable plan");
  // The transpose of refresh(): its operations in reverse order, each copy's load added to its source.
  _loadsTo.resize(_rounds.size());
  _loadsFrom.resize(_rounds.size());
  for (auto op = _ops.rbegin(); op != _ops.rend(); ++op) {
    if (!op->round) {
      // Serial: two images of one group may share a source (a narrow box).
      for (std::size_t k = op->end; k-- > op->begin;) {
        const Image& im = _images[k];
        im.from->addF(im.to->F());
        im.from->addM(im.to->M());
      }
      continue;
    }
    const Round& round = _rounds[op->begin];
    if (!exchange) throw MardynException("HaloPlan: a plan with messages needs an exchange");
    // What came from a partner goes back to it, in the order it came.
    const std::size_t sides = round.sides.size();
    auto& to = _loadsTo[op->begin];
    auto& from = _loadsFrom[op->begin];
    to.resize(sides);
    from.resize(sides);
    for (std::size_t k = 0; k < sides; ++k) {
      const Side& s = round.sides[k];
      to[k].resize(s.receivedMol.size());
      takeLoads(s.receivedMol, to[k].data());
    }
    exchange(round.tag, to, from);
    for (std::size_t k = 0; k < sides; ++k) {
      const Side& s = round.sides[k];
      checkCount(from[k].size(), s.sendMol.size(), k, round.tag, "returned forces");
      addLoads(s.sendMol, from[k].data());
    }
  }
}

}  // namespace mardyn
