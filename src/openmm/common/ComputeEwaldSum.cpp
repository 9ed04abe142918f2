// ComputeEwaldSum: the program and the two launches of one evaluation.
#include "ComputeEwaldSum.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {
constexpr int ewaldGroup = 128;
}

ComputeEwaldSum::ComputeEwaldSum(ComputePlatformData& data, double alpha, const int kmax[3])
    : _data(data), _alpha(alpha) {
  auto& ctx = data.context();
  _vectors = kmax[0] * (2 * kmax[1] - 1) * (2 * kmax[2] - 1);
  _structure = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 2, static_cast<std::size_t>(_vectors), "ewaldStructure");
  auto defines = data.commonDefines();
  defines["KMAX_X"] = std::to_string(kmax[0]);
  defines["KMAX_Y"] = std::to_string(kmax[1]);
  defines["KMAX_Z"] = std::to_string(kmax[2]);
  defines["EWALD_GROUP"] = std::to_string(ewaldGroup);
  try {
    _program = ctx.compileProgram(mardyn::compute::KernelSources::withRequirements("openmm/common/kernels/EwaldSum.cc"),
                                  defines, "openmm-ewald");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(data.platformName() + " platform: compiling the Ewald kernels failed: " + e.what());
  }
  _factors = _program->createKernel("ewaldStructureFactors");
  _forces = _program->createKernel("ewaldForces");
}

ComputeEwaldSum::~ComputeEwaldSum() = default;

void ComputeEwaldSum::compute(mardyn::compute::ArrayInterface& charges) {
  const Vec3* box = _data.box;
  const std::size_t groups = std::min<std::size_t>(static_cast<std::size_t>(_vectors),
                                                   static_cast<std::size_t>(std::max(64, 16 * _data.context().deviceInfo().computeUnits)));
  _factors->call()
      .arg(_data.posq())
      .arg(_data.atomIndex())
      .arg(charges)
      .mixed4Arg(1.0 / box[0][0], 1.0 / box[1][1], 1.0 / box[2][2])
      .mixedArg(_alpha)
      .arg(_structure.array())
      .arg(_data.energy())
      .blockShape(ewaldGroup)
      .executeBlocks(groups);
  _forces->call()
      .arg(_data.posq())
      .arg(_data.atomIndex())
      .arg(charges)
      .mixed4Arg(1.0 / box[0][0], 1.0 / box[1][1], 1.0 / box[2][2])
      .mixedArg(_alpha)
      .arg(_structure.array())
      .arg(_data.force())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
}

} // namespace OpenMM
