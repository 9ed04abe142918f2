// PrecisionArray: a device array of `real` or `mixed` scalars or vectors (1, 2 or 4 wide) whose
// element type follows the context's precision; the host side always reads and writes doubles.
#pragma once

#include "compute/ArrayInterface.h"
#include "compute/ComputeContext.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class PrecisionArray {
 public:
  enum class Kind { Real, Mixed };

  PrecisionArray() = default;
  PrecisionArray(compute::ComputeContext& context, Kind kind, int width, std::size_t count, std::string name);

  /// Number of elements (vectors).
  std::size_t size() const { return _count; }
  int width() const { return _width; }
  bool isDouble() const { return _double; }
  /// Resizes to count elements (contents undefined afterwards); allocates at least one element.
  void resize(std::size_t count);
  /// values.size() must be size() * width().
  void upload(const std::vector<double>& values);
  void download(std::vector<double>& values) const;
  void zero() { _array->zero(); }

  compute::ArrayInterface& array() { return *_array; }
  const compute::ArrayInterface& array() const { return *_array; }

 private:
  compute::ComputeContext* _context = nullptr;
  std::string _name;
  int _width = 1;
  bool _double = false;
  std::size_t _count = 0;
  std::unique_ptr<compute::ArrayInterface> _array;
  mutable std::vector<float> _floatScratch;
};

}  // namespace mardyn::gpu
