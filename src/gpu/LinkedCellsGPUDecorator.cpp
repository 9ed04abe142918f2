// LinkedCellsGPUDecorator: the device-resident time step, the host's view of the molecules, and the
// COMPARE_TO_CPU check.
#include "gpu/LinkedCellsGPUDecorator.h"

#include "gpu/DeviceHaloExchange.h"
#include "parallel/DomainDecompSequential.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace mardyn::gpu {

LinkedCellsGPUDecorator::LinkedCellsGPUDecorator(std::unique_ptr<LinkedCells> cells,
                                                 std::unique_ptr<compute::ComputeContext> context,
                                                 const std::vector<Component>& components,
                                                 const InteractionParameters& params, const GpuOptions& options,
                                                 std::ostream& log, const Vec3& box)
    : _cells(std::move(cells)),
      _context(std::move(context)),
      _params(std::make_unique<InteractionParameters>(params)),
      _components(components),
      _options(options),
      _log(log),
      _box(box) {
  if (!_cells || !_context) throw MardynException("LinkedCellsGPUDecorator: no LinkedCells or no compute context");
  _skin = std::max(0.0, _cells->cutoff() - params.cutoff());
  // A region without molecules is ordinary (vapour, a slab beside it): its counts are zeros from the start.
  _countPerComponent.assign(_components.size(), 0);
  _rotDofPerComponent.assign(_components.size(), 0);
  if (options.compareToCpu) _cpu = std::make_unique<LegacyCellProcessor>(*_params);
  // Bad processor names fail here, before the run.
  if (!options.autoCellProcessor()) CellProcessorRegistry::find(options.cellProcessor);
}

LinkedCellsGPUDecorator::~LinkedCellsGPUDecorator() {
  // Downloads may still be queued into page-locked buffers that the members free (a thermostat's foresight
  // after the last step): the device finishes first. A failure here has been reported by the step already.
  try {
    if (_context) _context->synchronize();
  } catch (...) {
  }
}

void LinkedCellsGPUDecorator::attach(const DomainDecompBase* decomp) {
  if (_step) return;
  if (decomp && !decomp->cartesianNeighbours())
    throw MardynException("the GPU time step needs a Cartesian grid of processes (one neighbour per face); " +
                          decomp->name() + " is not one: run without --gpu or with the Cartesian decomposition");
  std::array<bool, 3> self{true, true, true};
  if (decomp)
    for (int d = 0; d < 3; ++d) self[d] = decomp->processesAlong(d) == 1;
  std::ostream* debugLog = _options.debugComponentDescriptors ? &_log : nullptr;
  _step = std::make_unique<DeviceTimeStep>(*_context, _components, *_params, DeviceGrid::of(*_cells, _box, _skin, self),
                                           debugLog);
  if (!_forceLimit2.empty()) _step->setForceLimits(_forceLimit2, _torqueLimit2);
  _phases = std::make_unique<PhaseProfile>(*_context, _options.phaseProfile);
  if (!(self[0] && self[1] && self[2])) {
    const auto preference = _options.haloTransfer == "peer"     ? HaloTransport::Preference::Peer
                            : _options.haloTransfer == "staged" ? HaloTransport::Preference::Staged
                                                                : HaloTransport::Preference::Auto;
    _halo = std::make_unique<DeviceHaloExchange>(*_step, *decomp, preference, *_phases, _peerOverride);
    if (decomp->rank() == 0) _log << _halo->transportLine() << "\n";
  }
  const bool split = _halo != nullptr;
  auto factory = [this, split](const CellProcessorVariant& variant, int blockSize) {
    auto interaction = std::make_unique<MoleculeInteraction>(*_context, _step->descriptor(), _step->grid(), variant,
                                                             blockSize, _options.deterministic);
    interaction->setSplit(split);
    return interaction;
  };
  if (_options.autoCellProcessor())
    _tuner = std::make_unique<CellProcessorAutoTuner>(CellProcessorAutoTuner::candidates(_options.blockSize), factory);
  else
    _interaction = factory(CellProcessorRegistry::find(_options.cellProcessor), _options.blockSize);
}

