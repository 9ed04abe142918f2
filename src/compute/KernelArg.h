// One argument of a kernel launch: either a device array or a value of at most 64 bytes, kept by
// copy so that a KernelCall can outlive the variables it was given.
#pragma once

#include <cstddef>
#include <cstring>

#include "compute/ArrayInterface.h"

namespace mardyn::compute {

struct KernelArg {
  static constexpr std::size_t maxValueSize = 64;

  const ArrayInterface* array = nullptr;  ///< set for array arguments (the backend's array)
  std::size_t size = 0;                   ///< bytes of value
  alignas(16) unsigned char value[maxValueSize] = {};

  static KernelArg ofArray(const ArrayInterface& array) {
    KernelArg arg;
    arg.array = &array.backendArray();
    return arg;
  }
  static KernelArg ofValue(const void* data, std::size_t bytes) {
    if (bytes > maxValueSize)
      throw ComputeException("kernel argument of " + std::to_string(bytes) + " bytes: at most " +
                             std::to_string(maxValueSize) + " bytes are passed by value; use an array");
    KernelArg arg;
    arg.size = bytes;
    std::memcpy(arg.value, data, bytes);
    return arg;
  }
};

}  // namespace mardyn::compute
