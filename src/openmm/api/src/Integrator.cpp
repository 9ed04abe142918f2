// Integrator: step size and constraint tolerance with validation, and the check that an integrator
// is bound to a Context before it is used.
#include "openmm/Integrator.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void Integrator::setStepSize(double size) {
  if (!(size >= 0.0) || !std::isfinite(size))
    throw OpenMMException("Integrator: step size must be finite and >= 0, got " + std::to_string(size));
  _stepSize = size;
}

void Integrator::setConstraintTolerance(double tol) {
  if (!(tol > 0.0))
    throw OpenMMException("Integrator: constraint tolerance must be positive, got " + std::to_string(tol));
  _constraintTolerance = tol;
}

void Integrator::cleanup() {
  _context = nullptr;
  _owner = nullptr;
}

ContextImpl& Integrator::boundContext(const char* className) const {
  if (_context == nullptr)
    throw OpenMMException(std::string(className) + ": This Integrator is not bound to a context!");
  return *_context;
}

} // namespace OpenMM
