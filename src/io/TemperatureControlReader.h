// TemperatureControlReader: reads ls1-mardyn's thermostat type="TemperatureControl" (control start,
// frequency and stop; regions with coords, target, settings, method, ramp, beta log) into
// TemperatureControlConfig, checking every value where it is written.
#pragma once

#include "config/SimulationConfig.h"
#include "config/XmlInput.h"

namespace mardyn {

class TemperatureControlReader {
 public:
  static TemperatureControlConfig read(XmlInput& xml, const XmlNode& thermostat, const Vec3& box,
                                       std::size_t numComponents);
};

}  // namespace mardyn
