// DeviceConditions: launch of the check kernel and the host's reading of the conditions buffer.
#include "gpu/DeviceConditions.h"

#include "compute/VectorTypes.h"
#include "particleContainer/LinkedCells.h"
#include "utils/MardynException.h"

#include <vector>

namespace mardyn::gpu {

DeviceConditions::DeviceConditions(compute::ComputeContext& context, MoleculeStorage& storage)
    : _context(context), _storage(storage), _conditions(context, 3, "conditions") {}

void DeviceConditions::createKernels(compute::ComputeProgram& program) {
  _check = program.createKernel("checkConditions");
}

void DeviceConditions::postInteraction(LinkedCells& cells) {
  const std::size_t n = _storage.numMolecules();
  if (n == 0) return;
  _conditions.zero();
  // Origin of the grid including the halo layers.
  const Vec3& len = cells.cellLength();
  const Vec3 origin = cells.boundingBoxMin() - len * static_cast<double>(cells.cellsInCutoffRadius());
  const auto& dims = cells.cellsPerDim();
  const compute::mm_int4 d{dims[0], dims[1], dims[2], 0};
  auto call = _check->call();
  call.arg(_storage.positions().array()).arg(_storage.forces().array()).arg(_storage.torques().array());
  call.arg(static_cast<int>(n));
  if (_context.mixedSize() == 8) {
    call.arg(compute::mm_double4{origin.x, origin.y, origin.z, 0}).arg(compute::mm_double4{len.x, len.y, len.z, 0});
  } else {
    call.arg(compute::mm_float4{float(origin.x), float(origin.y), float(origin.z), 0})
        .arg(compute::mm_float4{float(len.x), float(len.y), float(len.z), 0});
  }
  call.arg(d).arg(_conditions).execute(n);
  const std::vector<int> c = _conditions.download();
  static const char* what[3] = {"is outside the cell it is stored in",
                                "has a non-finite (NaN) force or torque",
                                "has a force or torque beyond the overflow limit"};
  for (int k = 0; k < 3; ++k)
    if (c[k] != 0) {
      const std::size_t i = static_cast<std::size_t>(c[k] - 1);
      throw MardynException("GPU traversal: molecule " + std::to_string(_storage.moleculeId(i)) + " (device index " +
                            std::to_string(i) + ") " + what[k]);
    }
}

}  // namespace mardyn::gpu
