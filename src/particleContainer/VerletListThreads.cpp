// VerletListThreads: balanced row ranges, one OpenMP task per range into its own force buffer, the
// buffers and the energy sums reduced in range order.
#include "particleContainer/VerletListThreads.h"

#include "utils/Threads.h"

#include <algorithm>

namespace mardyn {

void VerletListThreads::partition(const std::vector<std::size_t>& rowStart) {
  const std::size_t rows = rowStart.empty() ? 0 : rowStart.size() - 1;
  const std::size_t count = static_cast<std::size_t>(std::max(1, maxThreads()));
  const std::size_t total = rows == 0 ? 0 : rowStart[rows];
  _bounds.assign(count + 1, rows);
  _bounds[0] = 0;
  // Range r ends at the first row whose start reaches r / count of the partners (plus a row's share of
  // rows, so that empty rows spread too).
  std::size_t row = 0;
  for (std::size_t r = 1; r < count; ++r) {
    const double target = static_cast<double>(r) / static_cast<double>(count);
    while (row < rows && (static_cast<double>(rowStart[row]) + static_cast<double>(row)) <
                             target * static_cast<double>(total + rows))
      ++row;
    _bounds[r] = row;
  }
}

void VerletListThreads::run(const VerletRows& in, VerletRowsKernel kernel, std::size_t numSlots,
                            std::vector<double>& force, double& u6, double& vir) {
  const std::size_t size = 4 * (numSlots + 1);
  force.resize(size);
  const std::size_t n = ranges();
  if (n <= 1) {
    std::fill(force.begin(), force.end(), 0.0);
    double u = 0.0, v = 0.0;
    kernel(in, 0, numSlots, force.data(), u, v);
    u6 += u;
    vir += v;
    return;
  }
  _buffers.resize(n - 1);
  _u6.assign(n, 0.0);
  _vir.assign(n, 0.0);
  const long count = static_cast<long>(n);
#pragma omp parallel for schedule(static, 1) num_threads(static_cast<int>(n))
  for (long r = 0; r < count; ++r) {
    std::vector<double>& out = r == 0 ? force : _buffers[static_cast<std::size_t>(r) - 1];
    out.assign(size, 0.0);
    kernel(in, _bounds[r], _bounds[r + 1], out.data(), _u6[r], _vir[r]);
  }
  const long slots = static_cast<long>(size);
#pragma omp parallel for schedule(static) num_threads(static_cast<int>(n))
  for (long k = 0; k < slots; ++k) {
    double f = force[k];
    for (const auto& b : _buffers) f += b[k];
    force[k] = f;
  }
  for (std::size_t r = 0; r < n; ++r) {
    u6 += _u6[r];
    vir += _vir[r];
  }
}

}  // namespace mardyn
