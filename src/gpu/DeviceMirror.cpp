// DeviceMirror: one launch after the forces.
#include "gpu/DeviceMirror.h"

namespace mardyn::gpu {

void DeviceMirror::run(PluginHook hook, PluginStep&, double drift) {
  const MirrorConfig& c = _plugin.config();
  if (hook != PluginHook::AfterForces || (c.type != 1 && c.type != 2)) return;
  const int n = _k.numOwned();
  if (n == 0) return;
  MoleculeStorage& s = _k.storage();
  auto call = _k.kernel("mirrorMolecules").call();
  call.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.forces().array())
      .arg(c.type)
      .arg(c.right ? 1 : 0)
      .mixedArg(_plugin.coord())
      .mixedArg(c.forceConstant)
      .arg(static_cast<int>(c.component));
  _k.view(call, drift).execute(static_cast<std::size_t>(n));
}

}  // namespace mardyn::gpu
