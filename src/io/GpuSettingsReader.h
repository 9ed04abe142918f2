// GpuSettingsReader: the <gpu> element (algorithm/gpu or datastructure/gpu) into GpuConfig, every
// setting kept with its file and line so that the GPU decorator's messages name them too.
#pragma once

#include "config/SimulationConfig.h"
#include "config/XmlInput.h"

namespace mardyn {

class GpuSettingsReader {
 public:
  /// enabled (boolean, default true), backend (cuda|opencl|auto[:N]), cellprocessor (also
  /// cellProcessor: a processor name or auto, judged by the decorator), precision
  /// (single|mixed|double); every other simple child goes into gpu.options (blockSize,
  /// compareToCpu, deterministic, ...), whose names and values the decorator checks.
  static void read(XmlInput& xml, const XmlNode& gpu, GpuConfig& config);
};

}  // namespace mardyn
