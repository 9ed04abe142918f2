// The compute backends built into this binary, by name: each registers a device lister and a context
// factory. availableBackends() (ComputeBackends.h) returns a registry holding every enabled backend.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "compute/ComputeContext.h"
#include "compute/ContextOptions.h"
#include "compute/DeviceInfo.h"

namespace mardyn::compute {

/// The devices a backend found, or why it found none (no driver, no platform, ...).
struct DeviceList {
  std::vector<DeviceInfo> devices;
  std::string unavailableReason;  ///< set when devices is empty
};

class BackendRegistry {
 public:
  using Lister = std::function<DeviceList()>;
  using Factory = std::function<std::unique_ptr<ComputeContext>(const ContextOptions&)>;

  void add(const std::string& name, Lister lister, Factory factory);
  bool has(const std::string& name) const;
  std::vector<std::string> names() const;
  /// The devices of one backend; throws ComputeException for an unknown backend name.
  DeviceList devices(const std::string& name) const;

  /// Creates a context on options.backend / options.deviceIndex. backend "auto" takes the first
  /// backend with a device; deviceIndex -1 takes the node-local rank modulo the device count.
  std::unique_ptr<ComputeContext> create(const ContextOptions& options) const;

 private:
  struct Entry {
    std::string name;
    Lister lister;
    Factory factory;
  };
  const Entry& entry(const std::string& name) const;
  std::vector<Entry> _entries;
};

}  // namespace mardyn::compute
