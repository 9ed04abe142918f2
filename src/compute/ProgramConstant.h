// Typed handle of a program's host constant (HOST_CONSTANT(type, name) in device code): set() writes
// a value, setArray() the elements of a HOST_CONSTANT_ARRAY. Sizes are checked against the declaration.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "compute/ComputeException.h"

namespace mardyn::compute {

class ComputeProgram;

template <class T>
class ProgramConstant {
  static_assert(std::is_trivially_copyable<T>::value, "host constants must be trivially copyable");

 public:
  ProgramConstant(ComputeProgram& program, std::string name);

  /// Sets a scalar constant (or element `index` of an array constant).
  void set(const T& value, std::size_t index = 0) { write(&value, sizeof(T), index * sizeof(T)); }
  void setArray(const std::vector<T>& values) {
    if (values.size() * sizeof(T) != _bytes)
      throw ComputeException("host constant '" + _name + "' holds " + std::to_string(_bytes / sizeof(T)) +
                             " elements, got " + std::to_string(values.size()));
    write(values.data(), _bytes, 0);
  }
  std::size_t count() const { return _bytes / sizeof(T); }

 private:
  void write(const void* data, std::size_t bytes, std::size_t offset);
  ComputeProgram* _program;
  std::string _name;
  std::size_t _bytes;
};

namespace detail {
std::size_t programConstantSize(ComputeProgram& program, const std::string& name);
void setProgramConstant(ComputeProgram& program, const std::string& name, const void* data, std::size_t bytes,
                        std::size_t offset);
}  // namespace detail

template <class T>
ProgramConstant<T>::ProgramConstant(ComputeProgram& program, std::string name)
    : _program(&program), _name(std::move(name)), _bytes(detail::programConstantSize(program, _name)) {
  if (_bytes % sizeof(T) != 0)
    throw ComputeException("host constant '" + _name + "' has " + std::to_string(_bytes) +
                           " bytes, not a multiple of the " + std::to_string(sizeof(T)) + "-byte host type");
}

template <class T>
void ProgramConstant<T>::write(const void* data, std::size_t bytes, std::size_t offset) {
  if (offset + bytes > _bytes)
    throw ComputeException("host constant '" + _name + "': write past its " + std::to_string(_bytes) + " bytes");
  detail::setProgramConstant(*_program, _name, data, bytes, offset);
}

}  // namespace mardyn::compute
