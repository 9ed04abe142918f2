// DeviceDistControl: the sample launch and download; evaluation and log by the plugin.
#include "gpu/DeviceDistControl.h"

namespace mardyn::gpu {

void DeviceDistControl::sample(double drift) {
  const int bins = static_cast<int>(_plugin.config().bins);
  const std::size_t values = (_numComponents + 1) * static_cast<std::size_t>(bins);
  compute::ComputeArray<int>& counts = _k.counters(values);
  const int n = _k.numOwned();
  MoleculeStorage& s = _k.storage();
  if (n > 0) {
    auto call = _k.kernel("distControlSample").call();
    call.arg(n)
        .arg(s.ownedSlots())
        .arg(s.componentTypes())
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(counts)
        .arg(bins)
        .mixedArg(_plugin.binWidth());
    _k.view(call, drift).execute(static_cast<std::size_t>(n));
  }
  std::vector<int> raw(values);
  counts.downloadBytes(raw.data(), 0, values * sizeof(int));
  _plugin.addSample(std::vector<double>(raw.begin(), raw.end()));
}

bool DeviceDistControl::init(PluginStep& step) {
  if (_plugin.samplesAtInit()) sample(0.0);
  _plugin.afterInitSample(step.decomp, step.step);
  return true;
}

void DeviceDistControl::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::BeforeForces) return;
  sample(drift);
  _plugin.afterSample(step.decomp, step.step);
}

}  // namespace mardyn::gpu
