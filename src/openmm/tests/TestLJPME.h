// Test bodies for LJPME: forces against finite differences of the energy, the energy against a brute-force
// real-space sum over periodic images of the geometric-combination r^-6 dispersion, the parameters chosen from the
// error tolerance or set explicitly.
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

/**
 * 30 charged particles of three LJ types (sigma and epsilon differ, so Lorentz-Berthelot and geometric combination
 * differ) in a 2.1 nm box: ten bonded pairs excluded, one scaled exception.
 */
inline System* createLJPMEBox(double tolerance, std::vector<Vec3>& positions, double cutoff = 0.9) {
  auto* system = new System();
  const double box = 2.1;
  system->setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::LJPME);
  nonbonded->setCutoffDistance(cutoff);
  nonbonded->setEwaldErrorTolerance(tolerance);
  const double sigmas[3] = {0.32, 0.25, 0.4}, epsilons[3] = {0.65, 0.2, 1.1};
  for (int i = 0; i < 30; i++) {
    system->addParticle(14.0);
    nonbonded->addParticle(i % 2 == 0 ? 0.5 : -0.5, sigmas[i % 3], epsilons[i % 3]);
    positions.emplace_back(0.7 * (i % 3) + 0.1 * std::sin(1.3 * i), 0.7 * ((i / 3) % 3) + 0.12 * std::cos(i),
                           0.42 * (i / 9) + 0.05 * std::sin(2.1 * i));
  }
  for (int i = 0; i < 10; i++) {
    positions[3 * i + 1] = positions[3 * i] + Vec3(0.11, 0.02 * i, 0.01);
    nonbonded->addException(3 * i, 3 * i + 1, 0.0, 1.0, 0.0);
  }
  nonbonded->addException(2, 5, 0.1, 0.3, 0.25); // a scaled pair
  system->addForce(nonbonded);
  return system;
}

inline void testLJPMEFiniteDifference(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createLJPMEBox(1e-5, positions));
  auto* nonbonded = dynamic_cast<NonbondedForce*>(&system->getForce(0));
  nonbonded->setReciprocalSpaceForceGroup(2);
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  checkForcesByFiniteDifference(context, 1e-5, "LJPME forces");
  // Single components of a few particles, each from the energy alone (a longer step and a looser tolerance where
  // positions and pair energies are single precision).
  State state = context.getState(State::Forces);
  const double h = std::max(1e-5, finiteDifferenceStepFloor());
  for (int i : {0, 1, 7, 29})
    for (int d = 0; d < 3; d++) {
      std::vector<Vec3> moved = positions;
      moved[i][d] += h;
      context.setPositions(moved);
      double plus = context.getState(State::Energy).getPotentialEnergy();
      moved[i][d] -= 2 * h;
      context.setPositions(moved);
      double minus = context.getState(State::Energy).getPotentialEnergy();
      assertClose(-(plus - minus) / (2 * h), state.getForces()[i][d], std::max(1e-5, finiteDifferenceFloor()),
                  "LJPME force component");
    }
  context.setPositions(positions);
  // Direct and reciprocal parts in their own groups add up to the total.
  double total = context.getState(State::Energy).getPotentialEnergy();
  double direct = context.getState(State::Energy, false, 1 << 0).getPotentialEnergy();
  double reciprocal = context.getState(State::Energy, false, 1 << 2).getPotentialEnergy();
  assertClose(total, direct + reciprocal, 1e-12, "LJPME direct + reciprocal groups");
  CPPUNIT_ASSERT(std::fabs(reciprocal) > 1e-3);
}

/**
 * The energy LJPME stands for, summed in real space: Lorentz-Berthelot LJ within the cutoff (shifted to 0 there, the
 * geometric dispersion removed), the geometric dispersion -c_i c_j / r^6 over all periodic images (spherical
 * truncation at radius R with the continuum tail), plus the screened remainder c_i c_j g(beta r)/r^6 / 2 of the image
 * pairs the direct space does not handle, g(x) = exp(-x^2)(1 + x^2 + x^4/2).
 */
