// TabulatedFunction: a function of one to three arguments given by a table of values, usable by name in the
// energy expressions of the Custom forces that offer addTabulatedFunction(). Continuous*Function interpolate a
// uniform grid with natural (or periodic) cubic splines and are zero outside it; Discrete*Function return the
// table entry at the rounded arguments.
#pragma once

#include <vector>

namespace OpenMM {

class TabulatedFunction {
public:
  virtual ~TabulatedFunction() = default;
  /** A deep copy (the caller owns it). */
  virtual TabulatedFunction* Copy() const = 0;
  bool getPeriodic() const { return _periodic; }
  virtual bool operator==(const TabulatedFunction& other) const = 0;
  bool operator!=(const TabulatedFunction& other) const { return !(*this == other); }
  /** Incremented by every setFunctionParameters() call. */
  int getUpdateCount() const { return _updateCount; }

protected:
  bool _periodic = false;
  int _updateCount = 0;
};

/** f(x) from values at x = min + i (max-min)/(n-1); a natural cubic spline, zero outside [min, max] (or a
 * periodic spline of period max-min, where values[0] must equal values[n-1]). */
class Continuous1DFunction : public TabulatedFunction {
public:
  Continuous1DFunction(const std::vector<double>& values, double min, double max, bool periodic = false);
  void getFunctionParameters(std::vector<double>& values, double& min, double& max) const;
  void setFunctionParameters(const std::vector<double>& values, double min, double max);
  Continuous1DFunction* Copy() const override { return new Continuous1DFunction(*this); }
  bool operator==(const TabulatedFunction& other) const override;

private:
  std::vector<double> _values;
  double _min, _max;
};

/** f(x,y) from values[i + xsize*j] at grid point (i, j); bicubic spline patches. */
class Continuous2DFunction : public TabulatedFunction {
public:
  Continuous2DFunction(int xsize, int ysize, const std::vector<double>& values, double xmin, double xmax, double ymin,
                       double ymax, bool periodic = false);
  void getFunctionParameters(int& xsize, int& ysize, std::vector<double>& values, double& xmin, double& xmax,
                             double& ymin, double& ymax) const;
  void setFunctionParameters(int xsize, int ysize, const std::vector<double>& values, double xmin, double xmax,
                             double ymin, double ymax);
  Continuous2DFunction* Copy() const override { return new Continuous2DFunction(*this); }
  bool operator==(const TabulatedFunction& other) const override;

private:
  int _xsize, _ysize;
  std::vector<double> _values;
  double _xmin, _xmax, _ymin, _ymax;
};

/** f(x,y,z) from values[i + xsize*(j + ysize*k)] at grid point (i, j, k); tricubic spline patches. */
class Continuous3DFunction : public TabulatedFunction {
public:
  Continuous3DFunction(int xsize, int ysize, int zsize, const std::vector<double>& values, double xmin, double xmax,
                       double ymin, double ymax, double zmin, double zmax, bool periodic = false);
  void getFunctionParameters(int& xsize, int& ysize, int& zsize, std::vector<double>& values, double& xmin,
                             double& xmax, double& ymin, double& ymax, double& zmin, double& zmax) const;
  void setFunctionParameters(int xsize, int ysize, int zsize, const std::vector<double>& values, double xmin,
                             double xmax, double ymin, double ymax, double zmin, double zmax);
  Continuous3DFunction* Copy() const override { return new Continuous3DFunction(*this); }
  bool operator==(const TabulatedFunction& other) const override;

private:
  int _xsize, _ysize, _zsize;
  std::vector<double> _values;
  double _xmin, _xmax, _ymin, _ymax, _zmin, _zmax;
};

/** f(i) = values[i] for the argument rounded to the nearest integer i (an error outside the table). */
class Discrete1DFunction : public TabulatedFunction {
public:
  explicit Discrete1DFunction(const std::vector<double>& values);
  void getFunctionParameters(std::vector<double>& values) const { values = _values; }
  void setFunctionParameters(const std::vector<double>& values);
  Discrete1DFunction* Copy() const override { return new Discrete1DFunction(*this); }
  bool operator==(const TabulatedFunction& other) const override;

private:
  std::vector<double> _values;
};

/** f(i, j) = values[i + xsize*j]. */
class Discrete2DFunction : public TabulatedFunction {
public:
  Discrete2DFunction(int xsize, int ysize, const std::vector<double>& values);
  void getFunctionParameters(int& xsize, int& ysize, std::vector<double>& values) const;
  void setFunctionParameters(int xsize, int ysize, const std::vector<double>& values);
  Discrete2DFunction* Copy() const override { return new Discrete2DFunction(*this); }
  bool operator==(const TabulatedFunction& other) const override;

private:
  int _xsize, _ysize;
  std::vector<double> _values;
};

/** f(i, j, k) = values[i + xsize*(j + ysize*k)]. */
class Discrete3DFunction : public TabulatedFunction {
public:
  Discrete3DFunction(int xsize, int ysize, int zsize, const std::vector<double>& values);
  void getFunctionParameters(int& xsize, int& ysize, int& zsize, std::vector<double>& values) const;
  void setFunctionParameters(int xsize, int ysize, int zsize, const std::vector<double>& values);
  Discrete3DFunction* Copy() const override { return new Discrete3DFunction(*this); }
  bool operator==(const TabulatedFunction& other) const override;

private:
  int _xsize, _ysize, _zsize;
  std::vector<double> _values;
};

} // namespace OpenMM
