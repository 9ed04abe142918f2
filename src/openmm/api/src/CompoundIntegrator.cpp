// CompoundIntegrator: owns its integrators, initialises all of them on the same ContextImpl (so each has its
// kernels) and forwards stepping and the per-step queries to the current one.
#include "openmm/CompoundIntegrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <istream>
#include <ostream>

namespace OpenMM {

int CompoundIntegrator::addIntegrator(Integrator* integrator) {
  std::unique_ptr<Integrator> owned(integrator);
  if (integrator == nullptr)
    throw OpenMMException("CompoundIntegrator: cannot add a null integrator");
  if (_context != nullptr)
    throw OpenMMException("CompoundIntegrator: integrators cannot be added once it is bound to a Context");
  if (integrator == this)
    throw OpenMMException("CompoundIntegrator: cannot add itself");
  _integrators.push_back(std::move(owned));
  return static_cast<int>(_integrators.size()) - 1;
}

Integrator& CompoundIntegrator::getIntegrator(int index) {
  if (index < 0 || index >= getNumIntegrators())
    throw OpenMMException("CompoundIntegrator: index out of range: " + std::to_string(index));
  return *_integrators[static_cast<size_t>(index)];
}

const Integrator& CompoundIntegrator::getIntegrator(int index) const {
  if (index < 0 || index >= getNumIntegrators())
    throw OpenMMException("CompoundIntegrator: index out of range: " + std::to_string(index));
  return *_integrators[static_cast<size_t>(index)];
}

void CompoundIntegrator::setCurrentIntegrator(int index) {
  if (index < 0 || index >= getNumIntegrators())
    throw OpenMMException("CompoundIntegrator: index out of range: " + std::to_string(index));
  _current = index;
}

Integrator& CompoundIntegrator::current(const char* what) const {
  if (_integrators.empty())
    throw OpenMMException(std::string("CompoundIntegrator: ") + what + " needs at least one integrator");
  return *_integrators[static_cast<size_t>(_current)];
}

double CompoundIntegrator::getStepSize() const { return current("getStepSize").getStepSize(); }
void CompoundIntegrator::setStepSize(double size) { current("setStepSize").setStepSize(size); }
double CompoundIntegrator::getConstraintTolerance() const {
  return current("getConstraintTolerance").getConstraintTolerance();
}
void CompoundIntegrator::setConstraintTolerance(double tol) {
  current("setConstraintTolerance").setConstraintTolerance(tol);
}
double CompoundIntegrator::getVelocityTimeOffset() const {
  return _integrators.empty() ? 0.0 : current("getVelocityTimeOffset").getVelocityTimeOffset();
}

void CompoundIntegrator::step(int steps) {
  boundContext("CompoundIntegrator");
  current("step").step(steps);
}

void CompoundIntegrator::initialize(ContextImpl& context) {
  if (_integrators.empty())
    throw OpenMMException("CompoundIntegrator: a Context needs at least one integrator added");
  _context = &context;
  _owner = &context.getOwner();
  try {
    for (auto& integrator : _integrators)
      integrator->initialize(context);
  } catch (...) {
    cleanup();
    throw;
  }
}

void CompoundIntegrator::cleanup() {
  for (auto& integrator : _integrators)
    integrator->cleanup();
  Integrator::cleanup();
}

std::vector<std::string> CompoundIntegrator::getKernelNames() {
  std::vector<std::string> names;
  for (auto& integrator : _integrators)
    for (const auto& name : integrator->getKernelNames())
      names.push_back(name);
  return names;
}

double CompoundIntegrator::computeKineticEnergy() { return current("computeKineticEnergy").computeKineticEnergy(); }

bool CompoundIntegrator::kineticEnergyRequiresForce() const {
  return current("kineticEnergyRequiresForce").kineticEnergyRequiresForce();
}

void CompoundIntegrator::createCheckpoint(std::ostream& stream) const {
  stream.write(reinterpret_cast<const char*>(&_current), sizeof(_current));
  for (const auto& integrator : _integrators)
    integrator->createCheckpoint(stream);
}

void CompoundIntegrator::loadCheckpoint(std::istream& stream) {
  int index = 0;
  stream.read(reinterpret_cast<char*>(&index), sizeof(index));
  if (!stream || index < 0 || index >= getNumIntegrators())
    throw OpenMMException("CompoundIntegrator: the checkpoint is truncated or names no integrator of this one");
  _current = index;
  for (auto& integrator : _integrators)
    integrator->loadCheckpoint(stream);
}

} // namespace OpenMM
