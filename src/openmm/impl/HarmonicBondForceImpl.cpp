// HarmonicBondForceImpl: checks every bond's particle indices against the System, then requests and runs the
// CalcHarmonicBondForce kernel; the bonds also define molecules (getBondedParticles).
#include "openmm/internal/HarmonicBondForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcHarmonicBondForceKernel.h"

namespace OpenMM {

void HarmonicBondForceImpl::initialize(ContextImpl& context) {
  const System& system = context.getSystem();
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (int p : particles)
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("HarmonicBondForce: Illegal particle index for a bond: " + std::to_string(p));
    checkParameters(i);
  }
  _kernel = context.getPlatform().createKernel(CalcHarmonicBondForceKernel::Name(), context);
  _kernel.getAs<CalcHarmonicBondForceKernel>().initialize(system, _owner);
}

double HarmonicBondForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                  int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcHarmonicBondForceKernel>().execute(context, includeForces, includeEnergy);
}

std::vector<std::string> HarmonicBondForceImpl::getKernelNames() { return {CalcHarmonicBondForceKernel::Name()}; }

std::vector<std::pair<int, int>> HarmonicBondForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumBonds(); i++) {
    std::vector<int> particles = particlesOf(i);
    for (size_t j = 1; j < particles.size(); j++)
      bonds.emplace_back(particles[j - 1], particles[j]);
  }
  return bonds;
}

void HarmonicBondForceImpl::updateParametersInContext(ContextImpl& context) {
  for (int i = 0; i < _owner.getNumBonds(); i++)
    checkParameters(i);
  _kernel.getAs<CalcHarmonicBondForceKernel>().copyParametersToContext(context, _owner);
}

std::vector<int> HarmonicBondForceImpl::particlesOf(int index) const {
  int p1, p2;
  double length, k;
  _owner.getBondParameters(index, p1, p2, length, k);
  return {p1, p2};
}

void HarmonicBondForceImpl::checkParameters(int index) const {
  int p1, p2;
  double length, k;
  _owner.getBondParameters(index, p1, p2, length, k);
  if (p1 == p2)
    throw OpenMMException("HarmonicBondForce: bond " + std::to_string(index) + " joins particle " + std::to_string(p1) +
                          " to itself");
  if (length < 0.0)
    throw OpenMMException("HarmonicBondForce: bond " + std::to_string(index) + " has a negative length " +
                          std::to_string(length));
}

} // namespace OpenMM
