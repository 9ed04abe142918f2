// DeviceWallPotential: the mixed parameters per component as a table, one launch per step.
#include "gpu/DeviceWallPotential.h"

namespace mardyn::gpu {

DeviceWallPotential::DeviceWallPotential(WallPotential& plugin, DevicePluginKernels& kernels, std::size_t numComponents)
    : _plugin(plugin), _k(kernels) {
  std::vector<double> mixing(4 * numComponents, 0.0);
  for (unsigned c = 0; c < numComponents; ++c) {
    mixing[4 * c] = plugin.epsilon(c);
    mixing[4 * c + 1] = plugin.sigma(c);
    mixing[4 * c + 2] = plugin.considered(c) ? 1.0 : 0.0;
  }
  _mixing = &_k.mixedTable("wallMixing" + std::to_string(reinterpret_cast<std::uintptr_t>(this)), 4, mixing);
}

void DeviceWallPotential::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::SiteWiseForces || step.step == 0) return;  // ls1 skips step 0
  const int n = _k.numOwned();
  if (n == 0) return;
  MoleculeStorage& s = _k.storage();
  const WallPotentialConfig& c = _plugin.config();
  auto call = _k.kernel("wallForces").call();
  call.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .arg(_k.step().descriptor().sites().array())
      .arg(_k.step().descriptor().counts())
      .arg(*_mixing)
      .mixed4Arg(c.density, c.ycut, c.delta, static_cast<double>(c.potential))
      .mixed4Arg(c.yoff, 0.5 * c.width, 0.0);
  _k.view(call, drift).execute(static_cast<std::size_t>(n));
}

}  // namespace mardyn::gpu
