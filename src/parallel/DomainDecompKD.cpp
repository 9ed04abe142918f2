// DomainDecompKD: regions from the k-d tree on a grid of cost cells, neighbours by whole cells within the
// interaction range, exchanges as one round of messages with the neighbours (leavers, then halo copies
// from their owners: no copy is forwarded, so a halo refresh and the return of forces are one round each),
// rebalancing from the molecules per cell and the measured force time, migration with all-to-all.
#include "parallel/DomainDecompKD.h"

#include "parallel/DomainDecompSequential.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

namespace mardyn {

namespace {

constexpr int tagLeavers = 200, tagHalo = 201, tagRefresh = 202, tagForces = 203;

/// ls1's quadratic cost model on the cell grid: the pairs the molecules of a cell form with those of
/// the cell and its neighbours (a fraction `listed` of them within the interaction range), plus a
/// share per molecule (integration, halo, list upkeep) worth `perMolecule` pairs.
std::vector<double> modelCosts(const KDTree::Cell& cells, const std::vector<double>& counts, double listed,
                               double perMolecule) {
  std::vector<double> cost(counts.size(), 0.0);
  const auto index = [&](int x, int y, int z) {
    return static_cast<std::size_t>(x) + static_cast<std::size_t>(cells[0]) * (static_cast<std::size_t>(y) + static_cast<std::size_t>(cells[1]) * z);
  };
  // The distinct neighbouring cells along each axis (fewer than three where the grid is that narrow).
  std::vector<int> offsets[3];
  for (int d = 0; d < 3; ++d) offsets[d] = cells[d] >= 3 ? std::vector<int>{-1, 0, 1}
                                           : cells[d] == 2 ? std::vector<int>{0, 1} : std::vector<int>{0};
  for (int z = 0; z < cells[2]; ++z)
    for (int y = 0; y < cells[1]; ++y)
      for (int x = 0; x < cells[0]; ++x) {
        const double n = counts[index(x, y, z)];
        if (n == 0.0) continue;
        double around = 0.0;
        for (int dz : offsets[2])
          for (int dy : offsets[1])
            for (int dx : offsets[0])
              around += counts[index((x + dx + cells[0]) % cells[0], (y + dy + cells[1]) % cells[1],
                                     (z + dz + cells[2]) % cells[2])];
        cost[index(x, y, z)] = 0.5 * listed * n * around + perMolecule * n;
      }
  return cost;
}

}  // namespace

DomainDecompKD::DomainDecompKD(const KDDecompositionConfig& config, const Vec3& box, double range,
                               int cellsInCutoffRadius, MPI_Comm comm)
    : DomainDecompMPI({0, 0, 0}, comm), _config(config), _box(box), _range(range) {
  if (!(range > 0.0) || !std::isfinite(range))
    throw MardynException("KDDecomposition: interaction range " + std::to_string(range) + " is not positive");
  const int perRange = std::max(1, cellsInCutoffRadius);
  for (int d = 0; d < 3; ++d) {
    const double n = std::floor(box[d] / (range / perRange) * (1.0 + 1e-14));
    if (!(n >= 1.0) || n > 4096.0)
      throw MardynException("KDDecomposition: box length " + std::to_string(box[d]) + " gives " + std::to_string(n) +
                            " cost cells along " + "xyz"[d] + " (expected 1 to 4096)");
    _cells[d] = static_cast<int>(n);
  }
  _rules.minCellsPerDim = std::max(config.minNumCellsPerDimension, perRange);
  _rules.fullSearchThreshold = config.fullSearchThreshold;
  _rules.splitBiggestDimension = config.splitBiggestDimension;
  _rules.splitThreshold = config.splitThreshold;
  const std::size_t numCells = static_cast<std::size_t>(_cells[0]) * _cells[1] * _cells[2];
  _tree = KDTree::balance(_cells, std::vector<double>(numCells, 1.0), _size, _rules);
  findNeighbours();
}

std::string DomainDecompKD::name() const {
  std::ostringstream os;
  os << "KDDecomposition: k-d tree of " << _size << " cuboids on " << _cells[0] << " x " << _cells[1] << " x "
     << _cells[2] << " cost cells";
  return os.str();
}

Vec3 DomainDecompKD::cellLow(const KDTree::Cell& c) const {
  Vec3 r;
  for (int d = 0; d < 3; ++d) r[d] = c[d] >= _cells[d] ? _box[d] : c[d] * _box[d] / _cells[d];
  return r;
}

Vec3 DomainDecompKD::regionMin(int rank) const { return cellLow(_tree.region(rank).lo); }
Vec3 DomainDecompKD::regionMax(int rank) const { return cellLow(_tree.region(rank).hi); }
Vec3 DomainDecompKD::boundingBoxMin(const Domain& /*domain*/) const { return regionMin(_rank); }
Vec3 DomainDecompKD::boundingBoxMax(const Domain& /*domain*/) const { return regionMax(_rank); }

Vec3 DomainDecompKD::wrapped(const Vec3& r) const {
  return {DomainDecompSequential::wrap(r.x, _box.x), DomainDecompSequential::wrap(r.y, _box.y),
          DomainDecompSequential::wrap(r.z, _box.z)};
}

KDTree::Cell DomainDecompKD::cellOf(const Vec3& r) const {
  KDTree::Cell c;
  for (int d = 0; d < 3; ++d) {
    int i = std::clamp(static_cast<int>(std::floor(r[d] / _box[d] * _cells[d])), 0, _cells[d] - 1);
    // The cell whose bounds (as the regions compute them) hold the position.
    while (i > 0 && r[d] < i * _box[d] / _cells[d]) --i;
    while (i + 1 < _cells[d] && r[d] >= (i + 1) * _box[d] / _cells[d]) ++i;
    c[d] = i;
  }
  return c;
}

void DomainDecompKD::findNeighbours() {
  _neighbours.clear();
  _channels.clear();
  const KDTree::Box& mine = _tree.region(_rank);
  const Vec3 myLo = regionMin(_rank), myHi = regionMax(_rank);
  for (int q = 0; q < _size; ++q) {
    const KDTree::Box& other = _tree.region(q);
    // Periodic shifts along each axis under which the regions come within the range: decided on whole
    // cells, so that both processes of a pair agree exactly.
    std::vector<int> shifts[3];
    for (int d = 0; d < 3; ++d)
      for (int s = -1; s <= 1; ++s) {
        const long lo = other.lo[d] + static_cast<long>(s) * _cells[d], hi = other.hi[d] + static_cast<long>(s) * _cells[d];
        const long gap = std::max({0L, lo - mine.hi[d], static_cast<long>(mine.lo[d]) - hi});
        if (static_cast<double>(gap) * (_box[d] / _cells[d]) < _range) shifts[d].push_back(s);
      }
    const Vec3 qLo = regionMin(q), qHi = regionMax(q);
    int side = -1;
    for (int sz : shifts[2])
      for (int sy : shifts[1])
        for (int sx : shifts[0]) {
          if (q == _rank && sx == 0 && sy == 0 && sz == 0) continue;
          if (q != _rank && side < 0) {
            side = static_cast<int>(_neighbours.size());
            _neighbours.push_back(q);
          }
          // My molecule at r is a halo copy of q's at r + shift when that lies within the range of q's
          // region; q's copy of my region shifted by s, seen from here, is shifted by -s.
          Channel c;
          c.side = q == _rank ? -1 : side;
          c.shift = {-sx * _box.x, -sy * _box.y, -sz * _box.z};
          for (int d = 0; d < 3; ++d) {
            c.lo[d] = std::max(myLo[d], qLo[d] - _range - c.shift[d]);
            c.hi[d] = std::min(myHi[d], qHi[d] + _range - c.shift[d]);
          }
          _channels.push_back(c);
        }
  }
}

template <class T>
void DomainDecompKD::exchangeNeighbours(int tag, const std::vector<std::vector<T>>& to,
                                        std::vector<std::vector<T>>& from) const {
  static_assert(std::is_trivially_copyable_v<T>, "messages travel as bytes");
  const std::size_t n = _neighbours.size();
  std::vector<MPI_Request> requests(n);
  for (std::size_t k = 0; k < n; ++k) {
    if (to[k].size() * sizeof(T) > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      throw MardynException("KDDecomposition: a message of more than 2 GiB");
    MPI_Isend(to[k].data(), static_cast<int>(to[k].size() * sizeof(T)), MPI_BYTE, _neighbours[k], tag, _comm, &requests[k]);
  }
  from.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    MPI_Status status;
    MPI_Probe(_neighbours[k], tag, _comm, &status);
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    from[k].resize(static_cast<std::size_t>(bytes) / sizeof(T));
    MPI_Recv(from[k].data(), bytes, MPI_BYTE, _neighbours[k], tag, _comm, MPI_STATUS_IGNORE);
  }
  MPI_Waitall(static_cast<int>(n), requests.data(), MPI_STATUSES_IGNORE);
}

void DomainDecompKD::exchangeMolecules(ParticleContainer& container, const Domain& /*domain*/) {
  HaloPlan* plan = planToRecord();
  if (plan) plan->start();
  container.deleteHaloParticles();
  container.update();
  const Vec3 lo = regionMin(_rank), hi = regionMax(_rank);
  const auto inside = [&](const Vec3& r) {
    return r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z;
  };
  bool lost = false;
  // Leavers to the owners of their places (neighbours: they moved less than the range since the last
  // exchange).
  std::vector<std::vector<Message>> out(_neighbours.size()), in;
  for (Molecule m : container.extractLeavingParticles()) {
    m.setR(wrapped(m.r()));
    const int owner = _tree.owner(cellOf(m.r()));
    if (owner == _rank) {
      container.addParticle(m);
      continue;
    }
    const auto it = std::find(_neighbours.begin(), _neighbours.end(), owner);
    if (it == _neighbours.end()) lost = true;
    else out[static_cast<std::size_t>(it - _neighbours.begin())].push_back(pack(m));
  }
  exchangeNeighbours(tagLeavers, out, in);
  for (const auto& list : in)
    for (const Message& msg : list) {
      const Molecule m = unpack(msg);
      if (inside(m.r())) container.addParticle(m);
      else lost = true;
    }
  // Halo copies, each from the owner: periodic images of its own molecules first, then the messages.
  std::vector<Molecule> images;
  for (const Channel& c : _channels) {
    if (c.side >= 0) continue;
    container.forEachInRegion(c.lo, c.hi, [&](const Molecule& m) {
      Molecule copy = m;
      copy.setR(m.r() + c.shift);
      if (plan) plan->image(m.r(), copy, 0, c.shift);
      images.push_back(copy);
    });
  }
  for (const Molecule& m : images) container.addHaloParticle(m);
  if (plan) plan->beginRound(0, _neighbours.size());
  for (auto& list : out) list.clear();
  for (const Channel& c : _channels) {
    if (c.side < 0) continue;
    container.forEachInRegion(c.lo, c.hi, [&](const Molecule& m) {
      Message msg = pack(m);
      for (int d = 0; d < 3; ++d) msg.r[d] += c.shift[d];
      out[static_cast<std::size_t>(c.side)].push_back(msg);
      if (plan) plan->send(static_cast<std::size_t>(c.side), m, c.shift);
    });
  }
  exchangeNeighbours(tagHalo, out, in);
  for (std::size_t k = 0; k < in.size(); ++k)
    for (const Message& msg : in[k]) {
      const Molecule m = unpack(msg);
      if (inside(m.r())) {
        lost = true;  // a copy inside the owned region: the regions disagree
        continue;
      }
      if (plan) plan->received(k, m);
      container.addHaloParticle(m);
    }
  reportLost(lost, "the interaction range");
  if (plan) plan->resolve(container);
}

void DomainDecompKD::refreshHalo(ParticleContainer& /*container*/) {
  _plan.refresh([this](int, const std::vector<std::vector<HaloPlan::State>>& to,
                       std::vector<std::vector<HaloPlan::State>>& from) { exchangeNeighbours(tagRefresh, to, from); });
}

void DomainDecompKD::returnHaloForces(ParticleContainer& /*container*/) {
  _plan.returnLoads([this](int, const std::vector<std::vector<HaloPlan::Load>>& to,
                           std::vector<std::vector<HaloPlan::Load>>& from) { exchangeNeighbours(tagForces, to, from); });
}

std::vector<Molecule> DomainDecompKD::routeLeavers(std::vector<Molecule> /*leavers*/, const Domain& /*domain*/) {
  throw MardynException("parallelisation type KDDecomposition cannot run the GPU time step (its regions have no "
                        "Cartesian neighbours); use DomainDecomposition with --gpu");
}

std::vector<char> DomainDecompKD::shiftBytes(const std::vector<char>& /*out*/, int /*axis*/, int /*direction*/) const {
  throw MardynException("parallelisation type KDDecomposition cannot run the GPU time step (its regions have no "
                        "Cartesian neighbours); use DomainDecomposition with --gpu");
}

bool DomainDecompKD::rebalanceDue(unsigned long step) const {
  if (!_balanced) return true;
  if (_config.initialPhaseFrequency > 0 && step <= _config.initialPhaseSteps)
    return step % _config.initialPhaseFrequency == 0;
  return _config.updateFrequency > 0 && step % _config.updateFrequency == 0;
}

std::vector<double> DomainDecompKD::cellCosts(const ParticleContainer& container) {
  const std::size_t numCells = static_cast<std::size_t>(_cells[0]) * _cells[1] * _cells[2];
  std::vector<double> counts(numCells, 0.0);
  container.forEach([&](const Molecule& m) {
    const KDTree::Cell c = cellOf(wrapped(m.r()));
    counts[static_cast<std::size_t>(c[0]) + static_cast<std::size_t>(_cells[0]) * (c[1] + static_cast<std::size_t>(_cells[1]) * c[2])] += 1.0;
  });
  allreduceSum(counts);
  // The fraction of a cell and its neighbours within the range of a molecule; a molecule's own upkeep
  // (integration, halo copies, list) is worth about 45 listed pairs. Measured on 16 processes of the
  // vapour-liquid slab (validation/parallel, LJ, rc 2.5): force time per molecule and step 0.18 us in the
  // vapour (rho 0.02, 0.9 listed pairs per molecule) against 0.34 us in the liquid (rho 0.73, 33.6 pairs),
  // plus about 0.065 us of the rest of the step in both: a ratio of 1.65, which 45 gives.
  double volume = 1.0;
  for (int d = 0; d < 3; ++d) volume *= std::min(3, _cells[d]) * _box[d] / _cells[d];
  const double listed = std::min(1.0, 4.0 / 3.0 * std::acos(-1.0) * _range * _range * _range / volume);
  return modelCosts(_cells, counts, listed, 45.0);
}

std::vector<double> DomainDecompKD::measuredSpeeds(const std::vector<double>& cost, double work) {
  // Each process's speed: the modelled cost of its region per second of force computation measured there
  // since the last rebalancing. Equal work does not take equal time on all cores of a busy machine (on 16
  // cores of a shared Xeon, up to 1.5x between processes for the same work, lasting through a run but not
  // from one run to the next; validation/parallel), and what the model misses about a region (its halo,
  // its neighbours) moves with it. A process with little modelled work measures mostly its upkeep, so it
  // keeps its speed from before.
  std::vector<double> measured(static_cast<std::size_t>(_size), 0.0);
  measured[static_cast<std::size_t>(_rank)] = work;
  allreduceSum(measured);
  const std::vector<double> modelled = _tree.regionCosts(cost);
  double meanModelled = 0.0;
  for (double m : modelled) meanModelled += m / _size;
  if (_speed.size() != static_cast<std::size_t>(_size)) _speed.assign(static_cast<std::size_t>(_size), 1.0);
  std::vector<double> speed = _speed;
  double sum = 0.0;
  int known = 0;
  for (std::size_t r = 0; r < speed.size(); ++r) {
    if (!(modelled[r] > 0.05 * meanModelled) || !(measured[r] > 0.0)) continue;
    speed[r] = modelled[r] / measured[r];
    sum += speed[r];
    ++known;
  }
  if (known == 0) return _speed;
  // Relative to the mean of the measured ones, within a factor of 4 of it.
  for (double& v : speed) v = std::clamp(v / (sum / known), 0.25, 4.0);
  _speed = speed;
  return speed;
}

bool DomainDecompKD::rebalance(ParticleContainer& container, const Domain& /*domain*/, double work) {
  container.deleteHaloParticles();
  if (_balanced && _config.rebalanceLimit > 0.0) {
    // ls1's rebalanceLimit: only when the slowest process took this much longer than the fastest.
    std::vector<double> extremes{work, -work};
    allreduceMax(extremes);
    if (-extremes[1] > 0.0 && extremes[0] / -extremes[1] <= _config.rebalanceLimit) return false;
  }
  const std::vector<double> cost = cellCosts(container);
  const std::vector<double> speed = _config.measuredLoad && _balanced && work > 0.0 ? measuredSpeeds(cost, work) : _speed;
  const KDTree next = KDTree::balance(_cells, cost, _size, _rules, speed);
  // The slowest process's share of the work, for a tree (each process's cost over its speed).
  const auto slowest = [&](const KDTree& tree) {
    const std::vector<double> sums = tree.regionCosts(cost);
    double t = 0.0;
    for (std::size_t r = 0; r < sums.size(); ++r) t = std::max(t, sums[r] / (speed.empty() ? 1.0 : speed[r]));
    return t;
  };
  // Moving the regions costs a migration and new lists on every process (tens of milliseconds for 30,000
  // molecules a process): not worth it for less than 2 % off the slowest process's share.
  const bool worthIt = !_balanced || slowest(next) < 0.98 * slowest(_tree);
  _balanced = true;
  if (next == _tree || !worthIt) return false;
  _tree = next;
  ++_rebalances;
  findNeighbours();
  container.rebuild(regionMin(_rank), regionMax(_rank));
  migrateAll(container);
  return true;
}

void DomainDecompKD::migrateAll(ParticleContainer& container) {
  std::vector<std::vector<Message>> out(static_cast<std::size_t>(_size));
  for (Molecule m : container.extractLeavingParticles()) {
    m.setR(wrapped(m.r()));
    out[static_cast<std::size_t>(_tree.owner(cellOf(m.r())))].push_back(pack(m));
  }
  std::vector<int> sendBytes(static_cast<std::size_t>(_size)), recvBytes(static_cast<std::size_t>(_size)),
      sendAt(static_cast<std::size_t>(_size)), recvAt(static_cast<std::size_t>(_size));
  std::vector<Message> send, recv;
  for (int r = 0; r < _size; ++r) {
    sendAt[static_cast<std::size_t>(r)] = static_cast<int>(send.size() * sizeof(Message));
    send.insert(send.end(), out[static_cast<std::size_t>(r)].begin(), out[static_cast<std::size_t>(r)].end());
    sendBytes[static_cast<std::size_t>(r)] = static_cast<int>(out[static_cast<std::size_t>(r)].size() * sizeof(Message));
  }
  if (send.size() * sizeof(Message) > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw MardynException("KDDecomposition: more than 2 GiB of molecules to move at a rebalancing");
  MPI_Alltoall(sendBytes.data(), 1, MPI_INT, recvBytes.data(), 1, MPI_INT, _comm);
  long total = 0;
  for (int r = 0; r < _size; ++r) {
    recvAt[static_cast<std::size_t>(r)] = static_cast<int>(total);
    total += recvBytes[static_cast<std::size_t>(r)];
  }
  if (total > std::numeric_limits<int>::max())
    throw MardynException("KDDecomposition: more than 2 GiB of molecules to receive at a rebalancing");
  recv.resize(static_cast<std::size_t>(total) / sizeof(Message));
  MPI_Alltoallv(send.data(), sendBytes.data(), sendAt.data(), MPI_BYTE, recv.data(), recvBytes.data(), recvAt.data(),
                MPI_BYTE, _comm);
  for (const Message& msg : recv) container.addParticle(unpack(msg));
}

}  // namespace mardyn
