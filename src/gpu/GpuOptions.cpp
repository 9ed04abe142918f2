// GpuOptions: parsing of the `gpu` settings and the compile-time defaults of the debug switches.
#include "gpu/GpuOptions.h"

#include "compute/DeviceSelection.h"
#include "gpu/CellProcessorRegistry.h"
#include "config/SimulationConfig.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

namespace mardyn::gpu {

namespace {

#ifdef MARDYN_GPU_COMPARE_TO_CPU
constexpr bool defaultCompareToCpu = true;
#else
constexpr bool defaultCompareToCpu = false;
#endif
#ifdef MARDYN_GPU_REFERENCE_IMPLEMENTATION
constexpr const char* defaultProcessor = "reference";
#else
constexpr const char* defaultProcessor = "verletList";
#endif
#ifdef MARDYN_GPU_DEBUG_COMPONENT_DESCRIPTORS
constexpr bool defaultDebugDescriptors = true;
#else
constexpr bool defaultDebugDescriptors = false;
#endif
#ifdef MARDYN_GPU_TEST_QUATERNION_MATRIX_CONVERSION
constexpr bool defaultTestQuaternions = true;
#else
constexpr bool defaultTestQuaternions = false;
#endif

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

/// Throws for a bad setting: an InputError at its file and line when it was read from XML (and
/// not replaced by the environment), a MardynException naming it otherwise.
[[noreturn]] void fail(const GpuConfig& config, const std::string& key, const std::string& message, bool fromEnv) {
  const auto it = config.sources.find(key);
  if (it != config.sources.end() && !fromEnv) throw InputError(it->second.problem(message));
  throw MardynException((fromEnv ? "MARDYN_GPU_OPTIONS: " : "") + message);
}

bool parseBool(const std::string& key, const std::string& value, const GpuConfig& config, bool fromEnv) {
  const std::string v = lower(value);
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  fail(config, key, "gpu option " + key + "='" + value + "': expected true or false", fromEnv);
}

double parseDouble(const std::string& key, const std::string& value, const GpuConfig& config, bool fromEnv) {
  try {
    std::size_t used = 0;
    const double d = std::stod(value, &used);
    if (used == value.size() && std::isfinite(d)) return d;
  } catch (const std::exception&) {
  }
  fail(config, key, "gpu option " + key + "='" + value + "': expected a finite number", fromEnv);
}

int parseInt(const std::string& key, const std::string& value, const GpuConfig& config, bool fromEnv) {
  try {
    std::size_t used = 0;
    const int i = std::stoi(value, &used);
    if (used == value.size()) return i;
  } catch (const std::exception&) {
  }
  fail(config, key, "gpu option " + key + "='" + value + "': expected an integer", fromEnv);
}

}  // namespace

double GpuOptions::effectiveTolerance() const {
  if (compareTolerance > 0) return compareTolerance;
  return precision == compute::Precision::Double ? 1e-8 : 1e-4;
}

GpuOptions GpuOptions::fromConfig(const GpuConfig& config) {
  GpuOptions o;
  o.cellProcessor = defaultProcessor;
  o.compareToCpu = defaultCompareToCpu;
  o.debugComponentDescriptors = defaultDebugDescriptors;
  o.testQuaternionConversion = defaultTestQuaternions;
  auto selectDevice = [&o, &config](const std::string& key, const std::string& text, bool fromEnv) {
    try {
      const auto sel = compute::DeviceSelection::parse(text);
      o.backend = sel.backend;
      o.deviceIndex = sel.index;
    } catch (const std::exception& e) {
      fail(config, key, "gpu backend/device '" + text + "': " + e.what(), fromEnv);
    }
  };
  if (!config.backend.empty()) selectDevice("backend", lower(config.backend), false);
  if (!config.cellProcessor.empty()) {
    o.cellProcessor = lower(config.cellProcessor) == "auto" ? "auto" : config.cellProcessor;
    try {
      if (!o.autoCellProcessor()) CellProcessorRegistry::find(o.cellProcessor);
    } catch (const std::exception& e) {
      fail(config, "cellProcessor", e.what(), false);
    }
  }
  if (!config.precision.empty()) {
    try {
      o.precision = compute::parsePrecision(config.precision);
    } catch (const std::exception& e) {
      fail(config, "precision", std::string("gpu precision: ") + e.what(), false);
    }
  }
  // MARDYN_GPU_OPTIONS="key=value,key=value" adds to (and overrides) the configured options.
  std::map<std::string, std::string> options = config.options;
  std::map<std::string, bool> fromEnv;
  if (const char* env = std::getenv("MARDYN_GPU_OPTIONS")) {
    std::string list = env;
    std::size_t start = 0;
    while (start < list.size()) {
      std::size_t end = list.find(',', start);
      if (end == std::string::npos) end = list.size();
      const std::string item = list.substr(start, end - start);
      const std::size_t eq = item.find('=');
      if (!item.empty()) {
        if (eq == std::string::npos)
          throw MardynException("MARDYN_GPU_OPTIONS: '" + item + "' is not key=value");
        options[item.substr(0, eq)] = item.substr(eq + 1);
        fromEnv[item.substr(0, eq)] = true;
      }
      start = end + 1;
    }
  }
  for (const auto& [key, value] : options) {
    const bool env = fromEnv[key];
    if (key == "device") selectDevice(key, lower(value), env);
    else if (key == "blockSize") o.blockSize = parseInt(key, value, config, env);
    else if (key == "compareToCpu") o.compareToCpu = parseBool(key, value, config, env);
    else if (key == "compareTolerance") o.compareTolerance = parseDouble(key, value, config, env);
    else if (key == "debugComponentDescriptors") o.debugComponentDescriptors = parseBool(key, value, config, env);
    else if (key == "testQuaternionConversion") o.testQuaternionConversion = parseBool(key, value, config, env);
    else if (key == "syncAfterLaunch") o.syncAfterLaunch = parseBool(key, value, config, env);
    else if (key == "deterministic") o.deterministic = parseBool(key, value, config, env);
    else if (key == "phaseProfile") o.phaseProfile = parseBool(key, value, config, env);
    else if (key == "haloTransfer") {
      o.haloTransfer = lower(value);
      if (o.haloTransfer != "auto" && o.haloTransfer != "peer" && o.haloTransfer != "staged")
        fail(config, key, "gpu option haloTransfer='" + value + "': expected auto, peer or staged", env);
    } else
      fail(config, key,
           "unknown gpu option '" + key +
               "'; known: device, blockSize, compareToCpu, compareTolerance, "
               "debugComponentDescriptors, testQuaternionConversion, syncAfterLaunch, deterministic, phaseProfile, "
               "haloTransfer",
           env);
  }
  return o;
}

}  // namespace mardyn::gpu
