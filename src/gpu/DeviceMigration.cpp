// DeviceMigration: the leavers of one axis to the two neighbours, and the check that all have arrived.
#include "gpu/DeviceMigration.h"

#include "utils/MardynException.h"

#include <algorithm>

namespace mardyn::gpu {

namespace {
void growInts(compute::ComputeArray<int>& a, std::size_t n) {
  if (a.size() < n) a.resize(n + n / 8 + 16);
}
}  // namespace

DeviceMigration::DeviceMigration(DeviceTimeStep& step, const DomainDecompBase& decomp, HaloTransport& transport,
                                 int states, int tags)
    : _step(step),
      _decomp(decomp),
      _transport(transport),
      _states(states),
      _tags(tags),
      _below(step.context(), 1, "leaversBelow"),
      _above(step.context(), 1, "leaversAbove"),
      _delta(step.context(), step.components().size() + 1, "migratedPerComponent") {
  auto& program = step.program();
  _flagAlong = program.createKernel("flagLeaversAlong");
  _flag = program.createKernel("findLostArrivals");
  _pack = program.createKernel("packLeavers");
  _append = program.createKernel("appendArrivals");
  _count = program.createKernel("countTagComponents");
}

void DeviceMigration::migrate() {
  if (_unsettled) throw MardynException("GPU migration: a migration before the last one was settled");
  _delta.zero();
  MoleculeStorage& s = _step.storage();
  const DeviceGrid& grid = _step.grid();
  const int before = static_cast<int>(s.numSlots());
  for (int axis = 0; axis < 3; ++axis)
    if (!grid.selfPeriodic[axis]) migrateAlong(axis);
  // Those that stay were inside along every axis; an arrival that stayed must be inside too.
  const int after = static_cast<int>(s.numSlots());
  const auto& components = _step.components();
  const Vec3 &lo = grid.regionMin, &hi = grid.regionMax;
  _flag->call()
      .arg(before)
      .arg(after)
      .arg(s.haloSource())
      .arg(s.positions().array())
      .mixed4Arg(lo.x, lo.y, lo.z)
      .mixed4Arg(hi.x, hi.y, hi.z)
      .arg(compute::mm_int4{!grid.selfPeriodic[0], !grid.selfPeriodic[1], !grid.selfPeriodic[2], 0})
      .arg(_delta)
      .arg(static_cast<int>(components.size()))  // the element after the components
      .execute(static_cast<std::size_t>(after - before));
  // Read after the step's results have come (the same queue, later): no wait here.
  if (!_deltaHost.data()) _deltaHost = compute::PinnedHostBuffer(_step.context(), _delta.byteSize());
  _delta.downloadBytesAsync(_deltaHost.data(), 0, _delta.byteSize());
  _unsettled = true;
}

void DeviceMigration::settle(std::vector<unsigned long>& countPerComponent,
                             std::vector<unsigned long>& rotDofPerComponent) {
  if (!_unsettled) return;
  _unsettled = false;
  const bool recounted = _recounted;
  _recounted = false;
  const int* delta = static_cast<const int*>(_deltaHost.data());
  const auto& components = _step.components();
  if (_decomp.anyTrue(delta[components.size()] != 0))
    throw MardynException("GPU migration: a molecule moved farther than one process region in one time step "
                          "(time step too large or system exploding)");
  if (recounted) return;
  for (std::size_t c = 0; c < components.size(); ++c) {
    const long long now = static_cast<long long>(countPerComponent[c]) + delta[c];
    if (now < 0) throw MardynException("GPU migration: more molecules of component " + std::to_string(c + 1) + " left than were here");
    countPerComponent[c] = static_cast<unsigned long>(now);
    rotDofPerComponent[c] = countPerComponent[c] * components[c].rotationalDegreesOfFreedom();
  }
}

void DeviceMigration::migrateAlong(int axis) {
  MoleculeStorage& s = _step.storage();
  const DeviceGrid& grid = _step.grid();
  const int slots = static_cast<int>(s.numSlots());
  growInts(_below, static_cast<std::size_t>(slots) + 1);
  growInts(_above, static_cast<std::size_t>(slots) + 1);
  _flagAlong->call()
      .arg(slots)
      .arg(s.haloSource())
      .arg(s.positions().array())
      .arg(axis)
      .mixedArg(grid.regionMin[axis])
      .mixedArg(grid.regionMax[axis])
      .arg(_below)
      .arg(_above)
      .execute(slots);
  const auto totals = _step.scan().exclusiveTotals(_below, _above, slots);
  const long long leaving[2] = {totals[0], totals[1]};
  long long arriving[2] = {0, 0};
  // What goes down arrives from above: arriving[1] from the upper neighbour, arriving[0] from the lower.
  _decomp.exchangeBytesAlong(axis, &leaving[0], sizeof(long long), &leaving[1], sizeof(long long), &arriving[1],
                             sizeof(long long), &arriving[0], sizeof(long long));
  const auto n = [](long long v) { return static_cast<std::size_t>(v); };
  const std::vector<HaloTransport::Parcel> sent{{_states, {4 * n(leaving[0]), 4 * n(leaving[1])}},
                                                {_tags, {2 * n(leaving[0]), 2 * n(leaving[1])}}};
  const std::vector<HaloTransport::Parcel> received{{_states, {4 * n(arriving[0]), 4 * n(arriving[1])}},
                                                    {_tags, {2 * n(arriving[0]), 2 * n(arriving[1])}}};
  _transport.reserve(axis, sent, received);
  for (int side = 0; side < 2; ++side)
    if (leaving[side] > 0)
      _pack->call()
          .arg(slots)
          .arg(side == 0 ? _below : _above)
          .arg(s.haloSource())
          .arg(s.positions().array())
          .arg(s.velocities().array())
          .arg(s.quaternions().array())
          .arg(s.angularMomenta().array())
          .arg(s.componentTypes())
          .arg(s.ids())
          .arg(_transport.out(_states, axis, side))
          .arg(_transport.out(_tags, axis, side))
          .execute(slots);
  _transport.send(axis, sent);
  _transport.receive(axis, received);
  for (int side = 0; side < 2; ++side) {
    if (leaving[side] > 0)
      _count->call().arg(static_cast<int>(leaving[side])).arg(_transport.out(_tags, axis, side)).arg(-1).arg(_delta).execute(
          n(leaving[side]));
    if (arriving[side] > 0)
      _count->call().arg(static_cast<int>(arriving[side])).arg(_transport.in(_tags, axis, side)).arg(1).arg(_delta).execute(
          n(arriving[side]));
  }
  const std::size_t total = n(arriving[0]) + n(arriving[1]), left = n(leaving[0]) + n(leaving[1]);
  if (total == 0) {
    s.setCounts(static_cast<std::size_t>(slots), s.numOwned() - left);
    return;
  }
  s.reserveSlots(static_cast<std::size_t>(slots) + total);
  int first = slots;
  for (int side : {1, 0}) {
    const int count = static_cast<int>(arriving[side]);
    if (count == 0) continue;
    _append->call()
        .arg(count)
        .arg(first)
        .arg(axis)
        .mixedArg(grid.box[axis])
        .arg(_transport.in(_states, axis, side))
        .arg(_transport.in(_tags, axis, side))
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(s.quaternions().array())
        .arg(s.angularMomenta().array())
        .arg(s.forces().array())
        .arg(s.torques().array())
        .arg(s.componentTypes())
        .arg(s.ids())
        .arg(s.haloSource())
        .arg(s.haloCode())
        .execute(count);
    first += count;
  }
  // The leavers' slots stay (marked gone) until the cells are rebuilt; the owned count is exact.
  s.setCounts(static_cast<std::size_t>(first), s.numOwned() + total - left);
  s.structureChanged();
}

}  // namespace mardyn::gpu
