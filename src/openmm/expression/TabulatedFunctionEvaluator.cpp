// TabulatedFunctionEvaluator: GridSpline holds, per grid point, the value and the 2^D - 1 mixed first
// derivatives (bit a of the index: differentiated along axis a); a patch is the sum over its 2^D corners of
// the products of the Hermite weights of each axis. DiscreteTable rounds its arguments.
#include "TabulatedFunctionEvaluator.h"

#include "CubicSpline.h"
#include "openmm/OpenMMException.h"
#include "openmm/TabulatedFunction.h"

#include <algorithm>
#include <cmath>

namespace OpenMM {

namespace {

class GridSpline : public CustomFunction {
public:
  GridSpline(const std::string& name, std::vector<int> sizes, const std::vector<double>& values,
             const std::vector<double>& ranges, bool periodic)
      : _sizes(std::move(sizes)), _periodic(periodic) {
    _dims = static_cast<int>(_sizes.size());
    _corners = 1 << _dims;
    size_t points = values.size();
    for (int a = 0; a < _dims; a++) {
      _min.push_back(ranges[2 * a]);
      _max.push_back(ranges[2 * a + 1]);
      _h.push_back((ranges[2 * a + 1] - ranges[2 * a]) / (_sizes[a] - 1));
      _stride.push_back(a == 0 ? 1 : _stride[a - 1] * _sizes[a - 1]);
    }
    if (periodic)
      checkPeriodic(name, values);
    _data.assign(points * _corners, 0.0);
    for (size_t p = 0; p < points; p++)
      _data[p * _corners] = values[p];
    // Derivative set `mask` is the spline derivative along its lowest axis of the set without that axis.
    for (int mask = 1; mask < _corners; mask++) {
      int axis = 0;
      while (((mask >> axis) & 1) == 0)
        axis++;
      int source = mask & ~(1 << axis);
      for (size_t p = 0; p < points; p++) {
        if ((p / _stride[axis]) % _sizes[axis] != 0)
          continue; // p starts a line along axis
        std::vector<double> line(_sizes[axis]);
        for (int k = 0; k < _sizes[axis]; k++)
          line[k] = _data[(p + k * _stride[axis]) * _corners + source];
        std::vector<double> slope = CubicSpline::knotDerivatives(line, _h[axis], periodic);
        for (int k = 0; k < _sizes[axis]; k++)
          _data[(p + k * _stride[axis]) * _corners + mask] = slope[k];
      }
    }
  }

  int getNumArguments() const override { return _dims; }
  void describe(TabulatedFunctionTable& table) const {
    table.sizes = _sizes;
    table.min = _min;
    table.max = _max;
    table.periodic = _periodic;
    table.data = _data;
  }

  double evaluate(const double* arguments, const int* derivOrder) const override {
    double basis[3][4];
    size_t origin = 0;
    for (int a = 0; a < _dims; a++) {
      double x = arguments[a];
      if (_periodic) {
        double period = _max[a] - _min[a];
        x = _min[a] + (x - _min[a]) - period * std::floor((x - _min[a]) / period);
      } else if (!(x >= _min[a] && x <= _max[a])) {
        return 0.0;
      }
      double s = (x - _min[a]) / _h[a];
      int cell = std::min(std::max(static_cast<int>(std::floor(s)), 0), _sizes[a] - 2);
      CubicSpline::hermiteBasis(s - cell, _h[a], derivOrder[a], basis[a]);
      origin += cell * _stride[a];
    }
    double sum = 0.0;
    for (int corner = 0; corner < _corners; corner++) {
      size_t point = origin;
      for (int a = 0; a < _dims; a++)
        point += ((corner >> a) & 1) * _stride[a];
      const double* data = &_data[point * _corners];
      for (int mask = 0; mask < _corners; mask++) {
        double weight = data[mask];
        for (int a = 0; a < _dims; a++)
          weight *= basis[a][2 * ((corner >> a) & 1) + ((mask >> a) & 1)];
        sum += weight;
      }
    }
    return sum;
  }

private:
  void checkPeriodic(const std::string& name, const std::vector<double>& values) const {
    for (size_t p = 0; p < values.size(); p++)
      for (int a = 0; a < _dims; a++)
        if ((p / _stride[a]) % _sizes[a] == 0) {
          // The same value up to round-off (sin(0) and sin(2 pi), 0 and -0), as OpenMM accepts them.
          double first = values[p], last = values[p + (_sizes[a] - 1) * _stride[a]];
          if (std::fabs(first - last) > 1e-15 + 1e-15 * std::fabs(last))
            throw OpenMMException("Tabulated function '" + name +
                                  "': a periodic function must have the same value at both ends of each axis (" +
                                  std::to_string(first) + " and " + std::to_string(last) + ")");
        }
  }

