// main() of the mardyn command: parses the command line, reads the XML configuration, builds the
// Simulation with its output plugins and runs it. Exit codes: 0 ok, 1 input or run error, 2 usage.
#include "Simulation.h"
#include "io/CommandLine.h"
#include "io/OutputPluginRegistry.h"
#include "io/XmlConfigReader.h"
#include "utils/MardynException.h"
#include "utils/Version.h"

#ifdef MARDYN_WITH_GPU
#include "gpu/GpuDecoratorFactory.h"
#endif

#include <iostream>

namespace {

/// The optional GPU traversal: the only place that knows whether this build has one.
void attachGpu(mardyn::Simulation& sim, const mardyn::SimulationConfig& config) {
  if (!config.gpu.enabled) return;
#ifdef MARDYN_WITH_GPU
  sim.setContainerDecorator(mardyn::gpu::makeGpuDecorator(config));
#else
  (void)sim;
  throw mardyn::MardynException("this build has no GPU support (configure with CUDA or OpenCL to use --gpu)");
#endif
}

}  // namespace

int main(int argc, char** argv) {
  using namespace mardyn;
  CommandLine::Options options;
  try {
    options = CommandLine::parse(argc, argv);
  } catch (const CommandLine::UsageError& e) {
    std::cerr << "mardyn: " << e.what() << "\n\n" << CommandLine::usage();
    return 2;
  }
  if (options.help) {
    std::cout << CommandLine::usage();
    return 0;
  }
  if (options.version) {
    std::cout << versionString() << "\n";
    return 0;
  }

  try {
    SimulationConfig config = XmlConfigReader::read(options.configFile);
    CommandLine::apply(options, config);
    Simulation sim(std::move(config));
    attachGpu(sim, sim.config());
    for (auto& plugin : OutputPluginRegistry::createAll(sim.config(), std::cerr)) sim.addOutputPlugin(std::move(plugin));
    sim.run(std::cout);
  } catch (const InputError& e) {
    const auto n = e.problems().size();
    std::cerr << "mardyn: " << n << (n == 1 ? " problem" : " problems") << " in the input:\n" << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "mardyn: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
