// DeviceConditions: launch of the check kernel and the host's reading of the conditions buffer.
#include "gpu/DeviceConditions.h"

#include "ResidentTimeStep.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mardyn::gpu {

DeviceConditions::DeviceConditions(compute::ComputeContext& context, MoleculeStorage& storage)
    : _context(context), _storage(storage), _conditions(context, 4, "conditions"), _limits(context, 2, "forceLimits") {
  _limits.upload(std::vector<float>{HUGE_VALF, HUGE_VALF});  // until setLimits: no component is limited
}

void DeviceConditions::setLimits(const std::vector<double>& force2, const std::vector<double>& torque2) {
  std::vector<float> limits;
  for (std::size_t c = 0; c < force2.size(); ++c) {
    limits.push_back(static_cast<float>(force2[c]));
    limits.push_back(static_cast<float>(c < torque2.size() ? torque2[c] : HUGE_VAL));
  }
  if (limits.empty()) return;
  if (_limits.size() != limits.size()) _limits.resize(limits.size());
  _limits.upload(limits);
}

void DeviceConditions::createKernels(compute::ComputeProgram& program) {
  _check = program.createKernel("checkConditions");
}

void DeviceConditions::launch(const DeviceGrid& grid, double slack, int* words) {
  const std::size_t n = _storage.numSlots();
  for (int k = 0; k < 4; ++k) words[k] = 0;
  if (n == 0) return;
  _conditions.zero();
  // Positions are rounded to the precision of `mixed`: allow a few units in the last place of the
  // largest coordinate beyond the slack.
  const double extent = std::max({std::abs(grid.origin.x), std::abs(grid.origin.y), std::abs(grid.origin.z),
                                  grid.box.x, grid.box.y, grid.box.z});
  const double rounding = (_context.mixedSize() == 8 ? 1e-12 : 1e-5) * extent;
  const Vec3& o = grid.origin;
  const Vec3& len = grid.cellLength;
  _check->call()
      .arg(_storage.positions().array())
      .arg(_storage.forces().array())
      .arg(_storage.torques().array())
      .arg(_storage.haloSource())
      .arg(_storage.componentTypes())
      .arg(_limits)
      .arg(static_cast<int>(_limits.size() / 2))
      .arg(static_cast<int>(n))
      .mixed4Arg(o.x, o.y, o.z)
      .mixed4Arg(len.x, len.y, len.z)
      .arg(compute::mm_int4{grid.dims[0], grid.dims[1], grid.dims[2], 0})
      .mixedArg(slack + rounding)
      .arg(_conditions)
      .execute(n);
  _conditions.downloadBytesAsync(words, 0, 4 * sizeof(int));
}

void DeviceConditions::raise(const int* c) {
  static const char* what[4] = {"is outside the cell it is stored in", "has a non-finite (NaN) force or torque",
                                "has a force or torque beyond the overflow limit",
                                "has a force or torque that would move or turn it too far in one step"};
  for (int k = 0; k < 4; ++k)
    if (c[k] != 0) {
      const std::size_t i = static_cast<std::size_t>(c[k] - 1);
      std::uint64_t id = 0;
      _storage.ids().downloadBytes(&id, i * sizeof(std::uint64_t), sizeof(std::uint64_t));
      const std::string message =
          "GPU traversal: molecule " + std::to_string(id) + " (device slot " + std::to_string(i) + ") " + what[k];
      if (k == 0) throw MardynException(message);
      throw ResidentTimeStep::ForceAlarm(message);
    }
}

}  // namespace mardyn::gpu