  std::vector<int> _sizes;
  bool _periodic;
  int _dims = 0, _corners = 1;
  std::vector<double> _min, _max, _h;
  std::vector<size_t> _stride;
  std::vector<double> _data;
};

class DiscreteTable : public CustomFunction {
public:
  DiscreteTable(std::string name, std::vector<int> sizes, std::vector<double> values)
      : _name(std::move(name)), _sizes(std::move(sizes)), _values(std::move(values)) {}
  int getNumArguments() const override { return static_cast<int>(_sizes.size()); }
  void describe(TabulatedFunctionTable& table) const {
    table.discrete = true;
    table.sizes = _sizes;
    table.data = _values;
  }
  double evaluate(const double* arguments, const int* derivOrder) const override {
    for (size_t a = 0; a < _sizes.size(); a++)
      if (derivOrder[a] != 0)
        return 0.0;
    size_t index = 0, stride = 1;
    for (size_t a = 0; a < _sizes.size(); a++) {
      double i = std::round(arguments[a]);
      if (!(i >= 0 && i < _sizes[a]))
        throw OpenMMException("Tabulated function '" + _name + "': argument " + std::to_string(a + 1) + " (" +
                              std::to_string(arguments[a]) + ") is outside the table (0 to " +
                              std::to_string(_sizes[a] - 1) + ")");
      index += static_cast<size_t>(i) * stride;
      stride *= _sizes[a];
    }
    return _values[index];
  }

private:
  std::string _name;
  std::vector<int> _sizes;
  std::vector<double> _values;
};

} // namespace

std::shared_ptr<const CustomFunction> createTabulatedFunctionEvaluator(const TabulatedFunction& function,
                                                                       const std::string& name) {
  std::vector<double> values;
  if (auto* f = dynamic_cast<const Continuous1DFunction*>(&function)) {
    double min, max;
    f->getFunctionParameters(values, min, max);
    return std::make_shared<GridSpline>(name, std::vector<int>{static_cast<int>(values.size())}, values,
                                        std::vector<double>{min, max}, f->getPeriodic());
  }
  if (auto* f = dynamic_cast<const Continuous2DFunction*>(&function)) {
    int nx, ny;
    double x0, x1, y0, y1;
    f->getFunctionParameters(nx, ny, values, x0, x1, y0, y1);
    return std::make_shared<GridSpline>(name, std::vector<int>{nx, ny}, values, std::vector<double>{x0, x1, y0, y1},
                                        f->getPeriodic());
  }
  if (auto* f = dynamic_cast<const Continuous3DFunction*>(&function)) {
    int nx, ny, nz;
    double x0, x1, y0, y1, z0, z1;
    f->getFunctionParameters(nx, ny, nz, values, x0, x1, y0, y1, z0, z1);
    return std::make_shared<GridSpline>(name, std::vector<int>{nx, ny, nz}, values,
                                        std::vector<double>{x0, x1, y0, y1, z0, z1}, f->getPeriodic());
  }
  if (auto* f = dynamic_cast<const Discrete1DFunction*>(&function)) {
    f->getFunctionParameters(values);
    std::vector<int> sizes{static_cast<int>(values.size())};
    return std::make_shared<DiscreteTable>(name, sizes, values);
  }
  if (auto* f = dynamic_cast<const Discrete2DFunction*>(&function)) {
    int nx, ny;
    f->getFunctionParameters(nx, ny, values);
    return std::make_shared<DiscreteTable>(name, std::vector<int>{nx, ny}, values);
  }
  if (auto* f = dynamic_cast<const Discrete3DFunction*>(&function)) {
    int nx, ny, nz;
    f->getFunctionParameters(nx, ny, nz, values);
    return std::make_shared<DiscreteTable>(name, std::vector<int>{nx, ny, nz}, values);
  }
  throw OpenMMException("Tabulated function '" + name + "': unknown kind of TabulatedFunction");
}

TabulatedFunctionTable tabulatedFunctionTable(const TabulatedFunction& function, const std::string& name) {
  TabulatedFunctionTable table;
  auto evaluator = createTabulatedFunctionEvaluator(function, name);
  if (auto* spline = dynamic_cast<const GridSpline*>(evaluator.get()))
    spline->describe(table);
  else
    static_cast<const DiscreteTable*>(evaluator.get())->describe(table);
  return table;
}

CustomFunctionMap createTabulatedFunctionEvaluators(const std::vector<std::string>& names,
                                                    const std::vector<const TabulatedFunction*>& functions) {
  CustomFunctionMap map;
  for (size_t i = 0; i < names.size(); i++)
    map[names[i]] = createTabulatedFunctionEvaluator(*functions[i], names[i]);
  return map;
}

} // namespace OpenMM
