// DeviceMaxCheck: the per-component limits as a table, one launch per acting hook.
#include "gpu/DeviceMaxCheck.h"

namespace mardyn::gpu {

DeviceMaxCheck::DeviceMaxCheck(MaxCheck& plugin, DevicePluginKernels& kernels, std::size_t numComponents)
    : _plugin(plugin), _k(kernels) {
  std::vector<double> limits(8 * numComponents, 0.0);
  for (std::size_t c = 0; c < numComponents; ++c) {
    const auto it = plugin.config().targets.find(static_cast<unsigned>(c + 1));
    if (it == plugin.config().targets.end()) continue;
    const MaxCheckConfig::Target& t = it->second;
    const double row[8] = {t.F, t.v, t.M, t.L, static_cast<double>(t.method), 0, 0, 0};
    std::copy(row, row + 8, limits.begin() + static_cast<long>(8 * c));
    _removes = _removes || t.method == 3;
  }
  _limits = &_k.mixedTable("maxCheckLimits" + std::to_string(reinterpret_cast<std::uintptr_t>(this)), 4, limits);
}

bool DeviceMaxCheck::takeRemoved() {
  const bool removed = _removed;
  _removed = false;
  return removed;
}

void DeviceMaxCheck::run(PluginHook hook, PluginStep& step, double drift) {
  if ((hook != PluginHook::BeforeEventNewTimestep && hook != PluginHook::AfterForces) || !_plugin.actsAt(step.step))
    return;
  int n = _k.numOwned();
  if (n == 0) return;
  MoleculeStorage& s = _k.storage();
  const MaxCheckConfig& c = _plugin.config();
  // Both kernels take the owned molecules, the limits and the range first.
  auto launch = [&](const char* name) {
    auto call = _k.kernel(name).call();
    call.arg(n)
        .arg(s.ownedSlots())
        .arg(s.componentTypes())
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(s.angularMomenta().array())
        .arg(s.forces().array())
        .arg(s.torques().array())
        .arg(*_limits)
        .mixed4Arg(c.lower.x, c.lower.y, c.lower.z)
        .mixed4Arg(c.upper.x, c.upper.y, c.upper.z)
        .arg(c.inclusive ? 1 : 0);
    return call;
  };
  if (_removes) {  // as the host: the molecules over a limit of method 3 leave first
    compute::ComputeArray<int>& removed = _k.counters(1);
    auto mark = launch("maxCheckRemove");
    mark.arg(s.haloSource()).arg(removed);
    _k.view(mark, drift).execute(static_cast<std::size_t>(n));
    int count = 0;
    removed.downloadBytes(&count, 0, sizeof count);
    if (count > 0) {
      _k.dropRemovedOwned();
      _k.step().requestRebuild();  // the removed slots leave the cells and lists at the next exchange
      _removed = true;
      n = _k.numOwned();
      if (n == 0) return;
    }
  }
  auto call = launch("maxCheckLimit");
  _k.view(call, drift).execute(static_cast<std::size_t>(n));
}

}  // namespace mardyn::gpu
