// The platform test bodies (PlatformTestBase) on a common-compute platform in one precision: the platform
// suites of OpenCL and CUDA in single, mixed and double precision are one line each
// (COMPUTE_PLATFORM_TEST). A platform without a device is skipped. Tolerances are raised to what the
// precision's arithmetic gives; the tests that need what the platforms refuse by name when the Context is
// created (a triclinic box, the Custom forces, ...) are skipped with the reason.
#pragma once

#include "ComputeConstraintTests.h"
#include "ComputeCustomIntegratorTests.h"
#include "PlatformTestBase.h"

#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

class ComputePlatformTestBase : public PlatformTestBase {
protected:
  bool optionalPlatform() const override { return true; }
  virtual std::string precision() const = 0;
  double toleranceFloor() const override { return precision() == "double" ? 0.0 : 2e-5; }
  // Pair energies are float in single and mixed precision (as in OpenMM): their central differences over
  // 1e-4 nm are good to about 1e-3; the forces themselves are held to 2e-5 by the analytic tests.
  double finiteDifferenceFloor() const override { return precision() == "double" ? 0.0 : 1e-2; }
  // A displacement of 1e-5 nm spread over all atoms is below float resolution of the positions.
  double finiteDifferenceStepFloor() const override { return precision() == "double" ? 0.0 : 1e-3; }
  std::vector<std::pair<std::string, std::string>> unsupportedTests() const override {
    std::vector<std::pair<std::string, std::string>> tests{
            {"nonFiniteKineticEnergy", "forces are summed in 64-bit fixed point on the " + platformName() +
                                           " platform, where a non-finite force has no representation"},
            {"periodicMinimumImage", "triclinic boxes are not supported on the " + platformName() + " platform"}};
    // A loaded checkpoint orders the atoms' slots anew; the bitwise comparison of the resumed trajectory then
    // needs forces independent of that order (deterministicForces checks them with DeterministicForces).
    if (precision() == "double")
      tests.emplace_back("checkpointRoundTrip",
                         "double precision without DeterministicForces adds forces atomically in any order, so a "
                         "trajectory resumed from a checkpoint is not bitwise the same");
    return tests;
  }
  void prepare(OpenMM::Platform& platform) override { platform.setPropertyDefaultValue("Precision", precision()); }

  /// A periodic box of charged LJ atoms, bonded in pairs (bond, exclusion), on a jittered cubic lattice of
  /// order.size() sites, 0.32 apart (1000: a box of 3.2); atom k of the System is atom order[k] of the unpermuted one.
  static void pairedAtoms(const std::vector<int>& order, OpenMM::System& system, std::vector<OpenMM::Vec3>& positions) {
    const int cells = static_cast<int>(std::lround(std::cbrt(static_cast<double>(order.size())))), n = cells * cells * cells;
    const double spacing = 0.32, box = spacing * cells;
    std::vector<int> slot(order.size());
    for (int k = 0; k < n; k++) slot[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = k;
    system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
    auto* nonbonded = new OpenMM::NonbondedForce();
    auto* bonds = new OpenMM::HarmonicBondForce();
    nonbonded->setNonbondedMethod(OpenMM::NonbondedForce::CutoffPeriodic);
    nonbonded->setCutoffDistance(1.0);
    std::mt19937 random(17);
    std::uniform_real_distribution<double> jitter(-0.04, 0.04);
    std::vector<OpenMM::Vec3> original(static_cast<std::size_t>(n));
    for (int i = 0; i < n; i++)
      original[static_cast<std::size_t>(i)] =
          OpenMM::Vec3((i % cells + 0.5) * spacing + jitter(random), ((i / cells) % cells + 0.5) * spacing + jitter(random),
                       (i / (cells * cells) + 0.5) * spacing + jitter(random));
    positions.clear();
    for (int k = 0; k < n; k++) {
      const int i = order[static_cast<std::size_t>(k)];
      system.addParticle(10.0 + i % 3);
      nonbonded->addParticle(i % 2 == 0 ? 0.3 : -0.3, 0.25 + 0.01 * (i % 5), 0.4 + 0.1 * (i % 4));
      positions.push_back(original[static_cast<std::size_t>(i)]);
    }
    for (int i = 0; i + 1 < n; i += 2) {
      const int a = slot[static_cast<std::size_t>(i)], b = slot[static_cast<std::size_t>(i + 1)];
      bonds->addBond(a, b, spacing, 5000.0);
      nonbonded->addException(a, b, 0.0, 1.0, 0.0);
    }
    system.addForce(nonbonded);
    system.addForce(bonds);
  }

  static std::vector<int> identityOrder(int n) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    return order;
  }

