// PeriodicTorsionForceImpl: checks every torsion's particle indices against the System, then requests and runs the
// CalcPeriodicTorsionForce kernel; the torsions also define molecules (getBondedParticles).
#include "openmm/internal/PeriodicTorsionForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcPeriodicTorsionForceKernel.h"

namespace OpenMM {

void PeriodicTorsionForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (int p : particles)
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("PeriodicTorsionForce: Illegal particle index for a torsion: " + std::to_string(p));
    checkParameters(i);
  }
  _kernel = context.getPlatform().createKernel(CalcPeriodicTorsionForceKernel::Name(), context);
  _kernel.getAs<CalcPeriodicTorsionForceKernel>().initialize(system, _owner);
}

double PeriodicTorsionForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                     int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcPeriodicTorsionForceKernel>().execute(context, includeForces, includeEnergy);
}

std::vector<std::string> PeriodicTorsionForceImpl::getKernelNames() { return {CalcPeriodicTorsionForceKernel::Name()}; }

std::vector<std::pair<int, int>> PeriodicTorsionForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void PeriodicTorsionForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumTorsions(); i++)
    checkParameters(i);
  _kernel.getAs<CalcPeriodicTorsionForceKernel>().copyParametersToContext(context, _owner);
}

std::vector<int> PeriodicTorsionForceImpl::particlesOf(int index) const {
  int p1, p2, p3, p4, periodicity;
  double phase, k;
  _owner.getTorsionParameters(index, p1, p2, p3, p4, periodicity, phase, k);
  return {p1, p2, p3, p4};
}

void PeriodicTorsionForceImpl::checkParameters(int index) const {
  int p1, p2, p3, p4, periodicity;
  double phase, k;
  _owner.getTorsionParameters(index, p1, p2, p3, p4, periodicity, phase, k);
  if (periodicity < 1)
    throw OpenMMException("PeriodicTorsionForce: torsion " + std::to_string(index) +
                          " has an illegal periodicity (must be >= 1): " + std::to_string(periodicity));
}

} // namespace OpenMM
