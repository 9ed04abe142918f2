// MonteCarloAnisotropicBarostatImpl: the Metropolis move of one box length; energies of all force groups come from
// the ContextImpl, the scaling from the platform's ApplyMonteCarloBarostat kernel.
#include "openmm/internal/MonteCarloAnisotropicBarostatImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"
#include "openmm/kernels/ApplyMonteCarloBarostatKernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace OpenMM {

void MonteCarloAnisotropicBarostatImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  bool periodic = false;
  for (int i = 0; i < system.getNumForces(); i++)
    periodic = periodic || system.getForce(i).usesPeriodicBoundaryConditions();
  if (!periodic)
    throw OpenMMException("MonteCarloAnisotropicBarostat: A barostat cannot be used with a non-periodic system (no "
                          "Force of the System uses periodic boundary conditions)");
  if (!_owner.getScaleX() && !_owner.getScaleY() && !_owner.getScaleZ())
    throw OpenMMException("MonteCarloAnisotropicBarostat: at least one axis must be scaled");
  _kernel = context.getPlatform().createKernel(ApplyMonteCarloBarostatKernel::Name(), context);
  _kernel.getAs<ApplyMonteCarloBarostatKernel>().initialize(system, _owner);
  int seed = _owner.getRandomNumberSeed();
  _random.seed(seed != 0 ? static_cast<unsigned long long>(seed) : std::random_device()());
  Vec3 a, b, c;
  system.getDefaultPeriodicBoxVectors(a, b, c);
  for (double& scale : _volumeScale)
    scale = 0.01 * a[0] * b[1] * c[2];
}

void MonteCarloAnisotropicBarostatImpl::updateContextState(ContextImpl& context, bool& forcesInvalid) {
  if (_owner.getFrequency() == 0 || ++_step < _owner.getFrequency())
    return;
  _step = 0;
  std::vector<int> axes;
  const bool scale[3] = {_owner.getScaleX(), _owner.getScaleY(), _owner.getScaleZ()};
  for (int d = 0; d < 3; d++)
    if (scale[d])
      axes.push_back(d);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const int axis = axes[std::min(static_cast<int>(uniform(_random) * axes.size()), static_cast<int>(axes.size()) - 1)];
  Vec3 box[3];
  context.getPeriodicBoxVectors(box[0], box[1], box[2]);
  const double volume = box[0][0] * box[1][1] * box[2][2];
  const double energy = context.calcForcesAndEnergy(false, true, -1);
  const double deltaVolume = _volumeScale[axis] * 2.0 * (uniform(_random) - 0.5);
  const double newVolume = volume + deltaVolume;
  if (newVolume <= 0.0)
    return;
  double factors[3] = {1.0, 1.0, 1.0};
  factors[axis] = newVolume / volume;
  auto& kernel = _kernel.getAs<ApplyMonteCarloBarostatKernel>();
  kernel.scaleCoordinates(context, factors[0], factors[1], factors[2]);
  const double newEnergy = context.calcForcesAndEnergy(false, true, -1);
  const std::string* names[3] = {&MonteCarloAnisotropicBarostat::PressureX(),
                                 &MonteCarloAnisotropicBarostat::PressureY(),
                                 &MonteCarloAnisotropicBarostat::PressureZ()};
  const double pressure = context.getParameter(*names[axis]) * (AVOGADRO * 1e-25);
  const double kT = BOLTZ * context.getParameter(MonteCarloAnisotropicBarostat::Temperature());
  const double molecules = static_cast<double>(context.getMolecules().size());
  const double w = newEnergy - energy + pressure * deltaVolume - molecules * kT * std::log(newVolume / volume);
  if (w > 0.0 && uniform(_random) > std::exp(-w / kT)) {
    kernel.restoreCoordinates(context);
  } else {
    _accepted[axis]++;
    forcesInvalid = true;
  }
  if (++_attempted[axis] >= 10) {
    if (_accepted[axis] < 0.25 * _attempted[axis])
      _volumeScale[axis] /= 1.1;
    else if (_accepted[axis] > 0.75 * _attempted[axis])
      _volumeScale[axis] = std::min(_volumeScale[axis] * 1.1, 0.3 * newVolume);
    _attempted[axis] = _accepted[axis] = 0;
  }
}

std::map<std::string, double> MonteCarloAnisotropicBarostatImpl::getDefaultParameters() {
  const Vec3& p = _owner.getDefaultPressure();
  return {{MonteCarloAnisotropicBarostat::PressureX(), p[0]},
          {MonteCarloAnisotropicBarostat::PressureY(), p[1]},
          {MonteCarloAnisotropicBarostat::PressureZ(), p[2]},
          {MonteCarloAnisotropicBarostat::Temperature(), _owner.getDefaultTemperature()}};
}

std::vector<std::string> MonteCarloAnisotropicBarostatImpl::getKernelNames() {
  return {ApplyMonteCarloBarostatKernel::Name()};
}

} // namespace OpenMM
