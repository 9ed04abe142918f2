// The host constants a program declares (HOST_CONSTANT(type, name), HOST_CONSTANT_ARRAY(type, name,
// count) in its source) and their layout in one C struct with OpenCL's alignment rules, which is how
// backends without module globals hold them (one constant buffer passed as the last kernel argument).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "compute/Precision.h"

namespace mardyn::compute {

class HostConstantLayout {
 public:
  struct Field {
    std::string type;     ///< as written in the source
    std::string name;
    std::size_t count;    ///< 1 for HOST_CONSTANT
    std::size_t offset;   ///< bytes from the struct's start
    std::size_t bytes;    ///< count * element size
    bool isArray;
  };

  /// Finds the declarations in `source` (comments ignored); array counts may name a define.
  /// Throws ComputeException for a type without a known device layout or an unresolvable count.
  static HostConstantLayout parse(const std::string& source, const std::map<std::string, std::string>& defines,
                                  Precision precision);

  const std::vector<Field>& fields() const { return _fields; }
  bool empty() const { return _fields.empty(); }
  std::size_t totalBytes() const { return _totalBytes; }
  /// The field of this name, or nullptr.
  const Field* find(const std::string& name) const;

  /// Device size and alignment of a scalar or vector type name (int, float4, real2, mm_long, ...);
  /// returns false if the type is not a built-in one.
  static bool typeLayout(const std::string& type, Precision precision, std::size_t& size, std::size_t& align);

 private:
  std::vector<Field> _fields;
  std::size_t _totalBytes = 0;
};

}  // namespace mardyn::compute
