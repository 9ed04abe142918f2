// Benchmark program of the GPU platforms: the LJ fluid (FCC start at rho* = 0.8442, T* = 1.44, rc = 2.5
// sigma, CutoffPeriodic without dispersion correction, Verlet at dt = 0.005 tau; argon units) or a box of
// flexible three-site water-like molecules (harmonic bonds and angle, charges with reaction field, exceptions
// from the bonds, rc = 1 nm, Verlet at 0.5 fs) or the same molecules rigid (three distance constraints each,
// no bond or angle force, Verlet at 2 fs) or the rigid molecules with PME (rc = 0.9 nm, error tolerance 5e-4,
// LangevinMiddle at 2 fs), on a named platform in a given precision. Prints one line with particle-steps per
// second. Builds against any OpenMM API (this library's or OpenMM's).
//   usage: GpuSystemsBenchmark <platform> <precision> <lj|water|rigid|pme> <cells> [steps [Property=value ...]]
//   (lj: 4 cells^3 atoms; water, rigid, pme: cells^3 molecules, 3 atoms each)
#include "OpenMM.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr double kB = 0.00831446261815324;  // kJ/mol/K

void ljFluid(OpenMM::System& system, std::vector<OpenMM::Vec3>& positions, int cells, double& temperature, double& dt) {
  const double sigma = 0.34, epsilon = 0.996, mass = 39.95;
  const double a = std::cbrt(4.0 / 0.8442) * sigma, box = cells * a;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  auto* nb = new OpenMM::NonbondedForce();
  for (int i = 0; i < cells; i++)
    for (int j = 0; j < cells; j++)
      for (int k = 0; k < cells; k++)
        for (const auto& b : basis) {
          system.addParticle(mass);
          nb->addParticle(0.0, sigma, epsilon);
          positions.emplace_back((i + b[0] + 0.25) * a, (j + b[1] + 0.25) * a, (k + b[2] + 0.25) * a);
        }
  system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
  nb->setNonbondedMethod(OpenMM::NonbondedForce::CutoffPeriodic);
  nb->setCutoffDistance(2.5 * sigma);
  nb->setUseDispersionCorrection(false);
  system.addForce(nb);
  temperature = 1.44 * epsilon / kB;
  dt = 0.005 * sigma * std::sqrt(mass / epsilon);
}

