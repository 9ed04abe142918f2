// Simulation: set-up of all parts from the configuration, the time loop in ls1-mardyn's order
// (half kick + drift, exchange, forces, half kick, global values, thermostat, outputs) and the summary.
#include "Simulation.h"

#include "PlanarLongRange.h"
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
}

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
  if (_decorator) createContainer(true);  // a decorated traversal needs neither a Verlet list nor its wider halo
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
  if (_decorator) {
    std::unique_ptr<LinkedCells> lc(static_cast<LinkedCells*>(_container.release()));
    _container = _decorator(std::move(lc));
  }
  _resident = dynamic_cast<ResidentTimeStep*>(_container.get());
  if (_resident && !_physics.empty()) {
    std::string names;
    for (const auto& p : _physics) names += (names.empty() ? "" : ", ") + p->name();
    throw MardynException("the GPU time step does not support " + names +
                          " (they change forces, velocities or positions on the host); run without --gpu or remove them");
  }
  if (_resident) {
    std::vector<double> force2, torque2;
    for (std::size_t c = 0; c < _config.components.size(); ++c) {
      force2.push_back(_conditions->forceLimit2(c));
      torque2.push_back(_conditions->torqueLimit2(c));
    }
    _resident->setForceLimits(force2, torque2);
  }
  std::vector<Molecule> all;
  all.reserve(_config.molecules.size());
  std::vector<unsigned long> counts(_config.components.size(), 0);
  for (const MoleculeRecord& rec : _config.molecules) {
    if (rec.component >= _config.components.size())
      throw MardynException("Simulation: molecule " + std::to_string(rec.id) + " has unknown component " +
                            std::to_string(rec.component + 1));
    all.emplace_back(rec.id, &_config.components[rec.component], rec.r, rec.v, rec.q, rec.L);
  }
  for (const auto& p : _physics) p->prepareMolecules(all);  // MettDeamon: the reservoir's molecules are held
  for (const Molecule& m : all) ++counts[m.componentId()];
  _decomp->distributeMolecules(all, *_container, *_domain);
  if (_config.longRange == SimulationConfig::LongRange::Homogeneous) {
    _domain->computeLongRangeCorrection(_config.components, counts, *_params);
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
  {
    ScopedTimer t(_timers["cells"]);
    if (_resident)
      _resident->exchange(*_decomp, *_domain);
    else
      exchange();
  }
  {
    PluginStep s = pluginStep(true);
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
    _decomp->refreshHalo(*_container);
    if (!_decomp->anyTrue(!_follower->followMolecules())) {
      _follower->keepSlotsNextTraversal();
      ++_haloRefreshes;
      return;
    }
    // A process's list needs a build: every process builds its own at this step, so that the next
    // build comes for all at once (else each process's builds would cost all of them an exchange).
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
      return;
    }
    _container->traverseCells(*_processor);
    if (!_container->traversalResult(_localUpot, _localVirial)) {
      _localUpot = _processor->upot();
      _localVirial = _processor->virial();
    }
  }
  if (_follower && _follower->newton()) {  // the halo copies' forces go back to their owners
    ScopedTimer t(_timers["cells"]);
    _decomp->returnHaloForces(*_container);
  }
  ScopedTimer t(_timers["forces"]);
  PluginStep s = pluginStep(!_prepared);
  s.upot = &_localUpot;
  s.virial = &_localVirial;
  for (const auto& p : _physics) p->siteWiseForces(s);  // the planar correction, walls
  for (const auto& p : _physics) p->afterForces(s);     // before the force check (MaxCheck caps first)
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
  } else if (kick) {
    if (const Molecule* bad = _integrator->eventForcesCalculated(*_container, sums, _conditions.get()))
      _conditions->reportForces(*bad, *_container, _step);
  } else {
    _conditions->checkForces(*_container, _step);
    Leapfrog::accumulate(*_container, sums);
  }
  return sums;
}

