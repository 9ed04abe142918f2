// Run-time compilation of common-dialect device code for CUDA with NVRTC (no driver or GPU needed):
// assembles prelude + defines + source, compiles for an sm_XX architecture to a cubin and keeps the
// result in a CubinCache. Counts cache hits and misses.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "compute/Precision.h"
#include "cuda/CubinCache.h"

namespace mardyn::cuda {

class CudaCompiler {
 public:
  using Defines = std::map<std::string, std::string>;

  explicit CudaCompiler(std::string cacheDirectory) : _cache(std::move(cacheDirectory)) {}

  /// The complete translation unit: standard defines, CUDA prelude, common prelude, defines, source.
  static std::string fullSource(const std::string& source, const Defines& defines, compute::Precision precision,
                                const std::string& name);
  /// Architectures this NVRTC can compile for (e.g. 75 80 ... 120).
  static std::vector<int> supportedArchitectures();
  /// The architecture to compile for on a device of this compute capability: the highest supported
  /// one not above it. Throws ComputeException if NVRTC supports none.
  static int architectureFor(int computeCapability);
  static std::string nvrtcVersion();

  /// Compiles (or loads from the cache) a cubin for sm_<arch>. deviceKey distinguishes devices in the
  /// cache key. Throws ComputeCompileError with NVRTC's log when the code does not compile.
  std::string compile(const std::string& fullSource, const std::string& name, int arch, const std::string& deviceKey);

  bool lastWasCacheHit() const { return _lastHit; }
  int cacheHits() const { return _hits; }
  int cacheMisses() const { return _misses; }
  const CubinCache& cache() const { return _cache; }

 private:
  CubinCache _cache;
  bool _lastHit = false;
  int _hits = 0;
  int _misses = 0;
};

}  // namespace mardyn::cuda
