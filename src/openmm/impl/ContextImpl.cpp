// ContextImpl: the creation sequence (ForceImpls, platform data, core kernels, ForceImpl and integrator
// initialisation) and the force-evaluation loop; state access goes through UpdateStateDataKernel.
#include "openmm/internal/ContextImpl.h"

#include "openmm/Context.h"
#include "openmm/Force.h"
#include "openmm/Integrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/VirtualSite.h"
#include "openmm/internal/ForceImpl.h"
#include "openmm/internal/VirtualSiteLevels.h"
#include "openmm/kernels/ApplyConstraintsKernel.h"
#include "openmm/kernels/CalcForcesAndEnergyKernel.h"
#include "openmm/kernels/UpdateStateDataKernel.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <istream>
#include <numeric>
#include <ostream>
#include <typeinfo>

namespace OpenMM {

ContextImpl::ContextImpl(Context& owner, const System& system, Integrator& integrator, Platform* platform,
                         const std::map<std::string, std::string>& properties)
    : _owner(owner), _system(system), _integrator(integrator) {
  if (system.getNumParticles() == 0)
    throw OpenMMException("Cannot create a Context for a System with no particles");
  if (integrator._context != nullptr)
    throw OpenMMException("This Integrator is already bound to a context");
  for (int i = 0; i < system.getNumConstraints(); i++) {
    int p1, p2;
    double distance;
    system.getConstraintParameters(i, p1, p2, distance);
    // As in OpenMM: a constraint between two massless particles is ignored, one joining a massless particle to
    // a massive one is an error.
    if ((system.getParticleMass(p1) == 0.0) != (system.getParticleMass(p2) == 0.0))
      throw OpenMMException("A constraint cannot involve a massless particle: constraint " + std::to_string(i) +
                            " joins particles " + std::to_string(p1) + " and " + std::to_string(p2) +
                            ", one of them massless");
  }
  for (int i = 0; i < system.getNumParticles(); i++) {
    if (!system.isVirtualSite(i))
      continue;
    if (system.getParticleMass(i) != 0.0)
      throw OpenMMException("Virtual site " + std::to_string(i) +
                            " has a nonzero mass; virtual sites must be massless");
    const VirtualSite& site = system.getVirtualSite(i);
    for (int j = 0; j < site.getNumParticles(); j++) {
      int p = site.getParticle(j);
      if (p < 0 || p >= system.getNumParticles() || p == i)
        throw OpenMMException("Virtual site " + std::to_string(i) +
                              " depends on an illegal particle index: " + std::to_string(p));
    }
  }
  virtualSiteLevels(system); // sites may depend on sites, but not in a cycle
  for (int i = 0; i < system.getNumForces(); i++)
    _forceImpls.emplace_back(system.getForce(i).createImpl());

  std::vector<std::string> kernelNames = {CalcForcesAndEnergyKernel::Name(), UpdateStateDataKernel::Name(),
                                          ApplyConstraintsKernel::Name()};
  for (const auto& name : integrator.getKernelNames())
    kernelNames.push_back(name);
  for (auto& impl : _forceImpls)
    for (const auto& name : impl->getKernelNames())
      kernelNames.push_back(name);
  if (platform != nullptr) {
    if (!platform->supportsKernels(kernelNames))
      throw OpenMMException(
          "Specified a Platform (" + platform->getName() +
          ") for a Context which does not support all required kernels: " + describeUnsupported(*platform, integrator));
    createOn(*platform, properties);
    return;
  }
  // No Platform named: the fastest one that has every kernel and accepts the System. A GPU platform refuses at
  // initialisation what its kernels do not implement (PME, constraints, ...); then the next one is tried.
  std::vector<Platform*> candidates;
  for (int i = 0; i < Platform::getNumPlatforms(); i++)
    if (Platform::getPlatform(i).supportsKernels(kernelNames))
      candidates.push_back(&Platform::getPlatform(i));
  if (candidates.empty())
    Platform::findPlatform(kernelNames);  // throws its message
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Platform* x, const Platform* y) { return x->getSpeed() > y->getSpeed(); });
  std::string refusals;
  for (Platform* candidate : candidates) {
    try {
      createOn(*candidate, properties);
      return;
    } catch (const OpenMMException& e) {
      refusals += (refusals.empty() ? "" : "; ") + candidate->getName() + ": " + e.what();
    }
  }
  throw OpenMMException("No Platform accepts this System (" + refusals + ")");
}

