// DevicePlanarLongRange: the profile launch and download, the slab tables uploaded, the force launch.
#include "gpu/DevicePlanarLongRange.h"

namespace mardyn::gpu {

DevicePlanarLongRange::DevicePlanarLongRange(PlanarLongRange& plugin, DevicePluginKernels& kernels,
                                             std::size_t numComponents)
    : _plugin(plugin), _k(kernels), _tag(std::to_string(reinterpret_cast<std::uintptr_t>(this))) {
  std::vector<compute::mm_int2> typeOf;
  for (unsigned c = 0; c < numComponents; ++c)
    typeOf.push_back({static_cast<int>(plugin.ljOffset(c)), plugin.dipoleIndex(c)});
  _typeOf = &_k.int2Table("planarTypeOf" + _tag, typeOf);
}

void DevicePlanarLongRange::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::SiteWiseForces) return;
  const int n = _k.numOwned();
  const int slabs = static_cast<int>(_plugin.slabs());
  const int ljEntries = static_cast<int>(_plugin.numLJTypes()) * slabs;
  const std::size_t entries =
      static_cast<std::size_t>(ljEntries) + _plugin.numDipoleTypes() * static_cast<std::size_t>(slabs);
  MoleculeStorage& s = _k.storage();
  ComponentDescriptor& d = _k.step().descriptor();
  if (_plugin.measuresNow()) {
    compute::ComputeArray<int>& counts = _k.counters(entries);
    if (n > 0) {
      auto call = _k.kernel("planarProfile").call();
      call.arg(n)
          .arg(s.ownedSlots())
          .arg(s.componentTypes())
          .arg(s.positions().array())
          .arg(s.velocities().array())
          .arg(s.quaternions().array())
          .arg(d.sites().array())
          .arg(d.counts())
          .arg(*_typeOf)
          .arg(counts)
          .arg(slabs)
          .mixedArg(_plugin.slabWidth())
          .arg(ljEntries);
      _k.view(call, drift).execute(static_cast<std::size_t>(n));
    }
    std::vector<int> raw(entries);
    if (!raw.empty()) counts.downloadBytes(raw.data(), 0, raw.size() * sizeof(int));
    std::vector<double> rho(entries);
    const double perMolecule = _plugin.perMolecule();
    for (std::size_t k = 0; k < entries; ++k) rho[k] = raw[k] * perMolecule;
    _plugin.takeProfile(std::move(rho), step.decomp);
  }
  _plugin.advanceCall();
  if (_plugin.termsVersion() != _version || !_table) {  // (u, vN, vT, f) per entry, LJ first
    _version = _plugin.termsVersion();
    std::vector<double> table(4 * std::max<std::size_t>(entries, 1), 0.0);
    auto put = [&](std::size_t at, const std::vector<double>& u, const std::vector<double>& vN,
                   const std::vector<double>& vT, const std::vector<double>& f) {
      for (std::size_t k = 0; k < u.size(); ++k) {
        table[4 * (at + k)] = u[k];
        table[4 * (at + k) + 1] = vN[k];
        table[4 * (at + k) + 2] = vT[k];
        table[4 * (at + k) + 3] = f[k];
      }
    };
    put(0, _plugin.u(), _plugin.vN(), _plugin.vT(), _plugin.f());
    put(static_cast<std::size_t>(ljEntries), _plugin.uDipole(), _plugin.vNDipole(), _plugin.vTDipole(),
        _plugin.fDipole());
    _table = &_k.mixedTable("planarTable" + _tag, 1, table);
  }
  auto call = _k.kernel("planarForces").call();
  call.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .arg(d.sites().array())
      .arg(d.counts())
      .arg(*_typeOf)
      .arg(*_table)
      .arg(slabs)
      .mixedArg(_plugin.slabWidth())
      .arg(ljEntries)
      .mixed4Arg(_plugin.left(), _plugin.right(), 0.0)
      .arg(_k.groupSums(2));
  _k.view(call, drift).blockShape(DevicePluginKernels::block).executeBlocks(static_cast<std::size_t>(_k.groups()));
  const std::vector<double> uw = _k.foldGroupSums(2);
  *step.upot += uw[0];
  *step.virial += uw[1];
}

}  // namespace mardyn::gpu
