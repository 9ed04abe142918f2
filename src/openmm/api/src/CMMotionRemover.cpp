// CMMotionRemover: validates the removal frequency (steps between removals, >= 1).
// The work is done by CMMotionRemoverImpl.
#include "openmm/CMMotionRemover.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CMMotionRemoverImpl.h"

namespace OpenMM {

CMMotionRemover::CMMotionRemover(int frequency) : _frequency(1) {
  setName("CMMotionRemover");
  setFrequency(frequency);
}

void CMMotionRemover::setFrequency(int frequency) {
  if (frequency < 1)
    throw OpenMMException("CMMotionRemover: frequency must be at least 1 step, got " + std::to_string(frequency));
  _frequency = frequency;
}

ForceImpl* CMMotionRemover::createImpl() const { return new CMMotionRemoverImpl(*this); }

} // namespace OpenMM
