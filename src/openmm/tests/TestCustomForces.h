// Test bodies for the expression engine and the Custom bonded forces: parsing and evaluation against hand
// values, symbolic derivatives against finite differences, Custom forces against the equivalent built-in
// forces, global parameters in the Context, forces against finite differences of the energy, and the refusal
// of a platform that does not implement them.
#pragma once

#include "CompiledExpression.h"
#include "ExpressionParser.h"
#include "TestUtilities.h"

#include <map>

namespace OpenMMTests {

inline double evaluateText(const std::string& text, const std::map<std::string, double>& values) {
  std::vector<std::string> names;
  std::vector<double> numbers;
  for (const auto& v : values) {
    names.push_back(v.first);
    numbers.push_back(v.second);
  }
  return CompiledExpression(ExpressionParser::parse(text), names).evaluate(numbers.data());
}

inline void testExpressionEngine(Platform&) {
  const std::map<std::string, double> v = {{"x", 0.7}, {"y", -1.3}, {"r", 1.2}};
  assertClose(2 + 3 * 4 - 6 / 3.0, evaluateText("2+3*4-6/3", v), 1e-15, "precedence");
  assertClose(-std::pow(0.7, 2), evaluateText("-x^2", v), 1e-15, "unary minus binds looser than ^");
  assertClose(std::pow(2.0, std::pow(3.0, 2.0)), evaluateText("2^3^2", v), 1e-15, "^ is right-associative");
  assertClose(1.5e-3 * 0.7, evaluateText("1.5e-3*x", v), 1e-15, "exponent notation");
  assertClose(std::atan2(-1.3, 0.7) + std::fmin(0.7, -1.3) + std::fmax(0.7, -1.3),
              evaluateText("atan2(y, x) + min(x, y) + max(x, y)", v), 1e-15, "two-argument functions");
  assertClose(0.7, evaluateText("select(step(x), x, y)", v), 0.0, "select and step");
  assertClose(0.0, evaluateText("delta(x) + floor(0.5) + ceil(-0.5)", v), 0.0, "delta, floor, ceil");
  assertClose(4 * (1.2 - 0.5) * (1.2 - 0.5) + 0.25, evaluateText("k*(r-r0)^2 + c; k=4; r0=c*2; c=0.25", v), 1e-15,
              "definitions after ';' (each may use the following ones)");
  // Derivatives of every function against central differences.
  const char* functions[] = {"sqrt(x+2)",
                             "exp(x*y)",
                             "log(x+3)",
                             "sin(x)*cos(y)",
                             "sec(x)+csc(x+1)",
                             "tan(x)+cot(x+1)",
                             "asin(x/2)+acos(x/3)+atan(x)",
                             "atan2(x, y)",
                             "sinh(x)+cosh(x)+tanh(x)",
                             "erf(x)+erfc(x/2)",
                             "square(x)+cube(x)+recip(x)",
                             "min(x, 0.3)+max(x, 2*x)",
                             "abs(x-1)",
                             "x^y",
                             "(x+2)^2.5",
                             "select(step(x), x^2, 3)",
                             "1/(1+x*x)",
                             "-x/(y-x)"};
  for (const char* text : functions) {
    Expression e = ExpressionParser::parse(text);
    CompiledExpression f(e, {"x", "y"}), df(differentiate(e, "x"), {"x", "y"});
    const double h = 1e-6;
    double plus[2] = {0.7 + h, -1.3}, minus[2] = {0.7 - h, -1.3}, at[2] = {0.7, -1.3};
    double numeric = (f.evaluate(plus) - f.evaluate(minus)) / (2 * h);
    assertClose(numeric, df.evaluate(at), 1e-7, std::string("derivative of ") + text);
  }
  assertThrowsWith([] { ExpressionParser::parse("2*(x+1"); }, "missing ')'", "unbalanced parenthesis");
  assertThrowsWith([] { ExpressionParser::parse("foo(x)"); }, "unknown function 'foo'", "unknown function");
  assertThrowsWith([] { ExpressionParser::parse("min(x)"); }, "takes 2 arguments", "wrong argument count");
  assertThrowsWith([] { CompiledExpression(ExpressionParser::parse("x*q"), {"x"}); }, "Unknown variable 'q'",
                   "unknown variable");
}

/** Three bonded chains of four particles, shared by the Custom-versus-built-in comparisons. */
inline std::vector<Vec3> chainPositions() {
  std::vector<Vec3> positions;
  for (int i = 0; i < 12; i++)
    positions.emplace_back(0.15 * (i % 4) + 0.03 * std::sin(3.0 * i), 0.1 * std::cos(1.7 * i) + 0.5 * (i / 4),
                           0.08 * std::sin(2.3 * i + 1.0));
  return positions;
}

inline void testCustomBondedMatchBuiltIn(Platform& platform) {
  System builtIn, custom;
  for (int i = 0; i < 12; i++) {
    builtIn.addParticle(1.0);
    custom.addParticle(1.0);
  }
  auto* bonds = new HarmonicBondForce();
  auto* angles = new HarmonicAngleForce();
  auto* torsions = new PeriodicTorsionForce();
  auto* customBonds = new CustomBondForce("0.5*k*(r-r0)^2");
  customBonds->addPerBondParameter("r0");
  customBonds->addPerBondParameter("k");
  auto* customAngles = new CustomAngleForce("0.5*k*(theta-theta0)^2");
  customAngles->addPerAngleParameter("theta0");
  customAngles->addPerAngleParameter("k");
  auto* customTorsions = new CustomTorsionForce("k*(1+cos(n*theta-phase))");
  customTorsions->addPerTorsionParameter("n");
  customTorsions->addPerTorsionParameter("phase");
  customTorsions->addPerTorsionParameter("k");
  for (int c = 0; c < 3; c++) {
    int p = 4 * c;
    for (int j = 0; j < 3; j++) {
      bonds->addBond(p + j, p + j + 1, 0.14 + 0.01 * j, 3e4 + 1e3 * c);
      customBonds->addBond(p + j, p + j + 1, {0.14 + 0.01 * j, 3e4 + 1e3 * c});
    }
    for (int j = 0; j < 2; j++) {
      angles->addAngle(p + j, p + j + 1, p + j + 2, 1.9 + 0.1 * j, 400.0 + 10 * c);
      customAngles->addAngle(p + j, p + j + 1, p + j + 2, {1.9 + 0.1 * j, 400.0 + 10 * c});
    }
    torsions->addTorsion(p, p + 1, p + 2, p + 3, 1 + c, 0.3 * c, 5.0 + c);
    customTorsions->addTorsion(p, p + 1, p + 2, p + 3, {1.0 + c, 0.3 * c, 5.0 + c});
  }
  builtIn.addForce(bonds);
  builtIn.addForce(angles);
  builtIn.addForce(torsions);
  custom.addForce(customBonds);
  custom.addForce(customAngles);
  custom.addForce(customTorsions);
  VerletIntegrator i1(0.001), i2(0.001);
  Context c1(builtIn, i1, platform), c2(custom, i2, platform);
  c1.setPositions(chainPositions());
  c2.setPositions(chainPositions());
  compareStates(c1, c2, 1e-12, "Custom bonded forces against the built-in ones");
  CPPUNIT_ASSERT_EQUAL(3, static_cast<int>(c2.getMolecules().size()));
  // Changed per-term parameters reach the Context through updateParametersInContext().
  bonds->setBondParameters(0, 0, 1, 0.2, 1e4);
  customBonds->setBondParameters(0, 0, 1, {0.2, 1e4});
  bonds->updateParametersInContext(c1);
  customBonds->updateParametersInContext(c2);
  compareStates(c1, c2, 1e-12, "after updateParametersInContext");
  checkForcesByFiniteDifference(c2, 1e-6, "Custom bonded forces");
}

inline void testCustomForceGlobalParameters(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* bond = new CustomBondForce("scale*D*(1-exp(-a*(r-r0)))^2");
  bond->addGlobalParameter("scale", 1.0);
  bond->addGlobalParameter("r0", 0.1);
  bond->addPerBondParameter("D");
  bond->addPerBondParameter("a");
  bond->addBond(0, 1, {400.0, 20.0});
  system.addForce(bond);
  auto* external = new CustomExternalForce("kr*((x-x0)^2+(y-y0)^2+(z-z0)^2)");
  external->addGlobalParameter("kr", 50.0);
  external->addPerParticleParameter("x0");
  external->addPerParticleParameter("y0");
  external->addPerParticleParameter("z0");
  external->addParticle(1, {0.2, 0.1, -0.1});
  system.addForce(external);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  Vec3 p1(0.15, 0.05, 0.02);
  context.setPositions({Vec3(), p1});
  assertClose(1.0, context.getParameter("scale"), 0.0, "global parameter default");
  auto expected = [&](double scale, double kr) {
    double r = std::sqrt(p1.dot(p1));
    Vec3 d = p1 - Vec3(0.2, 0.1, -0.1);
    return scale * 400.0 * std::pow(1 - std::exp(-20.0 * (r - 0.1)), 2) + kr * d.dot(d);
  };
  assertClose(expected(1.0, 50.0), context.getState(State::Energy).getPotentialEnergy(), 1e-12, "Morse + restraint");
  context.setParameter("scale", 0.5);
  context.setParameter("kr", 10.0);
  assertClose(expected(0.5, 10.0), context.getState(State::Energy).getPotentialEnergy(), 1e-12, "after setParameter");
  checkForcesByFiniteDifference(context, 1e-6, "Morse bond and external restraint");
  // Global parameters are part of the checkpoint.
  std::stringstream checkpoint;
  context.createCheckpoint(checkpoint);
  context.setParameter("scale", 7.0);
  context.loadCheckpoint(checkpoint);
  assertClose(0.5, context.getParameter("scale"), 0.0, "global parameter restored from a checkpoint");
  assertClose(expected(0.5, 10.0), context.getState(State::Energy).getPotentialEnergy(), 1e-12,
              "energy after loadCheckpoint");
  CPPUNIT_ASSERT_EQUAL(std::string("r0"), bond->getGlobalParameterName(1));
  assertThrowsWith([&] { bond->getGlobalParameterName(2); }, "Illegal global parameter index", "global index");
}

inline void testCustomForceErrors(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* bond = new CustomBondForce("k*r^2");
  bond->addPerBondParameter("k");
  bond->addBond(0, 1, {});
  system.addForce(bond);
  VerletIntegrator integrator(0.001);
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Wrong number of parameters",
                   "missing per-bond parameter");
  bond->setBondParameters(0, 0, 1, {1.0});
  bond->setEnergyFunction("k*r^2+unknown");
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Unknown variable 'unknown'",
                   "unknown variable");
  bond->setEnergyFunction("k*(r^2");
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Parse error", "syntax error");
  bond->setEnergyFunction("k*r^2");
  bond->setBondParameters(0, 0, 5, {1.0});
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "Illegal particle index", "bad index");
  bond->setBondParameters(0, 0, 1, {1.0});
  // One global parameter given two different defaults by two forces is refused; the same default is accepted.
  auto* first = new CustomExternalForce("scale*x");
  auto* second = new CustomExternalForce("scale*y");
  first->addGlobalParameter("scale", 1.0);
  second->addGlobalParameter("scale", 2.0);
  first->addParticle(0, {});
  second->addParticle(1, {});
  system.addForce(first);
  system.addForce(second);
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "different default values",
                   "conflicting defaults of a global parameter");
  second->setGlobalParameterDefaultValue(0, 1.0);
  Context context(system, integrator, platform);
  assertClose(1.0, context.getParameter("scale"), 0.0, "a default shared by two forces");
}

