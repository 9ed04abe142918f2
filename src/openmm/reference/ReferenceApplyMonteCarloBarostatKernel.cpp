// ReferenceApplyMonteCarloBarostatKernel: each molecule moves rigidly so that its geometric centre scales with the
// box; positions and box go through the ContextImpl, so every platform data copy sees the change.
#include "ReferenceApplyMonteCarloBarostatKernel.h"

#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

void ReferenceApplyMonteCarloBarostatKernel::initialize(const System&, const Force&) {}

void ReferenceApplyMonteCarloBarostatKernel::scaleCoordinates(ContextImpl& context, double scaleX, double scaleY,
                                                              double scaleZ) {
  context.getPositions(_savedPositions);
  context.getPeriodicBoxVectors(_savedBox[0], _savedBox[1], _savedBox[2]);
  std::vector<Vec3> positions = _savedPositions;
  for (const auto& molecule : context.getMolecules()) {
    Vec3 centre;
    for (int p : molecule)
      centre += positions[p];
    centre /= static_cast<double>(molecule.size());
    Vec3 shift(centre[0] * (scaleX - 1.0), centre[1] * (scaleY - 1.0), centre[2] * (scaleZ - 1.0));
    for (int p : molecule)
      positions[p] += shift;
  }
  Vec3 box[3];
  for (int v = 0; v < 3; v++)
    box[v] = Vec3(_savedBox[v][0] * scaleX, _savedBox[v][1] * scaleY, _savedBox[v][2] * scaleZ);
  context.setPeriodicBoxVectors(box[0], box[1], box[2]);
  context.setPositions(positions);
}

void ReferenceApplyMonteCarloBarostatKernel::restoreCoordinates(ContextImpl& context) {
  context.setPeriodicBoxVectors(_savedBox[0], _savedBox[1], _savedBox[2]);
  context.setPositions(_savedPositions);
}

} // namespace OpenMM