void Simulation::computeGlobalValues(const KineticSums& local, bool applyThermostat) {
  const std::size_t nc = _config.components.size();
  std::vector<double> d{_localUpot, _localVirial};
  d.insert(d.end(), local.summv2.begin(), local.summv2.end());
  d.insert(d.end(), local.sumIw2.begin(), local.sumIw2.end());
  // The counts travel in the same reduction (one collective per step): as doubles they stay exact up to 2^53.
  const std::size_t countsAt = d.size();
  d.insert(d.end(), local.count.begin(), local.count.end());
  d.insert(d.end(), local.rotDof.begin(), local.rotDof.end());
  d.push_back(_decomp->takeLostMolecules() ? 1.0 : 0.0);
  _decomp->allreduceSum(d);
  if (d.back() > 0.0)
    throw MardynException("step " + std::to_string(_step) + ": a molecule moved farther than one halo width in one "
                          "time step and left the process regions (time step too large or system exploding)");
  std::vector<unsigned long> u(2 * nc);
  for (std::size_t k = 0; k < u.size(); ++k) u[k] = static_cast<unsigned long>(std::llround(d[countsAt + k]));
  KineticSums g;
  g.reset(nc);
  double summv2 = 0.0, sumIw2 = 0.0;
  unsigned long n = 0, rotDof = 0;
  for (std::size_t c = 0; c < nc; ++c) {
    g.summv2[c] = d[2 + c];
    g.sumIw2[c] = d[2 + nc + c];
    g.count[c] = u[c];
    g.rotDof[c] = u[nc + c];
    summv2 += g.summv2[c];
    sumIw2 += g.sumIw2[c];
    n += g.count[c];
    rotDof += g.rotDof[c];
  }
  _domain->setGlobalValues(d[0], d[1], summv2, sumIw2, n, rotDof);

  GlobalValues& gv = _globals;
  gv.numMolecules = n;
  gv.volume = _domain->volume();
  gv.temperature = _domain->globalTemperature();
  gv.temperatureTrans = _domain->translationalTemperature();
  gv.temperatureRot = _domain->rotationalTemperature();
  gv.uPot = _domain->globalUpot();
  gv.uKinTrans = 0.5 * summv2;
  gv.uKinRot = 0.5 * sumIw2;
  gv.virial = _domain->globalVirial();
  gv.pressure = _domain->globalPressure();
  gv.degreesOfFreedom = _domain->degreesOfFreedom();
  gv.betaTrans = 1.0;
  gv.betaRot = 1.0;
  bool capped = false;
  if (applyThermostat && _thermostat) {
    _thermostat->computeFactors(g);
    // On the host the heuristic caps every molecule's kinetic energy, as ls1 does, and the run goes on from a
    // step whose kinetic energy jumped (overlapping set-ups); the GPU time step only changes the factors, so
    // there the jump still stops the run.
    capped = _thermostat->limitExplosions(_resident ? nullptr : _container.get()) && !_resident;
    if (_resident) {
      std::vector<double> betaTrans, betaRot;
      _thermostat->componentFactors(betaTrans, betaRot);
      _resident->scaleVelocities(betaTrans, betaRot);
    } else {
      _thermostat->apply(*_container);
    }
    gv.betaTrans = _thermostat->betaTrans(0);
    gv.betaRot = _thermostat->betaRot(0);
  }
  if (applyThermostat && _explosionGuard && !_resident) {
    _explosionGuard->computeFactors(g);
    capped = _explosionGuard->limitExplosions(_container.get());
  }
  _conditions->checkEnergies(gv.uKinTrans + gv.uKinRot, gv.uPot, n, _step, capped);
}

