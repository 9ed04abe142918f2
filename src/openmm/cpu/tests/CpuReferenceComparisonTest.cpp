// Compares the CPU platform with the Reference platform on random charged LJ systems with exceptions:
// energies and forces for every nonbonded method, and a short Verlet trajectory, through the public API.
#include "OpenMM.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

void ensurePluginsLoaded() {
    for (int i = 0; i < OpenMM::Platform::getNumPlatforms(); i++)
        if (OpenMM::Platform::getPlatform(i).getName() == "CPU")
            return;
    OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
}

struct RandomSystem {
    OpenMM::System system;
    std::vector<OpenMM::Vec3> positions;
};

std::unique_ptr<RandomSystem> makeSystem(OpenMM::NonbondedForce::NonbondedMethod method, bool useSwitching, unsigned seed) {
    auto result = std::make_unique<RandomSystem>();
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int side = 7;
    const double box = 3.2, spacing = box / side;
    result->system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
    auto* nonbonded = new OpenMM::NonbondedForce();
    nonbonded->setNonbondedMethod(method);
    nonbonded->setCutoffDistance(1.0);
    nonbonded->setReactionFieldDielectric(60.0);
    nonbonded->setUseSwitchingFunction(useSwitching);
    nonbonded->setSwitchingDistance(0.85);
    nonbonded->setUseDispersionCorrection(false);
    std::vector<std::pair<int, int>> bonds;
    for (int i = 0; i < side * side * side; i++) {
        result->system.addParticle(10.0 + 20.0 * unit(rng));
        nonbonded->addParticle(unit(rng) - 0.5, 0.2 + 0.15 * unit(rng), 0.2 + unit(rng));
        const int c[3] = {i % side, (i / side) % side, i / (side * side)};
        result->positions.emplace_back((c[0] + 0.3 * unit(rng)) * spacing, (c[1] + 0.3 * unit(rng)) * spacing,
                                       (c[2] + 0.3 * unit(rng)) * spacing + (i % 5 == 0 ? box : 0.0));
        if (i % side != 0 && i % 4 != 0)
            bonds.emplace_back(i - 1, i);
    }
    nonbonded->createExceptionsFromBonds(bonds, 0.8333, 0.5);
    result->system.addForce(nonbonded);
    return result;
}

void computeState(RandomSystem& s, const std::string& platformName, double& energy, std::vector<OpenMM::Vec3>& forces) {
    OpenMM::VerletIntegrator integrator(0.001);
    std::map<std::string, std::string> properties;
    if (platformName == "CPU")
        properties["Threads"] = "3";
    OpenMM::Context context(s.system, integrator, OpenMM::Platform::getPlatformByName(platformName), properties);
    context.setPositions(s.positions);
    const OpenMM::State state = context.getState(OpenMM::State::Energy | OpenMM::State::Forces);
    energy = state.getPotentialEnergy();
    forces = state.getForces();
}

} // namespace

class CpuReferenceComparisonTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CpuReferenceComparisonTest);
    CPPUNIT_TEST(testEnergiesAndForces);
    CPPUNIT_TEST(testTrajectory);
    CPPUNIT_TEST(testParameterAndBoxChanges);
    CPPUNIT_TEST(testThreadsProperty);
    CPPUNIT_TEST(testPmeThreadCounts);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { ensurePluginsLoaded(); }

    void testEnergiesAndForces() {
        using NB = OpenMM::NonbondedForce;
        const std::pair<NB::NonbondedMethod, bool> cases[] = {
            {NB::NoCutoff, false}, {NB::CutoffNonPeriodic, false}, {NB::CutoffNonPeriodic, true},
            {NB::CutoffPeriodic, false}, {NB::CutoffPeriodic, true}};
        unsigned seed = 1;
        for (const auto& c : cases) {
            auto s = makeSystem(c.first, c.second, seed++);
            double eRef, eCpu;
            std::vector<OpenMM::Vec3> fRef, fCpu;
            computeState(*s, "Reference", eRef, fRef);
            computeState(*s, "CPU", eCpu, fCpu);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(eRef, eCpu, 1e-9 * std::abs(eRef));
            double scale = 0;
            for (const auto& f : fRef)
                scale = std::max(scale, std::sqrt(f.dot(f)));
            for (size_t i = 0; i < fRef.size(); i++)
                for (int d = 0; d < 3; d++)
                    CPPUNIT_ASSERT_DOUBLES_EQUAL(fRef[i][d], fCpu[i][d], 1e-9 * scale);
        }
    }

    void testTrajectory() {
        auto s = makeSystem(OpenMM::NonbondedForce::CutoffPeriodic, true, 42);
        std::vector<std::vector<OpenMM::Vec3>> finalPositions;
        for (const char* name : {"Reference", "CPU"}) {
            OpenMM::VerletIntegrator integrator(0.0005);
            OpenMM::Context context(s->system, integrator, OpenMM::Platform::getPlatformByName(name));
            context.setPositions(s->positions);
            context.setVelocitiesToTemperature(300.0, 7);
            integrator.step(20);
            finalPositions.push_back(context.getState(OpenMM::State::Positions).getPositions());
        }
        for (size_t i = 0; i < finalPositions[0].size(); i++)
            for (int d = 0; d < 3; d++)
                CPPUNIT_ASSERT_DOUBLES_EQUAL(finalPositions[0][i][d], finalPositions[1][i][d], 1e-8);
    }

    void testParameterAndBoxChanges() {
        auto s = makeSystem(OpenMM::NonbondedForce::CutoffPeriodic, true, 11);
        auto& nonbonded = dynamic_cast<OpenMM::NonbondedForce&>(s->system.getForce(0));
        std::vector<std::unique_ptr<OpenMM::VerletIntegrator>> integrators;
        std::vector<std::unique_ptr<OpenMM::Context>> contexts;
        for (const char* name : {"Reference", "CPU"}) {
            integrators.push_back(std::make_unique<OpenMM::VerletIntegrator>(0.001));
            contexts.push_back(std::make_unique<OpenMM::Context>(s->system, *integrators.back(),
                                                                 OpenMM::Platform::getPlatformByName(name)));
            contexts.back()->setPositions(s->positions);
            contexts.back()->getState(OpenMM::State::Forces);  // builds the neighbour list
        }
        for (int i = 0; i < nonbonded.getNumParticles(); i += 3) {
            double q, sigma, epsilon;
            nonbonded.getParticleParameters(i, q, sigma, epsilon);
            nonbonded.setParticleParameters(i, -q, 1.1 * sigma, 0.5 * epsilon);
        }
        std::vector<double> energies;
        std::vector<std::vector<OpenMM::Vec3>> forces;
        for (auto& context : contexts) {
            nonbonded.updateParametersInContext(*context);
            context->setPeriodicBoxVectors(OpenMM::Vec3(3.0, 0, 0), OpenMM::Vec3(0, 3.1, 0), OpenMM::Vec3(0, 0, 3.3));
            const OpenMM::State state = context->getState(OpenMM::State::Energy | OpenMM::State::Forces);
            energies.push_back(state.getPotentialEnergy());
            forces.push_back(state.getForces());
            // A triclinic box (handled by the reference pair sum on the CPU platform).
            context->setPeriodicBoxVectors(OpenMM::Vec3(3.0, 0, 0), OpenMM::Vec3(0.4, 3.1, 0), OpenMM::Vec3(-0.3, 0.5, 3.3));
            const OpenMM::State triclinic = context->getState(OpenMM::State::Energy | OpenMM::State::Forces);
            energies.push_back(triclinic.getPotentialEnergy());
            forces.push_back(triclinic.getForces());
        }
        // Entries: Reference rectangular, Reference triclinic, CPU rectangular, CPU triclinic.
        for (int k = 0; k < 2; k++) {
            CPPUNIT_ASSERT_DOUBLES_EQUAL(energies[k], energies[k + 2], 1e-9 * std::abs(energies[k]));
            for (size_t i = 0; i < forces[k].size(); i++)
                for (int d = 0; d < 3; d++)
                    CPPUNIT_ASSERT_DOUBLES_EQUAL(forces[k][i][d], forces[k + 2][i][d], 1e-9 * (1.0 + std::abs(forces[k][i][d])));
        }
        CPPUNIT_ASSERT(std::abs(energies[0] - energies[1]) > 1e-6 * std::abs(energies[0]));
    }

    /** PME and LJPME (whose grids run on the Context's threads) give the same energy and forces on 1 to 4 threads,
     * to round-off, and the same as the Reference platform. */
    void testPmeThreadCounts() {
        for (auto method : {OpenMM::NonbondedForce::PME, OpenMM::NonbondedForce::LJPME}) {
            auto s = makeSystem(method, false, 11);
            double reference;
            std::vector<OpenMM::Vec3> referenceForces;
            computeState(*s, "Reference", reference, referenceForces);
            for (int threads = 1; threads <= 4; threads++) {
                OpenMM::VerletIntegrator integrator(0.001);
                OpenMM::Context context(s->system, integrator, OpenMM::Platform::getPlatformByName("CPU"),
                                        {{"Threads", std::to_string(threads)}});
                context.setPositions(s->positions);
                const OpenMM::State state = context.getState(OpenMM::State::Energy | OpenMM::State::Forces);
                CPPUNIT_ASSERT_DOUBLES_EQUAL(reference, state.getPotentialEnergy(), 1e-10 * std::abs(reference));
                for (size_t i = 0; i < referenceForces.size(); i++)
                    for (int d = 0; d < 3; d++)
                        CPPUNIT_ASSERT_DOUBLES_EQUAL(referenceForces[i][d], state.getForces()[i][d],
                                                     1e-9 * (1.0 + std::abs(referenceForces[i][d])));
            }
        }
    }

    void testThreadsProperty() {
        auto s = makeSystem(OpenMM::NonbondedForce::CutoffPeriodic, false, 3);
        OpenMM::Platform& cpu = OpenMM::Platform::getPlatformByName("CPU");
        OpenMM::VerletIntegrator integrator(0.001);
        OpenMM::Context context(s->system, integrator, cpu, {{"Threads", "2"}});
        CPPUNIT_ASSERT_EQUAL(std::string("2"), cpu.getPropertyValue(context, "Threads"));
        OpenMM::VerletIntegrator integrator2(0.001);
        CPPUNIT_ASSERT_THROW(OpenMM::Context(s->system, integrator2, cpu, {{"Threads", "zero"}}), OpenMM::OpenMMException);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CpuReferenceComparisonTest);