  /// DeterministicForces=true: forces and energy are the same bits on repeated evaluations (with the
  /// atoms' slots reordered in between) and in a System whose atoms come in another order.
  void deterministicForces() {
    const int n = 1000;
    std::vector<int> shuffled = identityOrder(n);
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(5));
    const std::map<std::string, std::string> properties{{"Precision", precision()}, {"DeterministicForces", "true"}};
    OpenMM::System system, permuted;
    std::vector<OpenMM::Vec3> positions, permutedPositions;
    pairedAtoms(identityOrder(n), system, positions);
    pairedAtoms(shuffled, permuted, permutedPositions);
    OpenMM::VerletIntegrator integrator(0.001), integrator2(0.001);
    OpenMM::Context context(system, integrator, platform(), properties);
    CPPUNIT_ASSERT_EQUAL(std::string("true"), platform().getPropertyValue(context, "DeterministicForces"));
    context.setPositions(positions);
    const OpenMM::State first = context.getState(OpenMM::State::Forces | OpenMM::State::Energy);
    context.setPositions(positions);  // the slots are ordered again
    const OpenMM::State again = context.getState(OpenMM::State::Forces | OpenMM::State::Energy);
    OpenMM::Context other(permuted, integrator2, platform(), properties);
    other.setPositions(permutedPositions);
    const OpenMM::State otherState = other.getState(OpenMM::State::Forces | OpenMM::State::Energy);
    double largest = 0.0;
    for (int k = 0; k < n; k++) {
      const int i = shuffled[static_cast<std::size_t>(k)];
      const OpenMM::Vec3 f = first.getForces()[static_cast<std::size_t>(i)];
      largest = std::max(largest, std::sqrt(f.dot(f)));
      CPPUNIT_ASSERT_MESSAGE("force of atom " + std::to_string(i) + " on a repeated evaluation",
                             std::memcmp(&f, &again.getForces()[static_cast<std::size_t>(i)], sizeof f) == 0);
      CPPUNIT_ASSERT_MESSAGE("force of atom " + std::to_string(i) + " in the permuted System",
                             std::memcmp(&f, &otherState.getForces()[static_cast<std::size_t>(k)], sizeof f) == 0);
    }
    CPPUNIT_ASSERT_MESSAGE("the forces are not all zero", largest > 1.0);
    CPPUNIT_ASSERT_EQUAL(first.getPotentialEnergy(), again.getPotentialEnergy());
    CPPUNIT_ASSERT_EQUAL(first.getPotentialEnergy(), otherState.getPotentialEnergy());
  }

  /// With DeterministicForces=true a trajectory resumed from a checkpoint is the same bits in every precision
  /// (double precision included, where forces are otherwise added as doubles in any order).
  void deterministicCheckpointRoundTrip() {
    platform().setPropertyDefaultValue("DeterministicForces", "true");
    try {
      OpenMM::System probe;
      probe.addParticle(1.0);
      OpenMM::VerletIntegrator integrator(0.001);
      OpenMM::Context context(probe, integrator, platform());
      CPPUNIT_ASSERT_EQUAL(std::string("true"), platform().getPropertyValue(context, "DeterministicForces"));
      OpenMMTests::testCheckpointRoundTrip(platform());
    } catch (...) {
      platform().setPropertyDefaultValue("DeterministicForces", "false");
      throw;
    }
    platform().setPropertyDefaultValue("DeterministicForces", "false");
  }

  /// More tiles than the first build has room for (a cutoff near half the box: a block of 32 atoms reaches
  /// about half of the 4096, some 60 tiles a block against room for 40) and more exclusion tiles than the
  /// first room for them (one a block): the overflowing build is repeated with more room before the tiles
  /// are computed. Forces and energy as on the Reference platform, after the first build and after the atoms
  /// have moved (a second build).
  void crowdedTiles() {
    const int perSide = 16, n = perSide * perSide * perSide;
    const double box = 3.0, spacing = box / perSide;
    OpenMM::System system;
    system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
    auto* force = new OpenMM::NonbondedForce();
    force->setNonbondedMethod(OpenMM::NonbondedForce::CutoffPeriodic);
    force->setCutoffDistance(1.45);
    std::mt19937 random(11);
    std::uniform_real_distribution<double> jitter(-0.02, 0.02);
    std::vector<OpenMM::Vec3> positions;
    for (int i = 0; i < n; i++) {
      system.addParticle(10.0);
      force->addParticle(i % 2 ? 0.3 : -0.3, 0.15, 0.5);
      const int x = i % perSide, y = (i / perSide) % perSide, z = i / (perSide * perSide);
      positions.push_back(OpenMM::Vec3((x + 0.5) * spacing + jitter(random), (y + 0.5) * spacing + jitter(random),
                                       (z + 0.5) * spacing + jitter(random)));
    }
    for (int i = 0; i + 1 < n; i += 2) force->addException(i, i + 1, 0.0, 1.0, 0.0);
    system.addForce(force);
    OpenMM::VerletIntegrator integrator(0.001), referenceIntegrator(0.001);
    OpenMM::Context context(system, integrator, platform());
    OpenMM::Context reference(system, referenceIntegrator, OpenMM::Platform::getPlatformByName("Reference"));
    const double tol = precision() == "double" ? 1e-9 : 1e-4;
    for (int round = 0; round < 2; round++) {
      context.setPositions(positions);
      reference.setPositions(positions);
      const OpenMM::State a = context.getState(OpenMM::State::Forces | OpenMM::State::Energy);
      const OpenMM::State b = reference.getState(OpenMM::State::Forces | OpenMM::State::Energy);
      double largest = 0.0;
      for (const auto& f : b.getForces()) largest = std::max(largest, std::sqrt(f.dot(f)));
      CPPUNIT_ASSERT_MESSAGE("the forces are not all zero", largest > 1.0);
      for (int i = 0; i < n; i++) {
        const OpenMM::Vec3 d = a.getForces()[static_cast<std::size_t>(i)] - b.getForces()[static_cast<std::size_t>(i)];
        CPPUNIT_ASSERT_MESSAGE("force of atom " + std::to_string(i) + " in round " + std::to_string(round),
                               std::sqrt(d.dot(d)) <= tol * largest);
      }
      CPPUNIT_ASSERT_DOUBLES_EQUAL(b.getPotentialEnergy(), a.getPotentialEnergy(),
                                   tol * std::max(1.0, std::fabs(b.getPotentialEnergy())));
      for (auto& p : positions) p += OpenMM::Vec3(0.07 + jitter(random), jitter(random), 0.05);
    }
  }

  /// The tile list holds every pair within the cutoff, as long as it is kept: a gas under a pair energy
  /// (cutoff - r)^2, whose force falls to zero only at the cutoff, against a brute-force sum over all pairs
  /// by their minimum images, from the platform's own positions every 5 steps of 60, while the atoms drift
  /// far enough for several list builds. Two boxes: one where every pair of a block is one image (large),
  /// one where pairs take their own images (under three cutoffs across). A pair left out of a list costs
  /// its atoms a force of 2 (cutoff - r).
  void tileListHoldsEveryPair() {
    const double cutoff = 1.0;
    for (const auto& shape : {std::make_pair(4000, 7.0), std::make_pair(600, 2.7)}) {
      const int n = shape.first;
      const double box = shape.second;
      OpenMM::System system;
      system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
      auto* force = new OpenMM::CustomNonbondedForce("(" + std::to_string(cutoff) + " - r)^2");
      force->setNonbondedMethod(OpenMM::CustomNonbondedForce::CutoffPeriodic);
      force->setCutoffDistance(cutoff);
      std::mt19937 random(23);
      std::uniform_real_distribution<double> unit(0.0, 1.0);
      std::vector<OpenMM::Vec3> positions, velocities;
      for (int i = 0; i < n; i++) {
        system.addParticle(1.0);
        force->addParticle({});
        positions.push_back(OpenMM::Vec3(box * unit(random), box * unit(random), box * unit(random)));
        velocities.push_back(OpenMM::Vec3(4 * unit(random) - 2, 4 * unit(random) - 2, 4 * unit(random) - 2));
      }
      system.addForce(force);
      OpenMM::VerletIntegrator integrator(0.002);
      OpenMM::Context context(system, integrator, platform());
      context.setPositions(positions);
      context.setVelocities(velocities);
      const double tol = precision() == "double" ? 1e-8 : 2e-3;
      for (int step = 0; step <= 60; step += 5) {
        if (step > 0) integrator.step(5);
        const OpenMM::State state = context.getState(OpenMM::State::Positions | OpenMM::State::Forces | OpenMM::State::Energy);
        const std::vector<OpenMM::Vec3>& p = state.getPositions();
        std::vector<OpenMM::Vec3> expected(static_cast<std::size_t>(n));
        double energy = 0.0;
        for (int i = 0; i < n; i++)
          for (int j = i + 1; j < n; j++) {
            OpenMM::Vec3 d = p[static_cast<std::size_t>(i)] - p[static_cast<std::size_t>(j)];
            for (int k = 0; k < 3; k++) d[k] -= box * std::floor(d[k] / box + 0.5);
            const double r = std::sqrt(d.dot(d));
            if (r >= cutoff) continue;
            energy += (cutoff - r) * (cutoff - r);
            const OpenMM::Vec3 f = d * (2 * (cutoff - r) / r);  // -dE/dr_i along d = r_i - r_j
            expected[static_cast<std::size_t>(i)] += f;
            expected[static_cast<std::size_t>(j)] -= f;
          }
        const std::string where = std::to_string(n) + " atoms in a box of " + std::to_string(box) + " nm, step " +
                                  std::to_string(step);
        for (int i = 0; i < n; i++) {
          const OpenMM::Vec3 d = state.getForces()[static_cast<std::size_t>(i)] - expected[static_cast<std::size_t>(i)];
          CPPUNIT_ASSERT_MESSAGE("force of atom " + std::to_string(i) + ", " + where, std::sqrt(d.dot(d)) < tol);
        }
        CPPUNIT_ASSERT_MESSAGE("energy, " + where, std::fabs(state.getPotentialEnergy() - energy) < tol * std::max(1.0, energy) );
        // The drift: the atoms must have moved by more than the list's padding between the first and last check.
        if (step == 60) {
          double moved = 0.0;
          for (int i = 0; i < n; i++) {
            OpenMM::Vec3 d = p[static_cast<std::size_t>(i)] - positions[static_cast<std::size_t>(i)];
            for (int k = 0; k < 3; k++) d[k] -= box * std::floor(d[k] / box + 0.5);
            moved = std::max(moved, std::sqrt(d.dot(d)));
          }
          CPPUNIT_ASSERT_MESSAGE("the atoms moved through several list builds, " + where, moved > 0.2);
        }
      }
    }
  }

  /// The slots the platform keeps the atoms in never show: 300 steps (past a reordering of the slots) give
  /// the Reference platform's positions and velocities in the System's order.
  /// The pair kernel leaves out the terms no particle had when the Context was created (as OpenMM's GPU
  /// platforms do): updateParametersInContext may change parameters within those terms (checked against
  /// the Reference platform) and refuses, by name, to give a charge or an epsilon where none was.
  void parametersWithinCompiledTerms() {
    for (int withCharges = 0; withCharges < 2; withCharges++) {
      OpenMM::System system;
      auto* force = new OpenMM::NonbondedForce();
      std::vector<OpenMM::Vec3> positions;
      for (int i = 0; i < 8; i++) {
        system.addParticle(10.0);
        force->addParticle(withCharges ? (i % 2 ? 0.4 : -0.4) : 0.0, 0.3, withCharges ? 0.0 : 0.5);
        positions.push_back(OpenMM::Vec3(0.37 * (i % 2), 0.41 * ((i / 2) % 2), 0.43 * (i / 4)));
      }
      system.addForce(force);
      OpenMM::VerletIntegrator integrator(0.001), reference(0.001);
      OpenMM::Context context(system, integrator, platform(), {{"Precision", precision()}});
      context.setPositions(positions);
      // Allowed: the terms the kernel has.
      if (withCharges)
        force->setParticleParameters(3, 0.7, 0.3, 0.0);
      else
        force->setParticleParameters(3, 0.0, 0.35, 0.9);
      force->updateParametersInContext(context);
      OpenMM::Context expected(system, reference, OpenMM::Platform::getPlatformByName("Reference"));
      expected.setPositions(positions);
      const double e = context.getState(OpenMM::State::Energy).getPotentialEnergy();
      const double eRef = expected.getState(OpenMM::State::Energy).getPotentialEnergy();
      CPPUNIT_ASSERT_DOUBLES_EQUAL(eRef, e, 1e-4 * std::max(1.0, std::fabs(eRef)));
      // Refused: a term the kernel left out.
      if (withCharges)
        force->setParticleParameters(5, 0.4, 0.3, 0.2);
      else
        force->setParticleParameters(5, 0.1, 0.3, 0.5);
      bool refused = false;
      try {
        force->updateParametersInContext(context);
      } catch (const OpenMM::OpenMMException& error) {
        refused = std::string(error.what()).find(withCharges ? "Lennard-Jones" : "charges") != std::string::npos;
      }
      CPPUNIT_ASSERT_MESSAGE(withCharges ? "an epsilon added to a charges-only force" : "a charge added to an LJ-only force",
                             refused);
    }
  }

  void settleAndShakeMatchReference() { ComputeTests::settleAndShakeMatchReference(platform(), precision()); }
  void constrainedTrajectoryMatchesReference() {
    ComputeTests::constrainedTrajectoryMatchesReference(platform(), precision());
  }
  void rigidMoleculesHeld() { ComputeTests::rigidMoleculesHeld(platform(), precision()); }
  void unsatisfiableConstraintsReported() {
    ComputeTests::unsatisfiableConstraintsReported(platform(), precision());
  }
  void brownianWellOfBonds() { ComputeTests::brownianWellOfBonds(platform(), precision()); }
  void virtualSitesMatchReference() { ComputeTests::virtualSitesMatchReference(platform(), precision()); }
  void customIntegratorMatchesReference() {
    ComputeTests::customIntegratorMatchesReference(platform(), precision());
  }
  void customIntegratorPerDofRestored() { ComputeTests::customIntegratorPerDofRestored(platform(), precision()); }
  void customIntegratorPrecisionAndRandom() {
    ComputeTests::customIntegratorPrecisionAndRandom(platform(), precision());
  }

  void reorderingInvisible() {
    OpenMM::System system;
    std::vector<OpenMM::Vec3> positions;
    pairedAtoms(identityOrder(512), system, positions);  // 16 blocks of 32 slots, a box of 2.56 (cutoff 1)
    OpenMM::VerletIntegrator integrator(0.0005), reference(0.0005);
    OpenMM::Context context(system, integrator, platform());
    OpenMM::Context expected(system, reference, OpenMM::Platform::getPlatformByName("Reference"));
    for (OpenMM::Context* c : {&context, &expected}) {
      c->setPositions(positions);
      c->setVelocitiesToTemperature(100.0, 3);
    }
    integrator.step(300);
    reference.step(300);
    const OpenMM::State a = context.getState(OpenMM::State::Positions | OpenMM::State::Velocities);
    const OpenMM::State b = expected.getState(OpenMM::State::Positions | OpenMM::State::Velocities);
    const double tol = precision() == "double" ? 1e-9 : 2e-4;
    for (std::size_t i = 0; i < positions.size(); i++) {
      const OpenMM::Vec3 dp = a.getPositions()[i] - b.getPositions()[i], dv = a.getVelocities()[i] - b.getVelocities()[i];
      CPPUNIT_ASSERT_MESSAGE("position of atom " + std::to_string(i) + " after 300 steps", std::sqrt(dp.dot(dp)) < tol);
      CPPUNIT_ASSERT_MESSAGE("velocity of atom " + std::to_string(i) + " after 300 steps", std::sqrt(dv.dot(dv)) < 100 * tol);
    }
  }
};

