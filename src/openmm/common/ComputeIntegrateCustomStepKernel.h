// ComputeIntegrateCustomStepKernel: a CustomIntegrator on the common-compute platforms. The per-DOF computations
// (and sums, and the kinetic energy) are compiled into one device program (kernels/CustomIntegrator.cc); global
// computations and block conditions run on the host (ComputeCustomStepProgram). Forces and energies of the groups an
// expression asks for are evaluated through the Context on demand and kept until the positions change within the step.
#pragma once

#include "ComputeCustomStepProgram.h"

#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "openmm/Vec3.h"
#include "openmm/kernels/IntegrateCustomStepKernel.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace OpenMM {

class ComputePlatformData;
class ComputeTabulatedFunctions;

class ComputeIntegrateCustomStepKernel : public IntegrateCustomStepKernel {
public:
  ComputeIntegrateCustomStepKernel(std::string name, const Platform& platform, ComputePlatformData& data);
  ~ComputeIntegrateCustomStepKernel() override;
  void initialize(const System& system, const CustomIntegrator& integrator) override;
  void execute(ContextImpl& context, CustomIntegrator& integrator) override;
  double computeKineticEnergy(ContextImpl& context, CustomIntegrator& integrator) override;

private:
  /** Uploads the per-DOF variables the integrator holds where they differ from the device's. */
  void uploadPerDof(const CustomIntegrator& integrator);
  /** Gives the integrator the per-DOF variables the step wrote. */
  void downloadPerDof(CustomIntegrator& integrator);
  /** Evaluates forces and energy of `groups` (a mask) unless kept; the forces go to the cache slots of those groups. */
  void evaluateGroups(ContextImpl& context, const CustomIntegrator& integrator, int groups);
  double energy(ContextImpl& context, const CustomIntegrator& integrator, int symbol);
  /** Places the virtual sites from their parents (after the positions changed, as the Reference platform does). */
  void placeVirtualSites();
  /** Forgets the forces and energies kept (the positions, box or parameters changed). */
  void positionsChanged();
  /** The host variable table for a global expression (dt, globals, energies and random numbers it reads). */
  double evaluateGlobal(ContextImpl& context, const CustomIntegrator& integrator,
                        const ComputeCustomStepProgram::HostExpression& expression);
  /** One launch of customPerDof for every DOF; a sum comes back as one number. */
  double runPerDof(ContextImpl& context, const CustomIntegrator& integrator,
                   const ComputeCustomStepProgram::DeviceExpression& expression, int target);
  /** Reloads the constraints' reference from the step's start positions (after a reordering within the step). */
  void restoreConstraintReference();
  /** customSaveStart or customLoadStart over every atom (the step's start positions, in System order). */
  void launchStartPositions(mardyn::compute::ComputeKernel& kernel);

  ComputePlatformData& _data;
  std::unique_ptr<ComputeCustomStepProgram> _program;
  std::unique_ptr<ComputeTabulatedFunctions> _tabulated;
  std::unique_ptr<mardyn::compute::ComputeProgram> _device;
  std::unique_ptr<mardyn::compute::ComputeKernel> _perDofKernel, _cacheKernel, _saveStart, _loadStart;
  mardyn::compute::PrecisionArray _perDof, _forceCache, _globals, _start, _posqCopy;
  std::vector<std::vector<Vec3>> _hostPerDof;
  std::vector<double> _globalValues;
  std::set<int> _written;              ///< per-DOF variables written by this step
  std::set<int> _evaluated;            ///< group masks whose forces and energy are kept
  std::map<int, double> _energies;     ///< by group mask
  unsigned long _referenceVersion = 0; ///< the reorder version of the constraints' reference
};

} // namespace OpenMM
