// ComputePlatform: the OpenCL and CUDA platforms of the library, one class on the common compute layer
// (src/compute) told which backend to use. Properties: Precision (single, mixed, double; default single),
// DeviceIndex (default 0), DeterministicForces (single and mixed precision always sum forces in 64-bit
// fixed point, bitwise reproducible; double precision does so where it is "true", else adds doubles
// atomically, which keeps the full precision but not the bits). Each Context holds a ComputePlatformData.
#pragma once

#include "openmm/Platform.h"

#include <map>
#include <string>

namespace OpenMM {

class ComputePlatformData;

class ComputePlatform : public Platform {
public:
  /** name: "CUDA" or "OpenCL"; backend: the compute backend ("cuda", "opencl"). */
  ComputePlatform(std::string name, std::string backend, double speed);
  const std::string& getName() const override { return _name; }
  double getSpeed() const override { return _speed; }
  bool supportsDoublePrecision() const override { return true; }
  const std::string& getPropertyValue(const Context& context, const std::string& property) const override;
  void contextCreated(ContextImpl& context, const std::map<std::string, std::string>& properties) const override;
  void contextDestroyed(ContextImpl& context) const override;
  const std::string& backend() const { return _backend; }

  static const std::string& precisionProperty();
  static const std::string& deviceIndexProperty();
  static const std::string& deterministicForcesProperty();
  /** "true": the PME grid runs on the default queue, not beside the direct-space tiles. */
  static const std::string& disablePmeStreamProperty();
  /** A true/false property's value in `properties`, lower case; anything else is refused naming the property. */
  static std::string booleanProperty(const std::map<std::string, std::string>& properties, const std::string& name,
                                     const std::string& platform);

  /** The data of a Context created by a ComputePlatform. */
  static ComputePlatformData& getData(ContextImpl& context);
  static const ComputePlatformData& getData(const ContextImpl& context);

private:
  std::string _name, _backend;
  double _speed;
};

} // namespace OpenMM
