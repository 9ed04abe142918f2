// makeGpuDecorator: device selection and construction of the LinkedCellsGPUDecorator.
#include "gpu/GpuDecoratorFactory.h"

#include "compute/ComputeBackends.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "utils/MardynException.h"

#include <cmath>
#include <ostream>
#include <sstream>

namespace mardyn::gpu {

void checkDeviceMemory(const compute::DeviceInfo& info, std::size_t mixedSize, double molecules, double density,
                       double listRadius) {
  if (info.globalMemory == 0 || !(molecules > 0)) return;
  const double partners = 4.0 / 3.0 * M_PI * listRadius * listRadius * listRadius * density;
  const double bytes = molecules * (24.0 * 4.0 * static_cast<double>(mixedSize) + 8.0 * partners);
  if (bytes <= 0.9 * static_cast<double>(info.globalMemory)) return;
  std::ostringstream msg;
  msg << "GPU: the " << molecules << " molecules of this process need about " << bytes / 1073741824.0
      << " GiB of device memory, more than the " << static_cast<double>(info.globalMemory) / 1073741824.0
      << " GiB of " << info.describe()
      << " (expected fewer molecules per GPU: more processes under mpirun, or single precision)";
  throw MardynException(msg.str());
}

ContainerDecorator makeGpuDecorator(const SimulationConfig& config, std::ostream& log) {
  const GpuOptions options = GpuOptions::fromConfig(config.gpu);
  // Reject an unknown name before the run starts ("auto" is timed on the first traversal).
  if (!options.autoCellProcessor()) CellProcessorRegistry::find(options.cellProcessor);
  const std::vector<Component> components = config.components;
  const std::vector<MixingRule> mixing = config.mixing;
  const double cutoff = config.cutoffRadius;
  const double epsilonRF = config.epsilonRF;
  const double switchingWidth = config.cutoffSwitchWidth;
  const Vec3 box = config.box;
  const double density = static_cast<double>(config.molecules.size()) / (box.x * box.y * box.z);
  std::ostream* out = &log;
  return [options, components, mixing, cutoff, epsilonRF, switchingWidth, box, density,
          out](std::unique_ptr<LinkedCells> cells) -> std::unique_ptr<ParticleContainer> {
    compute::ContextOptions co;
    co.backend = options.backend;
    co.deviceIndex = options.deviceIndex;
    co.precision = options.precision;
    co.syncAfterLaunch = options.syncAfterLaunch;
    co.deviceTimestamps = options.phaseProfile;
    std::unique_ptr<compute::ComputeContext> context;
    try {
      context = compute::createComputeContext(co);
    } catch (const std::exception& e) {
      throw MardynException(std::string("GPU requested but no usable device: ") + e.what());
    }
    const auto& info = context->deviceInfo();
    if (options.precision != compute::Precision::Single && !info.supportsDouble)
      throw MardynException("GPU device " + info.describe() + " has no double precision; use --precision single");
    const Vec3 region = cells->boundingBoxMax() - cells->boundingBoxMin();
    checkDeviceMemory(info, context->mixedSize(), density * region.x * region.y * region.z, density, cells->cutoff());
    InteractionParameters params(components, cutoff);
    for (const auto& rule : mixing) params.setMixing(rule.cid1, rule.cid2, rule.eta, rule.xi);
    params.setReactionField(epsilonRF);
    params.setSwitchingWidth(switchingWidth);
    *out << "GPU decorator: " << info.describe() << ", cell processor " << options.cellProcessor;
    if (options.blockSize > 0) *out << ", block size " << options.blockSize;
    *out << ", precision " << compute::precisionName(options.precision)
         << (options.deterministic ? ", deterministic" : "")
         << (options.compareToCpu ? ", comparing with the CPU" : "") << ", skin " << cells->cutoff() - cutoff
         << "\n";
    return std::make_unique<LinkedCellsGPUDecorator>(std::move(cells), std::move(context), components, params,
                                                     options, *out, box);
  };
}

}  // namespace mardyn::gpu
