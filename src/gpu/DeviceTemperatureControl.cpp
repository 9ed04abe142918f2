// DeviceTemperatureControl: region tables, the measurement and the scaling launches.
#include "gpu/DeviceTemperatureControl.h"

namespace mardyn::gpu {

DeviceTemperatureControl::DeviceTemperatureControl(TemperatureControl& plugin, DevicePluginKernels& kernels,
                                                   const std::vector<Component>& components)
    : _plugin(plugin), _k(kernels), _tag(std::to_string(reinterpret_cast<std::uintptr_t>(this))) {
  std::vector<int> dof;
  for (const Component& c : components) dof.push_back(static_cast<int>(c.rotationalDegreesOfFreedom()));
  _rotDof = &_k.intTable("regionRotDof" + _tag, dof);
}

void DeviceTemperatureControl::uploadRegions() {
  const auto& regions = _plugin.config().regions;
  std::vector<double> lower, upper;
  std::vector<compute::mm_int4> info;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const TemperatureControlRegion& r = _plugin.region(i);
    lower.insert(lower.end(), {r.lower.x, r.lower.y, r.lower.z, 0.0});
    upper.insert(upper.end(), {r.upper.x, r.upper.y, r.upper.z, 0.0});
    const int dirs = (r.directions[0] ? 1 : 0) | (r.directions[1] ? 2 : 0) | (r.directions[2] ? 4 : 0);
    info.push_back({static_cast<int>(r.component), static_cast<int>(r.numSlabs), dirs,
                    static_cast<int>(_plugin.measuredIndex(i, 0))});
  }
  _k.mixedTable("regionLower" + _tag, 4, lower);
  _k.mixedTable("regionUpper" + _tag, 4, upper);
  _k.int4Table("regionInfo" + _tag, info);
}

void DeviceTemperatureControl::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::EndStep) return;
  const bool measures = _plugin.measuresAt(step.step), acts = _plugin.actsAt(step.step);
  if (measures || acts) uploadRegions();
  const int n = _k.numOwned();
  const int regions = static_cast<int>(_plugin.config().regions.size());
  MoleculeStorage& s = _k.storage();
  compute::ArrayInterface& lower = _k.mixedTable("regionLower" + _tag, 4, {});
  compute::ArrayInterface& upper = _k.mixedTable("regionUpper" + _tag, 4, {});
  compute::ArrayInterface& info = _k.int4Table("regionInfo" + _tag, {});
  if (measures) {
    const std::size_t values = 4 * _plugin.numMeasured();
    auto call = _k.kernel("regionSums").call();
    call.arg(n)
        .arg(s.ownedSlots())
        .arg(s.componentTypes())
        .arg(_k.step().descriptor().inertia().array())
        .arg(*_rotDof)
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(s.quaternions().array())
        .arg(s.angularMomenta().array())
        .arg(_k.threadSums(values))
        .arg(static_cast<int>(values))
        .arg(regions)
        .arg(lower)
        .arg(upper)
        .arg(info);
    _k.view(call, drift).blockShape(DevicePluginKernels::block).executeBlocks(DevicePluginKernels::threadBlocks);
    const std::vector<double> folded = _k.foldThreadSums(values);
    std::vector<double> sums(2 * _plugin.numMeasured());
    std::vector<unsigned long> counts(2 * _plugin.numMeasured());
    for (std::size_t k = 0; k < _plugin.numMeasured(); ++k) {
      sums[2 * k] = folded[4 * k];
      sums[2 * k + 1] = folded[4 * k + 1];
      counts[2 * k] = static_cast<unsigned long>(std::llround(folded[4 * k + 2]));
      counts[2 * k + 1] = static_cast<unsigned long>(std::llround(folded[4 * k + 3]));
    }
    _plugin.takeMeasurement(std::move(sums), std::move(counts), step.decomp, step.step);
  }
  _plugin.writeLogs(step.step, step.decomp.rank());
  if (!acts || n == 0) return;
  std::vector<double> factors(2 * _plugin.numMeasured());
  for (std::size_t i = 0; i < _plugin.config().regions.size(); ++i)
    for (unsigned slab = 0; slab < _plugin.region(i).numSlabs; ++slab) {
      const auto [v, L] = _plugin.scaling(i, slab);
      factors[2 * _plugin.measuredIndex(i, slab)] = v;
      factors[2 * _plugin.measuredIndex(i, slab) + 1] = L;
    }
  compute::ArrayInterface& table = _k.mixedTable("regionFactors" + _tag, 2, factors);
  auto call = _k.kernel("regionScale").call();
  call.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.angularMomenta().array())
      .arg(regions)
      .arg(lower)
      .arg(upper)
      .arg(info)
      .arg(table);
  _k.view(call, drift).execute(static_cast<std::size_t>(n));
}

}  // namespace mardyn::gpu
