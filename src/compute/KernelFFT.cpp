// KernelFFT: the axes' launch shapes and programs, and the order of the launches.
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

KernelFFT::KernelFFT(ComputeContext& context, int nx, int ny, int nz, FFTKind kind) : _context(context), _kind(kind) {
  if (nx < 1 || ny < 1 || nz < 1) throw ComputeException("FFT: grid sizes must be positive");
  // The x and y lines run over the z values stored: all of them, or the half spectrum's nz / 2 + 1.
  const bool real = kind == FFTKind::Real;
  const int zs = real ? nz / 2 + 1 : nz;
  // z: lines of contiguous elements; y: lines (x, z), elements zs apart; x: lines (y, z), elements ny zs apart.
  zLines(_axes[0], nz, nx * ny, nz, zs, real ? RealIn : ComplexIn, real ? HalfOut : ComplexOut);
  Axis& y = _axes[1];
  y.length = ny;
  y.lines = nx * zs;
  y.numB = zs;
  y.strideAIn = y.strideAOut = ny * zs;
  y.strideB = 1;
  y.strideK = zs;
  Axis& x = _axes[2];
  x.length = nx;
  x.lines = ny * zs;
  x.numB = ny * zs;
  x.strideAIn = x.strideAOut = 0;
  x.strideB = 1;
  x.strideK = ny * zs;
  for (auto& axis : _axes) prepare(axis);
  if (real) {
    zLines(_zBackward, nz, nx * ny, zs, nz, HalfIn, RealOut);
    prepare(_zBackward);
  }
}

void KernelFFT::zLines(Axis& axis, int nz, int lines, int strideIn, int strideOut, Input input, Output output) {
  axis.length = nz;
  axis.numB = 1;
  axis.strideAIn = strideIn;
  axis.strideAOut = strideOut;
  axis.strideB = 0;
  axis.strideK = 1;
  axis.input = input;
  axis.output = output;
  // A real mode transforms two real lines as one complex line.
  const bool real = input != ComplexIn;
  axis.realLines = real ? lines : 0;
  axis.lines = real ? (lines + 1) / 2 : lines;
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
  // The same program serves every axis of this length and kind of line.
  for (Axis* other : {&_axes[0], &_axes[1], &_axes[2], &_zBackward})
    if (other != &axis && other->length == n && other->kernel && other->linesPerGroup == axis.linesPerGroup &&
        other->input == axis.input && other->output == axis.output) {
      axis.kernel = other->program->createKernel("fftLines");
      return;
    }
  std::string list;
  for (int r : passes) list += (list.empty() ? "" : ",") + std::to_string(r);
  ComputeContext::Defines defines{{"FFT_N", std::to_string(n)},
                                  {"FFT_LINES", std::to_string(axis.linesPerGroup)},
                                  {"FFT_THREADS", std::to_string(axis.threads)},
                                  {"FFT_NUM_PASSES", std::to_string(passes.size())},
                                  {"FFT_RADICES", list},
                                  {"FFT_MAX_RADIX", std::to_string(largest)},
                                  {"FFT_IN", std::to_string(static_cast<int>(axis.input))},
                                  {"FFT_OUT", std::to_string(static_cast<int>(axis.output))}};
  axis.program = _context.compileProgram(KernelSources::withRequirements("compute/kernels/FFT.cc"), defines,
                                         "fft" + std::to_string(n));
  axis.kernel = axis.program->createKernel("fftLines");
  if (axis.kernel->maxBlockSize() < static_cast<std::size_t>(axis.threads))
    throw ComputeException("FFT: lines of " + std::to_string(n) + " need work-groups of " +
                           std::to_string(axis.threads) + " threads, the device allows " +
                           std::to_string(axis.kernel->maxBlockSize()));
}

void KernelFFT::launch(Axis& axis, ArrayInterface& in, ArrayInterface& out, double sign) {
  const std::size_t groups = static_cast<std::size_t>((axis.lines + axis.linesPerGroup - 1) / axis.linesPerGroup);
  const int linesFastest = axis.strideB == 1 && axis.strideK > 1 ? 1 : 0;
  axis.kernel->call()
      .arg(in)
      .arg(out)
      .arg(axis.lines)
      .arg(axis.numB)
      .arg(axis.strideAIn)
      .arg(axis.strideAOut)
      .arg(axis.strideB)
      .arg(axis.strideK)
      .arg(linesFastest)
      .realArg(sign)
      .arg(axis.realLines)
      .blockShape(static_cast<std::size_t>(axis.threads))
      .executeBlocks(groups);
}

void KernelFFT::transform(ArrayInterface& in, ArrayInterface& out, bool forward) {
  const double sign = forward ? -1.0 : 1.0;
  if (_kind == FFTKind::Real && !forward) {
    // x and y on the half spectrum in place, then its z lines into the real values.
    launch(_axes[2], in, in, sign);
    launch(_axes[1], in, in, sign);
    launch(_zBackward, in, out, sign);
    return;
  }
  ArrayInterface* source = &in;
  for (auto& axis : _axes) {
    launch(axis, *source, out, sign);
    source = &out;
  }
}

std::unique_ptr<ComputeFFT> ComputeContext::createNativeFFT(int, int, int, FFTKind) { return nullptr; }

void ComputeFFT::convolve(ArrayInterface&, ArrayInterface&) {
  throw ComputeException(implementation() + ": no fused convolution (ask convolves() first)");
}

std::unique_ptr<ComputeFFT> createFFT(ComputeContext& context, int nx, int ny, int nz, FFTKind kind) {
  const char* choice = std::getenv("MARDYN_COMPUTE_FFT");
  if (!(choice && std::string(choice) == "kernels"))
    if (auto native = context.createNativeFFT(nx, ny, nz, kind)) return native;
  return std::make_unique<KernelFFT>(context, nx, ny, nz, kind);
}

}  // namespace mardyn::compute
