// Cross-implementation check program: an LJ fluid with charged, bonded and constrained molecules; prints
// per-group energies, forces and a short constrained Verlet trajectory for one platform. Builds against any OpenMM API.
#include "OpenMM.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace {

using OpenMM::Vec3;

struct Model {
    OpenMM::System system;
    std::vector<Vec3> positions;
    std::vector<Vec3> velocities;
};

/** variant 0: dispersion correction, no switching; variant 1: switching at 0.8 nm, no dispersion correction. */
void buildModel(Model& m, int variant) {
    const int side = 8;
    const double box = 4.0, spacing = box / side;
    m.system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
    auto* nonbonded = new OpenMM::NonbondedForce();
    auto* bondForce = new OpenMM::HarmonicBondForce();
    auto* angleForce = new OpenMM::HarmonicAngleForce();
    auto* torsionForce = new OpenMM::PeriodicTorsionForce();
    nonbonded->setNonbondedMethod(OpenMM::NonbondedForce::CutoffPeriodic);
    nonbonded->setCutoffDistance(1.0);
    nonbonded->setReactionFieldDielectric(78.3);
    nonbonded->setUseDispersionCorrection(variant == 0);
    nonbonded->setUseSwitchingFunction(variant == 1);
    nonbonded->setSwitchingDistance(0.8);
    bondForce->setForceGroup(1);
    angleForce->setForceGroup(2);
    torsionForce->setForceGroup(3);
    std::vector<std::pair<int, int>> bonds;
    auto add = [&](double mass, double charge, double sigma, double epsilon, Vec3 position) {
        m.system.addParticle(mass);
        nonbonded->addParticle(charge, sigma, epsilon);
        m.positions.push_back(position);
        return m.system.getNumParticles() - 1;
    };
    int site = 0;
    for (int i = 0; i < side; i++)
        for (int j = 0; j < side; j++)
            for (int k = 0; k < side; k++, site++) {
                // Slightly displaced lattice, particles partly outside the box (positions are not wrapped).
                const Vec3 p((i + 0.5 + 0.1 * std::sin(1.7 * site)) * spacing - (k == 0 ? box : 0.0),
                             (j + 0.5 + 0.1 * std::cos(2.3 * site)) * spacing,
                             (k + 0.5 + 0.1 * std::sin(0.9 * site + 1.0)) * spacing);
                if (site % 61 == 7) {
                    // Rigid three-site molecule: all three distances constrained, charged.
                    const double theta = 109.47 * M_PI / 180.0;
                    const int o = add(15.999, -0.8, 0.315, 0.65, p);
                    const int h1 = add(1.008, 0.4, 0.1, 0.0, p + Vec3(0.1, 0, 0));
                    const int h2 = add(1.008, 0.4, 0.1, 0.0, p + Vec3(0.1 * std::cos(theta), 0.1 * std::sin(theta), 0));
                    m.system.addConstraint(o, h1, 0.1);
                    m.system.addConstraint(o, h2, 0.1);
                    m.system.addConstraint(h1, h2, 0.2 * std::sin(theta / 2));
                    bonds.emplace_back(o, h1);
                    bonds.emplace_back(o, h2);
                } else if (site % 61 == 37) {
                    // Flexible four-site chain: bonds, angles, one torsion, charges; one bond constrained.
                    const Vec3 q = p - Vec3(0.175, 0.07, 0.03);  // chain centred on the lattice site
                    const int a = add(12.0, 0.25, 0.3, 0.4, q);
                    const int b = add(12.0, -0.2, 0.3, 0.4, q + Vec3(0.152, 0.0, 0.0));
                    const int c = add(12.0, 0.3, 0.3, 0.4, q + Vec3(0.2, 0.146, 0.0));
                    const int d = add(12.0, -0.35, 0.3, 0.4, q + Vec3(0.35, 0.15, 0.06));
                    bondForce->addBond(a, b, 0.153, 2.5e5);
                    bondForce->addBond(b, c, 0.150, 2.6e5);
                    m.system.addConstraint(c, d, std::sqrt(0.15 * 0.15 + 0.004 * 0.004 + 0.06 * 0.06));
                    angleForce->addAngle(a, b, c, 1.911, 400.0);
                    angleForce->addAngle(b, c, d, 1.95, 420.0);
                    torsionForce->addTorsion(a, b, c, d, 3, 0.0, 5.0);
                    torsionForce->addTorsion(a, b, c, d, 1, 0.4, 2.0);
                    bonds.emplace_back(a, b);
                    bonds.emplace_back(b, c);
                    bonds.emplace_back(c, d);
                } else {
                    add(39.95, 0.0, 0.34, 0.996, p);  // argon
                }
            }
    nonbonded->createExceptionsFromBonds(bonds, 0.8333, 0.5);
    m.system.addForce(nonbonded);
    m.system.addForce(bondForce);
    m.system.addForce(angleForce);
    m.system.addForce(torsionForce);
    for (int i = 0; i < m.system.getNumParticles(); i++) {
        const double scale = 0.25 / std::sqrt(m.system.getParticleMass(i) / 40.0);
        m.velocities.emplace_back(scale * std::sin(1.3 * i), scale * std::cos(2.1 * i), scale * std::sin(0.7 * i + 1.0));
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: " << argv[0] << " <platform> <variant 0|1> [threads]\n";
        return 2;
    }
    try {
        const char* pluginDir = std::getenv("OPENMM_PLUGIN_DIR");
        OpenMM::Platform::loadPluginsFromDirectory(pluginDir ? std::string(pluginDir)
                                                             : OpenMM::Platform::getDefaultPluginsDirectory());
        const std::string platformName = argv[1];
        Model model;
        buildModel(model, std::atoi(argv[2]));
        OpenMM::VerletIntegrator integrator(0.001);
        integrator.setConstraintTolerance(1e-10);
        std::map<std::string, std::string> properties;
        if (platformName == "CPU" && argc > 3)
            properties["Threads"] = argv[3];
        OpenMM::Context context(model.system, integrator, OpenMM::Platform::getPlatformByName(platformName), properties);
        context.setPositions(model.positions);
        context.setVelocities(model.velocities);
        std::printf("particles %d\n", model.system.getNumParticles());
        for (int group = 0; group < 4; group++) {
            const OpenMM::State s = context.getState(OpenMM::State::Energy, false, 1 << group);
            std::printf("energy.group%d %.17g\n", group, s.getPotentialEnergy());
        }
        const OpenMM::State state = context.getState(OpenMM::State::Energy | OpenMM::State::Forces);
        std::printf("energy.potential %.17g\n", state.getPotentialEnergy());
        const std::vector<Vec3>& forces = state.getForces();
        for (size_t i = 0; i < forces.size(); i++)
            std::printf("force %zu %.17g %.17g %.17g\n", i, forces[i][0], forces[i][1], forces[i][2]);
        integrator.step(20);
        const OpenMM::State after = context.getState(OpenMM::State::Energy | OpenMM::State::Positions);
        std::printf("steps20.potential %.17g\n", after.getPotentialEnergy());
        std::printf("steps20.kinetic %.17g\n", after.getKineticEnergy());
        const std::vector<Vec3>& positions = after.getPositions();
        for (size_t i = 0; i < positions.size(); i++)
            std::printf("position %zu %.17g %.17g %.17g\n", i, positions[i][0], positions[i][1], positions[i][2]);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
