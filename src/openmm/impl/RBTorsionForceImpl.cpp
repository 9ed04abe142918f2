// RBTorsionForceImpl: checks every torsion's particle indices against the System, then requests and runs the
// CalcRBTorsionForce kernel; the torsions also define molecules (getBondedParticles).
#include "openmm/internal/RBTorsionForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcRBTorsionForceKernel.h"

namespace OpenMM {

void RBTorsionForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (int p : particles)
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("RBTorsionForce: Illegal particle index for a torsion: " + std::to_string(p));
    checkParameters(i);
  }
  _kernel = context.getPlatform().createKernel(CalcRBTorsionForceKernel::Name(), context);
  _kernel.getAs<CalcRBTorsionForceKernel>().initialize(system, _owner);
}

double RBTorsionForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                               int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcRBTorsionForceKernel>().execute(context, includeForces, includeEnergy);
}

std::vector<std::string> RBTorsionForceImpl::getKernelNames() { return {CalcRBTorsionForceKernel::Name()}; }

std::vector<std::pair<int, int>> RBTorsionForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void RBTorsionForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumTorsions(); i++)
    checkParameters(i);
  _kernel.getAs<CalcRBTorsionForceKernel>().copyParametersToContext(context, _owner);
}

std::vector<int> RBTorsionForceImpl::particlesOf(int index) const {
  int p1, p2, p3, p4;
  double c[6];
  _owner.getTorsionParameters(index, p1, p2, p3, p4, c[0], c[1], c[2], c[3], c[4], c[5]);
  return {p1, p2, p3, p4};
}

void RBTorsionForceImpl::checkParameters(int) const {}

} // namespace OpenMM
