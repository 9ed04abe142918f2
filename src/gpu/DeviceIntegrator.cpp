// DeviceIntegrator: launches of the leapfrog, the kinetic sums and the thermostat.
#include "gpu/DeviceIntegrator.h"

namespace mardyn::gpu {

namespace {
constexpr int reduceBlock = GlobalStats::reduceBlock;
}  // namespace

DeviceIntegrator::DeviceIntegrator(compute::ComputeContext& context, MoleculeStorage& storage,
                                   ComponentDescriptor& descriptor)
    : _context(context),
      _storage(storage),
      _descriptor(descriptor),
      _displaced(context, 1, "displaced"),
      _leaving(context, 1, "mayLeaveSkin"),
      _groups(GlobalStats::reduceGroups(context)),
      _partials(context, compute::PrecisionArray::Kind::Mixed, 1,
                (2 * descriptor.numComponents() + 1) * static_cast<std::size_t>(_groups), "kineticPartials"),
      _beta(context, compute::PrecisionArray::Kind::Mixed, 2, descriptor.numComponents(), "thermostatFactors") {}

void DeviceIntegrator::createKernels(compute::ComputeProgram& program) {
  _pre = program.createKernel("leapfrogPreForces");
  _post = program.createKernel("leapfrogPostForces");
  _sum = program.createKernel("sumPartials");
  _scale = program.createKernel("scaleVelocities");
}

void DeviceIntegrator::preForces(double dt, double halfSkin) {
  const int owned = static_cast<int>(_storage.numOwned());
  _displaced.zero();
  if (owned == 0) return;
  auto& s = _storage;
  _pre->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(_descriptor.inertia().array())
      .mixedArg(dt)
      .mixedArg(halfSkin * halfSkin)
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .arg(s.rotations().array())
      .arg(s.referencePositions().array())
      .arg(_displaced)
      .execute(static_cast<std::size_t>(owned));
}

bool DeviceIntegrator::displaced() {
  int flag = 0;
  _displaced.downloadBytes(&flag, 0, sizeof(int));
  return flag != 0;
}

void DeviceIntegrator::postForces(double dt, bool kick, double halfSkin, compute::ArrayInterface& results, int offset) {
  const int owned = static_cast<int>(_storage.numOwned());
  const int width = 2 * static_cast<int>(_descriptor.numComponents()) + 1;
  auto& s = _storage;
  _post->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(_descriptor.inertia().array())
      .mixedArg(dt)
      .arg(kick ? 1 : 0)
      .mixedArg(halfSkin)
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .arg(_partials.array())
      .blockShape(reduceBlock)
      .executeBlocks(static_cast<std::size_t>(_groups));
  _sum->call()
      .arg(_partials.array())
      .arg(_groups)
      .arg(width)
      .arg(results)
      .arg(offset)
      .blockShape(reduceBlock)
      .executeBlocks(1);
}

void DeviceIntegrator::scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot,
                                       double dt, double halfSkin, int* leaving) {
  const std::size_t nc = _descriptor.numComponents();
  std::vector<double> beta(2 * nc);
  for (std::size_t c = 0; c < nc; ++c) {
    beta[2 * c] = betaTrans[c];
    beta[2 * c + 1] = betaRot[c];
  }
  _beta.upload(beta);
  _leaving.zero();
  const int owned = static_cast<int>(_storage.numOwned());
  if (owned > 0)
    _scale->call()
        .arg(owned)
        .arg(_storage.ownedSlots())
        .arg(_storage.componentTypes())
        .arg(_beta.array())
        .arg(_storage.velocities().array())
        .arg(_storage.angularMomenta().array())
        .arg(_descriptor.inertia().array())
        .arg(_storage.forces().array())
        .mixedArg(dt)
        .mixedArg(halfSkin)
        .arg(_leaving)
        .execute(static_cast<std::size_t>(owned));
  _leaving.downloadBytesAsync(leaving, 0, sizeof(int));
}

}  // namespace mardyn::gpu
