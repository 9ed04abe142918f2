// Tests of the CPU platform's nonbonded engine against an independent O(N^2) double-precision pair sum:
// every cutoff method, Ewald-screened Coulomb, switching, exclusions, both kernel builds, list reuse within the skin, reproducibility.
#include "CpuNonbondedEngine.h"
#include "CpuThreadPool.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace {

using Method = OpenMM::CpuNonbondedEngine::Method;

struct TestSystem {
    std::vector<double> positions, charges, sigmas, epsilons;
    std::vector<std::pair<int, int>> excluded;
    double box = 3.0;
};

TestSystem makeSystem(int n, unsigned seed, bool uniform) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    TestSystem s;
    // Particles on a jittered lattice so that no two come unphysically close.
    const int side = static_cast<int>(std::ceil(std::cbrt(static_cast<double>(n))));
    const double spacing = s.box / side;
    for (int i = 0; i < n; i++) {
        const int c[3] = {i % side, (i / side) % side, i / (side * side)};
        for (int d = 0; d < 3; d++)
            s.positions.push_back((c[d] + 0.5 + 0.3 * (unit(rng) - 0.5)) * spacing - 0.4);  // some outside the box
        s.charges.push_back(uniform ? 0.0 : unit(rng) - 0.5);
        s.sigmas.push_back(uniform ? 0.3 : 0.2 + 0.15 * unit(rng));
        s.epsilons.push_back(uniform ? 0.8 : 0.1 + unit(rng));
    }
    for (int i = 0; i + 1 < n; i += 3) {
        s.excluded.emplace_back(i, i + 1);
        if (i + 2 < n)
            s.excluded.emplace_back(i, i + 2);
    }
    return s;
}

/** Straightforward pair sum, written from the textbook formulas, independent of the engine. */
double bruteForce(const TestSystem& s, Method method, double cutoff, double dielectric, bool useSwitch,
                  double switchDistance, std::vector<double>& forces, double alpha = 0.0) {
    const double k = 138.935456;
    const int n = static_cast<int>(s.charges.size());
    std::set<std::pair<int, int>> excl;
    for (auto p : s.excluded)
        excl.insert({std::min(p.first, p.second), std::max(p.first, p.second)});
    const double krf = std::pow(cutoff, -3.0) * (dielectric - 1.0) / (2.0 * dielectric + 1.0);
    const double crf = (1.0 / cutoff) * 3.0 * dielectric / (2.0 * dielectric + 1.0);
    forces.assign(3 * n, 0.0);
    double energy = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (excl.count({i, j}))
                continue;
            double d[3];
            for (int c = 0; c < 3; c++) {
                d[c] = s.positions[3 * j + c] - s.positions[3 * i + c];
                if (method == Method::CutoffPeriodic)
                    d[c] -= s.box * std::floor(d[c] / s.box + 0.5);
            }
            const double r = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (method != Method::NoCutoff && r >= cutoff)
                continue;
            const double sig = 0.5 * (s.sigmas[i] + s.sigmas[j]);
            const double eps = std::sqrt(s.epsilons[i] * s.epsilons[j]);
            double eLJ = 4 * eps * (std::pow(sig / r, 12) - std::pow(sig / r, 6));
            double dEdr = 4 * eps * (-12 * std::pow(sig / r, 12) + 6 * std::pow(sig / r, 6)) / r;
            if (useSwitch && method != Method::NoCutoff && r > switchDistance) {
                const double t = (r - switchDistance) / (cutoff - switchDistance);
                const double sw = 1 - 10 * std::pow(t, 3) + 15 * std::pow(t, 4) - 6 * std::pow(t, 5);
                const double dsw = (-30 * t * t + 60 * std::pow(t, 3) - 30 * std::pow(t, 4)) / (cutoff - switchDistance);
                dEdr = dEdr * sw + eLJ * dsw;
                eLJ *= sw;
            }
            const double qq = k * s.charges[i] * s.charges[j];
            double eC, dCdr;
            if (method == Method::NoCutoff) {
                eC = qq / r;
                dCdr = -qq / (r * r);
            } else if (alpha > 0.0) {  // Ewald direct space
                eC = qq * std::erfc(alpha * r) / r;
                dCdr = -qq * (std::erfc(alpha * r) / (r * r) + 2 * alpha / std::sqrt(M_PI) * std::exp(-alpha * alpha * r * r) / r);
            } else {
                eC = qq * (1 / r + krf * r * r - crf);
                dCdr = qq * (-1 / (r * r) + 2 * krf * r);
            }
            energy += eLJ + eC;
            for (int c = 0; c < 3; c++) {
                const double f = (dEdr + dCdr) * d[c] / r;  // force on i along d = rj - ri
                forces[3 * i + c] += f;
                forces[3 * j + c] -= f;
            }
        }
    return energy;
}

} // namespace

class CpuNonbondedEngineTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CpuNonbondedEngineTest);
    CPPUNIT_TEST(testAllMethodsAgainstBruteForce);
    CPPUNIT_TEST(testUniformLennardJones);
    CPPUNIT_TEST(testEwaldScreenedCoulomb);
    CPPUNIT_TEST(testListReuseWithinSkin);
    CPPUNIT_TEST(testSkinClippedBySmallBox);
    CPPUNIT_TEST(testReproducibleAndThreadCountIndependent);
    CPPUNIT_TEST(testCutoffLargerThanHalfBoxThrows);
    CPPUNIT_TEST_SUITE_END();

public:
    void compare(const TestSystem& s, Method method, double cutoff, bool useSwitch, int threads, bool generic,
                 double alpha = 0.0) {
        OpenMM::CpuThreadPool pool(threads);
        OpenMM::CpuNonbondedEngine engine(pool);
        engine.setMethod(method, cutoff);
        engine.setReactionFieldDielectric(78.3);
        engine.setSwitching(useSwitch, 0.8 * cutoff);
        engine.setEwaldAlpha(alpha);
        engine.setParticleParameters(s.charges, s.sigmas, s.epsilons);
        engine.setExcludedPairs(s.excluded);
        engine.setPeriodicBox(s.box, s.box, s.box);
        engine.setForceGenericKernels(generic);
        std::vector<double> forces(s.positions.size(), 0.0), expected;
        const double energy = engine.calculate(s.positions.data(), forces.data());
        const double expectedEnergy = bruteForce(s, method, cutoff, 78.3, useSwitch, 0.8 * cutoff, expected, alpha);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(expectedEnergy, energy, 1e-10 * std::abs(expectedEnergy));
        double maxForce = 0;
        for (double f : expected)
            maxForce = std::max(maxForce, std::abs(f));
        for (size_t k = 0; k < forces.size(); k++)
            CPPUNIT_ASSERT_DOUBLES_EQUAL(expected[k], forces[k], 1e-10 * maxForce);
        // Forces alone (the kernels without energy) are the same numbers.
        std::vector<double> forcesOnly(s.positions.size(), 0.0);
        engine.calculate(s.positions.data(), forcesOnly.data(), false);
        CPPUNIT_ASSERT(forcesOnly == forces);
    }

    void testAllMethodsAgainstBruteForce() {
        const TestSystem s = makeSystem(700, 11, false);
        for (bool generic : {false, true})
            for (bool useSwitch : {false, true}) {
                compare(s, Method::NoCutoff, 0.0, false, 2, generic);
                compare(s, Method::CutoffNonPeriodic, 0.9, useSwitch, 2, generic);
                compare(s, Method::CutoffPeriodic, 0.9, useSwitch, 3, generic);
                compare(s, Method::CutoffPeriodic, 1.45, useSwitch, 1, generic);  // one cell per dimension
            }
    }

    void testEwaldScreenedCoulomb() {
        const TestSystem s = makeSystem(700, 13, false);
        for (bool generic : {false, true})
            for (bool useSwitch : {false, true})
                compare(s, Method::CutoffPeriodic, 0.9, useSwitch, 2, generic, 3.4);
    }

    void testUniformLennardJones() {
        const TestSystem s = makeSystem(1000, 5, true);
        compare(s, Method::CutoffPeriodic, 0.85, false, 2, false);
        compare(s, Method::CutoffPeriodic, 0.85, false, 2, true);
    }

    void testListReuseWithinSkin() {
        TestSystem s = makeSystem(512, 3, false);
        OpenMM::CpuThreadPool pool(2);
        OpenMM::CpuNonbondedEngine engine(pool);
        engine.setMethod(Method::CutoffPeriodic, 0.8);
        engine.setSkin(0.1);
        engine.setParticleParameters(s.charges, s.sigmas, s.epsilons);
        engine.setExcludedPairs(s.excluded);
        engine.setPeriodicBox(s.box, s.box, s.box);
        std::mt19937 rng(9);
        std::uniform_real_distribution<double> shift(-0.028, 0.028);  // below skin / 2 in length
        std::vector<double> forces, expected;
        for (int step = 0; step < 4; step++) {
            forces.assign(s.positions.size(), 0.0);
            const double energy = engine.calculate(s.positions.data(), forces.data());
            const double expectedEnergy = bruteForce(s, Method::CutoffPeriodic, 0.8, 78.3, false, 0, expected);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(expectedEnergy, energy, 1e-10 * std::abs(expectedEnergy));
            for (size_t k = 0; k < forces.size(); k++)
                CPPUNIT_ASSERT_DOUBLES_EQUAL(expected[k], forces[k], 1e-9 * (1 + std::abs(expected[k])));
            CPPUNIT_ASSERT_EQUAL(1, engine.getNumListBuilds());
            for (double& x : s.positions)
                x += shift(rng) / 4;  // cumulative displacement stays below skin / 2
        }
        s.positions[0] += 0.2;  // beyond the skin: the list must be rebuilt
        forces.assign(s.positions.size(), 0.0);
        engine.calculate(s.positions.data(), forces.data());
        CPPUNIT_ASSERT_EQUAL(2, engine.getNumListBuilds());
    }

    void testSkinClippedBySmallBox() {
        // Cutoff 1.45 in a 3.0 box: only 0.05 of the 0.2 skin fits; moves of 0.04 per step must still be safe.
        TestSystem s = makeSystem(343, 4, false);
        OpenMM::CpuThreadPool pool(2);
        OpenMM::CpuNonbondedEngine engine(pool);
        engine.setMethod(Method::CutoffPeriodic, 1.45);
        engine.setSkin(0.2);
        engine.setParticleParameters(s.charges, s.sigmas, s.epsilons);
        engine.setExcludedPairs(s.excluded);
        engine.setPeriodicBox(s.box, s.box, s.box);
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> shift(-0.023, 0.023);
        std::vector<double> forces, expected;
        for (int step = 0; step < 5; step++) {
            forces.assign(s.positions.size(), 0.0);
            const double energy = engine.calculate(s.positions.data(), forces.data());
            const double expectedEnergy = bruteForce(s, Method::CutoffPeriodic, 1.45, 78.3, false, 0, expected);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(expectedEnergy, energy, 1e-10 * std::abs(expectedEnergy));
            for (size_t k = 0; k < forces.size(); k++)
                CPPUNIT_ASSERT_DOUBLES_EQUAL(expected[k], forces[k], 1e-9 * (1 + std::abs(expected[k])));
            for (double& x : s.positions)
                x += shift(rng);
        }
        CPPUNIT_ASSERT(engine.getNumListBuilds() > 1);
    }

    void testReproducibleAndThreadCountIndependent() {
        const TestSystem s = makeSystem(900, 21, false);
        std::vector<std::vector<double>> results;
        std::vector<double> energies;
        for (int threads : {3, 3, 1, 2, 4}) {
            OpenMM::CpuThreadPool pool(threads);
            OpenMM::CpuNonbondedEngine engine(pool);
            engine.setMethod(Method::CutoffPeriodic, 0.9);
            engine.setParticleParameters(s.charges, s.sigmas, s.epsilons);
            engine.setExcludedPairs(s.excluded);
            engine.setPeriodicBox(s.box, s.box, s.box);
            std::vector<double> forces(s.positions.size(), 0.0);
            energies.push_back(engine.calculate(s.positions.data(), forces.data()));
            results.push_back(forces);
        }
        // Bitwise equal for the same thread count; equal to rounding for any other.
        CPPUNIT_ASSERT(results[1] == results[0]);
        CPPUNIT_ASSERT_EQUAL(energies[0], energies[1]);
        for (size_t r = 2; r < results.size(); r++) {
            CPPUNIT_ASSERT_DOUBLES_EQUAL(energies[0], energies[r], 1e-12 * std::abs(energies[0]));
            for (size_t k = 0; k < results[0].size(); k++)
                CPPUNIT_ASSERT_DOUBLES_EQUAL(results[0][k], results[r][k], 1e-11 * (1.0 + std::abs(results[0][k])));
        }
    }

    void testCutoffLargerThanHalfBoxThrows() {
        const TestSystem s = makeSystem(64, 1, false);
        OpenMM::CpuThreadPool pool(1);
        OpenMM::CpuNonbondedEngine engine(pool);
        engine.setMethod(Method::CutoffPeriodic, 1.6);
        engine.setParticleParameters(s.charges, s.sigmas, s.epsilons);
        engine.setPeriodicBox(s.box, s.box, s.box);
        std::vector<double> forces(s.positions.size(), 0.0);
        CPPUNIT_ASSERT_THROW(engine.calculate(s.positions.data(), forces.data()), std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CpuNonbondedEngineTest);