void waterBox(OpenMM::System& system, std::vector<OpenMM::Vec3>& positions, int cells, bool rigid, bool pme,
              double& temperature, double& dt) {
  const double spacing = 0.3107, box = cells * spacing;
  const double bond = 0.09572, angle = 104.52 * M_PI / 180.0;
  auto* nb = new OpenMM::NonbondedForce();
  auto* bonds = new OpenMM::HarmonicBondForce();
  auto* angles = new OpenMM::HarmonicAngleForce();
  std::vector<std::pair<int, int>> bondPairs;
  for (int i = 0; i < cells; i++)
    for (int j = 0; j < cells; j++)
      for (int k = 0; k < cells; k++) {
        const int o = system.addParticle(15.999);
        const int h1 = system.addParticle(1.008);
        const int h2 = system.addParticle(1.008);
        nb->addParticle(-0.834, 0.315, 0.636);
        nb->addParticle(0.417, 1.0, 0.0);
        nb->addParticle(0.417, 1.0, 0.0);
        const OpenMM::Vec3 c((i + 0.5) * spacing, (j + 0.5) * spacing, (k + 0.5) * spacing);
        positions.push_back(c);
        positions.push_back(c + OpenMM::Vec3(bond, 0, 0));
        positions.push_back(c + OpenMM::Vec3(bond * std::cos(angle), bond * std::sin(angle), 0));
        if (rigid) {
          system.addConstraint(o, h1, bond);
          system.addConstraint(o, h2, bond);
          system.addConstraint(h1, h2, 2.0 * bond * std::sin(0.5 * angle));
        } else {
          bonds->addBond(o, h1, bond, 462750.4);
          bonds->addBond(o, h2, bond, 462750.4);
          angles->addAngle(h1, o, h2, angle, 836.8);
        }
        bondPairs.emplace_back(o, h1);
        bondPairs.emplace_back(o, h2);
      }
  system.setDefaultPeriodicBoxVectors(OpenMM::Vec3(box, 0, 0), OpenMM::Vec3(0, box, 0), OpenMM::Vec3(0, 0, box));
  nb->setNonbondedMethod(pme ? OpenMM::NonbondedForce::PME : OpenMM::NonbondedForce::CutoffPeriodic);
  nb->setCutoffDistance(pme ? 0.9 : 1.0);
  nb->setEwaldErrorTolerance(5e-4);
  nb->setReactionFieldDielectric(78.3);
  nb->setUseDispersionCorrection(false);
  nb->createExceptionsFromBonds(bondPairs, 0.5, 0.5);
  system.addForce(nb);
  if (rigid) {
    delete bonds;
    delete angles;
  } else {
    system.addForce(bonds);
    system.addForce(angles);
  }
  temperature = 300.0;
  dt = rigid ? 0.002 : 0.0005;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0]
              << " <platform> <precision> <lj|water|rigid|pme> <cells> [steps [Property=value ...]]\n";
    return 2;
  }
  try {
    const char* pluginDir = std::getenv("OPENMM_PLUGIN_DIR");
    OpenMM::Platform::loadPluginsFromDirectory(pluginDir ? std::string(pluginDir)
                                                         : OpenMM::Platform::getDefaultPluginsDirectory());
    const std::string platformName = argv[1], precision = argv[2], model = argv[3];
    const int cells = std::atoi(argv[4]);
    OpenMM::System system;
    std::vector<OpenMM::Vec3> positions;
    double temperature = 0, dt = 0;
    if (model == "lj")
      ljFluid(system, positions, cells, temperature, dt);
    else if (model == "water" || model == "rigid" || model == "pme")
      waterBox(system, positions, cells, model != "water", model == "pme", temperature, dt);
    else
      throw std::runtime_error("unknown model '" + model + "' (lj, water, rigid or pme)");
    const int n = system.getNumParticles();
    std::unique_ptr<OpenMM::Integrator> integratorOwner;
    if (model == "pme")
      integratorOwner = std::make_unique<OpenMM::LangevinMiddleIntegrator>(temperature, 1.0, dt);
    else
      integratorOwner = std::make_unique<OpenMM::VerletIntegrator>(dt);
    OpenMM::Integrator& integrator = *integratorOwner;
    OpenMM::Platform& platform = OpenMM::Platform::getPlatformByName(platformName);
    std::map<std::string, std::string> properties;
    if (platformName == "CUDA" || platformName == "OpenCL") properties["Precision"] = precision;
    for (int a = 6; a < argc; a++) {
      const std::string setting = argv[a];
      const std::size_t equals = setting.find('=');
      if (equals == std::string::npos || equals == 0)
        throw std::runtime_error("'" + setting + "' is not a platform property setting (Property=value)");
      properties[setting.substr(0, equals)] = setting.substr(equals + 1);
    }
    OpenMM::Context context(system, integrator, platform, properties);
    context.setPositions(positions);
    context.setVelocitiesToTemperature(temperature, 4711);
    integrator.step(50);  // warm-up: kernels compiled, lists sized
    context.getState(OpenMM::State::Energy);
    int steps = argc > 5 && std::atoi(argv[5]) > 0 ? std::atoi(argv[5]) : std::max(100, static_cast<int>(3.0e8 / n));
    const auto start = std::chrono::steady_clock::now();
    integrator.step(steps);
    OpenMM::State state = context.getState(OpenMM::State::Energy);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("platform=%s precision=%s model=%s particles=%d steps=%d particle_steps_per_s=%.4e "
                "ms_per_step=%.4f energy_per_particle=%.6f\n",
                platformName.c_str(), precision.c_str(), model.c_str(), n, steps, n * steps / seconds,
                1e3 * seconds / steps, (state.getPotentialEnergy() + state.getKineticEnergy()) / n);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