/** Runs on every platform: a platform that lacks the Custom kernels refuses them by name at Context creation. */
inline void testCustomForceRefusedByName(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* bond = new CustomBondForce("r^2");
  bond->addBond(0, 1);
  system.addForce(bond);
  VerletIntegrator integrator(0.001);
  if (platform.supportsKernels({"CalcCustomBondForce"})) {
    Context context(system, integrator, platform);
    context.setPositions({Vec3(), Vec3(0.3, 0.4, 0)});
    assertClose(0.25, context.getState(State::Energy).getPotentialEnergy(), 1e-14, "r^2");
    return;
  }
  assertThrowsWith([&] { Context context(system, integrator, platform); }, "does not implement CustomBondForce",
                   "platform without Custom kernels");
  // Integrators are named the same way.
  System plain;
  plain.addParticle(1.0);
  BrownianIntegrator brownian(300.0, 1.0, 0.001);
  if (!platform.supportsKernels({"IntegrateBrownianStep"}))
    assertThrowsWith([&] { Context context(plain, brownian, platform); }, "does not implement BrownianIntegrator",
                     "platform without the Brownian kernel");
}

} // namespace OpenMMTests

namespace OpenMMTests {

/** 27 particles of two kinds, charged, in a 2.1 nm box; a NonbondedForce and the same as a CustomNonbondedForce. */
inline void buildPairSystems(System& builtIn, System& custom, bool charges, NonbondedForce*& nonbonded,
                             CustomNonbondedForce*& pairs, std::vector<Vec3>& positions) {
  const double box = 2.1;
  for (System* s : {&builtIn, &custom})
    s->setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  nonbonded = new NonbondedForce();
  std::string energy = "4*eps*((sig/r)^12-(sig/r)^6); sig=0.5*(sigma1+sigma2); eps=sqrt(epsilon1*epsilon2)";
  if (charges)
    energy = "138.93545764438198*q1*q2/r + " + energy;
  pairs = new CustomNonbondedForce(energy);
  pairs->addPerParticleParameter("q");
  pairs->addPerParticleParameter("sigma");
  pairs->addPerParticleParameter("epsilon");
  for (int i = 0; i < 27; i++) {
    builtIn.addParticle(10.0);
    custom.addParticle(10.0);
    double q = charges ? (i % 2 == 0 ? 0.3 : -0.3) : 0.0, sigma = i % 3 == 0 ? 0.32 : 0.28,
           eps = i % 3 == 0 ? 0.8 : 0.5;
    nonbonded->addParticle(q, sigma, eps);
    pairs->addParticle({q, sigma, eps});
    positions.emplace_back(0.7 * (i % 3) + 0.05 * std::sin(i), 0.7 * ((i / 3) % 3) + 0.04 * std::cos(2.0 * i),
                           0.7 * (i / 9) + 0.03 * std::sin(3.0 * i));
  }
  std::vector<std::pair<int, int>> bonds = {{0, 1}, {1, 2}, {5, 6}};
  nonbonded->createExceptionsFromBonds(bonds, 0.0, 0.0);
  pairs->createExclusionsFromBonds(bonds, 3);
  builtIn.addForce(nonbonded);
  custom.addForce(pairs);
}

inline void testCustomNonbondedMatchesNonbonded(Platform& platform) {
  {
    System builtIn, custom;
    NonbondedForce* nonbonded;
    CustomNonbondedForce* pairs;
    std::vector<Vec3> positions;
    buildPairSystems(builtIn, custom, true, nonbonded, pairs, positions);
    CPPUNIT_ASSERT_EQUAL(nonbonded->getNumExceptions(), pairs->getNumExclusions());
    VerletIntegrator i1(0.001), i2(0.001);
    Context c1(builtIn, i1, platform), c2(custom, i2, platform);
    c1.setPositions(positions);
    c2.setPositions(positions);
    compareStates(c1, c2, 1e-10, "Coulomb + LJ without cutoff");
    checkForcesByFiniteDifference(c2, 1e-6, "CustomNonbondedForce without cutoff");
  }
  // Periodic cutoff with switching and the long-range correction (uncharged: NonbondedForce's LJ is not shifted).
  System builtIn, custom;
  NonbondedForce* nonbonded;
  CustomNonbondedForce* pairs;
  std::vector<Vec3> positions;
  buildPairSystems(builtIn, custom, false, nonbonded, pairs, positions);
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  pairs->setNonbondedMethod(CustomNonbondedForce::CutoffPeriodic);
  for (double cutoff : {0.9}) {
    nonbonded->setCutoffDistance(cutoff);
    pairs->setCutoffDistance(cutoff);
  }
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(0.75);
  pairs->setUseSwitchingFunction(true);
  pairs->setSwitchingDistance(0.75);
  nonbonded->setUseDispersionCorrection(true);
  pairs->setUseLongRangeCorrection(true);
  VerletIntegrator i1(0.001), i2(0.001);
  Context c1(builtIn, i1, platform), c2(custom, i2, platform);
  c1.setPositions(positions);
  c2.setPositions(positions);
  compareStates(c1, c2, 1e-8, "switched LJ with long-range correction");
  checkForcesByFiniteDifference(c2, 1e-6, "CustomNonbondedForce with switching");
}

inline void testCustomNonbondedGroupsAndParameters(Platform& platform) {
  System system;
  auto* pairs = new CustomNonbondedForce("scale*a1*a2*exp(-r/len)");
  pairs->addGlobalParameter("scale", 2.0);
  pairs->addGlobalParameter("len", 0.3);
  pairs->addPerParticleParameter("a");
  std::vector<Vec3> positions;
  for (int i = 0; i < 6; i++) {
    system.addParticle(1.0);
    pairs->addParticle({1.0 + 0.5 * i});
    positions.emplace_back(0.3 * i, 0.1 * (i % 2), 0.05 * i * i);
  }
  pairs->addInteractionGroup({0, 1}, {1, 2, 3});
  pairs->addInteractionGroup({4}, {5});
  pairs->addExclusion(0, 3);
  system.addForce(pairs);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  auto expected = [&](double scale) {
    double sum = 0.0;
    for (auto p : std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {4, 5}}) {
      Vec3 d = positions[p.first] - positions[p.second];
      sum += scale * (1.0 + 0.5 * p.first) * (1.0 + 0.5 * p.second) * std::exp(-std::sqrt(d.dot(d)) / 0.3);
    }
    return sum;
  };
  assertClose(expected(2.0), context.getState(State::Energy).getPotentialEnergy(), 1e-12, "interaction groups");
  context.setParameter("scale", 3.0);
  assertClose(expected(3.0), context.getState(State::Energy).getPotentialEnergy(), 1e-12, "global parameter");
  checkForcesByFiniteDifference(context, 1e-6, "CustomNonbondedForce with interaction groups");
  pairs->setParticleParameters(5, {0.0});
  pairs->updateParametersInContext(context);
  Vec3 d = positions[4] - positions[5];
  assertClose(expected(3.0) - 3.0 * 3.0 * 3.5 * std::exp(-std::sqrt(d.dot(d)) / 0.3),
              context.getState(State::Energy).getPotentialEnergy(), 1e-12, "updateParametersInContext");
  // Per-particle parameters named like the names the platforms generate for temporaries and groups.
  System named;
  auto* namedPairs = new CustomNonbondedForce("t1*t2*exp(-r/0.3)+(t1+t2)*(groupsA1+groupsA2)/(r*r)");
  namedPairs->addPerParticleParameter("t");
  namedPairs->addPerParticleParameter("groupsA");
  for (int i = 0; i < 3; i++) {
    named.addParticle(1.0);
    namedPairs->addParticle({0.5 + i, 2.0 - i});
  }
  named.addForce(namedPairs);
  VerletIntegrator namedIntegrator(0.001);
  Context namedContext(named, namedIntegrator, platform);
  namedContext.setPositions({positions[0], positions[1], positions[2]});
  double namedEnergy = 0.0;
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++) {
      Vec3 d = positions[i] - positions[j];
      const double r = std::sqrt(d.dot(d)), ti = 0.5 + i, tj = 0.5 + j;
      namedEnergy += ti * tj * std::exp(-r / 0.3) + (ti + tj) * ((2.0 - i) + (2.0 - j)) / (r * r);
    }
  assertClose(namedEnergy, namedContext.getState(State::Energy).getPotentialEnergy(), 1e-12,
              "parameters named t and groupsA");

  System wrong;
  wrong.addParticle(1.0);
  wrong.addForce(new CustomNonbondedForce("r"));
  VerletIntegrator other(0.001);
  assertThrowsWith([&] { Context c(wrong, other, platform); }, "exactly as many particles", "particle count");
}

