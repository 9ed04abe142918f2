// DomainDecompMPI: a periodic Cartesian communicator; regions are equal slabs of the box per grid
// coordinate; migration and halo exchange go dimension by dimension to the two neighbours (both
// directions in one round; leavers and halo copies in the same round where the regions are at least two
// halo widths wide), so edges and corners reach diagonal neighbours through two or three hops; along an
// axis with one process the periodic images are made locally, without messages.
#include "parallel/DomainDecompMPI.h"

#include "parallel/DomainDecompSequential.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif

namespace mardyn {

namespace {

/// A shift by delta along one axis.
Vec3 along(int axis, double delta) {
  Vec3 v;
  v[axis] = delta;
  return v;
}

}  // namespace

DomainDecompMPI::DomainDecompMPI(std::array<int, 3> gridDims, MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  int product = 1;
  for (int d : gridDims) {
    if (d < 0) throw MardynException("MPIGridDims must not be negative");
    product *= d > 0 ? d : 1;
  }
  const bool complete = gridDims[0] > 0 && gridDims[1] > 0 && gridDims[2] > 0;
  if ((complete && product != size) || size % product != 0) {
    std::ostringstream os;
    os << "MPIGridDims " << gridDims[0] << " x " << gridDims[1] << " x " << gridDims[2] << " do not fit " << size
       << " processes";
    throw MardynException(os.str());
  }
  int dims[3] = {gridDims[0], gridDims[1], gridDims[2]};
  MPI_Dims_create(size, 3, dims);
  int periods[3] = {1, 1, 1};
  MPI_Cart_create(comm, 3, dims, periods, 0, &_comm);
  MPI_Comm_rank(_comm, &_rank);
  MPI_Comm_size(_comm, &_size);
  int coords[3];
  MPI_Cart_coords(_comm, _rank, 3, coords);
  for (int d = 0; d < 3; ++d) {
    _dims[d] = dims[d];
    _coords[d] = coords[d];
    MPI_Cart_shift(_comm, d, 1, &_lower[d], &_upper[d]);
  }
}

DomainDecompMPI::~DomainDecompMPI() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (!finalised && _sumMaxOp != MPI_OP_NULL) MPI_Op_free(&_sumMaxOp);
  if (!finalised && _comm != MPI_COMM_NULL) MPI_Comm_free(&_comm);
}

std::string DomainDecompMPI::name() const {
  std::ostringstream os;
  os << "MPI domain decomposition " << _dims[0] << " x " << _dims[1] << " x " << _dims[2];
  return os.str();
}

Vec3 DomainDecompMPI::boundingBoxMin(const Domain& domain) const {
  Vec3 lo;
  for (int d = 0; d < 3; ++d) lo[d] = _coords[d] == 0 ? 0.0 : _coords[d] * domain.box()[d] / _dims[d];
  return lo;
}

Vec3 DomainDecompMPI::boundingBoxMax(const Domain& domain) const {
  Vec3 hi;
  for (int d = 0; d < 3; ++d)
    hi[d] = _coords[d] + 1 == _dims[d] ? domain.box()[d] : (_coords[d] + 1) * domain.box()[d] / _dims[d];
  return hi;
}

DomainDecompMPI::Message DomainDecompMPI::pack(const Molecule& m) const {
  Message msg{};
  for (int d = 0; d < 3; ++d) {
    msg.r[d] = m.r()[d];
    msg.v[d] = m.v()[d];
    msg.L[d] = m.L()[d];
  }
  msg.q[0] = m.q().w();
  msg.q[1] = m.q().x();
  msg.q[2] = m.q().y();
  msg.q[3] = m.q().z();
  msg.id = m.id();
  msg.component = m.componentId();
  return msg;
}

Molecule DomainDecompMPI::unpack(const Message& msg) const {
  if (!_components || msg.component >= _components->size())
    throw MardynException("DomainDecompMPI: received a molecule of unknown component " +
                          std::to_string(msg.component) + " (components not set)");
  return Molecule(msg.id, &(*_components)[msg.component], {msg.r[0], msg.r[1], msg.r[2]},
                  {msg.v[0], msg.v[1], msg.v[2]}, Quaternion(msg.q[0], msg.q[1], msg.q[2], msg.q[3]),
                  {msg.L[0], msg.L[1], msg.L[2]});
}