inline double bruteForceLJPMEEnergy(const System& system, const std::vector<Vec3>& positions, double beta) {
  const auto& nonbonded = dynamic_cast<const NonbondedForce&>(system.getForce(0));
  const int n = system.getNumParticles();
  Vec3 a, b, c;
  system.getDefaultPeriodicBoxVectors(a, b, c);
  const double box = a[0], volume = a[0] * b[1] * c[2], rc = nonbonded.getCutoffDistance();
  std::vector<double> q(n), sigma(n), epsilon(n), factor(n);
  for (int i = 0; i < n; i++) {
    nonbonded.getParticleParameters(i, q[i], sigma[i], epsilon[i]);
    factor[i] = 2.0 * std::pow(sigma[i], 3) * std::sqrt(epsilon[i]);
  }
  std::vector<std::vector<bool>> excluded(n, std::vector<bool>(n, false));
  for (int e = 0; e < nonbonded.getNumExceptions(); e++) {
    int p1, p2;
    double qq, s, eps;
    nonbonded.getExceptionParameters(e, p1, p2, qq, s, eps);
    excluded[p1][p2] = excluded[p2][p1] = true;
  }
  auto g = [&](double r) {
    double x2 = beta * beta * r * r;
    return std::exp(-x2) * (1.0 + x2 + 0.5 * x2 * x2);
  };
  auto lj = [](double s, double eps, double r) {
    double sr6 = std::pow(s / r, 6);
    return 4.0 * eps * (sr6 * sr6 - sr6);
  };
  const double radius = 12.0 * box;
  const int images = static_cast<int>(std::ceil(radius / box)) + 1;
  double energy = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double c6 = factor[i] * factor[j];
      Vec3 d = positions[j] - positions[i];
      Vec3 minimum = d;
      for (int k = 0; k < 3; k++)
        minimum[k] -= box * std::round(minimum[k] / box);
      double rMin = std::sqrt(minimum.dot(minimum));
      bool directPair = i != j && (excluded[i][j] || rMin < rc);
      for (int x = -images; x <= images; x++)
        for (int y = -images; y <= images; y++)
          for (int z = -images; z <= images; z++) {
            Vec3 r = d + Vec3(x * box, y * box, z * box);
            double r2 = r.dot(r);
            if (r2 == 0.0 || r2 > radius * radius)
              continue;
            double dist = std::sqrt(r2), inv6 = 1.0 / (r2 * r2 * r2);
            energy -= 0.5 * c6 * inv6;
            bool isMinimumImage = std::fabs(dist - rMin) < 1e-12 && (r - minimum).dot(r - minimum) < 1e-20;
            if (!(directPair && isMinimumImage))
              energy += 0.5 * c6 * g(dist) * inv6;
          }
      if (i < j && directPair) {
        double inv6 = std::pow(rMin, -6);
        energy += c6 * inv6; // the geometric dispersion of this pair is replaced by the direct-space term
        if (!excluded[i][j]) {
          double sLB = 0.5 * (sigma[i] + sigma[j]), epsLB = std::sqrt(epsilon[i] * epsilon[j]);
          energy += lj(sLB, epsLB, rMin) - lj(sLB, epsLB, rc) - c6 * (1.0 - g(rc)) * std::pow(rc, -6);
        }
      }
    }
  double sum = 0.0;
  for (double f : factor)
    sum += f;
  energy -= 0.5 * sum * sum * 4.0 * M_PI / (3.0 * volume * radius * radius * radius);
  // Exceptions with parameters: plain LJ, no cutoff.
  for (int e = 0; e < nonbonded.getNumExceptions(); e++) {
    int p1, p2;
    double qq, s, eps;
    nonbonded.getExceptionParameters(e, p1, p2, qq, s, eps);
    Vec3 d = positions[p2] - positions[p1];
    energy += lj(s, eps, std::sqrt(d.dot(d)));
  }
  return energy;
}

inline void testLJPMEAgainstImageSum(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createLJPMEBox(1e-5, positions));
  auto* nonbonded = dynamic_cast<NonbondedForce*>(&system->getForce(0));
  // Only the dispersion: without charges the Coulomb part vanishes.
  for (int i = 0; i < nonbonded->getNumParticles(); i++) {
    double q, s, eps;
    nonbonded->getParticleParameters(i, q, s, eps);
    nonbonded->setParticleParameters(i, 0.0, s, eps);
  }
  nonbonded->setExceptionParameters(10, 2, 5, 0.0, 0.3, 0.25);
  // The grid error of this choice is 4e-8 relative (3e-7 with beta = 3 on 48^3, 2e-6 on 36^3).
  const double beta = 2.5;
  nonbonded->setLJPMEParameters(beta, 48, 48, 48);
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  double energy = context.getState(State::Energy).getPotentialEnergy();
  double expected = bruteForceLJPMEEnergy(*system, positions, beta);
  assertClose(expected, energy, 1e-6, "LJPME energy against the image sum of the r^-6 dispersion");
  // With a plain cutoff (no dispersion correction) the energy misses the dispersion beyond the cutoff.
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setUseDispersionCorrection(false);
  VerletIntegrator integrator2(0.001);
  Context cutoff(*system, integrator2, platform);
  cutoff.setPositions(positions);
  CPPUNIT_ASSERT(std::fabs(cutoff.getState(State::Energy).getPotentialEnergy() - expected) > 1e-3 * std::fabs(expected));
}

