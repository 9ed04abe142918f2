// DeviceTimeStep: the step program and the order of the device's work in a step.
#include "gpu/DeviceTimeStep.h"

#include "compute/KernelSources.h"

#include <cstring>

#include <ostream>

namespace mardyn::gpu {

DeviceTimeStep::DeviceTimeStep(compute::ComputeContext& context, const std::vector<Component>& components,
                               const InteractionParameters& params, DeviceGrid grid, std::ostream* debugLog)
    : _context(context),
      _components(components),
      _grid(std::move(grid)),
      _results(context, compute::PrecisionArray::Kind::Mixed, 1, 2 + 2 * components.size(), "stepResults") {
  _descriptor = std::make_unique<ComponentDescriptor>(context, _components, params);
  _storage = std::make_unique<MoleculeStorage>(context);
  _scan = std::make_unique<compute::DeviceScan>(context);
  _builder = std::make_unique<CellBuilder>(context, *_storage, *_scan, _grid);
  _integrator = std::make_unique<DeviceIntegrator>(context, *_storage, *_descriptor);
  _traverser = std::make_unique<DomainTraverser>(context, _grid);
  _stats = std::make_unique<GlobalStats>(context);
  _conditions = std::make_unique<DeviceConditions>(context, *_storage);
  _target = std::make_unique<TraversalTarget>(TraversalTarget{*_storage, *_traverser, *_stats, _results.array(), *_scan});
  const std::vector<GpuComponent*> parts{_descriptor.get(), _builder.get(), _integrator.get(), _traverser.get(),
                                         _stats.get(), _conditions.get()};
  compute::ComputeContext::Defines defines;
  for (auto* p : parts) p->addDefines(defines);
  _scan->addDefines(defines);
  const std::string source = compute::KernelSources::withRequirements(std::vector<std::string>{
      "compute/kernels/Scan.cc", "gpu/kernels/CellBuilder.cc", "gpu/kernels/MoleculeStorage.cc", "gpu/kernels/Leapfrog.cc",
      "compute/kernels/Reduction.cc", "gpu/kernels/DeviceConditions.cc",
      "gpu/kernels/HaloExchange.cc"});
  _program = context.compileProgram(source, defines, "gpu-step");
  for (auto* p : parts) p->createKernels(*_program);
  _scan->createKernels(*_program);
  for (auto* p : parts) p->uploadStaticData();
  _results.zero();
  if (debugLog) _descriptor->print(*debugLog);
}

void DeviceTimeStep::setOwned(const std::vector<Molecule>& owned) {
  _storage->setOwned(owned);
  _forceRebuild = true;
}

void DeviceTimeStep::preForces(double dt) { _integrator->preForces(dt, 0.5 * _grid.skin); }

bool DeviceTimeStep::needsRebuild() {
  if (_forceRebuild || _grid.skin <= 0.0) return true;
  return _integrator->displaced();
}

void DeviceTimeStep::rebuild() {
  _builder->rebuild();
  _forceRebuild = false;
  ++_rebuilds;
}

void DeviceTimeStep::refreshImages() { _builder->refreshImages(); }

void DeviceTimeStep::computeForces(MoleculeInteraction& interaction) {
  interaction.compute(*_target);
}

void DeviceTimeStep::postForces(double dt, bool kick) { _integrator->postForces(dt, kick, _results.array(), 2); }

DeviceTimeStep::Scalars DeviceTimeStep::results() {
  // The conditions' words and the sums come back together: one wait for the device.
  const std::size_t nc = _components.size(), values = 2 + 2 * nc, m = _context.mixedSize();
  if (!_resultsReady) {
    _hostResults = compute::PinnedHostBuffer(_context, 4 * sizeof(int) + values * m);
    _resultsReady = _context.createEvent();
  }
  int* words = static_cast<int*>(_hostResults.data());
  char* sums = static_cast<char*>(_hostResults.data()) + 4 * sizeof(int);
  _conditions->launch(_grid, 0.5 * _grid.skin, words);
  _results.array().downloadBytesAsync(sums, 0, values * m);
  _resultsReady->record();
  _resultsReady->synchronize();
  _conditions->raise(words);
  std::vector<double> v(values);
  for (std::size_t k = 0; k < values; ++k) {
    if (m == sizeof(double)) {
      std::memcpy(&v[k], sums + k * m, sizeof(double));
    } else {
      float f;
      std::memcpy(&f, sums + k * m, sizeof(float));
      v[k] = f;
    }
  }
  Scalars s;
  s.upot = v[0];
  s.virial = v[1];
  s.summv2.assign(v.begin() + 2, v.begin() + 2 + static_cast<long>(nc));
  s.sumIw2.assign(v.begin() + 2 + static_cast<long>(nc), v.begin() + 2 + 2 * static_cast<long>(nc));
  return s;
}

void DeviceTimeStep::scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot) {
  _integrator->scaleVelocities(betaTrans, betaRot);
}

}  // namespace mardyn::gpu
