// Benchmark of the GPU cell processors: molecule updates per second of the force calculation on the
// device's own cells (the processor's kernels, with the sum of U_pot and virial) and of the whole device
// time step (leapfrog, cell rebuilds or image refresh, forces, sums), for each cell processor and
// precision, beside the CPU processors on one core. The cells are one cutoff wide (no skin: rebuilt
// every step in the whole-step figure).
//
//   mardyn_gpu_bench [--model lj|co2] [--n N] [--density rho] [--cutoff rc] [--steps S]
//                    [--backend cuda|opencl] [--processors a,b/64,c] [--blockSize B]
//                    [--precisions single,mixed,double] [--cpu 0|1] [--deterministic 0|1]
// A processor may carry its block size ("warpBlock/256"); others take --blockSize (0: default).
// --deterministic 1: GpuOptions::deterministic (ordered commits; the row's processor gets "+det").
// Prints one table row per configuration: model, N, molecules per cell, processor/block size,
// precision, force MUPS (the processor's launches and the device sum), kernel MUPS (the same: there is
// no transfer any more), kernel ms (per traversal), step MUPS (the whole device step), and three columns
// kept for the table's shape ("-").
#include "Domain.h"
#include "compute/ComputeBackends.h"
#include "gpu/CellProcessorRegistry.h"
#include "gpu/DeviceTimeStep.h"
#include "gpu/GpuOptions.h"
#include "integrators/Leapfrog.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mardyn;

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(item);
  return out;
}

struct Setup {
  std::vector<Component> components;
  std::vector<Molecule> molecules;
  Vec3 box;
};