DeviceTimeStep& LinkedCellsGPUDecorator::deviceStep() {
  if (!_step) throw MardynException("LinkedCellsGPUDecorator: the device is attached at the first exchange");
  return *_step;
}

const MoleculeInteraction& LinkedCellsGPUDecorator::interaction() const {
  if (!_interaction)
    throw MardynException("LinkedCellsGPUDecorator: cell processor auto is chosen on the first traversal");
  return *_interaction;
}

// ---- the host's view ----

void LinkedCellsGPUDecorator::downloadIfChanged() const {
  if (_hostCurrent || !_step) return;
  _host = _step->ownedMolecules();
  // Molecules leave the box between rebuilds (and, along a decomposed axis, stay with this process until the
  // next one); the host sees them wrapped, as the CPU path's exchange leaves them.
  const DeviceGrid& g = _step->grid();
  for (Molecule& m : _host) {
    Vec3 r = m.r();
    for (int d = 0; d < 3; ++d) r[d] = g.boxMin[d] + DomainDecompSequential::wrap(r[d] - g.boxMin[d], g.box[d]);
    m.setR(r);
  }
  _hostCurrent = true;
}

void LinkedCellsGPUDecorator::uploadIfChanged() {
  if (_deviceCurrent) return;
  DeviceTimeStep& step = deviceStep();
  // Back to this process's side of the box: along a decomposed axis, the image nearest the owned region.
  const DeviceGrid& g = step.grid();
  std::vector<Molecule> owned = _host;
  for (Molecule& m : owned) {
    Vec3 r = m.r();
    for (int d = 0; d < 3; ++d)
      if (!g.selfPeriodic[d]) r[d] = g.imageNear(d, r[d], 0.5 * (g.regionMin[d] + g.regionMax[d]));
    m.setR(r);
  }
  step.setOwned(owned);
  const std::size_t nc = _components.size();
  _countPerComponent.assign(nc, 0);
  _rotDofPerComponent.assign(nc, 0);
  for (const Molecule& m : _host) {
    ++_countPerComponent[m.componentId()];
    _rotDofPerComponent[m.componentId()] += m.component().rotationalDegreesOfFreedom();
  }
  _deviceCurrent = true;
}

void LinkedCellsGPUDecorator::rebuild(const Vec3& boxMin, const Vec3& boxMax) {
  if (_step) throw MardynException("LinkedCellsGPUDecorator: the region cannot change once the device holds the molecules");
  _cells->rebuild(boxMin, boxMax);
}

void LinkedCellsGPUDecorator::addParticle(const Molecule& m) {
  const Vec3& lo = boundingBoxMin();
  const Vec3& hi = boundingBoxMax();
  const Vec3& r = m.r();
  if (!(r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z))
    throw MardynException("LinkedCellsGPUDecorator: molecule " + std::to_string(m.id()) +
                          " is outside the owned region");
  downloadIfChanged();
  _host.push_back(m);
  _deviceCurrent = false;
}

void LinkedCellsGPUDecorator::addHaloParticle(const Molecule& m) {
  throw MardynException("LinkedCellsGPUDecorator: halo copies are made on the device (molecule " +
                        std::to_string(m.id()) + ")");
}

void LinkedCellsGPUDecorator::update() {
  downloadIfChanged();
  const Vec3& lo = boundingBoxMin();
  const Vec3& hi = boundingBoxMax();
  const auto outside = [&](const Molecule& m) {
    const Vec3& r = m.r();
    return !(r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z);
  };
  auto it = std::stable_partition(_host.begin(), _host.end(), [&](const Molecule& m) { return !outside(m); });
  if (it == _host.end()) return;
  _leaving.insert(_leaving.end(), it, _host.end());
  _host.erase(it, _host.end());
  _deviceCurrent = false;
}

std::vector<Molecule> LinkedCellsGPUDecorator::extractLeavingParticles() {
  std::vector<Molecule> out;
  out.swap(_leaving);
  return out;
}