/** The long-range correction of a CustomNonbondedForce with interaction groups, -c/r^6 between particles of two
 * kinds in a periodic box: the correction counts each interacting pair of the groups (a pair the sets hold both ways
 * once, no particle with itself) as OpenMM does, so with N particles its energy is
 * 2 pi N^2 / (N (N + 1) / 2) sum_pairs integral_rc^inf (-c_ij / r^6) r^2 dr / V, the integral -c_ij / (3 rc^3). */
inline void testCustomNonbondedLongRangeWithGroups(Platform& platform) {
  const double box = 3.0, cutoff = 1.0;
  const int n = 8;
  auto energyFor = [&](bool correction, int layout) {
    System system;
    system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
    auto* pairs = new CustomNonbondedForce("-c1*c2/r^6");
    pairs->addPerParticleParameter("c");
    pairs->setNonbondedMethod(CustomNonbondedForce::CutoffPeriodic);
    pairs->setCutoffDistance(cutoff);
    pairs->setUseLongRangeCorrection(correction);
    std::vector<Vec3> positions;
    for (int i = 0; i < n; i++) {
      system.addParticle(1.0);
      pairs->addParticle({i < 3 ? 1.0 : 2.0});
      positions.emplace_back(0.37 * i, 0.29 * (i % 3), 0.41 * (i % 2));
    }
    if (layout == 0) {
      pairs->addInteractionGroup({0, 1, 2}, {3, 4, 5, 6, 7});  // the two kinds with each other
    } else {
      pairs->addInteractionGroup({0, 1, 2, 3}, {2, 3, 4});  // overlapping sets: {2, 3} both ways
    }
    system.addForce(pairs);
    VerletIntegrator integrator(0.001);
    Context context(system, integrator, platform);
    context.setPositions(positions);
    return context.getState(State::Energy).getPotentialEnergy();
  };
  const double prefactor = 2.0 * M_PI * n * n / (n * (n + 1) / 2.0) / (box * box * box);
  const double tail = -1.0 / (3.0 * cutoff * cutoff * cutoff);  // times c_i c_j
  // Layout 0: 3 x 5 pairs of c 1 and 2.
  const double expected0 = prefactor * 15 * 2.0 * tail;
  // Layout 1: set1 {0,1,2,3} x set2 {2,3,4}: (0,2) (0,3) (0,4) (1,2) (1,3) (1,4) (2,3) (2,4) (3,4); (2,2), (3,3)
  // and (3,2) left out. c: 0, 1, 2 are 1; 3, 4 are 2.
  const double sum1 = 1 * 1 + 1 * 2 + 1 * 2 + 1 * 1 + 1 * 2 + 1 * 2 + 1 * 2 + 1 * 2 + 2 * 2;
  const double expected1 = prefactor * sum1 * tail;
  assertClose(expected0, energyFor(true, 0) - energyFor(false, 0), 1e-8, "groups of two kinds");
  assertClose(expected1, energyFor(true, 1) - energyFor(false, 1), 1e-8, "overlapping sets");
}


} // namespace OpenMMTests