void ContextImpl::createOn(Platform& platform, const std::map<std::string, std::string>& properties) {
  const System& system = _system;
  Integrator& integrator = _integrator;
  if (_forceImpls.empty())
    for (int i = 0; i < system.getNumForces(); i++)
      _forceImpls.emplace_back(system.getForce(i).createImpl());
  _parameters.clear();
  _platform = &platform;
  _platform->contextCreated(*this, properties);
  _platformDataCreated = true;
  try {
    _initializeForcesKernel = _platform->createKernel(CalcForcesAndEnergyKernel::Name(), *this);
    _initializeForcesKernel.getAs<CalcForcesAndEnergyKernel>().initialize(system);
    _updateStateDataKernel = _platform->createKernel(UpdateStateDataKernel::Name(), *this);
    _updateStateDataKernel.getAs<UpdateStateDataKernel>().initialize(system);
    _applyConstraintsKernel = _platform->createKernel(ApplyConstraintsKernel::Name(), *this);
    _applyConstraintsKernel.getAs<ApplyConstraintsKernel>().initialize(system);
    Vec3 a, b, c;
    system.getDefaultPeriodicBoxVectors(a, b, c);
    _updateStateDataKernel.getAs<UpdateStateDataKernel>().setPeriodicBoxVectors(*this, a, b, c);
    for (auto& impl : _forceImpls) {
      impl->initialize(*this);
      for (const auto& parameter : impl->getDefaultParameters()) {
        const auto known = _parameters.find(parameter.first);
        if (known != _parameters.end() && known->second != parameter.second)
          throw OpenMMException("Two Forces give the global parameter '" + parameter.first +
                                "' different default values (" + std::to_string(known->second) + " and " +
                                std::to_string(parameter.second) + ")");
        _parameters[parameter.first] = parameter.second;
      }
    }
    integrator.initialize(*this);
  } catch (...) {
    integrator.cleanup();
    _forceImpls.clear();
    _initializeForcesKernel = _updateStateDataKernel = _applyConstraintsKernel = Kernel();
    _platform->contextDestroyed(*this);
    _platformDataCreated = false;
    throw;
  }
}

namespace {

/** The class name of an object without its namespace (e.g. "CustomBondForce"). */
std::string className(const std::type_info& type) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled != nullptr ? demangled : type.name();
  std::free(demangled);
  size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

} // namespace

std::string ContextImpl::describeUnsupported(const Platform& platform, Integrator& integrator) const {
  std::string text;
  auto add = [&](const std::string& owner, const std::vector<std::string>& names) {
    for (const auto& name : names)
      if (!platform.supportsKernels({name}))
        text += (text.empty() ? "" : "; ") + std::string("the ") + platform.getName() +
                " platform does not implement " + owner + " (kernel " + name + ")";
  };
  add(className(typeid(integrator)), integrator.getKernelNames());
  for (const auto& impl : _forceImpls)
    add(className(typeid(impl->getOwner())), impl->getKernelNames());
  return text.empty() ? "a core kernel is missing" : text;
}

ContextImpl::~ContextImpl() {
  _integrator.cleanup();
  _forceImpls.clear();
  _initializeForcesKernel = _updateStateDataKernel = _applyConstraintsKernel = Kernel();
  if (_platformDataCreated)
    _platform->contextDestroyed(*this);
}

void ContextImpl::checkPositionsSet(const char* operation) const {
  if (!_hasSetPositions)
    throw OpenMMException(std::string("Particle positions have not been set (call Context::setPositions() before ") +
                          operation + ")");
}

double ContextImpl::getTime() const { return _updateStateDataKernel.getAs<UpdateStateDataKernel>().getTime(*this); }

