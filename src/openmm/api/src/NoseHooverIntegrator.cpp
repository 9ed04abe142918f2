// NoseHooverIntegrator: chains with validation, their particles and degrees of freedom from the System
// (3 per particle or pair, less the constraints among them, less 3 with a CMMotionRemover for a chain on every
// particle), stepping through the platform's IntegrateNoseHooverStep kernel, chain state in checkpoints.
#include "openmm/NoseHooverIntegrator.h"

#include "openmm/CMMotionRemover.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateNoseHooverStepKernel.h"

#include <istream>
#include <ostream>
#include <set>

namespace OpenMM {

NoseHooverIntegrator::NoseHooverIntegrator(double stepSize) { setStepSize(stepSize); }

NoseHooverIntegrator::NoseHooverIntegrator(double temperature, double collisionFrequency, double stepSize,
                                           int chainLength, int numMTS, int numYoshidaSuzuki) {
  setStepSize(stepSize);
  addThermostat(temperature, collisionFrequency, chainLength, numMTS, numYoshidaSuzuki);
}

int NoseHooverIntegrator::addThermostat(double temperature, double collisionFrequency, int chainLength, int numMTS,
                                        int numYoshidaSuzuki) {
  return addSubsystemThermostat({}, {}, temperature, collisionFrequency, temperature, collisionFrequency, chainLength,
                                numMTS, numYoshidaSuzuki);
}

int NoseHooverIntegrator::addSubsystemThermostat(const std::vector<int>& thermostatedParticles,
                                                 const std::vector<std::pair<int, int>>& thermostatedPairs,
                                                 double temperature, double collisionFrequency,
                                                 double relativeTemperature, double relativeCollisionFrequency,
                                                 int chainLength, int numMTS, int numYoshidaSuzuki) {
  if (_context != nullptr)
    throw OpenMMException("NoseHooverIntegrator: thermostats cannot be added once it is bound to a Context");
  const bool everything = thermostatedParticles.empty() && thermostatedPairs.empty();
  for (const auto& existing : _chains)
    if (everything || (existing.getThermostatedAtoms().empty() && existing.getThermostatedPairs().empty()))
      throw OpenMMException("NoseHooverIntegrator: a thermostat on every particle cannot be combined with another");
  _chains.emplace_back(temperature, relativeTemperature, collisionFrequency, relativeCollisionFrequency, 0,
                       chainLength, numMTS, numYoshidaSuzuki, static_cast<int>(_chains.size()), thermostatedParticles,
                       thermostatedPairs);
  if (!everything)
    _hasSubsystemThermostats = true;
  return static_cast<int>(_chains.size()) - 1;
}

NoseHooverChain& NoseHooverIntegrator::chain(int chainID, const char* what) {
  if (chainID < 0 || chainID >= getNumThermostats())
    throw OpenMMException(std::string("NoseHooverIntegrator::") + what + ": no thermostat with index " +
                          std::to_string(chainID) + " (there are " + std::to_string(getNumThermostats()) + ")");
  return _chains[static_cast<size_t>(chainID)];
}

const NoseHooverChain& NoseHooverIntegrator::chain(int chainID, const char* what) const {
  return const_cast<NoseHooverIntegrator*>(this)->chain(chainID, what);
}

double NoseHooverIntegrator::getTemperature(int id) const { return chain(id, "getTemperature").getTemperature(); }
void NoseHooverIntegrator::setTemperature(double t, int id) {
  if (!(t >= 0.0))
    throw OpenMMException("NoseHooverIntegrator: temperature cannot be negative, got " + std::to_string(t));
  chain(id, "setTemperature").setTemperature(t);
}
double NoseHooverIntegrator::getRelativeTemperature(int id) const {
  return chain(id, "getRelativeTemperature").getRelativeTemperature();
}
void NoseHooverIntegrator::setRelativeTemperature(double t, int id) {
  if (!(t >= 0.0))
    throw OpenMMException("NoseHooverIntegrator: temperature cannot be negative, got " + std::to_string(t));
  chain(id, "setRelativeTemperature").setRelativeTemperature(t);
}
double NoseHooverIntegrator::getCollisionFrequency(int id) const {
  return chain(id, "getCollisionFrequency").getCollisionFrequency();
}
void NoseHooverIntegrator::setCollisionFrequency(double f, int id) {
  if (!(f > 0.0))
    throw OpenMMException("NoseHooverIntegrator: collision frequency must be positive, got " + std::to_string(f));
  chain(id, "setCollisionFrequency").setCollisionFrequency(f);
}
double NoseHooverIntegrator::getRelativeCollisionFrequency(int id) const {
  return chain(id, "getRelativeCollisionFrequency").getRelativeCollisionFrequency();
}
void NoseHooverIntegrator::setRelativeCollisionFrequency(double f, int id) {
  if (!(f > 0.0))
    throw OpenMMException("NoseHooverIntegrator: collision frequency must be positive, got " + std::to_string(f));
  chain(id, "setRelativeCollisionFrequency").setRelativeCollisionFrequency(f);
}

const NoseHooverChain& NoseHooverIntegrator::getThermostat(int id) const { return chain(id, "getThermostat"); }

void NoseHooverIntegrator::initializeThermostats(const System& system) {
  const int n = system.getNumParticles();
  bool removesCM = false;
  for (int i = 0; i < system.getNumForces(); i++)
    if (dynamic_cast<const CMMotionRemover*>(&system.getForce(i)) != nullptr)
      removesCM = true;
  auto moving = [&](int p) { return system.getParticleMass(p) != 0.0 && !system.isVirtualSite(p); };
  auto check = [&](int p, int chainID) {
    if (p < 0 || p >= n)
      throw OpenMMException("NoseHooverIntegrator: thermostat " + std::to_string(chainID) +
                            " names particle " + std::to_string(p) + ", the System has " + std::to_string(n));
  };
  std::set<int> claimed;
  _allAtoms.clear();
  _allPairs.clear();
  for (auto& c : _chains) {
    std::vector<int> atoms = c.getThermostatedAtoms();
    const auto& pairs = c.getThermostatedPairs();
    const bool everything = atoms.empty() && pairs.empty();
    if (everything)
      for (int p = 0; p < n; p++)
        if (moving(p))
          atoms.push_back(p);
    std::set<int> members;
    for (int p : atoms) {
      check(p, c.getChainID());
      if (!moving(p))
        throw OpenMMException("NoseHooverIntegrator: thermostat " + std::to_string(c.getChainID()) +
                              " names particle " + std::to_string(p) + ", which is massless or a virtual site");
      members.insert(p);
    }
    for (const auto& pair : pairs) {
      check(pair.first, c.getChainID());
      check(pair.second, c.getChainID());
      if (!moving(pair.first) || !moving(pair.second))
        throw OpenMMException("NoseHooverIntegrator: thermostated pair " + std::to_string(pair.first) + "-" +
                              std::to_string(pair.second) + " has a massless particle or a virtual site");
      members.insert(pair.first);
      members.insert(pair.second);
    }
    for (int p : members)
      if (!claimed.insert(p).second)
        throw OpenMMException("NoseHooverIntegrator: particle " + std::to_string(p) +
                              " belongs to more than one thermostat");
    if (members.size() != atoms.size() + 2 * pairs.size())
      throw OpenMMException("NoseHooverIntegrator: thermostat " + std::to_string(c.getChainID()) +
                            " names a particle twice");
    int constraints = 0;
    for (int i = 0; i < system.getNumConstraints(); i++) {
      int p1, p2;
      double d;
      system.getConstraintParameters(i, p1, p2, d);
      if (members.count(p1) && members.count(p2))
        constraints++;
    }
    int dof = 3 * static_cast<int>(atoms.size() + pairs.size()) - constraints - (everything && removesCM ? 3 : 0);
    c.setNumDegreesOfFreedom(dof);
    if (everything)
      c.setThermostatedAtoms(atoms);
    _allAtoms.insert(_allAtoms.end(), atoms.begin(), atoms.end());
    for (const auto& pair : pairs)
      _allPairs.emplace_back(pair.first, pair.second, c.getRelativeTemperature());
  }
}

void NoseHooverIntegrator::initialize(ContextImpl& context) {
  _context = &context;
  _owner = &context.getOwner();
  try {
    initializeThermostats(context.getSystem());
    _kernel = context.getPlatform().createKernel(IntegrateNoseHooverStepKernel::Name(), context);
    _kernel.getAs<IntegrateNoseHooverStepKernel>().initialize(context.getSystem(), *this);
  } catch (...) {
    cleanup();
    throw;
  }
}

void NoseHooverIntegrator::cleanup() {
  _kernel = Kernel();
  // A chain on every particle is one again for the next Context (its list was filled from the System).
  for (auto& c : _chains)
    if (c.getThermostatedPairs().empty() && !_hasSubsystemThermostats)
      c.setThermostatedAtoms({});
  Integrator::cleanup();
}

std::vector<std::string> NoseHooverIntegrator::getKernelNames() { return {IntegrateNoseHooverStepKernel::Name()}; }

double NoseHooverIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateNoseHooverStepKernel>().computeKineticEnergy(boundContext("NoseHooverIntegrator"),
                                                                             *this);
}

