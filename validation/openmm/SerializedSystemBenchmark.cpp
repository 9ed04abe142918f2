// SerializedSystemBenchmark: runs a System and State written by OpenMM's XmlSerializer (export_dhfr.py writes
// OpenMM's own DHFR 'pme' benchmark) with LangevinMiddle at 300 K, 1/ps, 4 fs, as OpenMM's benchmark does.
// One source, compiled unchanged against OpenMM 8.6.1 (the wheel's headers and libOpenMM) and against this
// library (dhfr-bench.sh), so that both read the same files. Prints one line with the potential energy of the
// state as read, then particle-steps per second and ns/day after 50 warm-up steps.
//   usage: SerializedSystemBenchmark <platform> <precision|-> <system.xml> <state.xml> [steps [Property=value ...]]
#include "OpenMM.h"
#include "openmm/serialization/XmlSerializer.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>

using namespace OpenMM;

template <class T>
static T* readXml(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "SerializedSystemBenchmark: cannot open " << path << "\n";
    std::exit(2);
  }
  return XmlSerializer::deserialize<T>(in);
}

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0]
              << " <platform> <precision|-> <system.xml> <state.xml> [steps [Property=value ...]]\n";
    return 2;
  }
  try {
    Platform::loadPluginsFromDirectory(Platform::getDefaultPluginsDirectory());
    const std::string platformName = argv[1], precision = argv[2];
    std::unique_ptr<System> system(readXml<System>(argv[3]));
    std::unique_ptr<State> state(readXml<State>(argv[4]));
    const int steps = argc > 5 ? std::atoi(argv[5]) : 2000;
    if (steps < 1) {
      std::cerr << "SerializedSystemBenchmark: steps must be positive\n";
      return 2;
    }
    LangevinMiddleIntegrator integrator(300.0, 1.0, 0.004);
    Platform& platform = Platform::getPlatformByName(platformName);
    std::map<std::string, std::string> properties;
    if (precision != "-") properties["Precision"] = precision;
    for (int i = 6; i < argc; ++i) {
      const std::string setting = argv[i];
      const std::size_t eq = setting.find('=');
      if (eq == std::string::npos || eq == 0) {
        std::cerr << "SerializedSystemBenchmark: '" << setting << "' is not Property=value\n";
        return 2;
      }
      properties[setting.substr(0, eq)] = setting.substr(eq + 1);
    }
    Context context(*system, integrator, platform, properties);
    Vec3 a, b, c;
    state->getPeriodicBoxVectors(a, b, c);
    context.setPeriodicBoxVectors(a, b, c);
    context.setPositions(state->getPositions());
    const double initial = context.getState(State::Energy).getPotentialEnergy();
    context.setVelocitiesToTemperature(300.0, 1);
    integrator.step(50);
    context.getState(State::Energy);
    const auto start = std::chrono::steady_clock::now();
    integrator.step(steps);
    const State end = context.getState(State::Energy);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int n = system->getNumParticles();
    std::printf("platform=%s precision=%s particles=%d steps=%d particle_steps_per_s=%.4e ns_per_day=%.1f "
                "initial_potential_energy=%.10g final_potential_energy=%.6g\n",
                platformName.c_str(), precision.c_str(), n, steps, n * steps / seconds,
                steps * 0.004e-3 * 86400.0 / seconds, initial, end.getPotentialEnergy());
    return std::isfinite(end.getPotentialEnergy()) ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "SerializedSystemBenchmark: " << e.what() << "\n";
    return 1;
  }
}