std::size_t LinkedCellsGPUDecorator::numOwnedParticles() const {
  return _hostCurrent || !_step ? _host.size() : _step->storage().numOwned();
}

std::size_t LinkedCellsGPUDecorator::numHaloParticles() const {
  return _step && _deviceCurrent ? _step->storage().numSlots() - _step->storage().numOwned() : 0;
}

void LinkedCellsGPUDecorator::forEach(const std::function<void(Molecule&)>& f, IterateOver which) {
  if (which == IterateOver::Halo) return;
  downloadIfChanged();
  for (Molecule& m : _host) f(m);
  _deviceCurrent = false;
}

void LinkedCellsGPUDecorator::forEach(const std::function<void(const Molecule&)>& f, IterateOver which) const {
  if (which == IterateOver::Halo) return;
  downloadIfChanged();
  for (const Molecule& m : _host) f(m);
}

void LinkedCellsGPUDecorator::forEachInRegion(const Vec3& lo, const Vec3& hi,
                                              const std::function<void(const Molecule&)>& f,
                                              IterateOver which) const {
  forEach(
      [&](const Molecule& m) {
        const Vec3& r = m.r();
        if (r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z) f(m);
      },
      which);
}

// ---- the time step ----

void LinkedCellsGPUDecorator::preForces(double dt) {
  if (_pluginRunner) _pluginRunner->setTimeStep(dt);
  uploadIfChanged();
  DeviceTimeStep& step = deviceStep();  // attached at the first exchange (throws before)
  if (_steps++ == 0 && _halo) _peerBytesBefore = _halo->deviceToDeviceBytes();
  auto integration = _phases->scope(PhaseProfile::Integration);
  step.preForces(dt);
  _hostCurrent = false;
}

void LinkedCellsGPUDecorator::exchange(DomainDecompBase& decomp, const Domain& domain) {
  _decomp = &decomp;
  _domain = &domain;
  prepareCells();
}

void LinkedCellsGPUDecorator::prepareCells() {
  attach(_decomp);
  uploadIfChanged();
  // COMPARE_TO_CPU rebuilds every step, so that every owned molecule lies in its region for the CPU.
  bool rebuild = _step->needsRebuild() || _cpu;
  if (_halo) {
    if (!_decomp || !_domain) throw MardynException("LinkedCellsGPUDecorator: no decomposition for the halo exchange");
    rebuild = _decomp->anyTrue(rebuild);
  }
  if (rebuild) {
    rebuildCells();
  } else if (_halo) {
    _halo->markRefresh();  // queued with the forces, on the halo's own queue
  } else {
    auto images = _phases->scope(PhaseProfile::Images);
    _step->refreshImages();
  }
  _hostCurrent = false;
}

void LinkedCellsGPUDecorator::rebuildCells() {
  if (_halo) {
    _halo->rebuild();  // the counts per component follow with the step's results (settle())
    _step->countRebuild();
  } else {
    auto cells = _phases->scope(PhaseProfile::Cells);
    _step->rebuild();
  }
  auto lists = _phases->scope(PhaseProfile::Lists);
  if (_interaction) _interaction->prepare(_step->target());  // the lists for the new cells
}

MoleculeInteraction& LinkedCellsGPUDecorator::chooseInteraction() {
  if (!_interaction) {
    if (_halo) _halo->finishRefresh();
    _interaction = _tuner->tune(_step->target());
    _interaction->setSplit(_halo != nullptr);
    _log << _tuner->summary() << "\n";
  }
  return *_interaction;
}