void ContextImpl::setTime(double t) { _updateStateDataKernel.getAs<UpdateStateDataKernel>().setTime(*this, t); }

long long ContextImpl::getStepCount() const {
  return _updateStateDataKernel.getAs<UpdateStateDataKernel>().getStepCount(*this);
}

void ContextImpl::setStepCount(long long count) {
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().setStepCount(*this, count);
}

void ContextImpl::getPositions(std::vector<Vec3>& positions) {
  checkPositionsSet("getting positions");
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().getPositions(*this, positions);
}

void ContextImpl::setPositions(const std::vector<Vec3>& positions) {
  if (static_cast<int>(positions.size()) != _system.getNumParticles())
    throw OpenMMException("Called setPositions() on a Context with the wrong number of positions: got " +
                          std::to_string(positions.size()) + ", the System has " +
                          std::to_string(_system.getNumParticles()) + " particles");
  for (size_t i = 0; i < positions.size(); i++)
    for (int d = 0; d < 3; d++)
      if (!std::isfinite(positions[i][d]))
        throw OpenMMException("Called setPositions() with a non-finite position for particle " + std::to_string(i));
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().setPositions(*this, positions);
  _hasSetPositions = true;
}

void ContextImpl::getVelocities(std::vector<Vec3>& velocities) {
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().getVelocities(*this, velocities);
}

void ContextImpl::setVelocities(const std::vector<Vec3>& velocities) {
  if (static_cast<int>(velocities.size()) != _system.getNumParticles())
    throw OpenMMException("Called setVelocities() on a Context with the wrong number of velocities: got " +
                          std::to_string(velocities.size()) + ", the System has " +
                          std::to_string(_system.getNumParticles()) + " particles");
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().setVelocities(*this, velocities);
}

void ContextImpl::getForces(std::vector<Vec3>& forces) {
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().getForces(*this, forces);
}

void ContextImpl::getEnergyParameterDerivatives(std::map<std::string, double>& derivatives) {
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().getEnergyParameterDerivatives(*this, derivatives);
}

void ContextImpl::getPeriodicBoxVectors(Vec3& a, Vec3& b, Vec3& c) {
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().getPeriodicBoxVectors(*this, a, b, c);
}

void ContextImpl::setPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c) {
  if (a[1] != 0.0 || a[2] != 0.0 || b[2] != 0.0 || a[0] <= 0.0 || b[1] <= 0.0 || c[2] <= 0.0)
    throw OpenMMException("Context: periodic box vectors must be in reduced form (a along x, b in the xy-plane)");
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().setPeriodicBoxVectors(*this, a, b, c);
}

double ContextImpl::getParameter(const std::string& name) const {
  auto it = _parameters.find(name);
  if (it == _parameters.end())
    throw OpenMMException("Called getParameter() with invalid parameter name: " + name);
  return it->second;
}

void ContextImpl::setParameter(const std::string& name, double value) {
  auto it = _parameters.find(name);
  if (it == _parameters.end())
    throw OpenMMException("Called setParameter() with invalid parameter name: " + name);
  it->second = value;
}

void ContextImpl::applyConstraints(double tol) {
  checkPositionsSet("applying constraints");
  _applyConstraintsKernel.getAs<ApplyConstraintsKernel>().apply(*this, tol);
}

void ContextImpl::applyVelocityConstraints(double tol) {
  if (!_hasSetPositions)
    return; // Without positions the constraint directions are undefined; nothing to project yet.
  _applyConstraintsKernel.getAs<ApplyConstraintsKernel>().applyToVelocities(*this, tol);
}

double ContextImpl::calcForcesAndEnergy(bool includeForces, bool includeEnergy, int groups) {
  checkPositionsSet("computing forces or energies");
  _lastForceGroups = groups;
  auto& kernel = _initializeForcesKernel.getAs<CalcForcesAndEnergyKernel>();
  bool valid = false;
  double energy = 0.0;
  while (!valid) {
    valid = true;
    energy = 0.0;
    kernel.beginComputation(*this, includeForces, includeEnergy, groups);
    for (auto& impl : _forceImpls)
      energy += impl->calcForcesAndEnergy(*this, includeForces, includeEnergy, groups);
    energy += kernel.finishComputation(*this, includeForces, includeEnergy, groups, valid);
  }
  return energy;
}

