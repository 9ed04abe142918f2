// Simulation: set-up of all parts from the configuration and the time step in ls1-mardyn's order (half kick +
// drift, exchange, forces, half kick, global values, thermostat, outputs); the step's reduction is in
// SimulationGlobals.cpp, the run loop and its report in SimulationRun.cpp.
#include "Simulation.h"

#include "PlanarLongRange.h"
#include "SimulationSampling.h"
#include "io/RunChain.h"
#include "parallel/DomainDecompFactory.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/CellProcessorFactory.h"
#include "particleContainer/MultiSiteVerletListCellProcessor.h"
#include "plugins/PhysicsPluginRegistry.h"
#include "thermostats/TemperatureControl.h"
#include "utils/MardynException.h"
#include "utils/Threads.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace mardyn {

Simulation::Simulation(SimulationConfig config, std::unique_ptr<DomainDecompBase> decomposition)
    : _config(std::move(config)), _decomp(std::move(decomposition)) {
  if (!_decomp) _decomp = DomainDecompFactory::create(_config);
  // The run chain (RunChain): the checkpoint's on a restart, else a new one; rank 0's on every rank.
  if (_config.runChain.empty()) _config.runChain = _config.restart.chain.empty() ? RunChain::newId() : _config.restart.chain;
  _decomp->broadcastFromRoot(_config.runChain);
  _decomp->setComponents(_config.components);
  _decomp->setDeferredLossCheck(true);  // computeGlobalValues() reduces the flag with the energies
  const double rc = _config.cutoffRadius;
  for (int d = 0; d < 3; ++d)
    if (!(2.0 * rc <= _config.box[d]))
      throw MardynException("Simulation: cutoff radius " + std::to_string(rc) + " exceeds half the box length " +
                            std::to_string(_config.box[d]));
  for (std::size_t c = 0; c < _config.components.size(); ++c)
    if (_config.components[c].id() != c)
      throw MardynException("Simulation: component " + std::to_string(c) + " has id " +
                            std::to_string(_config.components[c].id()));
  _domain = std::make_unique<Domain>(_config.box);
  _params = std::make_unique<InteractionParameters>(_config.components, rc);
  for (const MixingRule& r : _config.mixing) _params->setMixing(r.cid1, r.cid2, r.eta, r.xi);
  _params->setReactionField(_config.epsilonRF);
  _params->setSwitchingWidth(_config.cutoffSwitchWidth);
  const Vec3 regionMin = _decomp->boundingBoxMin(*_domain), regionMax = _decomp->boundingBoxMax(*_domain);
  for (int d = 0; d < 3; ++d)
    if (regionMax[d] - regionMin[d] < rc)
      throw MardynException("Simulation: " + _decomp->name() + " gives process regions " +
                            std::to_string(regionMax[d] - regionMin[d]) + " wide along " + "xyz"[d] +
                            ", less than the cutoff radius " + std::to_string(rc) +
                            "; run on fewer processes or choose MPIGridDims with fewer processes along " + "xyz"[d]);
  createContainer(false);
  _integrator = std::make_unique<Leapfrog>(_config.timestep);
  if (_config.temperatureControl.enabled) {
    // as ls1: the regional thermostat (a physics plugin) replaces the ensemble's velocity scaling;
    // ls1 still computes the ensemble's global factors and applies their explosion heuristic before it
    if (_config.ensemble == SimulationConfig::Ensemble::NVT)
      _explosionGuard = std::make_unique<VelocityScalingThermostat>(
          VelocityScalingThermostat::global(_config.temperature, _config.components.size()));
  } else if (_config.ensemble == SimulationConfig::Ensemble::NVT) {
    const std::size_t nc = _config.components.size();
    if (_config.thermostats.empty()) {
      _thermostat = std::make_unique<VelocityScalingThermostat>(VelocityScalingThermostat::global(_config.temperature, nc));
    } else {
      std::vector<double> targets;
      std::vector<int> group(nc, -1);
      for (const ThermostatConfig& t : _config.thermostats) {
        const int g = static_cast<int>(targets.size());
        targets.push_back(t.temperature);
        for (std::size_t c = 0; c < nc; ++c)
          if (t.component < 0 || t.component == static_cast<int>(c)) group[c] = g;
      }
      _thermostat = std::make_unique<VelocityScalingThermostat>(targets, group);
    }
  }
  createPhysicsPlugins();
  ConditionsCheck::Limits limits;
  if (std::any_of(_physics.begin(), _physics.end(), [](const auto& p) { return p->capsForces(); })) {
    // ls1's MaxCheck caps forces and velocities of generated set-ups that start with overlaps: the
    // configuration asks for those steps to be run, so only non-finite values stop it
    limits.maxDisplacement = limits.maxRotation = std::numeric_limits<double>::infinity();
    limits.kineticJumpFactor = std::numeric_limits<double>::infinity();
  } else if (_thermostat || _explosionGuard) {
    // ls1's velocity scaling with its explosion heuristic caps the heating of set-ups that start with
    // overlaps and ls1 runs them: large forces and torques do not stop the run either (non-finite values and
    // a jump of the kinetic energy still do)
    limits.maxDisplacement = limits.maxRotation = std::numeric_limits<double>::infinity();
  }
  _conditions = std::make_unique<ConditionsCheck>(_config.components, _config.timestep, rc, limits);
  double hottest = _config.temperature;  // a thermostat may heat the system that far in one step
  for (const ThermostatConfig& t : _config.thermostats) hottest = std::max(hottest, t.temperature);
  for (const auto& r : _config.temperatureControl.regions)
    hottest = std::max({hottest, r.temperature, r.ramp ? std::max(r.rampStart, r.rampEnd) : 0.0});
  _conditions->setTargetTemperature(hottest);
  _time = _config.currentTime;
  _step = _config.startStep();  // a restart continues the checkpoint's step count
  _sampling = std::make_unique<SimulationSampling>(SimulationSampling::Parts{
      _config, *_decomp, *_domain, *_params, _timers, [this]() -> ParticleContainer& { return *_container; },
      [this] { return _step; },
      [this]() -> const PlanarLongRange* {
        for (const auto& p : _physics)
          if (const auto* planar = dynamic_cast<const PlanarLongRange*>(p.get())) return planar;
        return nullptr;
      },
      [this] { return _resident != nullptr; },
      [this] { return "{Container: linked cells, cell processor: " + (_resident ? std::string("GPU") : _processorName) + "}"; },
      [this]() -> const GlobalValues& { return _globals; }});
}

