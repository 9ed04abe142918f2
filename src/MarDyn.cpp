// main() of the mardyn command: parses the command line, reads the XML configuration, builds the
// Simulation with its output plugins and runs it, serially or under mpirun. Exit codes: 0 ok,
// 1 input or run error, 2 command-line mistake. Only rank 0 prints usage, warnings and errors.
#include "ConfigurationReader.h"
#include "Simulation.h"
#include "io/CommandLine.h"
#include "io/OutputPluginRegistry.h"
#include "io/OutputPrefixLock.h"
#include "parallel/ParallelEnvironment.h"
#include "parallel/ParallelInput.h"
#include "utils/MardynException.h"
#include "utils/Threads.h"
#include "utils/Version.h"

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <vector>

// The optional GPU traversal: the only place that knows whether this build has one.
#ifdef MARDYN_WITH_GPU
#include "gpu/DeviceMoleculeBinning.h"
#include "gpu/GpuDecoratorFactory.h"
#include "gpu/GpuOptions.h"
namespace {
constexpr bool kGpuBuilt = true;
/// Bad GPU settings are input errors (with file and line), reported with the other input problems.
void checkGpu(const mardyn::SimulationConfig& config) {
  if (config.gpu.enabled) mardyn::gpu::GpuOptions::fromConfig(config.gpu);
}
void attachGpu(mardyn::Simulation& sim, const mardyn::SimulationConfig& config) {
  if (!config.gpu.enabled) return;
  sim.setContainerDecorator(mardyn::gpu::makeGpuDecorator(config));
  // The observing plugins' binned sums are made on the device too (where it computes in double).
  sim.setDeviceBinning([&sim, components = config.components](mardyn::ParticleContainer& container,
                                                              const mardyn::SamplingView& view,
                                                              const mardyn::PlanarLongRange* planar) {
    return mardyn::gpu::makeDeviceBinning(container, components, [&view] { return view.virialShare(); },
                                          [&sim] { return sim.currentStep(); }, planar);
  });
}
}  // namespace
#else
namespace {
constexpr bool kGpuBuilt = false;
void checkGpu(const mardyn::SimulationConfig&) {}
void attachGpu(mardyn::Simulation&, const mardyn::SimulationConfig& config) {
  if (config.gpu.enabled)
    throw mardyn::MardynException("this build has no GPU support (configure with CUDA or OpenCL to use --gpu)");
}
}  // namespace
#endif

int main(int argc, char** argv) {
  using namespace mardyn;
  ParallelEnvironment env(argc, argv);
  // A write past the file-size limit (ulimit -f) then fails with EFBIG and stops the run with the message of a
  // full disk (WriteError), instead of SIGXFSZ ending the process without one.
  std::signal(SIGXFSZ, SIG_IGN);
  // Threads per process only when asked for (OMP_NUM_THREADS): by default every process runs one, so
  // that one process per core does not oversubscribe the cores.
  if (!std::getenv("OMP_NUM_THREADS")) setMaxThreads(1);
  const bool root = ParallelEnvironment::rank() == 0;

  CommandLine::Options options;
  try {
    options = CommandLine::parse(argc, argv);
  } catch (const CommandLine::UsageError& e) {
    if (root) std::cerr << "mardyn: " << e.what() << "\n\n" << CommandLine::usage();
    return 2;
  }
  if (options.help || options.version) {
    if (root && options.help) std::cout << CommandLine::usage();
    if (root && !options.help)
      std::cout << versionString() << "\nMPI: "
                << (!ParallelEnvironment::hasMpi()           ? "no"
                    : ParallelEnvironment::initialised() ? "yes"
                                                         : "yes (not initialised: not started by an MPI launcher; "
                                                           "MARDYN_MPI=1 initialises it)")
                << "\nGPU: " << (kGpuBuilt ? "yes" : "no") << "\n";
    return 0;
  }

  // Every rank parses the XML; rank 0 alone reads the phase space and sends it to the others. An input
  // error seen by any rank reaches every rank, so all return 1 together (rank 0 prints it).
  SimulationConfig config;
  try {
    config = ParallelInput::read(options.configFile, ConfigurationReader::readers());
    CommandLine::apply(options, config);
    checkGpu(config);
  } catch (const InputError& e) {
    const auto n = e.problems().size();
    if (root) std::cerr << "mardyn: " << n << (n == 1 ? " problem" : " problems") << " in the input:\n" << e.what() << "\n";
    return 1;
  }

  if (root)
    for (const auto& w : config.warnings) std::cerr << "Warning: " << w.format() << "\n";

  // From here on an error may be seen by some ranks only: print it and end every rank.
  try {
    Simulation sim(std::move(config));
    attachGpu(sim, sim.config());
    std::ostringstream discarded;
    for (auto& plugin : OutputPluginRegistry::createAll(sim.config(), root ? std::cerr : discarded))
      sim.addOutputPlugin(std::move(plugin));
    // Rank 0 writes every file: it holds each output prefix for the whole run.
    std::vector<std::unique_ptr<OutputPrefixLock>> locks;
    if (root)
      for (const std::string& prefix : OutputPluginRegistry::prefixes(sim.config())) {
        locks.push_back(std::make_unique<OutputPrefixLock>(prefix));
        if (!locks.back()->warning().empty()) std::cerr << "Warning: " << locks.back()->warning() << "\n";
        for (const std::string& f : locks.back()->removed())
          std::cerr << "Removed " << f << ", a temporary file left by a process that no longer runs\n";
      }
    if (root && !sim.config().quiet) std::cerr << sim.startupLine() << "\n";
    sim.run(std::cout);
  } catch (const std::exception& e) {
    std::cerr << "mardyn: error" << (ParallelEnvironment::size() > 1 ? " on rank " + std::to_string(ParallelEnvironment::rank()) : "")
              << ": " << e.what() << "\n";
    ParallelEnvironment::abortAll(1);
    return 1;
  }
  return 0;
}
