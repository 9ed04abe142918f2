// Test bodies for the tabulated functions of the Custom forces: the splines against the functions they sample
// (exact for (multi)linear tables, close for smooth ones), their derivatives against finite differences,
// periodic wrapping, discrete look-ups, a CustomNonbondedForce calling them (energies against the function,
// forces against finite differences, updates in a Context) and the errors a user gets.
#pragma once

#include "CompiledExpression.h"
#include "ExpressionParser.h"
#include "TabulatedFunctionEvaluator.h"
#include "TestUtilities.h"

#include <cmath>
#include <memory>

namespace OpenMMTests {

/** Evaluates text with the one tabulated function `f` at the variables x, y, z. */
inline double evaluateWithFunction(const std::string& text, const TabulatedFunction& f, double x, double y = 0,
                                   double z = 0) {
  CustomFunctionMap functions{{"f", createTabulatedFunctionEvaluator(f, "f")}};
  double values[3] = {x, y, z};
  return CompiledExpression(ExpressionParser::parse(text, functions), {"x", "y", "z"}).evaluate(values);
}

/** d text / d variable from the symbolic derivative (through the function's own derivatives). */
inline double derivativeWithFunction(const std::string& text, const std::string& variable,
                                     const TabulatedFunction& f, double x, double y = 0, double z = 0) {
  CustomFunctionMap functions{{"f", createTabulatedFunctionEvaluator(f, "f")}};
  double values[3] = {x, y, z};
  Expression e = differentiate(ExpressionParser::parse(text, functions), variable);
  return CompiledExpression(e, {"x", "y", "z"}).evaluate(values);
}

inline void testTabulatedFunctionSplines(Platform&) {
  // 1D: a natural spline of a linear table is the line; of sin(x) on a fine grid, sin(x) away from the ends.
  std::vector<double> line, sine;
  for (int i = 0; i <= 10; i++)
    line.push_back(2.0 - 0.5 * (1.0 + 0.3 * i));
  for (int i = 0; i <= 400; i++)
    sine.push_back(std::sin(0.01 * i));
  Continuous1DFunction linear(line, 1.0, 4.0), smooth(sine, 0.0, 4.0);
  for (double x : {1.0, 1.37, 2.5, 3.99, 4.0}) {
    assertClose(2.0 - 0.5 * x, evaluateWithFunction("f(x)", linear, x), 1e-14, "linear table reproduced");
    assertClose(-0.5, derivativeWithFunction("f(x)", "x", linear, x), 1e-13, "slope of a linear table");
  }
  for (double x : {0.5, 1.2345, 2.0, 3.3})
    assertClose(std::sin(x), evaluateWithFunction("f(x)", smooth, x), 1e-9, "spline of sin(x)");
  assertClose(0.0, evaluateWithFunction("f(x)+0", smooth, 4.01), 0.0, "zero above the range");
  assertClose(0.0, evaluateWithFunction("f(x)", smooth, -0.01), 0.0, "zero below the range");
  // Knots are interpolated exactly; first and second derivatives are continuous across a knot; second
  // derivative is zero at the ends (natural spline).
  std::vector<double> rough = {0.3, -1.2, 2.5, 0.7, 0.0, 1.1};
  Continuous1DFunction bumpy(rough, 0.0, 1.0);
  const double h = 0.2, e = 1e-9;
  for (int i = 0; i < 6; i++)
    assertClose(rough[i], evaluateWithFunction("f(x)", bumpy, i * h), 1e-13, "knot value");
  for (int i = 1; i < 5; i++) {
    double x = i * h;
    assertClose(derivativeWithFunction("f(x)", "x", bumpy, x - e), derivativeWithFunction("f(x)", "x", bumpy, x + e),
                1e-6, "slope continuous at a knot");
    CustomFunctionMap functions{{"f", createTabulatedFunctionEvaluator(bumpy, "f")}};
    Expression second = differentiate(differentiate(ExpressionParser::parse("f(x)", functions), "x"), "x");
    CompiledExpression d2(second, {"x"});
    double below = x - e, above = x + e;
    assertClose(d2.evaluate(&below), d2.evaluate(&above), 1e-5, "curvature continuous at a knot");
    if (i == 1) {
      double start = 0.0, end = 1.0;
      assertClose(0.0, d2.evaluate(&start), 1e-10, "natural spline: no curvature at the start");
      assertClose(0.0, d2.evaluate(&end), 1e-10, "natural spline: no curvature at the end");
    }
  }
  // Derivatives inside the chain rule against central differences.
  for (double x : {0.13, 0.47, 0.81}) {
    double numeric = (evaluateWithFunction("x*f(2*x-x^2)", bumpy, x + 1e-6) -
                      evaluateWithFunction("x*f(2*x-x^2)", bumpy, x - 1e-6)) / 2e-6;
    assertClose(numeric, derivativeWithFunction("x*f(2*x-x^2)", "x", bumpy, x), 1e-6, "chain rule through f");
  }
  // Periodic: wraps by the period, and is smooth across the wrap point.
  std::vector<double> wave;
  for (int i = 0; i <= 60; i++)
    wave.push_back(std::cos(2 * M_PI * i / 60.0));
  Continuous1DFunction periodic(wave, -1.0, 2.0, true);
  for (double x : {-0.3, 0.4, 1.9})
    assertClose(evaluateWithFunction("f(x)", periodic, x), evaluateWithFunction("f(x)", periodic, x + 3 * 7), 1e-12,
                "periodic wrap");
  assertClose(std::cos(2 * M_PI * (0.77 + 1.0) / 3.0), evaluateWithFunction("f(x)", periodic, 0.77), 1e-6,
              "periodic spline of cos");
  assertClose(derivativeWithFunction("f(x)", "x", periodic, -1.0 + 1e-9),
              derivativeWithFunction("f(x)", "x", periodic, 2.0 - 1e-9), 1e-6, "periodic slope across the wrap");

  // 2D and 3D: (multi)linear tables are reproduced exactly, smooth ones closely; partial derivatives agree
  // with central differences.
  auto g2 = [](double x, double y) { return 1.5 - 0.4 * x + 0.7 * y + 0.25 * x * y; };
  auto s2 = [](double x, double y) { return std::sin(x) * std::cos(2 * y); };
  const int nx = 7, ny = 5, fx = 81, fy = 101;
  std::vector<double> v2, w2;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      v2.push_back(g2(-1.0 + 3.0 * i / (nx - 1), 0.5 + 1.0 * j / (ny - 1)));
  for (int j = 0; j < fy; j++)
    for (int i = 0; i < fx; i++)
      w2.push_back(s2(2.0 * i / (fx - 1), 1.0 * j / (fy - 1)));
  Continuous2DFunction bilinear(nx, ny, v2, -1.0, 2.0, 0.5, 1.5), smooth2(fx, fy, w2, 0.0, 2.0, 0.0, 1.0);
  for (auto point : {std::pair<double, double>{-0.9, 0.55}, {0.33, 1.2}, {1.999, 1.5}}) {
    double x = point.first, y = point.second;
    assertClose(g2(x, y), evaluateWithFunction("f(x,y)", bilinear, x, y), 1e-13, "bilinear table reproduced");
    assertClose(-0.4 + 0.25 * y, derivativeWithFunction("f(x,y)", "x", bilinear, x, y), 1e-12, "d/dx of bilinear");
    assertClose(0.7 + 0.25 * x, derivativeWithFunction("f(x,y)", "y", bilinear, x, y), 1e-12, "d/dy of bilinear");
  }
  for (auto point : {std::pair<double, double>{0.5, 0.3}, {1.3, 0.77}}) {
    double x = point.first, y = point.second;
    assertClose(s2(x, y), evaluateWithFunction("f(x,y)", smooth2, x, y), 1e-7, "bicubic spline of sin(x)cos(2y)");
    for (const char* v : {"x", "y"}) {
      double dx = v[0] == 'x' ? 1e-6 : 0, dy = v[0] == 'y' ? 1e-6 : 0;
      double numeric = (evaluateWithFunction("f(x,y)", smooth2, x + dx, y + dy) -
                        evaluateWithFunction("f(x,y)", smooth2, x - dx, y - dy)) / 2e-6;
      assertClose(numeric, derivativeWithFunction("f(x,y)", v, smooth2, x, y), 1e-6, "2D partial derivative");
    }
  }
  assertClose(0.0, evaluateWithFunction("f(x,y)", bilinear, 0.0, 1.6), 0.0, "2D: zero outside the range");
  auto g3 = [](double x, double y, double z) { return 0.5 + x - 2 * y + 0.5 * z + 0.3 * x * y * z - 0.2 * y * z; };
  const int n3[3] = {4, 5, 3};
  std::vector<double> v3;
  for (int k = 0; k < n3[2]; k++)
    for (int j = 0; j < n3[1]; j++)
      for (int i = 0; i < n3[0]; i++)
        v3.push_back(g3(1.0 * i / (n3[0] - 1), -1.0 + 2.0 * j / (n3[1] - 1), 2.0 + 0.5 * k / (n3[2] - 1)));
  Continuous3DFunction trilinear(n3[0], n3[1], n3[2], v3, 0.0, 1.0, -1.0, 1.0, 2.0, 2.5);
  for (double t : {0.1, 0.45, 0.9}) {
    double x = t, y = 1.7 * t - 0.8, z = 2.0 + 0.5 * t * t;
    assertClose(g3(x, y, z), evaluateWithFunction("f(x,y,z)", trilinear, x, y, z), 1e-13, "trilinear table");
    assertClose(-2 + 0.3 * x * z - 0.2 * z, derivativeWithFunction("f(x,y,z)", "y", trilinear, x, y, z), 1e-12,
                "d/dy of trilinear");
    assertClose(0.5 + 0.3 * x * y - 0.2 * y, derivativeWithFunction("f(x,y,z)", "z", trilinear, x, y, z), 1e-12,
                "d/dz of trilinear");
  }
  std::vector<double> w3;
  const int m = 30;
  for (int k = 0; k < m; k++)
    for (int j = 0; j < m; j++)
      for (int i = 0; i < m; i++)
        w3.push_back(std::exp(-(i * i + 0.5 * j * j + 2.0 * k * k) / (m * m * 1.0)));
  Continuous3DFunction smooth3(m, m, m, w3, 0.0, m - 1.0, 0.0, m - 1.0, 0.0, m - 1.0);
  for (const char* v : {"x", "y", "z"}) {
    double at[3] = {7.3, 11.6, 4.2}, plus[3] = {7.3, 11.6, 4.2}, minus[3] = {7.3, 11.6, 4.2};
    int a = v[0] - 'x';
    plus[a] += 1e-5;
    minus[a] -= 1e-5;
    double numeric = (evaluateWithFunction("f(x,y,z)", smooth3, plus[0], plus[1], plus[2]) -
                      evaluateWithFunction("f(x,y,z)", smooth3, minus[0], minus[1], minus[2])) / 2e-5;
    assertClose(numeric, derivativeWithFunction("f(x,y,z)", v, smooth3, at[0], at[1], at[2]), 1e-7,
                "3D partial derivative");
    assertClose(std::exp(-(at[0] * at[0] + 0.5 * at[1] * at[1] + 2 * at[2] * at[2]) / (m * m)),
                evaluateWithFunction("f(x,y,z)", smooth3, at[0], at[1], at[2]), 1e-5, "tricubic spline of a Gaussian");
  }

  // Discrete: the entry at the rounded arguments, no slope, an error outside the table.
  Discrete1DFunction d1({3.0, -1.0, 4.5});
  Discrete2DFunction d2(2, 3, {1, 2, 3, 4, 5, 6});
  Discrete3DFunction d3(2, 2, 2, {1, 2, 3, 4, 5, 6, 7, 8});
  assertClose(4.5, evaluateWithFunction("f(x)", d1, 1.6), 0.0, "Discrete1D rounds");
  assertClose(0.0, derivativeWithFunction("x*0+f(x)", "x", d1, 1.2), 0.0, "Discrete1D has no slope");
  assertClose(6.0, evaluateWithFunction("f(x,y)", d2, 1.0, 2.0), 0.0, "Discrete2D index i + xsize*j");
  assertClose(7.0, evaluateWithFunction("f(x,y,z)", d3, 0.0, 1.0, 1.0), 0.0, "Discrete3D index i + xsize*(j + ysize*k)");
  assertThrowsWith([&] { evaluateWithFunction("f(x)", d1, 2.6); }, "outside the table", "Discrete1D out of range");
}

inline void testTabulatedFunctionErrors(Platform&) {
  assertThrowsWith([] { Continuous1DFunction({1.0}, 0.0, 1.0); }, "at least two points", "one point");
  assertThrowsWith([] { Continuous1DFunction({1.0, 2.0}, 1.0, 1.0); }, "greater than its minimum", "empty range");
  assertThrowsWith([] { Continuous2DFunction(2, 2, {1.0, 2.0, 3.0}, 0, 1, 0, 1); }, "incorrect number of values",
                   "2D size");
  assertThrowsWith([] { Discrete3DFunction(2, 2, 2, {1.0}); }, "incorrect number of values", "3D discrete size");
  assertThrowsWith([] { createTabulatedFunctionEvaluator(Continuous1DFunction({1.0, 2.0, 3.0}, 0, 1, true), "p"); },
                   "same value at both ends", "periodic table that does not close");
  // Ends equal up to round-off close a periodic table: sin over one period, and 0 against -0 in 2D.
  std::vector<double> sine;
  for (int i = 0; i <= 40; i++)
    sine.push_back(std::sin(2 * M_PI * i / 40.0));
  CPPUNIT_ASSERT(sine.front() != sine.back());
  auto evaluator = createTabulatedFunctionEvaluator(Continuous1DFunction(sine, 0, 1, true), "s");
  const double x = 1.3;
  const int order = 0;
  assertClose(std::sin(2 * M_PI * 0.3), evaluator->evaluate(&x, &order), 1e-5, "periodic sine (wrapped)");
  std::vector<double> grid(9, 1.0);
  grid[0] = 0.0;
  grid[2] = -0.0;
  grid[6] = -0.0;
  grid[8] = 0.0;
  createTabulatedFunctionEvaluator(Continuous2DFunction(3, 3, grid, 0, 1, 0, 1, true), "g");
  assertThrowsWith([] { createTabulatedFunctionEvaluator(Continuous1DFunction({1.0, 2.0, 1.0 + 1e-12}, 0, 1, true), "p"); },
                   "same value at both ends", "periodic ends 1e-12 apart");
  CustomNonbondedForce force("f(r)");
  CPPUNIT_ASSERT_EQUAL(0, force.addTabulatedFunction("f", new Continuous1DFunction({1.0, 2.0}, 0, 1)));
  assertThrowsWith([&] { force.addTabulatedFunction("f", new Discrete1DFunction({1.0})); }, "already added",
                   "name used twice");
  assertThrowsWith([&] { force.getTabulatedFunction(1); }, "Illegal function index", "function index");
  CPPUNIT_ASSERT_EQUAL(std::string("f"), force.getTabulatedFunctionName(0));
  // The older interface reaches the same functions.
  CPPUNIT_ASSERT_EQUAL(1, force.addFunction("g", {0.5, 1.5, 2.5}, 1.0, 2.0));
  CPPUNIT_ASSERT_EQUAL(2, force.getNumFunctions());
  std::string name;
  std::vector<double> table;
  double low, high;
  force.getFunctionParameters(1, name, table, low, high);
  CPPUNIT_ASSERT(name == "g" && table.size() == 3 && low == 1.0 && high == 2.0);
  force.setFunctionParameters(1, "h", {1.0, 2.0}, 0.0, 3.0);
  CPPUNIT_ASSERT_EQUAL(std::string("h"), force.getTabulatedFunctionName(1));
  CPPUNIT_ASSERT(force.getTabulatedFunction(1) == Continuous1DFunction({1.0, 2.0}, 0.0, 3.0));
  force.addTabulatedFunction("d", new Discrete1DFunction({1.0}));
  assertThrowsWith([&] { force.getFunctionParameters(2, name, table, low, high); }, "not a Continuous1DFunction",
                   "older interface on a discrete function");
  CPPUNIT_ASSERT(dynamic_cast<Continuous1DFunction*>(&force.getTabulatedFunction(0)) != nullptr);
  std::unique_ptr<TabulatedFunction> copy(force.getTabulatedFunction(0).Copy());
  CPPUNIT_ASSERT(*copy == force.getTabulatedFunction(0));
  assertThrowsWith([] { ExpressionParser::parse("f(r, r)", CustomFunctionMap{{"f", createTabulatedFunctionEvaluator(
                                                                                    Discrete1DFunction({1.0}), "f")}}); },
                   "takes 1 arguments", "argument count of a tabulated function");
}

/** A CustomNonbondedForce between two particles whose energy calls 1D, 2D, 3D and discrete functions. */
inline void testTabulatedFunctionsInForce(Platform& platform) {
  System system;
  for (int i = 0; i < 3; i++)
    system.addParticle(1.0);
  auto* force = new CustomNonbondedForce("fa(r) + fb(r, q1*q2) + fc(r, q1, q2) + fc(r, q2, q1) + types(t1, t2)");
  // (fc is not symmetric in its last two arguments: summed both ways, the energy does not depend on the order in
  // which a platform takes the two particles of a pair, as a CustomNonbondedForce requires.)
  force->addPerParticleParameter("q");
  force->addPerParticleParameter("t");
  std::vector<double> a, b, c;
  const int n = 301;
  for (int i = 0; i < n; i++)
    a.push_back(std::exp(-3.0 * i / (n - 1.0)) * std::cos(6.0 * i / (n - 1.0)));
  const int nb = 61;
  for (int j = 0; j < nb; j++)
    for (int i = 0; i < nb; i++)
      b.push_back((0.2 + 3.0 * i / (nb - 1.0)) * (-1.0 + 2.0 * j / (nb - 1.0)) * 0.3);
  const int nc = 21;
  for (int k = 0; k < nc; k++)
    for (int j = 0; j < nc; j++)
      for (int i = 0; i < nc; i++)
        c.push_back(std::sin(0.2 + 3.0 * i / (nc - 1.0)) * (0.5 * j / (nc - 1.0) + 0.1 * k / (nc - 1.0)));
  force->addTabulatedFunction("fa", new Continuous1DFunction(a, 0.0, 3.0));
  force->addTabulatedFunction("fb", new Continuous2DFunction(nb, nb, b, 0.2, 3.2, -1.0, 1.0));
  force->addTabulatedFunction("fc", new Continuous3DFunction(nc, nc, nc, c, 0.2, 3.2, -1.0, 1.0, -1.0, 1.0));
  force->addTabulatedFunction("types", new Discrete2DFunction(2, 2, {0.1, 0.2, 0.2, 0.4}));
  force->addParticle({0.5, 0});
  force->addParticle({-0.8, 1});
  force->addParticle({0.3, 1});
  system.addForce(force);
  VerletIntegrator integrator(0.001);
  if (!platform.supportsKernels({"CalcCustomNonbondedForce"})) {
    assertThrowsWith([&] { Context context(system, integrator, platform); }, "does not implement CustomNonbondedForce",
                     "a platform without Custom kernels refuses them by name");
    Context fallback(system, integrator);
    CPPUNIT_ASSERT(fallback.getPlatform().supportsKernels({"CalcCustomNonbondedForce"}));
    return;
  }
  Context context(system, integrator, platform);
  std::vector<Vec3> positions = {Vec3(0, 0, 0), Vec3(0.9, 0.3, -0.2), Vec3(-0.4, 1.1, 0.6)};
  context.setPositions(positions);
  // The energy against the sampled functions (the splines are close to them on these grids).
  double expected = 0.0;
  const double q[3] = {0.5, -0.8, 0.3};
  const int t[3] = {0, 1, 1};
  const double table[4] = {0.1, 0.2, 0.2, 0.4};
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++) {
      Vec3 d = positions[i] - positions[j];
      double r = std::sqrt(d.dot(d));
      expected += std::exp(-r) * std::cos(2 * r) + (r * q[i] * q[j]) * 0.3 +
                  std::sin(r) * (0.5 * (q[i] + 1) / 2 + 0.1 * (q[j] + 1) / 2) +
                  std::sin(r) * (0.5 * (q[j] + 1) / 2 + 0.1 * (q[i] + 1) / 2) + table[t[i] + 2 * t[j]];
    }
  assertClose(expected, context.getState(State::Energy).getPotentialEnergy(), 1e-5, "energy of tabulated functions");
  checkForcesByFiniteDifference(context, 1e-6, "tabulated functions in CustomNonbondedForce");
  // A changed table reaches the Context through updateParametersInContext.
  dynamic_cast<Discrete2DFunction&>(force->getTabulatedFunction(3)).setFunctionParameters(2, 2, {1.1, 1.2, 1.2, 1.4});
  double before = context.getState(State::Energy).getPotentialEnergy();
  force->updateParametersInContext(context);
  assertClose(before + 3.0, context.getState(State::Energy).getPotentialEnergy(), 1e-12, "updated table");
  // A function name the expression does not know is refused when the Context is created.
  System other;
  other.addParticle(1.0);
  auto* unknown = new CustomNonbondedForce("g(r)");
  unknown->addParticle({});
  other.addForce(unknown);
  VerletIntegrator integrator2(0.001);
  assertThrowsWith([&] { Context bad(other, integrator2, platform); }, "unknown function 'g'", "unknown function");
}

} // namespace OpenMMTests
