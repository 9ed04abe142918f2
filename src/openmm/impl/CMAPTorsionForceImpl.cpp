// CMAPTorsionForceImpl: checks each torsion pair's map and particle indices, then requests and runs the
// CalcCMAPTorsionForce kernel; both torsions of a pair define molecules (getBondedParticles).
#include "openmm/internal/CMAPTorsionForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcCMAPTorsionForceKernel.h"

namespace OpenMM {

void CMAPTorsionForceImpl::checkTorsions(const System& system) const {
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    int map, p[8];
    _owner.getTorsionParameters(i, map, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
    if (map < 0 || map >= _owner.getNumMaps())
      throw OpenMMException("CMAPTorsionForce: Illegal map index for a torsion: " + std::to_string(map));
    for (int particle : p)
      if (particle < 0 || particle >= system.getNumParticles())
        throw OpenMMException("CMAPTorsionForce: Illegal particle index for a torsion: " + std::to_string(particle));
  }
}

void CMAPTorsionForceImpl::initialize(ContextImpl& context) {
  checkTorsions(context.getSystem());
  _kernel = context.getPlatform().createKernel(CalcCMAPTorsionForceKernel::Name(), context);
  _kernel.getAs<CalcCMAPTorsionForceKernel>().initialize(context.getSystem(), _owner);
}

double CMAPTorsionForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                 int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcCMAPTorsionForceKernel>().execute(context, includeForces, includeEnergy);
}

std::vector<std::string> CMAPTorsionForceImpl::getKernelNames() { return {CalcCMAPTorsionForceKernel::Name()}; }

std::vector<std::pair<int, int>> CMAPTorsionForceImpl::getBondedParticles() const {
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i < _owner.getNumTorsions(); i++) {
    int map, p[8];
    _owner.getTorsionParameters(i, map, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
    for (int j : {0, 1, 2, 4, 5, 6})
      bonds.emplace_back(p[j], p[j + 1]);
  }
  return bonds;
}

void CMAPTorsionForceImpl::updateParametersInContext(ContextImpl& context) {
  checkTorsions(context.getSystem());
  _kernel.getAs<CalcCMAPTorsionForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
