// OpenCLFFT: the VkFFT plan (configuration, initialisation) and its launches.
#include "opencl/OpenCLFFT.h"

#include "compute/ComputeException.h"
#include "opencl/OpenCLContext.h"

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
  ~Plan() {
    if (initialised) deleteVkFFT(&application);
  }
};

std::unique_ptr<OpenCLFFT> OpenCLFFT::create(OpenCLContext& context, int nx, int ny, int nz, compute::FFTKind kind,
                                             std::string& reason) {
  const bool real = kind == compute::FFTKind::Real;
  const uint64_t value = context.useDoublePrecision() ? sizeof(double) : sizeof(float);
  auto plan = std::make_unique<Plan>();
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
    // The spectrum in `buffer`, the real values unpadded in `inputBuffer`; the backward transform writes them
    // there too.
    configuration.performR2C = 1;
    configuration.isInputFormatted = 1;
    configuration.inverseReturnToInputBuffer = 1;
    plan->inputBytes = value * static_cast<uint64_t>(nz) * ny * nx;
    configuration.inputBufferSize = &plan->inputBytes;
    configuration.inputBufferStride[0] = static_cast<uint64_t>(nz);
    configuration.inputBufferStride[1] = static_cast<uint64_t>(nz) * ny;
    configuration.inputBufferStride[2] = static_cast<uint64_t>(nz) * ny * nx;
    configuration.bufferStride[0] = zs;
    configuration.bufferStride[1] = zs * ny;
    configuration.bufferStride[2] = zs * ny * nx;
  }
  const VkFFTResult result = initializeVkFFT(&plan->application, configuration);
  if (result != VKFFT_SUCCESS) {
    reason = "VkFFT could not make a plan for " + std::to_string(nx) + " x " + std::to_string(ny) + " x " +
             std::to_string(nz) + " (VkFFTResult " + std::to_string(static_cast<int>(result)) + ")";
    return nullptr;
  }
  plan->initialised = true;
  return std::unique_ptr<OpenCLFFT>(new OpenCLFFT(context, std::move(plan), kind));
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

#endif

OpenCLFFT::OpenCLFFT(OpenCLContext& context, std::unique_ptr<Plan> plan, compute::FFTKind kind)
    : _context(context), _plan(std::move(plan)), _kind(kind) {}

}  // namespace mardyn::opencl
