// CMMotionRemover: removes the centre-of-mass velocity every `frequency` steps.
// Contributes no forces or energy.
#pragma once

#include "openmm/Force.h"

namespace OpenMM {

class CMMotionRemover : public Force {
public:
  explicit CMMotionRemover(int frequency = 1);
  int getFrequency() const { return _frequency; }
  void setFrequency(int frequency);
  bool usesPeriodicBoundaryConditions() const override { return false; }

protected:
  ForceImpl* createImpl() const override;

private:
  int _frequency;
};

} // namespace OpenMM
