// MonteCarloBarostatImpl: the Metropolis volume move; energies of all force groups come from the ContextImpl,
// the scaling itself from the platform's ApplyMonteCarloBarostat kernel.
#include "openmm/internal/MonteCarloBarostatImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"
#include "openmm/kernels/ApplyMonteCarloBarostatKernel.h"

#include <cmath>

namespace OpenMM {

void MonteCarloBarostatImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  bool periodic = false;
  for (int i = 0; i < system.getNumForces(); i++)
    periodic = periodic || system.getForce(i).usesPeriodicBoundaryConditions();
  if (!periodic)
    throw OpenMMException("MonteCarloBarostat: A barostat cannot be used with a non-periodic system (no Force of "
                          "the System uses periodic boundary conditions)");
  _kernel = context.getPlatform().createKernel(ApplyMonteCarloBarostatKernel::Name(), context);
  _kernel.getAs<ApplyMonteCarloBarostatKernel>().initialize(system, _owner);
  int seed = _owner.getRandomNumberSeed();
  _random.seed(seed != 0 ? static_cast<unsigned long long>(seed) : std::random_device()());
  Vec3 a, b, c;
  system.getDefaultPeriodicBoxVectors(a, b, c);
  _volumeScale = 0.01 * a[0] * b[1] * c[2];
}

void MonteCarloBarostatImpl::updateContextState(ContextImpl& context, bool& forcesInvalid) {
  if (_owner.getFrequency() == 0 || ++_step < _owner.getFrequency())
    return;
  _step = 0;
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  Vec3 box[3];
  context.getPeriodicBoxVectors(box[0], box[1], box[2]);
  const double volume = box[0][0] * box[1][1] * box[2][2];
  const double energy = context.calcForcesAndEnergy(false, true, -1);
  const double deltaVolume = _volumeScale * 2.0 * (uniform(_random) - 0.5);
  const double newVolume = volume + deltaVolume;
  if (newVolume <= 0.0)
    return;
  const double scale = std::cbrt(newVolume / volume);
  auto& kernel = _kernel.getAs<ApplyMonteCarloBarostatKernel>();
  kernel.scaleCoordinates(context, scale, scale, scale);
  const double newEnergy = context.calcForcesAndEnergy(false, true, -1);
  const double pressure = context.getParameter(MonteCarloBarostat::Pressure()) * (AVOGADRO * 1e-25);
  const double kT = BOLTZ * context.getParameter(MonteCarloBarostat::Temperature());
  const double molecules = static_cast<double>(context.getMolecules().size());
  const double w = newEnergy - energy + pressure * deltaVolume - molecules * kT * std::log(newVolume / volume);
  if (w > 0.0 && uniform(_random) > std::exp(-w / kT)) {
    kernel.restoreCoordinates(context);
  } else {
    _accepted++;
    forcesInvalid = true;
  }
  _attempted++;
  if (_attempted >= 10) {
    if (_accepted < 0.25 * _attempted)
      _volumeScale /= 1.1;
    else if (_accepted > 0.75 * _attempted)
      _volumeScale = std::min(_volumeScale * 1.1, 0.3 * newVolume);
    _attempted = _accepted = 0;
  }
}

std::map<std::string, double> MonteCarloBarostatImpl::getDefaultParameters() {
  return {{MonteCarloBarostat::Pressure(), _owner.getDefaultPressure()},
          {MonteCarloBarostat::Temperature(), _owner.getDefaultTemperature()}};
}

std::vector<std::string> MonteCarloBarostatImpl::getKernelNames() { return {ApplyMonteCarloBarostatKernel::Name()}; }

} // namespace OpenMM
