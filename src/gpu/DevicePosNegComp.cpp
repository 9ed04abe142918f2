// DevicePosNegComp: one launch over every slot before the forces and after them (not at the start step).
#include "gpu/DevicePosNegComp.h"

namespace mardyn::gpu {

void DevicePosNegComp::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::BeforeForces && (hook != PluginHook::AfterForces || step.startStep)) return;
  MoleculeStorage& s = _k.storage();
  const int slots = static_cast<int>(s.numSlots());
  if (slots == 0) return;
  const PosNegCompConfig& c = _plugin.config();
  auto call = _k.kernel("posNegComponents").call();
  call.arg(slots)
      .arg(s.haloSource())
      .arg(s.haloCode())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(compute::mm_int4{static_cast<int>(c.pos) - 1, static_cast<int>(c.neg) - 1, static_cast<int>(c.ignore) - 1, 0})
      .mixed4Arg(c.left, c.right, 0.0);
  _k.view(call, drift).execute(static_cast<std::size_t>(slots));
}

}  // namespace mardyn::gpu