const SamplingView* Simulation::sampling() const { return _sampling.get(); }

void Simulation::setDeviceBinning(BinningFactory factory) { _binningFactory = std::move(factory); }

Simulation::~Simulation() = default;

void Simulation::addOutputPlugin(std::unique_ptr<OutputPlugin> plugin) { _outputs.push_back(std::move(plugin)); }

void Simulation::createPhysicsPlugins() {
  if (_config.longRange == SimulationConfig::LongRange::Planar)
    _physics.push_back(std::make_unique<PlanarLongRange>(_config.planar, _config.components, *_params, _config.box,
                                                         _config.cutoffRadius, _config.temperature));
  const PluginSetup setup{_config, _decomp->rank()};
  for (const PhysicsPluginConfig& p : _config.physicsPlugins) _physics.push_back(PhysicsPluginRegistry::create(p, setup));
  if (_config.temperatureControl.enabled)
    _physics.push_back(std::make_unique<TemperatureControl>(_config.temperatureControl, _config.components.size(),
                                                            _config.timestep));
  std::vector<PhysicsPlugin*> all;
  for (const auto& p : _physics) all.push_back(p.get());
  for (PhysicsPlugin* p : all) p->connect(all);
}

PluginStep Simulation::pluginStep(bool startStep) {
  return PluginStep{*_container, *_decomp, _decomp->boundingBoxMin(*_domain), _decomp->boundingBoxMax(*_domain), _step,
                    startStep};
}