double ContextImpl::calcKineticEnergy() { return _integrator.computeKineticEnergy(); }

bool ContextImpl::updateContextState() {
  bool forcesInvalid = false;
  for (auto& impl : _forceImpls)
    impl->updateContextState(*this, forcesInvalid);
  return forcesInvalid;
}

const std::vector<std::vector<int>>& ContextImpl::getMolecules() const {
  if (!_molecules.empty())
    return _molecules;
  int n = _system.getNumParticles();
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  auto join = [&](int i, int j) {
    if (i >= 0 && j >= 0 && i < n && j < n)
      parent[root(i)] = root(j);
  };
  for (int i = 0; i < _system.getNumConstraints(); i++) {
    int p1, p2;
    double distance;
    _system.getConstraintParameters(i, p1, p2, distance);
    join(p1, p2);
  }
  for (const auto& impl : _forceImpls)
    for (const auto& bond : impl->getBondedParticles())
      join(bond.first, bond.second);
  for (int i = 0; i < n; i++)
    if (_system.isVirtualSite(i)) {
      const VirtualSite& site = _system.getVirtualSite(i);
      for (int j = 0; j < site.getNumParticles(); j++)
        join(i, site.getParticle(j));
    }
  std::map<int, std::vector<int>> groups;
  for (int i = 0; i < n; i++)
    groups[root(i)].push_back(i);
  for (auto& group : groups)
    _molecules.push_back(std::move(group.second));
  return _molecules;
}

namespace {
const char checkpointMagic[8] = {'O', 'M', 'M', 'C', 'K', 'P', 'T', '1'};

template <class T> void writeValue(std::ostream& stream, const T& value) {
  stream.write(reinterpret_cast<const char*>(&value), sizeof(T));
}

template <class T> T readValue(std::istream& stream) {
  T value;
  stream.read(reinterpret_cast<char*>(&value), sizeof(T));
  if (!stream)
    throw OpenMMException("Context::loadCheckpoint: the checkpoint is truncated");
  return value;
}
} // namespace

void ContextImpl::createCheckpoint(std::ostream& stream) {
  checkPositionsSet("creating a checkpoint");
  stream.write(checkpointMagic, sizeof(checkpointMagic));
  writeValue<int>(stream, _system.getNumParticles());
  writeValue<int>(stream, static_cast<int>(_parameters.size()));
  for (const auto& parameter : _parameters) {
    writeValue<int>(stream, static_cast<int>(parameter.first.size()));
    stream.write(parameter.first.data(), parameter.first.size());
    writeValue<double>(stream, parameter.second);
  }
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().createCheckpoint(*this, stream);
  _integrator.createCheckpoint(stream);
  if (!stream)
    throw OpenMMException("Context::createCheckpoint: writing to the stream failed");
}

void ContextImpl::loadCheckpoint(std::istream& stream) {
  char magic[sizeof(checkpointMagic)];
  stream.read(magic, sizeof(magic));
  if (!stream || std::memcmp(magic, checkpointMagic, sizeof(magic)) != 0)
    throw OpenMMException("Context::loadCheckpoint: the stream does not hold a checkpoint of this library");
  int numParticles = readValue<int>(stream);
  if (numParticles != _system.getNumParticles())
    throw OpenMMException("Context::loadCheckpoint: checkpoint is for " + std::to_string(numParticles) +
                          " particles, the System has " + std::to_string(_system.getNumParticles()));
  int numParameters = readValue<int>(stream);
  for (int i = 0; i < numParameters; i++) {
    int length = readValue<int>(stream);
    std::string name(static_cast<size_t>(length), ' ');
    stream.read(&name[0], length);
    double value = readValue<double>(stream);
    _parameters[name] = value;
  }
  _updateStateDataKernel.getAs<UpdateStateDataKernel>().loadCheckpoint(*this, stream);
  _integrator.loadCheckpoint(stream);
  _hasSetPositions = true;
}

} // namespace OpenMM
