// VerletListThreads: the rows of a Verlet list split over the threads of a process (OpenMP), each
// range adding its forces into a buffer of its own; the buffers are summed in range order.
#pragma once

#include "particleContainer/VerletListKernels.h"

#include <cstddef>
#include <vector>

namespace mardyn {

/// The split depends on the thread count only: for a given count the sums are always taken in the
/// same order (bitwise repeatable); between counts results differ by round-off.
class VerletListThreads {
 public:
  /// Splits the rows into maxThreads() ranges of about equal numbers of partners.
  void partition(const std::vector<std::size_t>& rowStart);
  /// Number of row ranges (threads) of the last partition.
  std::size_t ranges() const { return _bounds.empty() ? 0 : _bounds.size() - 1; }
  /// force (x, y, z, unused per slot, numSlots + 1 slots; overwritten) = the forces of every row;
  /// 6 u and the virial added to u6 and vir.
  void run(const VerletRows& in, VerletRowsKernel kernel, std::size_t numSlots, std::vector<double>& force,
           double& u6, double& vir);

 private:
  std::vector<std::size_t> _bounds;           // range r: rows _bounds[r] .. _bounds[r + 1] - 1
  std::vector<std::vector<double>> _buffers;  // forces of ranges 1, 2, ... (range 0 writes to force)
  std::vector<double> _u6, _vir;
};

}  // namespace mardyn