void Simulation::setContainerDecorator(ContainerDecorator decorator) {
  if (_prepared) throw MardynException("Simulation: a container decorator must be set before the run is prepared");
  _decorator = std::move(decorator);
  if (!_decorator) return;
  createContainer(true);  // a decorated traversal needs neither a Verlet list nor its wider halo
  std::unique_ptr<LinkedCells> lc(static_cast<LinkedCells*>(_container.release()));
  _container = _decorator(std::move(lc));
  _resident = dynamic_cast<ResidentTimeStep*>(_container.get());
  if (_resident) {
    std::vector<PhysicsPlugin*> all;
    for (const auto& p : _physics) all.push_back(p.get());
    _pluginPlaces = _resident->attachPlugins(all);
  }
}

void Simulation::runPlugins(PluginHook hook, PluginStep& s) {
  if (_resident)
    _resident->runPlugins(hook, s);
  else
    for (const auto& p : _physics) p->call(hook, s);
}

void Simulation::createContainer(bool decorated) {
  CellProcessorFactory::Options o;
  o.legacy = _config.legacyCellProcessor;
  o.name = _config.cpuCellProcessor;
  o.verletSkin = _config.verletSkin;
  o.deviceTraversal = decorated;
  o.regionMin = _decomp->boundingBoxMin(*_domain);
  o.regionMax = _decomp->boundingBoxMax(*_domain);
  for (int d = 0; d < 3; ++d) o.periodicSelf[d] = _decomp->processesAlong(d) == 1;
  if (!_config.simd.empty()) {
    const auto level = parseSimdLevel(_config.simd);
    if (!level || !cpuSupports(*level))
      throw MardynException("Simulation: the CPU kernels cannot run as '" + _config.simd + "'" +
                            (level ? ": " + unsupportedReason(*level) : std::string()));
    o.simd = *level;
  }
  CellProcessorChoice choice = CellProcessorFactory::create(_config.components, *_params, o);
  _container = std::make_unique<LinkedCells>(o.regionMin, o.regionMax, choice.containerCutoff,
                                             _config.cellsInCutoffRadius);
  _processor = std::move(choice.processor);
  _processorName = choice.name;
  _simd = o.simd;
}

void Simulation::prepare() {
  if (_prepared) return;
  if (_resident && _binningFactory)
    _sampling->setDeviceBinning(_binningFactory(*_container, *_sampling, _sampling->planar()));
  if (_resident) {
    std::vector<double> force2, torque2;
    for (std::size_t c = 0; c < _config.components.size(); ++c) {
      force2.push_back(_conditions->forceLimit2(c));
      torque2.push_back(_conditions->torqueLimit2(c));
    }
    _resident->setForceLimits(force2, torque2);
  }
  // Every process holds the records of all molecules; it makes molecules only of those in its own region
  // (as distributeMolecules keeps them) unless a physics plugin looks at all of them first (MettDeamon holds
  // its reservoir's). The records and the rest are released before the device (if any) takes the molecules.
  std::vector<Molecule> all;
  std::vector<unsigned long> counts(_config.components.size(), 0);
  const bool onlyOwn = _physics.empty();
  const Vec3 lo = _decomp->boundingBoxMin(*_domain), hi = _decomp->boundingBoxMax(*_domain);
  for (const MoleculeRecord& rec : _config.molecules) {
    if (rec.component >= _config.components.size())
      throw MardynException("Simulation: molecule " + std::to_string(rec.id) + " has unknown component " +
                            std::to_string(rec.component + 1));
    if (!onlyOwn) continue;
    ++counts[rec.component];
    const Vec3& r = rec.r;
    if (r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z)
      all.emplace_back(rec.id, &_config.components[rec.component], rec.r, rec.v, rec.q, rec.L);
  }
  if (!onlyOwn) {
    all.reserve(_config.molecules.size());
    for (const MoleculeRecord& rec : _config.molecules)
      all.emplace_back(rec.id, &_config.components[rec.component], rec.r, rec.v, rec.q, rec.L);
    for (const auto& p : _physics) p->prepareMolecules(all);  // MettDeamon: the reservoir's molecules are held
    for (const Molecule& m : all) ++counts[m.componentId()];
  }
  std::vector<MoleculeRecord>().swap(_config.molecules);
  _decomp->distributeMolecules(all, *_container, *_domain);
  std::vector<Molecule>().swap(all);
  if (_config.longRange == SimulationConfig::LongRange::Homogeneous) {
    // As ls1-mardyn, if asked to: its generators leave the counts at zero (no correction).
    const bool asLs1 = _config.generatedLongRange == SimulationConfig::GeneratedLongRange::Ls1 &&
                       !_config.ls1Generator.empty() && _config.ls1GeneratorCounts.size() == counts.size();
    _domain->computeLongRangeCorrection(_config.components, asLs1 ? _config.ls1GeneratorCounts : counts, *_params);
  } else {
    _domain->disableLongRangeCorrection();  // none, or the planar correction (a physics plugin)
  }
  // Between Verlet-list builds the halo copies follow their originals (no re-sort, migration or new copies)
  // where nothing else looks at positions or changes molecules during the step; outputs see positions
  // wrapped into the box (gatherMolecules).
  _follower = dynamic_cast<VerletListCellProcessor*>(_processor.get());
  if (_resident || _config.fullExchange || !_physics.empty()) _follower = nullptr;
  _decomp->setRecordHaloPlan(_follower != nullptr);
  // Newton across faces saves pair work and costs a message round and a pass over the halo copies: on 16
  // and 32 small regions of LJ (validation/parallel) it ran from 1 % faster to 7 % slower than half weights, so by
  // default it is taken where pairs are dear (multi-site molecules).
  const bool pairsDear = dynamic_cast<MultiSiteVerletListCellProcessor*>(_processor.get()) != nullptr;
  _newtonAcross = _follower && _decomp->numProcs() > 1 && _config.newton.value_or(pairsDear);
  _forecastLists = _follower && _decomp->numProcs() > 1;
  {
    ScopedTimer t(_timers["cells"]);
    if (_resident)
      _resident->exchange(*_decomp, *_domain);
    else
      exchange();
  }
  {
    PluginStep s = pluginStep(true);
    if (_resident)
      _resident->initPlugins(s);
    else
      for (const auto& p : _physics) p->init(s);
  }
  computeForces();
  computeGlobalValues(finishForces(false), false);
  _prepared = true;
  ScopedTimer t(_timers["I/O"]);
  for (auto& p : _outputs) p->init(*this);
  for (auto& p : _outputs) p->afterStep(_step, _time, *this);
}

