// OpenCLTimeline: a library for LD_PRELOAD that records, on the device, when every kernel, copy and fill of an
// OpenCL program started and ended, and writes them as CSV in CuptiTimeline.cpp's layout, so that
// cupti-timeline.py summarises an OpenCL run as it does a CUDA one (busy and idle time, work running at once,
// the largest gaps). It turns profiling on for every queue the program makes (which costs each launch some host
// time: compare the rate with and without it) and keeps an event of every command until the exit, e.g.
//   g++ -std=c++17 -O2 -shared -fPIC -o libcltimeline.so OpenCLTimeline.cpp -ldl -lOpenCL
//   TIMELINE_OUT=ocl.csv LD_PRELOAD=$PWD/libcltimeline.so ./gpu_systems_benchmark OpenCL mixed pme 32 400
//   ./cupti-timeline.py ocl.csv --step computeNonbondedTiles
// Rows: kind (K kernel, C copy or read or write, S fill), name, start and end (device nanoseconds), the queue's
// number in order of first use, then three zeros. At most TIMELINE_MAX (default 300000) commands are kept.
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include "OpenCLInterpose.h"

#include <CL/cl.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

template <class F>
F next(const char* name) {
  return nextOpenCL<F>("OpenCLTimeline", name);
}

struct Record {
  cl_event event;
  char kind;
  std::string name;
  int queue;
};

std::mutex mutex;
std::vector<Record>* records = new std::vector<Record>;  // left to the exit
std::map<cl_command_queue, int>* queues = new std::map<cl_command_queue, int>;
std::size_t limit() {
  static const std::size_t n = std::getenv("TIMELINE_MAX") ? std::strtoull(std::getenv("TIMELINE_MAX"), nullptr, 10) : 300000;
  return n;
}

/// Hands the command an event where the program asked for none, and keeps it (retained where the program has it).
struct Keep {
  cl_event local = nullptr;
  cl_event* use;
  bool full;
  explicit Keep(cl_event* event) : use(event ? event : &local) {
    std::lock_guard<std::mutex> lock(mutex);
    full = records->size() >= limit();
    if (full) use = event;
  }
  void done(cl_int status, cl_command_queue q, char kind, std::string name) {
    if (full || status != CL_SUCCESS || !*use) return;
    if (use != &local) clRetainEvent(*use);
    std::lock_guard<std::mutex> lock(mutex);
    const int id = queues->emplace(q, static_cast<int>(queues->size())).first->second;
    records->push_back({*use, kind, std::move(name), id});
  }
};

/// Forwards an enqueue whose last parameter is its event (`args`: those between the queue and the event) and
/// records the command.
template <class F, class... Args>
cl_int recorded(F forward, char kind, std::string name, cl_command_queue q, cl_event* event, Args... args) {
  Keep keep(event);
  const cl_int status = forward(q, args..., keep.use);
  keep.done(status, q, kind, std::move(name));
  return status;
}

struct Report {
  ~Report() {
    // Processes the program starts (a compiler, a linker) inherit the preload: they record nothing and leave the
    // file alone.
    if (records->empty()) return;
    const char* path = std::getenv("TIMELINE_OUT");
    const int fd = open(path ? path : "timeline.csv", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return;
    static auto info = next<decltype(&clGetEventProfilingInfo)>("clGetEventProfilingInfo");
    std::string text;
    char line[256];
    for (const Record& r : *records) {
      cl_ulong start = 0, end = 0;
      if (info(r.event, CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr) != CL_SUCCESS ||
          info(r.event, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr) != CL_SUCCESS)
        continue;
      const int n = std::snprintf(line, sizeof(line), "%c,%s,%llu,%llu,%d,0,0,0\n", r.kind, r.name.c_str(),
                                  static_cast<unsigned long long>(start), static_cast<unsigned long long>(end), r.queue);
      text.append(line, static_cast<std::size_t>(n));
    }
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = write(fd, text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    close(fd);
  }
} report;

}  // namespace

extern "C" {

cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties p, cl_int* e) {
  static auto f = next<decltype(&clCreateCommandQueue)>("clCreateCommandQueue");
  return f(c, d, p | CL_QUEUE_PROFILING_ENABLE, e);
}

cl_command_queue clCreateCommandQueueWithProperties(cl_context c, cl_device_id d, const cl_queue_properties* p,
                                                    cl_int* e) {
  static auto f = next<decltype(&clCreateCommandQueueWithProperties)>("clCreateCommandQueueWithProperties");
  std::vector<cl_queue_properties> props;
  bool found = false;
  for (; p && p[0]; p += 2) {
    props.push_back(p[0]);
    props.push_back(p[0] == CL_QUEUE_PROPERTIES ? (p[1] | CL_QUEUE_PROFILING_ENABLE) : p[1]);
    found = found || p[0] == CL_QUEUE_PROPERTIES;
  }
  if (!found) {
    props.push_back(CL_QUEUE_PROPERTIES);
    props.push_back(CL_QUEUE_PROFILING_ENABLE);
  }
  props.push_back(0);
  return f(c, d, props.data(), e);
}

cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t* offset, const size_t* global,
                              const size_t* local, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueNDRangeKernel)>("clEnqueueNDRangeKernel");
  char name[128] = {};
  clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof(name) - 1, name, nullptr);
  return recorded(f, 'K', name, q, event, k, dims, offset, global, local, numWait, wait);
}

cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem b, cl_bool blocking, size_t offset, size_t size, void* ptr,
                           cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueReadBuffer)>("clEnqueueReadBuffer");
  return recorded(f, 'C', "read_" + std::to_string(size), q, event, b, blocking, offset, size, ptr, numWait, wait);
}

cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem b, cl_bool blocking, size_t offset, size_t size,
                            const void* ptr, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueWriteBuffer)>("clEnqueueWriteBuffer");
  return recorded(f, 'C', "write_" + std::to_string(size), q, event, b, blocking, offset, size, ptr, numWait, wait);
}

cl_int clEnqueueFillBuffer(cl_command_queue q, cl_mem b, const void* pattern, size_t patternSize, size_t offset,
                           size_t size, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueFillBuffer)>("clEnqueueFillBuffer");
  return recorded(f, 'S', "fill_" + std::to_string(size), q, event, b, pattern, patternSize, offset, size, numWait,
                  wait);
}

cl_int clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t srcOffset, size_t dstOffset,
                           size_t size, cl_uint numWait, const cl_event* wait, cl_event* event) {
  static auto f = next<decltype(&clEnqueueCopyBuffer)>("clEnqueueCopyBuffer");
  return recorded(f, 'C', "copy_" + std::to_string(size), q, event, src, dst, srcOffset, dstOffset, size, numWait,
                  wait);
}

}  // extern "C"