double NoseHooverIntegrator::computeHeatBathEnergy() {
  return _kernel.getAs<IntegrateNoseHooverStepKernel>().computeHeatBathEnergy(boundContext("NoseHooverIntegrator"),
                                                                              *this);
}

void NoseHooverIntegrator::step(int steps) {
  ContextImpl& context = boundContext("NoseHooverIntegrator");
  for (int i = 0; i < steps; i++)
    _kernel.getAs<IntegrateNoseHooverStepKernel>().execute(context, *this);
}

void NoseHooverIntegrator::createCheckpoint(std::ostream& stream) const {
  std::vector<double> states = _kernel.getAs<IntegrateNoseHooverStepKernel>().getChainStates();
  const long long count = static_cast<long long>(states.size());
  stream.write(reinterpret_cast<const char*>(&count), sizeof(count));
  stream.write(reinterpret_cast<const char*>(states.data()), static_cast<std::streamsize>(count * sizeof(double)));
}

void NoseHooverIntegrator::loadCheckpoint(std::istream& stream) {
  long long count = -1;
  stream.read(reinterpret_cast<char*>(&count), sizeof(count));
  std::vector<double> expected = _kernel.getAs<IntegrateNoseHooverStepKernel>().getChainStates();
  if (!stream || count != static_cast<long long>(expected.size()))
    throw OpenMMException("NoseHooverIntegrator: the checkpoint does not hold the state of this integrator's chains");
  std::vector<double> states(static_cast<size_t>(count));
  stream.read(reinterpret_cast<char*>(states.data()), static_cast<std::streamsize>(count * sizeof(double)));
  if (!stream)
    throw OpenMMException("NoseHooverIntegrator: the checkpoint is truncated");
  _kernel.getAs<IntegrateNoseHooverStepKernel>().setChainStates(states);
}

} // namespace OpenMM
