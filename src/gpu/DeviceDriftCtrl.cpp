// DeviceDriftCtrl: sample and correction launches at the plugin's steps.
#include "gpu/DeviceDriftCtrl.h"

namespace mardyn::gpu {

void DeviceDriftCtrl::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::BeforeForces) return;
  const DriftCtrlConfig& c = _plugin.config();
  const int bins = static_cast<int>(_plugin.numBins());
  const double width = (c.yr - c.yl) / bins;
  const int n = _k.numOwned();
  MoleculeStorage& s = _k.storage();
  if (_plugin.samplesAt(step.step)) {
    const std::size_t values = 4 * _plugin.numGroups() * static_cast<std::size_t>(bins);
    auto call = _k.kernel("driftSample").call();
    call.arg(n)
        .arg(s.ownedSlots())
        .arg(s.componentTypes())
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(_k.threadSums(values))
        .arg(bins)
        .arg(static_cast<int>(values))
        .mixed4Arg(c.yl, c.yr, width);
    _k.view(call, drift).blockShape(DevicePluginKernels::block).executeBlocks(DevicePluginKernels::threadBlocks);
    _plugin.addSample(_k.foldThreadSums(values));
  }
  if (!_plugin.controlsAt(step.step)) return;
  const std::vector<double> delta = _plugin.corrections(step.decomp);  // 3 per (group, bin)
  std::vector<double> padded(delta.size() / 3 * 4, 0.0);
  for (std::size_t k = 0; k < delta.size() / 3; ++k)
    for (int d = 0; d < 3; ++d) padded[4 * k + static_cast<std::size_t>(d)] = delta[3 * k + static_cast<std::size_t>(d)];
  compute::ArrayInterface& table = _k.mixedTable("driftDelta" + std::to_string(reinterpret_cast<std::uintptr_t>(this)), 4, padded);
  if (n == 0) return;
  auto call = _k.kernel("driftCorrect").call();
  call.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(table)
      .arg(bins)
      .arg(static_cast<int>(c.component))
      .mixed4Arg(c.yl, c.yr, width);
  _k.view(call, drift).execute(static_cast<std::size_t>(n));
}

}  // namespace mardyn::gpu