template <class T>
void DomainDecompMPI::exchangeAlong(int axis, int tag, const std::vector<T>& toLower, const std::vector<T>& toUpper,
                                    std::vector<T>& fromUpper, std::vector<T>& fromLower) const {
  static_assert(std::is_trivially_copyable_v<T>, "messages travel as bytes");
  const auto bytes = [](const std::vector<T>& v) {
    if (v.size() * sizeof(T) > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      throw MardynException("DomainDecompMPI: a message of more than 2 GiB");
    return static_cast<int>(v.size() * sizeof(T));
  };
  MPI_Request requests[2];
  MPI_Isend(toLower.data(), bytes(toLower), MPI_BYTE, _lower[axis], tag, _comm, &requests[0]);
  MPI_Isend(toUpper.data(), bytes(toUpper), MPI_BYTE, _upper[axis], tag + 1, _comm, &requests[1]);
  const auto receive = [&](int source, int t, std::vector<T>& in) {
    MPI_Status status;
    MPI_Probe(source, t, _comm, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    in.resize(static_cast<std::size_t>(count) / sizeof(T));
    MPI_Recv(in.data(), count, MPI_BYTE, source, t, _comm, MPI_STATUS_IGNORE);
  };
  receive(_upper[axis], tag, fromUpper);     // what the upper neighbour sent down
  receive(_lower[axis], tag + 1, fromLower);  // what the lower neighbour sent up
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
}

void DomainDecompMPI::reportLost(bool lost, const char* what) {
  if (_deferLossCheck) _lost = _lost || lost;
  else if (anyTrue(lost))
    throw MardynException(name() + ": a molecule moved farther than " + what +
                          " in one time step (time step too large or system exploding)");
}

void DomainDecompMPI::migrate(ParticleContainer& container, const Domain& domain) {
  bool lost = false;
  for (const Molecule& m : route(container.extractLeavingParticles(), domain, lost)) container.addParticle(m);
  reportLost(lost, "one process region");
}

std::vector<Molecule> DomainDecompMPI::routeLeavers(std::vector<Molecule> leavers, const Domain& domain) {
  bool lost = false;
  std::vector<Molecule> arrived = route(std::move(leavers), domain, lost);
  if (anyTrue(lost))
    throw MardynException("DomainDecompMPI: a molecule moved farther than one process region in one time step "
                          "(time step too large or system exploding)");
  return arrived;
}

std::vector<Molecule> DomainDecompMPI::route(std::vector<Molecule> pending, const Domain& domain, bool& lost) {
  const Vec3& box = domain.box();
  const Vec3 lo = boundingBoxMin(domain), hi = boundingBoxMax(domain);
  for (int d = 0; d < 3; ++d) {
    if (_dims[d] == 1) {  // this process is its own neighbour along d: wrap, no message
      for (Molecule& m : pending) {
        Vec3 r = m.r();
        r[d] = DomainDecompSequential::wrap(r[d], box[d]);
        m.setR(r);
      }
      continue;
    }
    std::vector<Message> toLower, toUpper, fromUpper, fromLower;
    std::vector<Molecule> keep;
    for (const Molecule& m : pending) {
      if (m.r()[d] < lo[d]) toLower.push_back(pack(m));
      else if (m.r()[d] >= hi[d]) toUpper.push_back(pack(m));
      else keep.push_back(m);
    }
    exchangeAlong(d, 10 + 4 * d, toLower, toUpper, fromUpper, fromLower);
    pending.swap(keep);
    for (const auto* list : {&fromUpper, &fromLower})
      for (const Message& msg : *list) {
        Molecule m = unpack(msg);
        // Only the axis it travelled along: a molecule that also crossed the box's face along a later axis
        // must still lie beyond it there, so that the later round sends it to that side's neighbour.
        Vec3 r = m.r();
        r[d] = DomainDecompSequential::wrap(r[d], box[d]);
        m.setR(r);
        pending.push_back(m);
      }
  }
  std::vector<Molecule> arrived;
  for (const Molecule& m : pending) {
    const Vec3& r = m.r();
    bool inside = true;
    for (int d = 0; d < 3; ++d) inside = inside && r[d] >= lo[d] && r[d] < hi[d];
    if (inside) arrived.push_back(m);
    else lost = true;
  }
  return arrived;
}

std::vector<char> DomainDecompMPI::shiftBytes(const std::vector<char>& out, int axis, int direction) const {
  const int dest = direction < 0 ? _lower[axis] : _upper[axis];
  const int source = direction < 0 ? _upper[axis] : _lower[axis];
  const int tag = 50 + 4 * axis + (direction < 0 ? 0 : 2);
  long long sendCount = static_cast<long long>(out.size()), recvCount = 0;
  MPI_Sendrecv(&sendCount, 1, MPI_LONG_LONG, dest, tag, &recvCount, 1, MPI_LONG_LONG, source, tag, _comm,
               MPI_STATUS_IGNORE);
  if (sendCount > std::numeric_limits<int>::max() || recvCount > std::numeric_limits<int>::max())
    throw MardynException("DomainDecompMPI: a halo message of more than 2 GiB");
  std::vector<char> in(static_cast<std::size_t>(recvCount));
  MPI_Sendrecv(out.data(), static_cast<int>(sendCount), MPI_BYTE, dest, tag + 1, in.data(), static_cast<int>(recvCount),
               MPI_BYTE, source, tag + 1, _comm, MPI_STATUS_IGNORE);
  return in;
}

void DomainDecompMPI::exchangeBytesAlong(int axis, const void* toLower, std::size_t toLowerBytes, const void* toUpper,
                                         std::size_t toUpperBytes, void* fromUpper, std::size_t fromUpperBytes,
                                         void* fromLower, std::size_t fromLowerBytes) const {
  const auto count = [](std::size_t bytes) {
    if (bytes > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      throw MardynException("DomainDecompMPI: a halo message of more than 2 GiB");
    return static_cast<int>(bytes);
  };
  const int tag = 110 + 4 * axis;
  // Both sides know every size, so a message of no bytes is left out on both (never posted, never waited for).
  MPI_Request requests[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  if (fromUpperBytes) MPI_Irecv(fromUpper, count(fromUpperBytes), MPI_BYTE, _upper[axis], tag, _comm, &requests[0]);
  if (fromLowerBytes) MPI_Irecv(fromLower, count(fromLowerBytes), MPI_BYTE, _lower[axis], tag + 1, _comm, &requests[1]);
  if (toLowerBytes) MPI_Isend(toLower, count(toLowerBytes), MPI_BYTE, _lower[axis], tag, _comm, &requests[2]);
  if (toUpperBytes) MPI_Isend(toUpper, count(toUpperBytes), MPI_BYTE, _upper[axis], tag + 1, _comm, &requests[3]);
  MPI_Status statuses[4];
  MPI_Waitall(4, requests, statuses);
  for (int k = 0; k < 2; ++k) {
    if ((k == 0 ? fromUpperBytes : fromLowerBytes) == 0) continue;
    int received = 0;
    MPI_Get_count(&statuses[k], MPI_BYTE, &received);
    if (static_cast<std::size_t>(received) != (k == 0 ? fromUpperBytes : fromLowerBytes))
      throw MardynException("DomainDecompMPI: the neighbour along axis " + std::to_string(axis) + " sent " +
                            std::to_string(received) + " bytes, expected " +
                            std::to_string(k == 0 ? fromUpperBytes : fromLowerBytes));
  }
}

bool DomainDecompMPI::deviceAwareMessages() const {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support() == 1;
#else
  return false;
#endif
}

void DomainDecompMPI::exchangeHalo(ParticleContainer& container, const Domain& domain) {
  const Vec3& box = domain.box();
  const Vec3 lo = boundingBoxMin(domain), hi = boundingBoxMax(domain);
  const double w = container.haloWidth();
  const double big = std::numeric_limits<double>::max();
  HaloPlan* plan = planToRecord();
  for (int d = 0; d < 3; ++d) {
    if (_dims[d] == 1) {  // this process is its own neighbour along d: periodic images, no message
      DomainDecompSequential::addPeriodicHalo(container, box, d, plan);
      continue;
    }
    if (plan) plan->beginRound(d, 2);
    std::vector<Message> toLower, toUpper, fromUpper, fromLower;
    Vec3 rlo{-big, -big, -big}, rhi{big, big, big};
    rlo[d] = lo[d];
    rhi[d] = lo[d] + w;
    const double downShift = _coords[d] == 0 ? box[d] : 0.0;  // periodic image across the box face
    container.forEachInRegion(rlo, rhi, [&](const Molecule& m) {
      Message msg = pack(m);
      msg.r[d] += downShift;
      toLower.push_back(msg);
      if (plan) plan->send(0, m, along(d, downShift));
    }, IterateOver::OwnedAndHalo);
    rlo[d] = hi[d] - w;
    rhi[d] = hi[d];
    const double upShift = _coords[d] + 1 == _dims[d] ? -box[d] : 0.0;
    container.forEachInRegion(rlo, rhi, [&](const Molecule& m) {
      Message msg = pack(m);
      msg.r[d] += upShift;
      toUpper.push_back(msg);
      if (plan) plan->send(1, m, along(d, upShift));
    }, IterateOver::OwnedAndHalo);
    exchangeAlong(d, 30 + 4 * d, toLower, toUpper, fromUpper, fromLower);
    for (int side : {1, 0})
      for (const Message& msg : side == 1 ? fromUpper : fromLower) {
        const Molecule m = unpack(msg);
        if (plan) plan->received(side, m);
        container.addHaloParticle(m);
      }
  }
}

void DomainDecompMPI::exchangeMolecules(ParticleContainer& container, const Domain& domain) {
  if (HaloPlan* plan = planToRecord()) plan->start();
  exchangeAll(container, domain);
  if (HaloPlan* plan = planToRecord()) plan->resolve(container);
}

void DomainDecompMPI::exchangeAll(ParticleContainer& container, const Domain& domain) {
  container.deleteHaloParticles();
  container.update();
  const Vec3 lo = boundingBoxMin(domain), hi = boundingBoxMax(domain);
  // Leavers and halo copies in one round per axis where the regions are at least two halo widths wide.
  // Not when a halo plan is recorded: there a molecule still on its way to its owner would be sent on as
  // a halo copy before it arrives, and every refresh of the plan would replay its rounds twice; the
  // refresh comes at every step, the exchange only at list builds.
  bool combined = !planToRecord();
  for (int d = 0; d < 3; ++d)
    if (_dims[d] > 1 && hi[d] - lo[d] < 2.0 * container.haloWidth()) combined = false;
  if (combined) {
    exchangeCombined(container, domain);
    ++_combinedExchanges;
    return;
  }
  migrate(container, domain);
  exchangeHalo(container, domain);
}

void DomainDecompMPI::exchangeCombined(ParticleContainer& container, const Domain& domain) {
  const Vec3& box = domain.box();
  const Vec3 lo = boundingBoxMin(domain), hi = boundingBoxMax(domain);
  const double w = container.haloWidth();
  const double big = std::numeric_limits<double>::max();
  // Axes with one process: leavers wrap now, without messages; their periodic images come last, when
  // every molecule has reached its owner and every neighbour's copy has arrived.
  std::vector<Molecule> pending;
  for (Molecule& m : container.extractLeavingParticles()) {
    Vec3 r = m.r();
    for (int d = 0; d < 3; ++d)
      if (_dims[d] == 1) r[d] = DomainDecompSequential::wrap(r[d], box[d]);
    m.setR(r);
    pending.push_back(m);
  }
  const auto inside = [&](const Vec3& r) {
    for (int d = 0; d < 3; ++d)
      if (r[d] < lo[d] || r[d] >= hi[d]) return false;
    return true;
  };
  bool lost = false;
  {
    std::vector<Molecule> still;
    for (const Molecule& m : pending) {
      if (inside(m.r())) container.addParticle(m);
      else still.push_back(m);
    }
    pending.swap(still);
  }
  for (int d = 0; d < 3; ++d) {
    if (_dims[d] == 1) continue;
    // Each message: a header whose id is the number of leavers, the leavers (to be owned there),
    // then halo copies. The molecules within one halo width beyond a face, owned now (not yet sent on
    // along a later axis) or copies from earlier axes, go to that side's neighbour as halo copies, so
    // that edges and corners reach diagonal neighbours through later axes.
    const double downShift = _coords[d] == 0 ? box[d] : 0.0;  // periodic image across the box face
    const double upShift = _coords[d] + 1 == _dims[d] ? -box[d] : 0.0;
    std::vector<Message> toLower(1), toUpper(1), fromUpper, fromLower;
    std::vector<Molecule> stay;
    std::vector<Molecule> keepAsHalo;
    for (const Molecule& m : pending) {
      const double x = m.r()[d];
      if (x < lo[d] || x >= hi[d]) {
        const int side = x < lo[d] ? 0 : 1;
        Message msg = pack(m);
        if (side == 0 ? x >= lo[d] - w : x < hi[d] + w) {  // it stays in this process's halo
          keepAsHalo.push_back(m);
        }
        (side == 0 ? toLower : toUpper).push_back(msg);
      } else {
        stay.push_back(m);
      }
    }
    toLower[0].id = toLower.size() - 1;
    toUpper[0].id = toUpper.size() - 1;
    const auto halo = [&](const Molecule& m) {
      const double x = m.r()[d];
      if (x < lo[d] + w) {
        Message msg = pack(m);
        msg.r[d] += downShift;
        toLower.push_back(msg);
      }
      if (x >= hi[d] - w) {
        Message msg = pack(m);
        msg.r[d] += upShift;
        toUpper.push_back(msg);
      }
    };
    Vec3 rlo{-big, -big, -big}, rhi{big, big, big};
    rhi[d] = lo[d] + w;
    container.forEachInRegion(rlo, rhi, [&](const Molecule& m) { if (m.r()[d] < lo[d] + w) halo(m); },
                              IterateOver::OwnedAndHalo);
    rlo[d] = std::max(hi[d] - w, lo[d] + w);  // a molecule near both faces was taken above
    rhi[d] = big;
    container.forEachInRegion(rlo, rhi, [&](const Molecule& m) { if (m.r()[d] >= hi[d] - w) halo(m); },
                              IterateOver::OwnedAndHalo);
    for (const Molecule& m : stay) halo(m);
    exchangeAlong(d, 70 + 4 * d, toLower, toUpper, fromUpper, fromLower);
    pending.swap(stay);
    for (const Molecule& m : keepAsHalo) container.addHaloParticle(m);
    for (int side = 0; side < 2; ++side) {
      const std::vector<Message>& in = side == 0 ? fromUpper : fromLower;
      if (in.empty()) throw MardynException("DomainDecompMPI: an exchange message without its header");
      const std::size_t leavers = std::min<std::size_t>(in[0].id, in.size() - 1);
      for (std::size_t k = 1; k <= leavers; ++k) {
        Molecule m = unpack(in[k]);
        Vec3 r = m.r();
        r[d] = DomainDecompSequential::wrap(r[d], box[d]);  // only the axis it travelled along
        m.setR(r);
        // Arrived farther than one halo width into the region: it would have been a halo copy of the
        // neighbour on the far side (the molecule moved more than the halo width in one step).
        if (side == 0 ? r[d] < lo[d] + w : r[d] >= hi[d] - w) lost = true;
        if (inside(r)) container.addParticle(m);
        else pending.push_back(m);
      }
      for (std::size_t k = leavers + 1; k < in.size(); ++k) {
        Molecule m = unpack(in[k]);
        if (inside(m.r())) {
          lost = true;  // a copy inside the owned region: the exchange went wrong
        } else {
          container.addHaloParticle(m);
        }
      }
    }
  }
  reportLost(lost || !pending.empty(), "one halo width");
  for (int d = 0; d < 3; ++d)
    if (_dims[d] == 1) DomainDecompSequential::addPeriodicHalo(container, box, d, nullptr);
}

template <class T>
void DomainDecompMPI::exchangeRound(int axis, int tag, const std::vector<std::vector<T>>& to,
                                    std::vector<std::vector<T>>& from) const {
  exchangeAlong(axis, tag, to[0], to[1], from[1], from[0]);  // side 0: the lower neighbour
}

void DomainDecompMPI::refreshHalo(ParticleContainer& /*container*/) {
  _plan.refresh([this](int axis, const std::vector<std::vector<HaloPlan::State>>& to,
                       std::vector<std::vector<HaloPlan::State>>& from) { exchangeRound(axis, 90 + 4 * axis, to, from); });
}

void DomainDecompMPI::returnHaloForces(ParticleContainer& /*container*/) {
  _plan.returnLoads([this](int axis, const std::vector<std::vector<HaloPlan::Load>>& to,
                           std::vector<std::vector<HaloPlan::Load>>& from) { exchangeRound(axis, 110 + 4 * axis, to, from); });
}

}  // namespace mardyn