void Simulation::exchange() {
  const bool balance = _decomp->rebalanceDue(_step);
  if (_haloFollows && !balance) {
    // When a process's list needs a build, every process builds its own at this step, so that the next
    // build comes for all at once (else each process's builds would cost all of them an exchange). Under MPI
    // that was agreed in the last step's reduction (computeGlobalValues), and a build skips the refresh.
    if (!_forecastLists || _listKeepsNext) {
      _decomp->refreshHalo(*_container);
      const bool follows = _follower->followMolecules();
      if (_forecastLists && !follows)
        throw MardynException("step " + std::to_string(_step) + ": a molecule moved farther than the Verlet list's " +
                              "forecast of the last step allowed (an internal error; --full-exchange avoids it)");
      if (_forecastLists || !_decomp->anyTrue(!follows)) {
        _follower->keepSlotsNextTraversal();
        ++_haloRefreshes;
        return;
      }
    }
    _follower->rebuildNextTraversal();
  }
  if (balance) {
    // The regions follow the work: the force time since the last rebalancing tells each process's share.
    const double work = _timers["forces"].seconds();
    if (_decomp->rebalance(*_container, *_domain, work - _workAtRebalance) && _follower) _follower->rebuildNextTraversal();
    _workAtRebalance = work;
  }
  _decomp->exchangeMolecules(*_container, *_domain);
  ++_fullExchanges;
  _haloFollows = _follower && _decomp->agreeOnHaloPlan();
  if (_newtonAcross) {
    // Pairs across process faces are computed once where every process can send the forces on its halo
    // copies back along the plan, with lists built together at this step (no molecule changes its
    // process while they live).
    _follower->setNewton(_haloFollows);
    _follower->rebuildNextTraversal();
  }
}

