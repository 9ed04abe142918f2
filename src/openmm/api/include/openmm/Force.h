// Force: base of every force in a System. Holds the force group (0-31); createImpl() makes the
// ForceImpl that does the work inside one Context.
#pragma once

#include <string>

namespace OpenMM {

class Context;
class ContextImpl;
class ForceImpl;

class Force {
public:
  Force() = default;
  virtual ~Force() = default;

  /** The force group (0 to 31) used to select forces in getState() and integrators. */
  int getForceGroup() const { return _forceGroup; }
  void setForceGroup(int group);
  /** A user-defined label; by default the class name. */
  const std::string& getName() const;
  void setName(const std::string& name) { _name = name; }
  /** Whether this force applies periodic boundary conditions. */
  virtual bool usesPeriodicBoundaryConditions() const = 0;

protected:
  friend class ContextImpl;
  /** Creates the ForceImpl for one Context; the caller owns it. */
  virtual ForceImpl* createImpl() const = 0;
  /** The ForceImpl of this Force inside context; throws if this Force is not part of its System. */
  ForceImpl& getImplInContext(Context& context);
  const ForceImpl& getImplInContext(const Context& context) const;
  ContextImpl& getContextImpl(Context& context);

private:
  int _forceGroup = 0;
  std::string _name;
};

} // namespace OpenMM
