// makeGpuDecorator: turns the configuration's `gpu` settings into the container decorator the
// Simulation installs (Simulation::setContainerDecorator), creating the compute context.
#pragma once

#include "io/SimulationConfig.h"
#include "particleContainer/LinkedCells.h"

#include <functional>
#include <iostream>
#include <memory>

namespace mardyn::gpu {

using ContainerDecorator = std::function<std::unique_ptr<ParticleContainer>(std::unique_ptr<LinkedCells>)>;

/// The decorator for config.gpu (the caller decides whether the GPU is enabled). Everything needed
/// is copied from config. The device is opened when the decorator is applied; then a missing or
/// unusable device throws MardynException saying why. Bad gpu settings throw here already.
/// log: the device line, COMPARE_TO_CPU lines and debug output.
ContainerDecorator makeGpuDecorator(const SimulationConfig& config, std::ostream& log = std::cerr);

}  // namespace mardyn::gpu
