// PrecisionArray: conversion between host doubles and device float/double vectors.
#include "compute/PrecisionArray.h"


#include <algorithm>

namespace mardyn::compute {

PrecisionArray::PrecisionArray(ComputeContext& context, Kind kind, int width, std::size_t count,
                               std::string name)
    : _context(&context), _name(std::move(name)), _width(width) {
  if (width != 1 && width != 2 && width != 4)
    throw ComputeException("PrecisionArray '" + _name + "': width must be 1, 2 or 4");
  _double = (kind == Kind::Real ? context.realSize() : context.mixedSize()) == 8;
  resize(count);
}

void PrecisionArray::resize(std::size_t count) {
  const std::size_t allocated = std::max<std::size_t>(count, 1);
  const std::size_t elementBytes = (_double ? 8 : 4) * static_cast<std::size_t>(_width);
  if (!_array || _array->size() < allocated || _array->size() > 2 * allocated + 1024)
    _array = _context->createArrayImpl(allocated + allocated / 8, elementBytes, _name);
  _count = count;
}

void PrecisionArray::grow(std::size_t count) {
  if (_array->size() < count) _array->resize(count + count / 8 + 16);
  _count = std::max(_count, count);
}

void PrecisionArray::upload(const std::vector<double>& values) {
  if (values.size() != _count * _width)
    throw ComputeException("PrecisionArray '" + _name + "': upload of " + std::to_string(values.size()) +
                          " values into " + std::to_string(_count * _width));
  uploadPrefix(values);
}

void PrecisionArray::uploadPrefix(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n % _width != 0 || n > _count * _width)
    throw ComputeException("PrecisionArray '" + _name + "': upload of " + std::to_string(n) + " values into " +
                          std::to_string(_count) + " elements of " + std::to_string(_width));
  if (n == 0) return;
  if (_double) {
    _array->uploadBytes(values.data(), 0, n * sizeof(double));
  } else {
    _floatScratch.assign(values.begin(), values.end());
    _array->uploadBytes(_floatScratch.data(), 0, n * sizeof(float));
  }
}

void PrecisionArray::download(std::vector<double>& values) const { downloadPrefix(values, _count); }

void PrecisionArray::uploadAt(const std::vector<double>& values, std::size_t first) {
  const std::size_t n = values.size();
  if (n % _width != 0 || first + n / _width > _count)
    throw ComputeException("PrecisionArray '" + _name + "': upload of " + std::to_string(n / _width) +
                          " elements at " + std::to_string(first) + " into " + std::to_string(_count));
  if (n == 0) return;
  const std::size_t offset = first * elementBytes();
  if (_double) {
    _array->uploadBytes(values.data(), offset, n * sizeof(double));
  } else {
    _floatScratch.assign(values.begin(), values.end());
    _array->uploadBytes(_floatScratch.data(), offset, n * sizeof(float));
  }
}

std::vector<char> PrecisionArray::downloadRaw(std::size_t first, std::size_t count) const {
  std::vector<char> bytes(count * elementBytes());
  if (count > 0) _array->downloadBytes(bytes.data(), first * elementBytes(), bytes.size());
  return bytes;
}

void PrecisionArray::uploadRaw(const char* bytes, std::size_t first, std::size_t count) {
  if (count > 0) _array->uploadBytes(bytes, first * elementBytes(), count * elementBytes());
}

void PrecisionArray::downloadPrefix(std::vector<double>& values, std::size_t count) const {
  if (count > _count)
    throw ComputeException("PrecisionArray '" + _name + "': download of " + std::to_string(count) + " elements of " +
                          std::to_string(_count));
  const std::size_t n = count * _width;
  values.resize(n);
  if (n == 0) return;
  if (_double) {
    _array->downloadBytes(values.data(), 0, n * sizeof(double));
  } else {
    _floatScratch.resize(n);
    _array->downloadBytes(_floatScratch.data(), 0, n * sizeof(float));
    std::copy(_floatScratch.begin(), _floatScratch.end(), values.begin());
  }
}

}  // namespace mardyn::compute
