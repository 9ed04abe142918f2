// makeGpuDecorator: turns the configuration's `gpu` settings into the container decorator the
// Simulation installs (Simulation::setContainerDecorator), creating the compute context.
#pragma once

#include "compute/DeviceInfo.h"
#include "config/SimulationConfig.h"
#include "particleContainer/LinkedCells.h"

#include <functional>
#include <iostream>
#include <memory>

namespace mardyn::gpu {

using ContainerDecorator = std::function<std::unique_ptr<ParticleContainer>(std::unique_ptr<LinkedCells>)>;

/// The decorator for config.gpu (the caller decides whether the GPU is enabled). Everything needed
/// is copied from config. The device is opened when the decorator is applied; then a missing or
/// unusable device throws MardynException saying why. Bad gpu settings throw here already.
/// log: the device line, COMPARE_TO_CPU lines and debug output; the container keeps writing to it, so it
/// must outlive the container (and the Simulation holding it).
ContainerDecorator makeGpuDecorator(const SimulationConfig& config, std::ostream& log = std::cerr);

/// Throws MardynException, before anything is allocated on the device, when `molecules` at `density` with
/// a Verlet list out to `listRadius` need more than 90 % of the device's memory (about 24 `mixed4` values
/// per molecule and 8 bytes per list partner; the LJ liquid's measured footprint is within 20 % of this).
void checkDeviceMemory(const compute::DeviceInfo& info, std::size_t mixedSize, double molecules, double density,
                       double listRadius);

}  // namespace mardyn::gpu
