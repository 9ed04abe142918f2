// ReferenceRemoveCMMotionKernel: at steps that are multiples of the frequency, subtracts the centre-of-mass
// velocity sum(m v) / sum(m) from every massive particle.
#include "ReferenceRemoveCMMotionKernel.h"

#include "ReferencePlatform.h"
#include "openmm/CMMotionRemover.h"

namespace OpenMM {

void ReferenceRemoveCMMotionKernel::initialize(const System&, const CMMotionRemover& force) {
  _frequency = force.getFrequency();
}

void ReferenceRemoveCMMotionKernel::execute(ContextImpl& context) {
  auto& data = ReferencePlatform::getPlatformData(context);
  if (data.stepCount % _frequency != 0)
    return;
  Vec3 momentum;
  double mass = 0.0;
  for (int i = 0; i < data.numParticles; i++) {
    momentum += data.velocities[i] * data.masses[i];
    mass += data.masses[i];
  }
  if (mass == 0.0)
    return;
  Vec3 vcm = momentum / mass;
  for (int i = 0; i < data.numParticles; i++)
    if (data.masses[i] != 0.0)
      data.velocities[i] -= vcm;
}

} // namespace OpenMM
