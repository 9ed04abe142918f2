// Force: force-group bookkeeping and access to a Force's ForceImpl inside a Context.
// The ForceImpl is found by identity of its owner among the ContextImpl's ForceImpls.
#include "openmm/Force.h"

#include "openmm/Context.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

void Force::setForceGroup(int group) {
  if (group < 0 || group > 31)
    throw OpenMMException("Force: force group must be between 0 and 31, got " + std::to_string(group));
  _forceGroup = group;
}

const std::string& Force::getName() const { return _name; }

ForceImpl& Force::getImplInContext(Context& context) {
  // Only updateParametersInContext asks for a Force's implementation to change it.
  context.getImpl().forceParametersChanged();
  for (auto& impl : context.getImpl().getForceImpls())
    if (&impl->getOwner() == this)
      return *impl;
  throw OpenMMException("This Force is not present in the Context");
}

const ForceImpl& Force::getImplInContext(const Context& context) const {
  for (auto& impl : context.getImpl().getForceImpls())
    if (&impl->getOwner() == this)
      return *impl;
  throw OpenMMException("This Force is not present in the Context");
}

ContextImpl& Force::getContextImpl(Context& context) { return context.getImpl(); }

} // namespace OpenMM