#define COMPUTE_PLATFORM_TEST(Suite, platformNameValue, precisionValue)                 \
  class Suite : public ComputePlatformTestBase {                                        \
    CPPUNIT_TEST_SUB_SUITE(Suite, PlatformTestBase);                                    \
    CPPUNIT_TEST(deterministicForces);                                                  \
    CPPUNIT_TEST(reorderingInvisible);                                                  \
    CPPUNIT_TEST(parametersWithinCompiledTerms);                                        \
    CPPUNIT_TEST(crowdedTiles);                                                         \
    CPPUNIT_TEST(tileListHoldsEveryPair);                                               \
    CPPUNIT_TEST(deterministicCheckpointRoundTrip);                                     \
    CPPUNIT_TEST(settleAndShakeMatchReference);                                         \
    CPPUNIT_TEST(constrainedTrajectoryMatchesReference);                                \
    CPPUNIT_TEST(rigidMoleculesHeld);                                                   \
    CPPUNIT_TEST(unsatisfiableConstraintsReported);                                     \
    CPPUNIT_TEST(brownianWellOfBonds);                                                  \
    CPPUNIT_TEST(virtualSitesMatchReference);                                           \
    CPPUNIT_TEST(customIntegratorMatchesReference);                                     \
    CPPUNIT_TEST(customIntegratorPerDofRestored);                                       \
    CPPUNIT_TEST(customIntegratorPrecisionAndRandom);                                   \
    CPPUNIT_TEST_SUITE_END();                                                           \
                                                                                        \
  protected:                                                                            \
    std::string platformName() const override { return platformNameValue; }             \
    std::string precision() const override { return precisionValue; }                   \
  };                                                                                    \
  CPPUNIT_TEST_SUITE_REGISTRATION(Suite)
