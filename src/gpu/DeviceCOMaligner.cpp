// DeviceCOMaligner: sums, their reduction over the ranks, the move, the shift.
#include "gpu/DeviceCOMaligner.h"

namespace mardyn::gpu {

void DeviceCOMaligner::run(PluginHook hook, PluginStep& step, double drift) {
  if (hook != PluginHook::BeforeExchange || !_plugin.actsAt(step.step)) return;
  const int n = _k.numOwned();
  MoleculeStorage& s = _k.storage();
  auto call = _k.kernel("centreOfMassSums").call();
  call.arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(_k.step().descriptor().inertia().array())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(_k.groupSums(4));
  _k.view(call, drift).blockShape(DevicePluginKernels::block).executeBlocks(static_cast<std::size_t>(_k.groups()));
  std::vector<double> sums = _k.foldGroupSums(4);
  step.decomp.allreduceSum(sums);
  const Vec3 move = _plugin.move(sums);
  if ((move.x == 0 && move.y == 0 && move.z == 0) || n == 0) return;
  _k.kernel("shiftOwned").call().arg(n).arg(s.ownedSlots()).arg(s.positions().array()).mixed4Arg(move.x, move.y, move.z).execute(
      static_cast<std::size_t>(n));
  _k.step().requestRebuild();  // the molecules moved by up to 0.9 cutoff since the displacement check
}

}  // namespace mardyn::gpu
