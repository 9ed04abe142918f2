// HarmonicAngleForceImpl: checks every angle's particle indices against the System, then requests and runs the
// CalcHarmonicAngleForce kernel; the angles also define molecules (getBondedParticles).
#include "openmm/internal/HarmonicAngleForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcHarmonicAngleForceKernel.h"

namespace OpenMM {

void HarmonicAngleForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumAngles(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (int p : particles)
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("HarmonicAngleForce: Illegal particle index for an angle: " + std::to_string(p));
    checkParameters(i);
  }
  _kernel = context.getPlatform().createKernel(CalcHarmonicAngleForceKernel::Name(), context);
  _kernel.getAs<CalcHarmonicAngleForceKernel>().initialize(system, _owner);
}

double HarmonicAngleForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                   int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcHarmonicAngleForceKernel>().execute(context, includeForces, includeEnergy);
}

std::vector<std::string> HarmonicAngleForceImpl::getKernelNames() { return {CalcHarmonicAngleForceKernel::Name()}; }

std::vector<std::pair<int, int>> HarmonicAngleForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumAngles(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void HarmonicAngleForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumAngles(); i++)
    checkParameters(i);
  _kernel.getAs<CalcHarmonicAngleForceKernel>().copyParametersToContext(context, _owner);
}

std::vector<int> HarmonicAngleForceImpl::particlesOf(int index) const {
  int p1, p2, p3;
  double angle, k;
  _owner.getAngleParameters(index, p1, p2, p3, angle, k);
  return {p1, p2, p3};
}

void HarmonicAngleForceImpl::checkParameters(int index) const {
  int p1, p2, p3;
  double angle, k;
  _owner.getAngleParameters(index, p1, p2, p3, angle, k);
  if (p1 == p2 || p2 == p3 || p1 == p3)
    throw OpenMMException("HarmonicAngleForce: angle " + std::to_string(index) + " uses a particle twice");
}

} // namespace OpenMM