void LinkedCellsGPUDecorator::computeForces() {
  const bool tuned = _interaction != nullptr;
  MoleculeInteraction& interaction = chooseInteraction();
  TraversalTarget& target = _step->target();
  if (tuned && _halo && interaction.split()) {
    // The halo's packing and sending first (small launches on the halo's queue, which take the device
    // before the interior's blocks fill it), then the molecules whose partners are all owned while the
    // halo travels; the others on the halo's queue as soon as it has arrived (their blocks fill the
    // multiprocessors the interior's last ones leave).
    _halo->startRefresh();
    {
      auto interior = _phases->scope(PhaseProfile::Interior);
      interaction.computeInterior(target);
    }
    _halo->finishRefresh([&] {
      auto boundary = _phases->scope(PhaseProfile::Boundary);
      interaction.computeBoundary(target);
    });
    interaction.sumParts(target);
  } else if (tuned) {
    if (_halo) _halo->finishRefresh();
    auto interior = _phases->scope(PhaseProfile::Interior);
    _step->computeForces(interaction);
  }
  ++_traversals;
  _hostCurrent = false;
  if (_options.testQuaternionConversion) checkQuaternionConversion();
  if (_cpu) compareWithCpu();
}

void LinkedCellsGPUDecorator::postForces(double dt, bool kick, KineticSums& sums) {
  {
    auto integration = _phases->scope(PhaseProfile::Integration);
    _step->postForces(dt, kick);
  }
  const DeviceTimeStep::Scalars s = _step->results([this] { settle(); });
  _phases->collectStep();
  _upot = s.upot;
  _virial = s.virial;
  for (std::size_t c = 0; c < _components.size(); ++c) {
    sums.summv2[c] += s.summv2[c];
    sums.sumIw2[c] += s.sumIw2[c];
    sums.count[c] += _countPerComponent[c];
    sums.rotDof[c] += _rotDofPerComponent[c];
  }
  _hostCurrent = false;
}

void LinkedCellsGPUDecorator::settle() {
  if (_halo) _halo->settleMigration(_countPerComponent, _rotDofPerComponent);
}

void LinkedCellsGPUDecorator::setForceLimits(const std::vector<double>& force2, const std::vector<double>& torque2) {
  _forceLimit2 = force2;
  _torqueLimit2 = torque2;
  if (_step) _step->setForceLimits(force2, torque2);
}

void LinkedCellsGPUDecorator::scaleVelocities(const std::vector<double>& betaTrans, const std::vector<double>& betaRot) {
  _step->scaleVelocities(betaTrans, betaRot);
  _hostCurrent = false;
}

std::uint64_t LinkedCellsGPUDecorator::transferredBytes() const {
  return _context->bytesUploaded() + _context->bytesDownloaded();
}

std::string LinkedCellsGPUDecorator::summary(unsigned long steps) const {
  std::ostringstream os;
  const double molecules = static_cast<double>(std::max<std::size_t>(numOwnedParticles(), 1));
  os << std::setprecision(4) << "Device memory: " << static_cast<double>(_context->peakDeviceBytes()) / 1048576.0
     << " MiB at most (" << static_cast<double>(_context->peakDeviceBytes()) / molecules
     << " bytes per owned molecule)\n";
  if (_step)
    os << "Device cell rebuilds: " << _step->rebuilds() << " (skin " << _skin << ", " << steps << " steps)\n";
  if (_halo)
    os << "Device-to-device traffic: "
       << static_cast<double>(_halo->deviceToDeviceBytes() - _peerBytesBefore) / static_cast<double>(std::max(steps, 1ul))
       << " bytes/step (this process's halo and migration)\n";
  if (_phases) os << _phases->table();
  if (_pluginRunner) os << _pluginRunner->summary(steps);
  os << _context->kernelProfileTable();
  return os.str();
}

std::vector<std::string> LinkedCellsGPUDecorator::attachPlugins(const std::vector<PhysicsPlugin*>& plugins) {
  _pluginRunner = std::make_unique<DevicePluginRunner>(plugins, _components);
  return _pluginRunner->places();
}

DevicePluginRunner& LinkedCellsGPUDecorator::pluginRunner() {
  if (!_pluginRunner) _pluginRunner = std::make_unique<DevicePluginRunner>(std::vector<PhysicsPlugin*>{}, _components);
  _pluginRunner->attach(deviceStep(), [this](const std::vector<unsigned long>& count, const std::vector<unsigned long>& dof) {
    if (_halo) _halo->migrationCountsRecounted();  // these counts include a migration not settled yet
    _countPerComponent = count;
    _rotDofPerComponent = dof;
  });
  if (_options.compareToCpu) _pluginRunner->compareWithCpu(_log, _options.effectiveTolerance());
  return *_pluginRunner;
}

