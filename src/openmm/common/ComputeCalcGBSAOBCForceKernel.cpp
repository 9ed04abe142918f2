// ComputeCalcGBSAOBCForceKernel: the parameters on the device and the three launches of one evaluation.
#include "ComputeCalcGBSAOBCForceKernel.h"

#include "ComputePlatformData.h"
#include "openmm/GBSAOBCForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/PhysicalConstants.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

void ComputeCalcGBSAOBCForceKernel::initialize(const System&, const GBSAOBCForce& force) {
  auto& ctx = _data.context();
  const std::size_t n = static_cast<std::size_t>(_data.numAtoms());
  _method = force.getNonbondedMethod();
  _cutoff = force.getCutoffDistance();
  _params = PrecisionArray(ctx, PrecisionArray::Kind::Real, 4, n, "obcParams");
  _bornRadius = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, n, "obcBornRadius");
  _dRdI = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, n, "obcBornRadiusDerivative");
  _dEdR = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, n, "obcEnergyDerivative");
  uploadParameters(force);
  auto defines = _data.commonDefines();
  std::ostringstream cutoff;
  cutoff << std::setprecision(17) << _cutoff;
  defines["USE_CUTOFF"] = _method != GBSAOBCForce::NoCutoff ? "1" : "0";
  defines["OBC_PERIODIC"] = _method == GBSAOBCForce::CutoffPeriodic ? "1" : "0";
  defines["CUTOFF"] = cutoff.str();
  try {
    _program = ctx.compileProgram(mardyn::compute::KernelSources::withRequirements("openmm/common/kernels/GBSAOBC.cc"),
                                  defines, "openmm-gbsaobc");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(_data.platformName() + " platform: compiling the GBSAOBCForce kernels failed: " + e.what());
  }
  _radii = _program->createKernel("obcBornRadii");
  _pairs = _program->createKernel("obcPairForces");
  _chain = _program->createKernel("obcBornForces");
}

void ComputeCalcGBSAOBCForceKernel::uploadParameters(const GBSAOBCForce& force) {
  std::vector<double> values;
  for (int i = 0; i < force.getNumParticles(); i++) {
    double charge, radius, scale;
    force.getParticleParameters(i, charge, radius, scale);
    values.insert(values.end(), {charge, radius, scale, 0.0});
  }
  _params.upload(values);
  const double solute = force.getSoluteDielectric(), solvent = force.getSolventDielectric();
  _prefactor = (solute != 0.0 && solvent != 0.0) ? -ONE_4PI_EPS0 * (1.0 / solute - 1.0 / solvent) : 0.0;
  _surfaceFactor = 4.0 * M_PI * force.getSurfaceAreaEnergy();
}

void ComputeCalcGBSAOBCForceKernel::copyParametersToContext(ContextImpl&, const GBSAOBCForce& force) {
  if (force.getNumParticles() != _data.numAtoms())
    throw OpenMMException("GBSAOBCForce: updateParametersInContext() cannot change the number of particles");
  uploadParameters(force);
}

double ComputeCalcGBSAOBCForceKernel::execute(ContextImpl&, bool, bool) {
  const std::size_t n = static_cast<std::size_t>(_data.numAtoms());
  auto radii = _radii->call();
  radii.arg(_data.posq()).arg(_data.cellOffset()).arg(_data.atomIndex()).arg(_params.array());
  _data.boxArguments(radii);
  radii.arg(_bornRadius.array()).arg(_dRdI.array()).execute(n);
  auto pairs = _pairs->call();
  pairs.arg(_data.posq()).arg(_data.cellOffset()).arg(_data.atomIndex()).arg(_params.array());
  _data.boxArguments(pairs);
  pairs.realArg(_prefactor)
      .realArg(_surfaceFactor)
      .arg(_bornRadius.array())
      .arg(_dEdR.array())
      .arg(_data.force())
      .arg(_data.energy())
      .execute(n);
  auto chain = _chain->call();
  chain.arg(_data.posq()).arg(_data.cellOffset()).arg(_data.atomIndex()).arg(_params.array());
  _data.boxArguments(chain);
  chain.arg(_dRdI.array()).arg(_dEdR.array()).arg(_data.force()).execute(n);
  // The energy went into the Context's accumulator with the forces.
  return 0.0;
}

} // namespace OpenMM
