// PrecisionArray: a device array of `real` or `mixed` scalars or vectors (1, 2 or 4 wide) whose
// element type follows the context's precision; the host side always reads and writes doubles.
#pragma once

#include "compute/ArrayInterface.h"
#include "compute/ComputeContext.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn::compute {

class PrecisionArray {
 public:
  enum class Kind { Real, Mixed };

  PrecisionArray() = default;
  PrecisionArray(ComputeContext& context, Kind kind, int width, std::size_t count, std::string name);

  /// Number of elements (vectors).
  std::size_t size() const { return _count; }
  int width() const { return _width; }
  bool isDouble() const { return _double; }
  /// Resizes to count elements (contents undefined afterwards); allocates at least one element.
  void resize(std::size_t count);
  /// Grows to at least count elements keeping the values (with some slack); never shrinks.
  void grow(std::size_t count);
  /// values.size() must be size() * width().
  void upload(const std::vector<double>& values);
  void download(std::vector<double>& values) const;
  /// The first values.size() / width() elements (values.size() a multiple of width(), at most size()).
  void uploadPrefix(const std::vector<double>& values);
  /// The first count elements.
  void downloadPrefix(std::vector<double>& values, std::size_t count) const;
  /// values.size() / width() elements from element `first` on (within size()).
  void uploadAt(const std::vector<double>& values, std::size_t first);
  /// Raw device bytes of elements [first, first + count) (for messages between processes of the same
  /// precision) and back.
  std::vector<char> downloadRaw(std::size_t first, std::size_t count) const;
  void uploadRaw(const char* bytes, std::size_t first, std::size_t count);
  std::size_t elementBytes() const { return (_double ? 8 : 4) * static_cast<std::size_t>(_width); }
  void zero() { _array->zero(); }

  ArrayInterface& array() { return *_array; }
  const ArrayInterface& array() const { return *_array; }

 private:
  ComputeContext* _context = nullptr;
  std::string _name;
  int _width = 1;
  bool _double = false;
  std::size_t _count = 0;
  std::unique_ptr<ArrayInterface> _array;
  mutable std::vector<float> _floatScratch;
};

}  // namespace mardyn::compute