void Simulation::step() {
  if (!_prepared) prepare();
  ++_step;
  {
    ScopedTimer t(_timers["integration"]);
    if (_resident) {
      _resident->preForces(_integrator->timestep());
    } else {
      PluginStep s = pluginStep();
      for (const auto& p : _physics) p->beforeEventNewTimestep(s);
      _integrator->eventNewTimestep(*_container);
      for (const auto& p : _physics) p->beforeExchange(s);  // moves, inserts, removes: before the halos are made
    }
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
    for (const auto& p : _physics) p->beforeForces(s);
  }
  computeForces();
  {
    ScopedTimer t(_timers["integration"]);
    computeGlobalValues(finishForces(true), true);
    PluginStep s = pluginStep();
    for (const auto& p : _physics) p->endStep(s);  // TemperatureControl after the global values
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

std::string Simulation::startupLine() const {
  std::string supported;
  for (SimdLevel l : allSimdLevels())
    if (cpuSupports(l)) supported += std::string(supported.empty() ? "" : " ") + simdLevelName(l);
  const int threads = maxThreads();
  std::ostringstream os;
  os << "CPU: " << _processorName << " cell processor, " << simdLevelName(_simd) << " kernels (CPU has " << supported
     << "), " << threads << (threads == 1 ? " thread" : " threads") << " x " << _decomp->numProcs()
     << (_decomp->numProcs() == 1 ? " process" : " processes");
  return os.str();
}

void Simulation::run(std::ostream& log) {
  Timer wall;
  wall.start();
  prepare();
  const unsigned long steps = _config.stepsToRun();
  // Step lines and the terminal progress line come from the output plugins (StepLineWriter).
  const double bytesBefore = _resident ? static_cast<double>(_resident->transferredBytes()) : 0.0;
  Timer loop;
  loop.start();
  for (unsigned long s = 0; s < steps; ++s) step();
  loop.stop();
  const double bytes = _resident ? static_cast<double>(_resident->transferredBytes()) - bytesBefore : -1.0;
  finish();
  wall.stop();
  // The work of each process (its force computation) against the others': collective, before rank 0 prints.
  std::vector<double> workMax{_timers["forces"].seconds()}, workSum = workMax;
  _decomp->allreduceMax(workMax);
  _decomp->allreduceSum(workSum);
  if (_decomp->rank() == 0 && !_config.quiet)
    printSummary(log, wall.seconds(), loop.seconds(), steps, bytes, workMax[0], workSum[0] / _decomp->numProcs());
}

void Simulation::printSummary(std::ostream& log, double wallSeconds, double loopSeconds, unsigned long steps,
                              double transferredBytes, double workMax, double workMean) const {
  const double updates = static_cast<double>(_globals.numMolecules) * static_cast<double>(steps);
  std::ostringstream os;
  os << "Wall time: " << std::setprecision(6) << wallSeconds << " s (time loop " << loopSeconds << " s, "
     << steps << " steps, " << _decomp->numProcs() << (_decomp->numProcs() == 1 ? " process)\n" : " processes)\n");
  os << "Molecule updates per second: " << std::setprecision(6) << (loopSeconds > 0 ? updates / loopSeconds : 0.0)
     << "\n";
  // Where the molecules live on a device: what crossed between host and device per step of the loop
  // (this process; outputs included).
  if (transferredBytes >= 0.0)
    os << "Host-device traffic: " << std::setprecision(6) << (steps > 0 ? transferredBytes / steps : 0.0)
       << " bytes/step\n";
  if (_resident) os << _resident->summary(steps);
  os << "Decomposition: " << _decomp->name() << "; work per process (force computation) max/mean "
     << std::setprecision(3) << (workMean > 0.0 ? workMax / workMean : 1.0) << " (max " << workMax << " s, mean "
     << workMean << " s), " << _decomp->rebalanceCount() << (_decomp->rebalanceCount() == 1 ? " rebalancing" : " rebalancings")
     << (_newtonAcross ? "; pairs across process faces computed once" : "") << "\n";
  if (_follower)
    os << "Halo: " << _haloRefreshes << " steps moved only the halo copies' positions, " << _fullExchanges
       << " exchanged molecules\n";
  os << "Timers:\n";
  for (const auto& [name, timer] : _timers.all())
    os << "  " << std::left << std::setw(12) << name << std::right << std::setw(12) << std::fixed
       << std::setprecision(3) << timer.seconds() << " s  " << std::setw(5) << std::setprecision(1)
       << (wallSeconds > 0 ? 100.0 * timer.seconds() / wallSeconds : 0.0) << " %\n";
  log << os.str() << std::flush;
}

}  // namespace mardyn
