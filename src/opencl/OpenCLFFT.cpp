// OpenCLFFT: the VkFFT plan (configuration, initialisation) and its launches.
#include "opencl/OpenCLFFT.h"

#include "compute/ComputeException.h"
#include "compute/PrecisionArray.h"
#include "opencl/OpenCLContext.h"

#include <algorithm>
#include <cmath>
#include <vector>

#if MARDYN_HAVE_VKFFT
#ifndef VKFFT_BACKEND
#define VKFFT_BACKEND 3
#endif
#include <vkFFT.h>
#endif

namespace mardyn::opencl {

#if MARDYN_HAVE_VKFFT

bool OpenCLFFT::available() { return true; }

struct OpenCLFFT::Plan {
  VkFFTApplication application{};
  bool initialised = false;
  // VkFFT keeps pointers to these in its configuration.
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  uint64_t bufferBytes = 0, inputBytes = 0;
  cl_mem scratch = nullptr;  ///< the convolution's half spectrum
  ~Plan() {
    if (initialised) deleteVkFFT(&application);
    if (scratch) clReleaseMemObject(scratch);
  }
};

std::unique_ptr<OpenCLFFT::Plan> OpenCLFFT::makePlan(OpenCLContext& context, int nx, int ny, int nz, bool real,
                                                     bool convolution, int& status) {
  const uint64_t value = context.useDoublePrecision() ? sizeof(double) : sizeof(float);
  auto plan = std::make_unique<OpenCLFFT::Plan>();
  plan->device = context.device();
  plan->context = context.context();
  plan->queue = context.queue();
  VkFFTConfiguration configuration{};
  configuration.FFTdim = 3;
  // VkFFT's first axis is the fastest: z, then y, then x.
  configuration.size[0] = static_cast<uint64_t>(nz);
  configuration.size[1] = static_cast<uint64_t>(ny);
  configuration.size[2] = static_cast<uint64_t>(nx);
  configuration.device = &plan->device;
  configuration.context = &plan->context;
  configuration.commandQueue = &plan->queue;
  configuration.doublePrecision = context.useDoublePrecision() ? 1 : 0;
  const uint64_t zs = real ? static_cast<uint64_t>(nz / 2 + 1) : static_cast<uint64_t>(nz);
  plan->bufferBytes = 2 * value * zs * ny * nx;
  configuration.bufferSize = &plan->bufferBytes;
  if (real) {
    // The spectrum in `buffer`, the real values unpadded in `inputBuffer`; the backward transform (and the
    // convolution's) writes them there too.
    configuration.performR2C = 1;
    configuration.isInputFormatted = 1;
    plan->inputBytes = value * static_cast<uint64_t>(nz) * ny * nx;
    configuration.inputBufferSize = &plan->inputBytes;
    configuration.inputBufferStride[0] = static_cast<uint64_t>(nz);
    configuration.inputBufferStride[1] = static_cast<uint64_t>(nz) * ny;
    configuration.inputBufferStride[2] = static_cast<uint64_t>(nz) * ny * nx;
    configuration.bufferStride[0] = zs;
    configuration.bufferStride[1] = zs * ny;
    configuration.bufferStride[2] = zs * ny * nx;
    configuration.inverseReturnToInputBuffer = 1;
    if (convolution) {
      configuration.performConvolution = 1;
      configuration.coordinateFeatures = 1;
      configuration.kernelSize = &plan->bufferBytes;
      cl_int error = CL_SUCCESS;
      plan->scratch = clCreateBuffer(plan->context, CL_MEM_READ_WRITE, plan->bufferBytes, nullptr, &error);
      if (error != CL_SUCCESS) {
        status = static_cast<int>(VKFFT_ERROR_FAILED_TO_ALLOCATE);
        return nullptr;
      }
    }
  }
  const VkFFTResult result = initializeVkFFT(&plan->application, configuration);
  status = static_cast<int>(result);
  if (result != VKFFT_SUCCESS) return nullptr;
  plan->initialised = true;
  return plan;
}

std::unique_ptr<OpenCLFFT> OpenCLFFT::create(OpenCLContext& context, int nx, int ny, int nz, compute::FFTKind kind,
                                             std::string& reason) {
  const bool real = kind == compute::FFTKind::Real;
  int result = 0;
  auto plan = makePlan(context, nx, ny, nz, real, false, result);
  if (!plan) {
    reason = "VkFFT could not make a plan for " + std::to_string(nx) + " x " + std::to_string(ny) + " x " +
             std::to_string(nz) + " (VkFFTResult " + std::to_string(result) + ")";
    return nullptr;
  }
  // Where VkFFT cannot fuse a convolution for the grid, convolves() says so and the caller takes three steps.
  std::unique_ptr<Plan> convolution;
  if (real) convolution = makePlan(context, nx, ny, nz, true, true, result);
  std::unique_ptr<OpenCLFFT> fft(new OpenCLFFT(context, std::move(plan), std::move(convolution), kind));
  if (fft->_convolution) fft->measureGain(nx, ny, nz);
  return fft;
}

OpenCLFFT::~OpenCLFFT() = default;

void OpenCLFFT::transform(compute::ArrayInterface& in, compute::ArrayInterface& out, bool forward) {
  cl_mem source = *static_cast<const cl_mem*>(in.nativeHandle());
  cl_mem target = *static_cast<const cl_mem*>(out.nativeHandle());
  _plan->queue = _context.queue();
  VkFFTLaunchParams launch{};
  launch.commandQueue = &_plan->queue;
  if (_kind == compute::FFTKind::Real) {
    // Forward: real values (input buffer) to the spectrum (buffer); backward the other way.
    launch.inputBuffer = forward ? &source : &target;
    launch.buffer = forward ? &target : &source;
  } else {
    if (source != target) in.copyTo(out);
    launch.buffer = &target;
  }
  const VkFFTResult result = VkFFTAppend(&_plan->application, forward ? -1 : 1, &launch);
  if (result != VKFFT_SUCCESS)
    throw compute::ComputeException("VkFFT: the transform could not be enqueued (VkFFTResult " +
                                    std::to_string(static_cast<int>(result)) + ")");
}

bool OpenCLFFT::convolves() const { return _convolution != nullptr; }

void OpenCLFFT::convolve(compute::ArrayInterface& data, compute::ArrayInterface& kernel) {
  if (!_convolution) return compute::ComputeFFT::convolve(data, kernel);  // (throws)
  cl_mem values = *static_cast<const cl_mem*>(data.nativeHandle());
  cl_mem factors = *static_cast<const cl_mem*>(kernel.nativeHandle());
  _convolution->queue = _context.queue();
  VkFFTLaunchParams launch{};
  launch.commandQueue = &_convolution->queue;
  launch.inputBuffer = &values;
  launch.buffer = &_convolution->scratch;  // the half spectrum between the two directions
  launch.kernel = &factors;
  const VkFFTResult result = VkFFTAppend(&_convolution->application, -1, &launch);
  if (result != VKFFT_SUCCESS)
    throw compute::ComputeException("VkFFT: the convolution could not be enqueued (VkFFTResult " +
                                    std::to_string(static_cast<int>(result)) + ")");
}

void OpenCLFFT::measureGain(int nx, int ny, int nz) {
  // A unit impulse at the origin convolved with a unit kernel: the three steps give the number of points there
  // and zero elsewhere. Anything else than a scaled impulse: no fused convolution.
  const std::size_t points = static_cast<std::size_t>(nx) * ny * nz, half = compute::halfSpectrumSize(nx, ny, nz);
  std::vector<double> impulse(points, 0.0), unit(2 * half, 0.0), result;
  impulse[0] = 1.0;
  for (std::size_t k = 0; k < half; k++) unit[2 * k] = 1.0;
  bool ok = true;
  try {
    compute::PrecisionArray values(_context, compute::PrecisionArray::Kind::Real, 1, points, "fftGainImpulse");
    compute::PrecisionArray factors(_context, compute::PrecisionArray::Kind::Real, 2, half, "fftGainKernel");
    values.upload(impulse);
    factors.upload(unit);
    convolve(values.array(), factors.array());
    values.download(result);
  } catch (const compute::ComputeException&) {
    ok = false;
  }
  const double origin = ok ? result[0] : 0.0;
  double elsewhere = 0.0;
  for (std::size_t i = 1; ok && i < points; i++) elsewhere = std::max(elsewhere, std::abs(result[i]));
  if (!ok || !(std::abs(origin) > 0.0) || elsewhere > 1e-3 * std::abs(origin)) {
    _convolution.reset();
    return;
  }
  _gain = origin / static_cast<double>(points);
}

#else

bool OpenCLFFT::available() { return false; }

struct OpenCLFFT::Plan {};

std::unique_ptr<OpenCLFFT> OpenCLFFT::create(OpenCLContext&, int, int, int, compute::FFTKind, std::string& reason) {
  reason = "built without VkFFT (vkFFT.h not found)";
  return nullptr;
}

OpenCLFFT::~OpenCLFFT() = default;

void OpenCLFFT::transform(compute::ArrayInterface&, compute::ArrayInterface&, bool) {
  throw compute::ComputeException("OpenCLFFT: built without VkFFT");
}

bool OpenCLFFT::convolves() const { return false; }

void OpenCLFFT::convolve(compute::ArrayInterface& data, compute::ArrayInterface& kernel) {
  compute::ComputeFFT::convolve(data, kernel);
}

#endif

OpenCLFFT::OpenCLFFT(OpenCLContext& context, std::unique_ptr<Plan> plan, std::unique_ptr<Plan> convolution,
                     compute::FFTKind kind)
    : _context(context), _plan(std::move(plan)), _convolution(std::move(convolution)), _kind(kind) {}

}  // namespace mardyn::opencl
