// NVRTC compilation with the cubin cache.
#include "cuda/CudaCompiler.h"

#include <nvrtc.h>

#include <memory>

#include "compute/CommonPrelude.h"
#include "compute/ComputeCompileError.h"
#include "cuda/CudaCheck.h"
#include "cuda/CudaPrelude.h"

namespace mardyn::cuda {

std::string CudaCompiler::fullSource(const std::string& source, const Defines& defines, compute::Precision precision,
                                     const std::string& name) {
  std::string text = "#define " + compute::CommonPrelude::precisionDefine(precision) + " 1\n#define SIMT_WIDTH 32\n";
  text += CudaPrelude::text();
  text += "\n";
  text += compute::CommonPrelude::text();
  text += "\n";
  for (const auto& [key, value] : defines) text += "#define " + key + " " + value + "\n";
  text += "#line 1 \"" + name + "\"\n";
  text += source;
  text += "\n";
  return text;
}

std::vector<int> CudaCompiler::supportedArchitectures() {
  int count = 0;
  NVRTC_CHECK(nvrtcGetNumSupportedArchs(&count));
  std::vector<int> archs(count);
  if (count > 0) NVRTC_CHECK(nvrtcGetSupportedArchs(archs.data()));
  return archs;
}

int CudaCompiler::architectureFor(int computeCapability) {
  int best = 0;
  for (int arch : supportedArchitectures())
    if (arch <= computeCapability && arch > best) best = arch;
  if (best == 0)
    throw compute::ComputeException("NVRTC " + nvrtcVersion() + " cannot compile for compute capability " +
                                    std::to_string(computeCapability / 10) + "." +
                                    std::to_string(computeCapability % 10));
  return best;
}

std::string CudaCompiler::nvrtcVersion() {
  int major = 0, minor = 0;
  NVRTC_CHECK(::nvrtcVersion(&major, &minor));
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string CudaCompiler::compile(const std::string& fullSource, const std::string& name, int arch,
                                  const std::string& deviceKey) {
  const std::vector<std::string> options = {"--gpu-architecture=sm_" + std::to_string(arch), "-std=c++17",
                                            "-D__NV_NO_VECTOR_DEPRECATION_DIAG"};
  std::string key = "nvrtc " + nvrtcVersion() + "\ndevice " + deviceKey + "\n";
  for (const auto& option : options) key += option + "\n";
  key += fullSource;
  std::string binary;
  if (_cache.load(key, binary)) {
    _lastHit = true;
    ++_hits;
    return binary;
  }
  _lastHit = false;
  ++_misses;

  nvrtcProgram program;
  NVRTC_CHECK(nvrtcCreateProgram(&program, fullSource.c_str(), name.c_str(), 0, nullptr, nullptr));
  std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> guard(&program, [](nvrtcProgram* p) { nvrtcDestroyProgram(p); });
  std::vector<const char*> optionPointers;
  for (const auto& option : options) optionPointers.push_back(option.c_str());
  const nvrtcResult result = nvrtcCompileProgram(program, static_cast<int>(optionPointers.size()), optionPointers.data());
  if (result != NVRTC_SUCCESS) {
    std::size_t logSize = 0;
    NVRTC_CHECK(nvrtcGetProgramLogSize(program, &logSize));
    std::string log(logSize, '\0');
    if (logSize > 0) NVRTC_CHECK(nvrtcGetProgramLog(program, log.data()));
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    throw compute::ComputeCompileError(name, "NVRTC " + nvrtcVersion() + " for sm_" + std::to_string(arch),
                                       std::string(nvrtcGetErrorString(result)) + "\n" + log);
  }
  std::size_t size = 0;
  NVRTC_CHECK(nvrtcGetCUBINSize(program, &size));
  binary.resize(size);
  NVRTC_CHECK(nvrtcGetCUBIN(program, binary.data()));
  _cache.store(key, binary);
  return binary;
}

}  // namespace mardyn::cuda
