// KernelFFT: the axes' launch shapes and programs.
#include "compute/KernelFFT.h"

#include "compute/ComputeContext.h"
#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace mardyn::compute {

std::vector<int> KernelFFT::radices(int n) {
  std::vector<int> result;
  while (n % 4 == 0) {
    result.push_back(4);
    n /= 4;
  }
  for (int p = 2; n > 1; p++)
    while (n % p == 0) {
      result.push_back(p);
      n /= p;
    }
  if (result.empty()) result.push_back(1);
  return result;
}

KernelFFT::KernelFFT(ComputeContext& context, int nx, int ny, int nz) : _context(context) {
  if (nx < 1 || ny < 1 || nz < 1) throw ComputeException("FFT: grid sizes must be positive");
  // z: lines of contiguous elements; y: lines (x, z), elements nz apart; x: lines (y, z), elements ny nz apart.
  _axes[0].length = nz;
  _axes[0].lines = nx * ny;
  _axes[0].numB = 1;
  _axes[0].strideA = nz;
  _axes[0].strideB = 0;
  _axes[0].strideK = 1;
  _axes[1].length = ny;
  _axes[1].lines = nx * nz;
  _axes[1].numB = nz;
  _axes[1].strideA = ny * nz;
  _axes[1].strideB = 1;
  _axes[1].strideK = nz;
  _axes[2].length = nx;
  _axes[2].lines = ny * nz;
  _axes[2].numB = ny * nz;
  _axes[2].strideA = 0;
  _axes[2].strideB = 1;
  _axes[2].strideK = ny * nz;
  for (auto& axis : _axes) prepare(axis);
}

void KernelFFT::prepare(Axis& axis) {
  const int n = axis.length;
  const auto passes = radices(n);
  const int smallest = *std::min_element(passes.begin(), passes.end());
  const int largest = *std::max_element(passes.begin(), passes.end());
  // About 1024 values per work-group (a power of two of lines, at most 16), one butterfly per thread and pass.
  axis.linesPerGroup = 1;
  while (axis.linesPerGroup < 16 && 2 * axis.linesPerGroup * n <= 1024) axis.linesPerGroup *= 2;
  axis.threads = std::max(1, axis.linesPerGroup * n / std::max(1, smallest));
  const std::size_t limit = 256;
  while (axis.threads > static_cast<int>(limit) && axis.linesPerGroup > 1) {
    axis.linesPerGroup /= 2;
    axis.threads = std::max(1, axis.linesPerGroup * n / std::max(1, smallest));
  }
  // The same program serves every axis of this length.
  for (auto& other : _axes)
    if (&other != &axis && other.length == n && other.kernel && other.linesPerGroup == axis.linesPerGroup) {
      axis.kernel = other.program->createKernel("fftLines");
      return;
    }
  std::string list;
  for (int r : passes) list += (list.empty() ? "" : ",") + std::to_string(r);
  ComputeContext::Defines defines{{"FFT_N", std::to_string(n)},
                                  {"FFT_LINES", std::to_string(axis.linesPerGroup)},
                                  {"FFT_THREADS", std::to_string(axis.threads)},
                                  {"FFT_NUM_PASSES", std::to_string(passes.size())},
                                  {"FFT_RADICES", list},
                                  {"FFT_MAX_RADIX", std::to_string(largest)}};
  axis.program = _context.compileProgram(KernelSources::withRequirements("compute/kernels/FFT.cc"), defines,
                                         "fft" + std::to_string(n));
  axis.kernel = axis.program->createKernel("fftLines");
  if (axis.kernel->maxBlockSize() < static_cast<std::size_t>(axis.threads))
    throw ComputeException("FFT: lines of " + std::to_string(n) + " need work-groups of " +
                           std::to_string(axis.threads) + " threads, the device allows " +
                           std::to_string(axis.kernel->maxBlockSize()));
}

void KernelFFT::transform(ArrayInterface& in, ArrayInterface& out, bool forward) {
  const double sign = forward ? -1.0 : 1.0;
  ArrayInterface* source = &in;
  for (auto& axis : _axes) {
    const std::size_t groups = static_cast<std::size_t>((axis.lines + axis.linesPerGroup - 1) / axis.linesPerGroup);
    const int linesFastest = axis.strideB == 1 && axis.strideK > 1 ? 1 : 0;
    axis.kernel->call()
        .arg(*source)
        .arg(out)
        .arg(axis.lines)
        .arg(axis.numB)
        .arg(axis.strideA)
        .arg(axis.strideB)
        .arg(axis.strideK)
        .arg(linesFastest)
        .realArg(sign)
        .blockShape(static_cast<std::size_t>(axis.threads))
        .executeBlocks(groups);
    source = &out;
  }
}

std::unique_ptr<ComputeFFT> ComputeContext::createNativeFFT(int, int, int) { return nullptr; }

std::unique_ptr<ComputeFFT> createFFT(ComputeContext& context, int nx, int ny, int nz) {
  const char* choice = std::getenv("MARDYN_COMPUTE_FFT");
  if (!(choice && std::string(choice) == "kernels"))
    if (auto native = context.createNativeFFT(nx, ny, nz)) return native;
  return std::make_unique<KernelFFT>(context, nx, ny, nz);
}

}  // namespace mardyn::compute
