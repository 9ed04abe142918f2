// Environment overrides and the default cache location of ContextOptions.
#include "compute/ContextOptions.h"

#include <cstdlib>
#include <filesystem>

#include "compute/DeviceSelection.h"

namespace mardyn::compute {

namespace {
const char* env(const char* name) {
  const char* value = std::getenv(name);
  return (value && *value) ? value : nullptr;
}
bool envFlag(const char* name) {
  const char* value = env(name);
  return value && std::string(value) != "0" && std::string(value) != "off" && std::string(value) != "false";
}
}  // namespace

ContextOptions ContextOptions::withEnvironment() const {
  ContextOptions result = *this;
  if (const char* device = env("MARDYN_DEVICE")) {
    DeviceSelection selection = DeviceSelection::parse(device);
    result.backend = selection.backend;
    result.deviceIndex = selection.index;
  }
  if (const char* precision = env("MARDYN_PRECISION")) result.precision = parsePrecision(precision);
  if (env("MARDYN_COMPUTE_SYNC")) result.syncAfterLaunch = envFlag("MARDYN_COMPUTE_SYNC");
  if (env("MARDYN_COMPUTE_PROFILE")) result.profileKernels = envFlag("MARDYN_COMPUTE_PROFILE");
  if (const char* cache = env("MARDYN_KERNEL_CACHE")) result.cacheDirectory = cache;
  if (env("MARDYN_OPENCL_EMULATE_ATOMICS")) result.emulate64BitAtomics = envFlag("MARDYN_OPENCL_EMULATE_ATOMICS");
  return result;
}

std::string ContextOptions::resolvedCacheDirectory() const {
  if (cacheDirectory == "none") return "";
  if (!cacheDirectory.empty()) return cacheDirectory;
  if (const char* xdg = env("XDG_CACHE_HOME")) return std::string(xdg) + "/mardyn/kernels";
  if (const char* home = env("HOME")) return std::string(home) + "/.cache/mardyn/kernels";
  std::error_code error;
  auto tmp = std::filesystem::temp_directory_path(error);
  return error ? "" : (tmp / "mardyn-kernels").string();
}

}  // namespace mardyn::compute
