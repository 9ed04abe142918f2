// Benchmark program: a Lennard-Jones argon fluid (FCC start, rho* = 0.8442, rc = 2.5 sigma) integrated
// with VerletIntegrator on a named platform; prints particle-steps per second. Builds against any OpenMM API.
#include "OpenMM.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr double sigma = 0.34;      // nm
constexpr double epsilon = 0.996;   // kJ/mol
constexpr double mass = 39.95;      // amu
constexpr double densityReduced = 0.8442;

void addFccLattice(OpenMM::System& system, std::vector<OpenMM::Vec3>& positions, int cellsPerSide, double& boxLength) {
    const double a = std::cbrt(4.0 / densityReduced) * sigma;
    boxLength = cellsPerSide * a;
    const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
    for (int i = 0; i < cellsPerSide; i++)
        for (int j = 0; j < cellsPerSide; j++)
            for (int k = 0; k < cellsPerSide; k++)
                for (const auto& b : basis) {
                    system.addParticle(mass);
                    positions.emplace_back((i + b[0] + 0.25) * a, (j + b[1] + 0.25) * a, (k + b[2] + 0.25) * a);
                }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: " << argv[0] << " <platform> <numParticles: 4*n^3> <threads> [steps]\n";
        return 2;
    }
    try {
        const char* pluginDir = std::getenv("OPENMM_PLUGIN_DIR");
        OpenMM::Platform::loadPluginsFromDirectory(pluginDir ? std::string(pluginDir)
                                                             : OpenMM::Platform::getDefaultPluginsDirectory());
        const std::string platformName = argv[1];
        const int requested = std::atoi(argv[2]);
        const int cells = static_cast<int>(std::lround(std::cbrt(requested / 4.0)));
        const std::string threads = argv[3];
        int steps = argc > 4 ? std::atoi(argv[4]) : 0;

        OpenMM::System system;
        std::vector<OpenMM::Vec3> positions;
        double box = 0;
        addFccLattice(system, positions, cells, box);
        const int n = system.getNumParticles();
        system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
        auto* nb = new OpenMM::NonbondedForce();
        nb->setNonbondedMethod(OpenMM::NonbondedForce::CutoffPeriodic);
        nb->setCutoffDistance(2.5 * sigma);
        nb->setUseDispersionCorrection(false);
        for (int i = 0; i < n; i++)
            nb->addParticle(0.0, sigma, epsilon);
        system.addForce(nb);

        OpenMM::VerletIntegrator integrator(0.004);
        OpenMM::Platform& platform = OpenMM::Platform::getPlatformByName(platformName);
        std::map<std::string, std::string> properties;
        if (platformName == "CPU")
            properties["Threads"] = threads;
        OpenMM::Context context(system, integrator, platform, properties);
        context.setPositions(positions);
        context.setVelocitiesToTemperature(0.72 * epsilon / 0.00831446261815324, 1234);

        integrator.step(100); // warm-up: thread start, neighbour lists, caches
        if (steps <= 0)
            steps = std::max(50, static_cast<int>(8.0e6 / n));
        const auto start = std::chrono::steady_clock::now();
        integrator.step(steps);
        OpenMM::State state = context.getState(OpenMM::State::Energy);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double rate = static_cast<double>(n) * steps / seconds;
        std::printf("platform=%s particles=%d threads=%s steps=%d seconds=%.4f particle_steps_per_s=%.6e "
                    "total_energy=%.6f\n",
                    platformName.c_str(), n, threads.c_str(), steps, seconds, rate,
                    state.getPotentialEnergy() + state.getKineticEnergy());
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