inline void testLJPMEConvergesToCutoffLJ(Platform& platform) {
  // Four particles of one LJ type in a large box: with a cutoff of 0.49 L every pair is within the cutoff in
  // direct space, and geometric = Lorentz-Berthelot. LJPME then is the shifted minimum-image LJ plus the image
  // dispersion beyond the cutoff, which shrink as the box grows: the difference to the plain cutoff LJ falls off.
  double previous = 0.0;
  for (double box : {3.0, 6.0}) {
    System system;
    system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
    auto* nonbonded = new NonbondedForce();
    nonbonded->setNonbondedMethod(NonbondedForce::LJPME);
    nonbonded->setCutoffDistance(0.49 * box);
    nonbonded->setEwaldErrorTolerance(1e-6);
    nonbonded->setUseDispersionCorrection(false);
    std::vector<Vec3> positions = {Vec3(0, 0, 0), Vec3(0.38, 0, 0), Vec3(0.1, 0.41, 0.05), Vec3(0.3, 0.2, 0.45)};
    for (size_t i = 0; i < positions.size(); i++) {
      system.addParticle(10.0);
      nonbonded->addParticle(0.0, 0.34, 0.9);
    }
    system.addForce(nonbonded);
    VerletIntegrator i1(0.001), i2(0.001);
    Context ljpme(system, i1, platform);
    ljpme.setPositions(positions);
    double e1 = ljpme.getState(State::Energy).getPotentialEnergy();
    nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
    Context plain(system, i2, platform);
    plain.setPositions(positions);
    double e2 = plain.getState(State::Energy).getPotentialEnergy();
    double difference = std::fabs(e1 - e2);
    // The remainder (image dispersion and the cutoff shift) falls off as 1/L^6.
    if (previous != 0.0) {
      CPPUNIT_ASSERT_MESSAGE("LJPME approaches the cutoff LJ as the box grows", difference < 0.05 * previous);
      CPPUNIT_ASSERT(difference < 1e-4 * std::fabs(e2));
    }
    previous = difference;
  }
}

inline void testLJPMEParameters(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createLJPMEBox(5e-4, positions));
  auto* nonbonded = dynamic_cast<NonbondedForce*>(&system->getForce(0));
  double alpha;
  int nx, ny, nz;
  {
    VerletIntegrator integrator(0.001);
    Context context(*system, integrator, platform);
    nonbonded->getLJPMEParametersInContext(context, alpha, nx, ny, nz);
    const double expectedAlpha = std::sqrt(-std::log(2 * 5e-4)) / 0.9;
    assertClose(expectedAlpha, alpha, 1e-12, "LJPME alpha from the tolerance");
    // n = alpha L / (3 tol^(1/5)) = 9.35 -> 10; the Coulomb grid is twice as fine: 18.7 -> 19 -> 20 (2, 3, 5, 7).
    int expectedGrid = static_cast<int>(std::ceil(expectedAlpha * 2.1 / (3 * std::pow(5e-4, 0.2))));
    CPPUNIT_ASSERT_EQUAL(10, expectedGrid);
    CPPUNIT_ASSERT(nx == 10 && ny == 10 && nz == 10);
    double pmeAlpha;
    int px, py, pz;
    nonbonded->getPMEParametersInContext(context, pmeAlpha, px, py, pz);
    CPPUNIT_ASSERT(pmeAlpha == alpha && px == 20 && py == 20 && pz == 20);
  }
  nonbonded->setLJPMEParameters(2.5, 10, 12, 15);
  nonbonded->getLJPMEParameters(alpha, nx, ny, nz);
  CPPUNIT_ASSERT(alpha == 2.5 && nx == 10 && ny == 12 && nz == 15);
  {
    VerletIntegrator integrator(0.001);
    Context context(*system, integrator, platform);
    nonbonded->getLJPMEParametersInContext(context, alpha, nx, ny, nz);
    CPPUNIT_ASSERT(alpha == 2.5 && nx == 10 && ny == 12 && nz == 15);
  }
  nonbonded->setNonbondedMethod(NonbondedForce::PME);
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  assertThrowsWith([&] { nonbonded->getLJPMEParametersInContext(context, alpha, nx, ny, nz); }, "not using LJPME",
                   "LJPME parameters of a PME Context");
}

} // namespace OpenMMTests