void Simulation::computeForces() {
  {
    ScopedTimer t(_timers["forces"]);
    if (_resident) {
      _resident->computeForces();  // U_pot and virial come with the kinetic sums (finishForces)
    } else {
      _container->traverseCells(*_processor);
      if (!_container->traversalResult(_localUpot, _localVirial)) {
        _localUpot = _processor->upot();
        _localVirial = _processor->virial();
      }
    }
  }
  if (!_resident && _follower && _follower->newton()) {  // the halo copies' forces go back to their owners
    ScopedTimer t(_timers["cells"]);
    _decomp->returnHaloForces(*_container);
  }
  ScopedTimer t(_timers["forces"]);
  PluginStep s = pluginStep(!_prepared);
  if (_resident) {
    _pluginUpot = _pluginVirial = 0.0;  // what the plugins add to the resident step's sums
    s.upot = &_pluginUpot;
    s.virial = &_pluginVirial;
  } else {
    s.upot = &_localUpot;
    s.virial = &_localVirial;
  }
  runPlugins(PluginHook::SiteWiseForces, s);  // the planar correction, walls
  runPlugins(PluginHook::AfterForces, s);     // before the force check (MaxCheck caps first)
  // The force check follows in finishForces (in the pass of the kick).
}

KineticSums Simulation::finishForces(bool kick) {
  KineticSums sums;
  sums.reset(_config.components.size());
  if (_resident) {
    try {
      _resident->postForces(_integrator->timestep(), kick, sums);
    } catch (const ResidentTimeStep::ForceAlarm& alarm) {
      // The host's check names the cause (the closest overlapping pair) from the molecules as they are now.
      _conditions->checkForces(*_container, _step);
      throw ConditionsCheck::Error("step " + std::to_string(_step) + ": " + alarm.what());
    }
    _container->traversalResult(_localUpot, _localVirial);
    _localUpot += _pluginUpot;
    _localVirial += _pluginVirial;
  } else if (kick) {
    if (const Molecule* bad = _integrator->eventForcesCalculated(*_container, sums, _conditions.get()))
      _conditions->reportForces(*bad, *_container, _step);
  } else {
    _conditions->checkForces(*_container, _step);
    Leapfrog::accumulate(*_container, sums);
  }
  return sums;
}

void Simulation::step() {
  if (!_prepared) prepare();
  ++_step;
  {
    ScopedTimer t(_timers["integration"]);
    PluginStep s = pluginStep();
    runPlugins(PluginHook::BeforeEventNewTimestep, s);
    if (_resident)
      _resident->preForces(_integrator->timestep());
    else
      _integrator->eventNewTimestep(*_container);
    runPlugins(PluginHook::BeforeExchange, s);  // moves, inserts, removes: before the halos are made
  }
  {
    ScopedTimer t(_timers["cells"]);
    if (_resident)
      _resident->exchange(*_decomp, *_domain);
    else
      exchange();
  }
  {
    PluginStep s = pluginStep();
    runPlugins(PluginHook::BeforeForces, s);
  }
  computeForces();
  {
    ScopedTimer t(_timers["integration"]);
    computeGlobalValues(finishForces(true), true);
    PluginStep s = pluginStep();
    runPlugins(PluginHook::EndStep, s);  // TemperatureControl after the global values
  }
  _time += _integrator->timestep();
  ScopedTimer t(_timers["I/O"]);
  for (auto& p : _outputs) p->afterStep(_step, _time, *this);
}

void Simulation::finish() {
  ScopedTimer t(_timers["I/O"]);
  for (auto& p : _outputs) p->finish(_step, _time, *this);
}

std::vector<Molecule> Simulation::gatherMolecules() const {
  std::vector<Molecule> all = _decomp->gatherMolecules(*_container);
  // Between full exchanges a molecule may have crossed the box's face unwrapped (by less than skin/2).
  const Vec3& box = _config.box;
  for (Molecule& m : all)
    m.setR({DomainDecompSequential::wrap(m.r().x, box.x), DomainDecompSequential::wrap(m.r().y, box.y),
            DomainDecompSequential::wrap(m.r().z, box.z)});
  return all;
}

std::vector<std::pair<std::string, std::string>> Simulation::pluginStates() const {
  std::vector<std::pair<std::string, std::string>> states;
  for (const auto& p : _outputs)
    if (auto s = p->saveState(); !s.empty()) states.emplace_back(p->name(), std::move(s));
  return states;
}

}  // namespace mardyn
