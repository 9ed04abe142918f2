// ComputeApplyMonteCarloBarostatKernel: the molecules' atom lists on the device and the three launches.
#include "ComputeApplyMonteCarloBarostatKernel.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

namespace OpenMM {

void ComputeApplyMonteCarloBarostatKernel::initialize(const System&, const Force&) {
  auto& ctx = _data.context();
  try {
    _program = ctx.compileProgram(mardyn::compute::KernelSources::withRequirements("openmm/common/kernels/Barostat.cc"),
                                  _data.commonDefines(), "openmm-barostat");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(_data.platformName() + " platform: compiling the barostat kernels failed: " + e.what());
  }
  _save = _program->createKernel("saveUnwrappedPositions");
  _scale = _program->createKernel("scaleMolecules");
  _restore = _program->createKernel("restorePositions");
  _saved = mardyn::compute::PrecisionArray(ctx, mardyn::compute::PrecisionArray::Kind::Mixed, 4,
                                           static_cast<std::size_t>(_data.numAtoms()), "barostatSavedPositions");
}

void ComputeApplyMonteCarloBarostatKernel::scaleCoordinates(ContextImpl& context, double scaleX, double scaleY,
                                                            double scaleZ) {
  if (_numMolecules == 0) {
    const auto& molecules = context.getMolecules();
    std::vector<int> start{0}, atoms;
    for (const auto& molecule : molecules) {
      atoms.insert(atoms.end(), molecule.begin(), molecule.end());
      start.push_back(static_cast<int>(atoms.size()));
    }
    if (atoms.empty()) atoms.push_back(0);
    _numMolecules = static_cast<int>(molecules.size());
    _start.initialize(_data.context(), start.size(), "barostatMoleculeStart");
    _start.upload(start);
    _atoms.initialize(_data.context(), atoms.size(), "barostatMoleculeAtoms");
    _atoms.upload(atoms);
  }
  for (int v = 0; v < 3; v++) _savedBox[v] = _data.box[v];
  auto save = _save->call();
  save.arg(_data.posq()).arg(_data.cellOffset()).arg(_data.atomIndex());
  save.mixed4Arg(_savedBox[0][0], _savedBox[1][1], _savedBox[2][2]).arg(_saved.array()).execute(
      static_cast<std::size_t>(_data.numAtoms()));
  const double scale[3] = {scaleX, scaleY, scaleZ};
  for (int v = 0; v < 3; v++)
    _data.box[v] = Vec3(_savedBox[v][0] * scale[v], _savedBox[v][1] * scale[v], _savedBox[v][2] * scale[v]);
  _scale->call()
      .arg(_numMolecules)
      .arg(_start)
      .arg(_atoms)
      .arg(_data.slotOfAtom())
      .arg(_saved.array())
      .arg(_data.cellOffset())
      .mixed4Arg(_data.box[0][0], _data.box[1][1], _data.box[2][2])
      .mixed4Arg(scaleX, scaleY, scaleZ)
      .arg(_data.posq())
      .execute(static_cast<std::size_t>(_numMolecules));
}

void ComputeApplyMonteCarloBarostatKernel::restoreCoordinates(ContextImpl&) {
  for (int v = 0; v < 3; v++) _data.box[v] = _savedBox[v];
  _restore->call()
      .arg(_saved.array())
      .arg(_data.cellOffset())
      .arg(_data.atomIndex())
      .mixed4Arg(_savedBox[0][0], _savedBox[1][1], _savedBox[2][2])
      .arg(_data.posq())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
}

} // namespace OpenMM
