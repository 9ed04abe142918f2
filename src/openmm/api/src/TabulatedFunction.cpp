// TabulatedFunction: the tables and their checks (sizes, number of values, ranges); the interpolation is done
// by the expression engine's evaluators when a Context is created.
#include "openmm/TabulatedFunction.h"

#include "openmm/OpenMMException.h"

#include <string>

namespace OpenMM {

namespace {

void checkGrid(const char* owner, const std::vector<int>& sizes, size_t numValues, const std::vector<double>& ranges,
               bool periodic) {
  size_t expected = 1;
  for (int size : sizes) {
    if (size < (periodic ? 3 : 2))
      throw OpenMMException(std::string(owner) + ": must have at least " + (periodic ? "three" : "two") +
                            " points along each axis, got " + std::to_string(size));
    expected *= static_cast<size_t>(size);
  }
  if (numValues != expected)
    throw OpenMMException(std::string(owner) + ": incorrect number of values: expected " + std::to_string(expected) +
                          ", got " + std::to_string(numValues));
  for (size_t i = 0; i + 1 < ranges.size(); i += 2)
    if (!(ranges[i + 1] > ranges[i]))
      throw OpenMMException(std::string(owner) + ": the maximum of an axis must be greater than its minimum");
}

void checkDiscrete(const char* owner, const std::vector<int>& sizes, size_t numValues) {
  size_t expected = 1;
  for (int size : sizes) {
    if (size < 1)
      throw OpenMMException(std::string(owner) + ": each size must be at least 1");
    expected *= static_cast<size_t>(size);
  }
  if (numValues != expected)
    throw OpenMMException(std::string(owner) + ": incorrect number of values: expected " + std::to_string(expected) +
                          ", got " + std::to_string(numValues));
}

} // namespace

Continuous1DFunction::Continuous1DFunction(const std::vector<double>& values, double min, double max, bool periodic) {
  _periodic = periodic;
  setFunctionParameters(values, min, max);
  _updateCount = 0;
}

void Continuous1DFunction::getFunctionParameters(std::vector<double>& values, double& min, double& max) const {
  values = _values;
  min = _min;
  max = _max;
}

void Continuous1DFunction::setFunctionParameters(const std::vector<double>& values, double min, double max) {
  checkGrid("Continuous1DFunction", {static_cast<int>(values.size())}, values.size(), {min, max}, _periodic);
  _values = values;
  _min = min;
  _max = max;
  _updateCount++;
}

bool Continuous1DFunction::operator==(const TabulatedFunction& other) const {
  auto* o = dynamic_cast<const Continuous1DFunction*>(&other);
  return o != nullptr && o->_periodic == _periodic && o->_values == _values && o->_min == _min && o->_max == _max;
}

Continuous2DFunction::Continuous2DFunction(int xsize, int ysize, const std::vector<double>& values, double xmin,
                                           double xmax, double ymin, double ymax, bool periodic) {
  _periodic = periodic;
  setFunctionParameters(xsize, ysize, values, xmin, xmax, ymin, ymax);
  _updateCount = 0;
}

void Continuous2DFunction::getFunctionParameters(int& xsize, int& ysize, std::vector<double>& values, double& xmin,
                                                 double& xmax, double& ymin, double& ymax) const {
  xsize = _xsize;
  ysize = _ysize;
  values = _values;
  xmin = _xmin;
  xmax = _xmax;
  ymin = _ymin;
  ymax = _ymax;
}

void Continuous2DFunction::setFunctionParameters(int xsize, int ysize, const std::vector<double>& values, double xmin,
                                                 double xmax, double ymin, double ymax) {
  checkGrid("Continuous2DFunction", {xsize, ysize}, values.size(), {xmin, xmax, ymin, ymax}, _periodic);
  _xsize = xsize;
  _ysize = ysize;
  _values = values;
  _xmin = xmin;
  _xmax = xmax;
  _ymin = ymin;
  _ymax = ymax;
  _updateCount++;
}

bool Continuous2DFunction::operator==(const TabulatedFunction& other) const {
  auto* o = dynamic_cast<const Continuous2DFunction*>(&other);
  return o != nullptr && o->_periodic == _periodic && o->_xsize == _xsize && o->_ysize == _ysize &&
         o->_values == _values && o->_xmin == _xmin && o->_xmax == _xmax && o->_ymin == _ymin && o->_ymax == _ymax;
}

Continuous3DFunction::Continuous3DFunction(int xsize, int ysize, int zsize, const std::vector<double>& values,
                                           double xmin, double xmax, double ymin, double ymax, double zmin,
                                           double zmax, bool periodic) {
  _periodic = periodic;
  setFunctionParameters(xsize, ysize, zsize, values, xmin, xmax, ymin, ymax, zmin, zmax);
  _updateCount = 0;
}

void Continuous3DFunction::getFunctionParameters(int& xsize, int& ysize, int& zsize, std::vector<double>& values,
                                                 double& xmin, double& xmax, double& ymin, double& ymax, double& zmin,
                                                 double& zmax) const {
  xsize = _xsize;
  ysize = _ysize;
  zsize = _zsize;
  values = _values;
  xmin = _xmin;
  xmax = _xmax;
  ymin = _ymin;
  ymax = _ymax;
  zmin = _zmin;
  zmax = _zmax;
}

void Continuous3DFunction::setFunctionParameters(int xsize, int ysize, int zsize, const std::vector<double>& values,
                                                 double xmin, double xmax, double ymin, double ymax, double zmin,
                                                 double zmax) {
  checkGrid("Continuous3DFunction", {xsize, ysize, zsize}, values.size(), {xmin, xmax, ymin, ymax, zmin, zmax},
            _periodic);
  _xsize = xsize;
  _ysize = ysize;
  _zsize = zsize;
  _values = values;
  _xmin = xmin;
  _xmax = xmax;
  _ymin = ymin;
  _ymax = ymax;
  _zmin = zmin;
  _zmax = zmax;
  _updateCount++;
}

bool Continuous3DFunction::operator==(const TabulatedFunction& other) const {
  auto* o = dynamic_cast<const Continuous3DFunction*>(&other);
  return o != nullptr && o->_periodic == _periodic && o->_xsize == _xsize && o->_ysize == _ysize &&
         o->_zsize == _zsize && o->_values == _values && o->_xmin == _xmin && o->_xmax == _xmax &&
         o->_ymin == _ymin && o->_ymax == _ymax && o->_zmin == _zmin && o->_zmax == _zmax;
}

Discrete1DFunction::Discrete1DFunction(const std::vector<double>& values) {
  setFunctionParameters(values);
  _updateCount = 0;
}

void Discrete1DFunction::setFunctionParameters(const std::vector<double>& values) {
  checkDiscrete("Discrete1DFunction", {static_cast<int>(values.size())}, values.size());
  _values = values;
  _updateCount++;
}

bool Discrete1DFunction::operator==(const TabulatedFunction& other) const {
  auto* o = dynamic_cast<const Discrete1DFunction*>(&other);
  return o != nullptr && o->_values == _values;
}

Discrete2DFunction::Discrete2DFunction(int xsize, int ysize, const std::vector<double>& values) {
  setFunctionParameters(xsize, ysize, values);
  _updateCount = 0;
}

void Discrete2DFunction::getFunctionParameters(int& xsize, int& ysize, std::vector<double>& values) const {
  xsize = _xsize;
  ysize = _ysize;
  values = _values;
}

void Discrete2DFunction::setFunctionParameters(int xsize, int ysize, const std::vector<double>& values) {
  checkDiscrete("Discrete2DFunction", {xsize, ysize}, values.size());
  _xsize = xsize;
  _ysize = ysize;
  _values = values;
  _updateCount++;
}

bool Discrete2DFunction::operator==(const TabulatedFunction& other) const {
  auto* o = dynamic_cast<const Discrete2DFunction*>(&other);
  return o != nullptr && o->_xsize == _xsize && o->_ysize == _ysize && o->_values == _values;
}

Discrete3DFunction::Discrete3DFunction(int xsize, int ysize, int zsize, const std::vector<double>& values) {
  setFunctionParameters(xsize, ysize, zsize, values);
  _updateCount = 0;
}

void Discrete3DFunction::getFunctionParameters(int& xsize, int& ysize, int& zsize, std::vector<double>& values) const {
  xsize = _xsize;
  ysize = _ysize;
  zsize = _zsize;
  values = _values;
}

void Discrete3DFunction::setFunctionParameters(int xsize, int ysize, int zsize, const std::vector<double>& values) {
  checkDiscrete("Discrete3DFunction", {xsize, ysize, zsize}, values.size());
  _xsize = xsize;
  _ysize = ysize;
  _zsize = zsize;
  _values = values;
  _updateCount++;
}

bool Discrete3DFunction::operator==(const TabulatedFunction& other) const {
  auto* o = dynamic_cast<const Discrete3DFunction*>(&other);
  return o != nullptr && o->_xsize == _xsize && o->_ysize == _ysize && o->_zsize == _zsize && o->_values == _values;
}

} // namespace OpenMM
