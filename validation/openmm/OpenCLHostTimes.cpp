// OpenCLHostTimes: a library for LD_PRELOAD that counts and times, on the host, the OpenCL calls a program makes
// (kernel launches, argument setting, copies, waits) and prints one line per call kind at exit, so that a step's
// host time can be set beside its rate: where the host spends most of a step enqueuing, the step is bound by
// launches; where it spends it waiting, by the device. It works on any OpenCL program, this library's benchmarks
// and OpenMM's alike, e.g.
//   g++ -std=c++17 -O2 -shared -fPIC -o libclhost.so OpenCLHostTimes.cpp -ldl
//   CLHOST_OUT=ours.txt LD_PRELOAD=$PWD/libclhost.so ./serialized_system_benchmark OpenCL mixed system.xml state.xml
// Output (appended to $CLHOST_OUT, else stderr): call, count, total seconds, microseconds per call; the wall
// time from the first launch to the last call; then the launches of each kernel by name.
#define CL_TARGET_OPENCL_VERSION 300
#include "OpenCLInterpose.h"

#include <CL/cl.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

namespace {

enum Call {
  SetArg, Launch, Read, Write, Fill, Copy, WaitEvents, Finish, Flush, Marker, Barrier, ReleaseEvent, NumCalls
};
const char* const callNames[NumCalls] = {
    "clSetKernelArg", "clEnqueueNDRangeKernel", "clEnqueueReadBuffer", "clEnqueueWriteBuffer",
    "clEnqueueFillBuffer", "clEnqueueCopyBuffer", "clWaitForEvents", "clFinish",
    "clFlush", "clEnqueueMarkerWithWaitList", "clEnqueueBarrierWithWaitList", "clReleaseEvent"};
std::atomic<long long> counts[NumCalls], nanos[NumCalls];
std::atomic<long long> firstLaunch{0}, lastCall{0};

long long now() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::mutex kernelMutex;
std::map<std::string, long long>* kernelLaunches = new std::map<std::string, long long>;  // left to the exit

template <class F>
F next(const char* name) {
  return nextOpenCL<F>("OpenCLHostTimes", name);
}

/// Times one forwarded call.
struct Timed {
  Call call;
  long long start = now();
  explicit Timed(Call c) : call(c) {}
  ~Timed() {
    const long long end = now();
    counts[call]++;
    nanos[call] += end - start;
    lastCall = end;
  }
};

struct Report {
  ~Report() {
    const char* path = std::getenv("CLHOST_OUT");
    FILE* out = path ? std::fopen(path, "a") : stderr;
    if (!out) out = stderr;
    for (int c = 0; c < NumCalls; ++c)
      if (counts[c] > 0)
        std::fprintf(out, "%-24s %10lld %10.4f s %8.2f us\n", callNames[c], counts[c].load(), nanos[c] * 1e-9,
                     nanos[c] * 1e-3 / counts[c]);
    if (firstLaunch > 0)
      std::fprintf(out, "%-24s %10s %10.4f s\n", "wall from first launch", "", (lastCall - firstLaunch) * 1e-9);
    for (const auto& [name, count] : *kernelLaunches) std::fprintf(out, "  launches %10lld %s\n", count, name.c_str());
    if (out != stderr) std::fclose(out);
  }
} report;

}  // namespace

extern "C" {

cl_int clSetKernelArg(cl_kernel kernel, cl_uint index, size_t size, const void* value) {
  static auto f = next<decltype(&clSetKernelArg)>("clSetKernelArg");
  Timed t(SetArg);
  return f(kernel, index, size, value);
}

cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t* offset, const size_t* global,
                              const size_t* local, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueNDRangeKernel)>("clEnqueueNDRangeKernel");
  static auto info = next<decltype(&clGetKernelInfo)>("clGetKernelInfo");
  cl_int status;
  {
    Timed t(Launch);
    long long expected = 0;
    firstLaunch.compare_exchange_strong(expected, t.start);
    status = f(q, k, dims, offset, global, local, numWait, wait, event);
  }
  char name[128] = {};  // the name lookup is not counted in the launch's time
  info(k, CL_KERNEL_FUNCTION_NAME, sizeof(name) - 1, name, nullptr);
  std::lock_guard<std::mutex> lock(kernelMutex);
  (*kernelLaunches)[name]++;
  return status;
}

cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem b, cl_bool blocking, size_t offset, size_t size, void* ptr,
                           cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueReadBuffer)>("clEnqueueReadBuffer");
  Timed t(Read);
  return f(q, b, blocking, offset, size, ptr, numWait, wait, event);
}

cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem b, cl_bool blocking, size_t offset, size_t size,
                            const void* ptr, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueWriteBuffer)>("clEnqueueWriteBuffer");
  Timed t(Write);
  return f(q, b, blocking, offset, size, ptr, numWait, wait, event);
}

cl_int clEnqueueFillBuffer(cl_command_queue q, cl_mem b, const void* pattern, size_t patternSize, size_t offset,
                           size_t size, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueFillBuffer)>("clEnqueueFillBuffer");
  Timed t(Fill);
  return f(q, b, pattern, patternSize, offset, size, numWait, wait, event);
}

cl_int clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t srcOffset, size_t dstOffset,
                           size_t size, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueCopyBuffer)>("clEnqueueCopyBuffer");
  Timed t(Copy);
  return f(q, src, dst, srcOffset, dstOffset, size, numWait, wait, event);
}

cl_int clWaitForEvents(cl_uint num, const cl_event* events) {
  static auto f = next<decltype(&clWaitForEvents)>("clWaitForEvents");
  Timed t(WaitEvents);
  return f(num, events);
}

cl_int clFinish(cl_command_queue q) {
  static auto f = next<decltype(&clFinish)>("clFinish");
  Timed t(Finish);
  return f(q);
}

cl_int clFlush(cl_command_queue q) {
  static auto f = next<decltype(&clFlush)>("clFlush");
  Timed t(Flush);
  return f(q);
}

cl_int clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueMarkerWithWaitList)>("clEnqueueMarkerWithWaitList");
  Timed t(Marker);
  return f(q, numWait, wait, event);
}

cl_int clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueBarrierWithWaitList)>("clEnqueueBarrierWithWaitList");
  Timed t(Barrier);
  return f(q, numWait, wait, event);
}

cl_int clReleaseEvent(cl_event event) {
  static auto f = next<decltype(&clReleaseEvent)>("clReleaseEvent");
  Timed t(ReleaseEvent);
  return f(event);
}

}  // extern "C"
