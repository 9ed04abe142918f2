// HostRegionTransfer: mark, scan, gather and download; compare, upload and scatter; remove and append.
#include "gpu/HostRegionTransfer.h"

#include "parallel/DomainDecompSequential.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>

namespace mardyn::gpu {

namespace {
template <class T>
void ensure(compute::ComputeArray<T>& a, std::size_t n) {
  if (a.size() < std::max<std::size_t>(n, 1)) a.resize(std::max<std::size_t>(n, 1) + n / 4);
}
}  // namespace

HostRegionTransfer::HostRegionTransfer(DevicePluginKernels& kernels, const std::vector<Component>& components)
    : _k(kernels),
      _components(components),
      _flags(kernels.context(), 1, "regionFlags"),
      _offsets(kernels.context(), 1, "regionOffsets"),
      _slots(kernels.context(), 1, "regionSlots"),
      _types(kernels.context(), 1, "regionTypes"),
      _ids(kernels.context(), 1, "regionIds"),
      _data(kernels.context(), compute::PrecisionArray::Kind::Mixed, 4, 6, "regionData") {}

std::vector<Molecule> HostRegionTransfer::download(const PluginRegion& region, double drift) {
  MoleculeStorage& s = _k.storage();
  const int n = _k.numOwned();
  _downloaded.clear();
  _hostSlots.clear();
  _original.clear();
  if (n == 0) return {};
  ensure(_flags, static_cast<std::size_t>(n) + 1);
  ensure(_offsets, static_cast<std::size_t>(n) + 1);
  std::vector<int> marked(_components.size(), 1);
  for (std::size_t c = 0; c < marked.size() && !region.components.empty(); ++c)
    marked[c] = c < region.components.size() && region.components[c] ? 1 : 0;
  compute::ArrayInterface& mask = _k.intTable("regionMask", marked);
  auto flag = _k.kernel("flagRegion").call();
  flag.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(mask)
      .arg(region.components.empty() ? 1 : 0)
      .mixedArg(std::max(region.lower, -1e300))
      .mixedArg(std::min(region.upper, 1e300))
      .arg(_flags);
  _k.view(flag, drift).execute(static_cast<std::size_t>(n));
  const int total = _k.step().scan().exclusiveTotal(_flags, n, _offsets);
  if (total == 0) return {};
  ensure(_slots, static_cast<std::size_t>(total));
  ensure(_types, static_cast<std::size_t>(total));
  ensure(_ids, static_cast<std::size_t>(total));
  if (_data.size() < 6 * static_cast<std::size_t>(total)) _data.resize(6 * static_cast<std::size_t>(total) + total);
  _k.kernel("gatherRegion")
      .call()
      .arg(n)
      .arg(s.ownedSlots())
      .arg(_flags)
      .arg(_offsets)
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .arg(s.componentTypes())
      .arg(s.ids())
      .arg(_slots)
      .arg(_data.array())
      .arg(_types)
      .arg(_ids)
      .execute(static_cast<std::size_t>(n));
  const auto m = static_cast<std::size_t>(total);
  _hostSlots.resize(m);
  std::vector<int> types(m);
  std::vector<std::uint64_t> ids(m);
  _slots.downloadBytes(_hostSlots.data(), 0, m * sizeof(int));
  _types.downloadBytes(types.data(), 0, m * sizeof(int));
  _ids.downloadBytes(ids.data(), 0, m * sizeof(std::uint64_t));
  _data.downloadPrefix(_original, 6 * m);
  _bytes += m * (2 * sizeof(int) + sizeof(std::uint64_t) + 6 * _data.elementBytes());
  _molecules += m;
  const DeviceGrid& g = _k.step().grid();
  for (std::size_t i = 0; i < m; ++i) {
    const double* d = &_original[24 * i];
    Vec3 r{d[0], d[1], d[2]};
    const Vec3 v{d[4], d[5], d[6]};
    for (int a = 0; a < 3; ++a) {  // as DevicePluginCommon.cc's hostCoordinate, along every axis
      if (drift == 0) {
        r[a] = g.boxMin[a] + DomainDecompSequential::wrap(d[a] - g.boxMin[a], g.box[a]);
      } else {
        const double before = d[a] - v[a] * drift;
        r[a] = g.boxMin[a] + DomainDecompSequential::wrap(before - g.boxMin[a], g.box[a]) + v[a] * drift;
      }
    }
    const auto c = static_cast<std::size_t>(types[i]);
    if (c >= _components.size()) throw MardynException("GPU region transfer: unknown component " + std::to_string(c));
    Molecule mol(ids[i], &_components[c], r, v, Quaternion(d[8], d[9], d[10], d[11]), {d[12], d[13], d[14]});
    mol.setF({d[16], d[17], d[18]});
    mol.setM({d[20], d[21], d[22]});
    _downloaded.push_back(mol);
  }
  return _downloaded;
}

HostRegionTransfer::Changes HostRegionTransfer::upload(const RegionContainer& region) {
  Changes ch;
  MoleculeStorage& s = _k.storage();
  const std::vector<Molecule>& after = region.molecules();
  if (after.size() != _downloaded.size())
    throw MardynException("GPU region transfer: the region's molecules changed in number outside removal and insertion");
  std::vector<int> changedSlots, removedSlots, types;
  std::vector<double> data;
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (region.removed(i)) {
      removedSlots.push_back(_hostSlots[i]);
      continue;
    }
    const Molecule& a = after[i];
    const Molecule& b = _downloaded[i];
    const bool moved = !(a.r() == b.r());
    const bool turned = a.q().w() != b.q().w() || a.q().x() != b.q().x() || a.q().y() != b.q().y() || a.q().z() != b.q().z();
    const bool relabelled = a.componentId() != b.componentId();
    if (!moved && !turned && !relabelled && a.v() == b.v() && a.L() == b.L() && a.F() == b.F() && a.M() == b.M()) continue;
    ch.positions = ch.positions || moved;
    ch.orientations = ch.orientations || turned;
    ch.components = ch.components || relabelled;
    changedSlots.push_back(_hostSlots[i]);
    types.push_back(static_cast<int>(a.componentId()));
    const double* d = &_original[24 * i];
    // An unmoved molecule keeps its device position; a moved one goes to the image of its new position
    // nearest its device position (the host saw it wrapped into the box; this process may hold it outside).
    Vec3 r{d[0], d[1], d[2]};
    if (moved)
      for (int k = 0; k < 3; ++k) r[k] = _k.step().grid().imageNear(k, a.r()[k], d[k]);
    const double row[24] = {r.x,      r.y,      r.z,      0, a.v().x,   a.v().y,   a.v().z,   0,
                            a.q().w(), a.q().x(), a.q().y(), a.q().z(), a.L().x, a.L().y, a.L().z, 0,
                            a.F().x,  a.F().y,  a.F().z,  0, a.M().x,   a.M().y,   a.M().z,   0};
    data.insert(data.end(), row, row + 24);
  }
  const std::size_t changed = changedSlots.size();
  if (changed > 0) {
    _slots.uploadBytes(changedSlots.data(), 0, changed * sizeof(int));
    _types.uploadBytes(types.data(), 0, changed * sizeof(int));
    _data.uploadPrefix(data);
    _k.kernel("scatterRegion")
        .call()
        .arg(static_cast<int>(changed))
        .arg(_slots)
        .arg(_data.array())
        .arg(_types)
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(s.quaternions().array())
        .arg(s.angularMomenta().array())
        .arg(s.forces().array())
        .arg(s.torques().array())
        .arg(s.componentTypes())
        .execute(changed);
    _bytes += changed * (2 * sizeof(int) + 6 * _data.elementBytes());
  }
  if (!removedSlots.empty()) {
    ch.removed = ch.positions = true;
    const int r = static_cast<int>(removedSlots.size());
    _slots.uploadBytes(removedSlots.data(), 0, removedSlots.size() * sizeof(int));
    _k.kernel("markRemoved").call().arg(r).arg(_slots).arg(s.haloSource()).execute(removedSlots.size());
    _k.dropRemovedOwned();
    _bytes += removedSlots.size() * sizeof(int);
  }
  if (!region.added().empty()) {
    ch.added = ch.positions = true;
    s.appendOwned(region.added());
    _bytes += region.added().size() * (sizeof(int) + sizeof(std::uint64_t) + 7 * _data.elementBytes());
  }
  return ch;
}

}  // namespace mardyn::gpu