void LinkedCellsGPUDecorator::capKineticEnergies(double temperature) {
  pluginRunner().capKineticEnergies(temperature);
  _hostCurrent = false;
}

void LinkedCellsGPUDecorator::initPlugins(PluginStep& step) {
  if (!_pluginRunner || _pluginRunner->empty()) return;
  pluginRunner().init(step);
  _hostCurrent = false;
}

void LinkedCellsGPUDecorator::runPlugins(PluginHook hook, PluginStep& step) {
  if (!_pluginRunner || _pluginRunner->empty()) return;
  pluginRunner().run(hook, step);
  _hostCurrent = false;
}

bool LinkedCellsGPUDecorator::traversalResult(double& upot, double& virial) const {
  if (_traversals == 0) return false;
  upot = _upot;
  virial = _virial;
  return true;
}

void LinkedCellsGPUDecorator::traverseCells(CellProcessor& /*processor*/) {
  prepareCells();
  computeForces();
  const DeviceTimeStep::Scalars s = _step->results([this] { settle(); });
  _phases->collectStep();
  _upot = s.upot;
  _virial = s.virial;
  downloadIfChanged();
}

void LinkedCellsGPUDecorator::checkQuaternionConversion() {
  if (_interaction->orientationFree()) return;  // no rotations are computed
  auto& storage = _step->storage();
  const std::vector<double> rot = storage.downloadRotations();
  const std::vector<double> q = storage.downloadQuaternions();
  const std::vector<std::uint64_t> ids = storage.downloadIds();
  const double tol = _context->realSize() == 8 ? 1e-12 : 1e-5;
  for (std::size_t i = 0; i < storage.numSlots(); ++i) {
    const auto m = Quaternion(q[4 * i], q[4 * i + 1], q[4 * i + 2], q[4 * i + 3]).matrix();
    for (int k = 0; k < 9; ++k)
      if (std::abs(m[k] - rot[9 * i + k]) > tol * std::max(1.0, std::abs(m[k])))
        throw MardynException("GPU quaternion conversion: molecule " + std::to_string(ids[i]) + " matrix element " +
                              std::to_string(k) + " is " + std::to_string(rot[9 * i + k]) + ", expected " +
                              std::to_string(m[k]));
  }
}

void LinkedCellsGPUDecorator::compareWithCpu() {
  // U_pot and virial of this traversal (the kinetic sums downloaded with them are not used here).
  const DeviceTimeStep::Scalars s = _step->results();
  const std::vector<Molecule> device = _step->ownedMolecules();
  // The same configuration on the host's cells, with the halo the decomposition makes.
  for (auto& cell : _cells->cells()) cell.clear();
  for (Molecule m : device) {
    m.clearFM();
    _cells->addParticle(m);
  }
  DomainDecompSequential sequential;
  Domain domain(_box);
  (_decomp ? *_decomp : static_cast<DomainDecompBase&>(sequential)).exchangeMolecules(*_cells, _domain ? *_domain : domain);
  _cpu->initTraversal();
  _cells->traverseCells(*_cpu);
  std::vector<Molecule> cpu;
  _cells->forEach([&cpu](const Molecule& m) { cpu.push_back(m); });
  _comparison = CpuComparison::of(device, cpu, s.upot, _cpu->upot(), s.virial, _cpu->virial(), _params->cutoff());
  const std::string line = _comparison.line(_traversals);
  _log << line << "\n";
  const double tol = _options.effectiveTolerance();
  if (_comparison.worst() > tol) {
    char t[32];
    std::snprintf(t, sizeof t, "%.1e", tol);
    throw MardynException(std::string("GPU results deviate from the CPU reference beyond the tolerance ") + t + ": " +
                          line);
  }
}

}  // namespace mardyn::gpu