/// FCC lattice at the given number density, slightly perturbed, random orientations.
Setup makeLiquid(const std::string& model, std::size_t n, double density) {
  Setup s;
  Component c(0, model);
  if (model == "co2") {
    // Two-centre LJ with a point quadrupole (a reduced-unit CO2-like model).
    c.addLJCenter({{0, 0, 0.4}, 1.0, 1.0, 0.9, false});
    c.addLJCenter({{0, 0, -0.4}, 1.0, 1.0, 0.9, false});
    c.addQuadrupole({{0, 0, 0}, {0, 0, 1}, 1.2});
    c.setMomentsOfInertia({0.32, 0.32, 0.0});
  } else {
    c.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
  }
  s.components.push_back(c);
  const int cellsPerDim = static_cast<int>(std::ceil(std::cbrt(n / 4.0)));
  const double a = std::cbrt(4.0 / density);
  s.box = {cellsPerDim * a, cellsPerDim * a, cellsPerDim * a};
  std::mt19937 rng(7);
  std::normal_distribution<double> g(0.0, 1.0);
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  unsigned long id = 1;
  for (int x = 0; x < cellsPerDim && s.molecules.size() < n; ++x)
    for (int y = 0; y < cellsPerDim && s.molecules.size() < n; ++y)
      for (int z = 0; z < cellsPerDim && s.molecules.size() < n; ++z)
        for (const auto& b : basis) {
          if (s.molecules.size() >= n) break;
          Vec3 r{(x + b[0] + 0.25) * a, (y + b[1] + 0.25) * a, (z + b[2] + 0.25) * a};
          Quaternion q(g(rng), g(rng), g(rng), g(rng));
          q.normalize();
          Vec3 v{0.3 * g(rng), 0.3 * g(rng), 0.3 * g(rng)};
          s.molecules.emplace_back(id++, nullptr, r, v, q);
        }
  return s;
}

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::map<std::string, std::string> args{{"model", "lj"},     {"n", "100000"},        {"density", "0.8"},
                                          {"cutoff", "2.5"},   {"steps", "5"},         {"backend", "auto"},
                                          {"processors", "reference,threadBlock"},     {"precisions", "single,mixed,double"},
                                          {"cpu", "1"},        {"blockSize", "0"},
                                          {"deterministic", "0"}};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i];
    if (key.rfind("--", 0) != 0 || !args.count(key.substr(2))) {
      std::cerr << "unknown argument " << key << "\n";
      return 2;
    }
    args[key.substr(2)] = argv[i + 1];
  }
  bool failedRows = false;
  try {
    const std::string model = args["model"];
    Setup s = makeLiquid(model, std::stoul(args["n"]), std::stod(args["density"]));
    for (auto& m : s.molecules) m = Molecule(m.id(), &s.components[0], m.r(), m.v(), m.q());
    const double rc = std::stod(args["cutoff"]);
    const int steps = std::stoi(args["steps"]);
    InteractionParameters params(s.components, rc);
    Domain domain(s.box);
    const double N = static_cast<double>(s.molecules.size());
    const double perCell = N / std::pow(std::floor(s.box.x / rc), 3);
    std::printf("# model %s N %.0f box %.3f rc %.2f molecules/cell %.1f\n", model.c_str(), N, s.box.x, rc, perCell);
    std::printf("%-6s %8s %6s %-20s %-7s %12s %12s %10s %12s %8s %8s %8s\n", "model", "N", "m/cell", "processor",
                "prec", "force MUPS", "kernel MUPS", "kernel ms", "step MUPS", "upload%", "kernel%", "down%");

    auto runSteps = [&](ParticleContainer& container, CellProcessor& proc, double& forceSeconds) {
      Leapfrog lf(1e-4);
      DomainDecompSequential decomp;
      KineticSums sums;
      forceSeconds = 0.0;
      const double t0 = now();
      for (int step = 0; step < steps; ++step) {
        lf.eventNewTimestep(container);
        decomp.exchangeMolecules(container, domain);
        const double f0 = now();
        container.traverseCells(proc);
        forceSeconds += now() - f0;
        sums.reset(s.components.size());
        lf.eventForcesCalculated(container, sums);
      }
      return now() - t0;
    };
    auto fill = [&]() {
      auto lc = std::make_unique<LinkedCells>(Vec3{0, 0, 0}, s.box, rc, 1);
      for (const auto& m : s.molecules) lc->addParticle(m);
      DomainDecompSequential().exchangeMolecules(*lc, domain);
      return lc;
    };

    if (args["cpu"] == "1") {
      for (const std::string name : {"vectorized", "legacy"}) {
        if (name == "vectorized" && model != "lj") continue;  // LJ-only fast path
        if (name == "legacy" && (model != "lj" || N > 200000)) continue;
        auto lc = fill();
        std::unique_ptr<CellProcessor> proc;
        if (name == "vectorized") proc = std::make_unique<VectorizedCellProcessor>(params);
        else proc = std::make_unique<LegacyCellProcessor>(params);
        double fs = 0.0;
        const double total = runSteps(*lc, *proc, fs);
        std::printf("%-6s %8.0f %6.1f %-20s %-7s %12.3e %12s %10.3f %12.3e %8s %8s %8s\n", model.c_str(), N,
                    perCell, ("cpu-" + name).c_str(), "double", N * steps / fs, "-", 1e3 * fs / steps,
                    N * steps / total, "-", "-", "-");
        std::fflush(stdout);
      }
    }
    for (const auto& precision : split(args["precisions"]))
      for (const auto& entry : split(args["processors"])) {
        const auto slash = entry.find('/');
        const std::string processor = entry.substr(0, slash);
        gpu::GpuOptions options;
        options.precision = compute::parsePrecision(precision);
        options.cellProcessor = processor;
        options.blockSize = std::stoi(slash == std::string::npos ? args["blockSize"] : entry.substr(slash + 1));
        options.deterministic = args["deterministic"] == "1";
        try {
          compute::ContextOptions co;
          co.backend = args["backend"];
          co.precision = options.precision;
          auto context = compute::createComputeContext(co);
          LinkedCells grid(Vec3{0, 0, 0}, s.box, rc, 1);
          gpu::DeviceTimeStep step(*context, s.components, params, gpu::DeviceGrid::of(grid, s.box, 0.0));
          step.setOwned(s.molecules);
          step.rebuild();
          gpu::MoleculeInteraction mi(*context, step.descriptor(), step.grid(),
                                      gpu::CellProcessorRegistry::find(processor), options.blockSize,
                                      options.deterministic);
          step.computeForces(mi);  // warm-up: first launches, job or Verlet lists
          step.results();
          mi.setTimed(true);
          double k = 0.0;
          for (int i = 0; i < steps; ++i) {
            step.computeForces(mi);
            k += mi.timings().kernels;
          }
          mi.setTimed(false);
          step.results();
          const double dt = 1e-4;
          const double t0 = now();
          for (int i = 0; i < steps; ++i) {
            step.preForces(dt);
            if (step.needsRebuild())
              step.rebuild();
            else
              step.refreshImages();
            step.computeForces(mi);
            step.postForces(dt, true);
            step.results();
          }
          const double total = now() - t0;
          const std::string label =
              mi.variant().name + "/" + std::to_string(mi.blockSize()) + (mi.deterministic() ? "+det" : "");
          std::printf("%-6s %8.0f %6.1f %-20s %-7s %12.3e %12.3e %10.3f %12.3e %8s %8s %8s\n", model.c_str(), N,
                      perCell, label.c_str(), precision.c_str(), N * steps / k, N * steps / k, 1e3 * k / steps,
                      N * steps / total, "-", "-", "-");
        } catch (const std::exception& e) {  // a processor the device refuses: the other rows go on
          std::printf("# %s %s: %s\n", entry.c_str(), precision.c_str(), e.what());
          failedRows = true;
        }
        std::fflush(stdout);
      }
  } catch (const std::exception& e) {
    std::cerr << "mardyn_gpu_bench: " << e.what() << "\n";
    return 1;
  }
  return failedRows ? 1 : 0;
}
