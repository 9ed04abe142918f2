// CuptiTimeline: a CUDA injection library (CUDA_INJECTION64_PATH) that records, through CUPTI's activity API,
// every kernel, copy and memset on the GPU and, with TIMELINE_API set, every driver and runtime call on the
// host, and writes them as CSV to $TIMELINE_OUT (default timeline.csv) for cupti-timeline.py. It works on any
// CUDA program, this library's benchmarks and OpenMM's Python alike, e.g.
//   g++ -std=c++17 -O2 -shared -fPIC -o libtimeline.so CuptiTimeline.cpp -I$CUDA/include -L$CUDA/lib64 -lcupti
//   TIMELINE_OUT=ours.csv CUDA_INJECTION64_PATH=$PWD/libtimeline.so ./gpu_systems_benchmark CUDA mixed pme 32 400
// Columns: kind (K kernel, C copy, S memset, A driver call, R runtime call), name, start and end (ns, one clock
// for host and device), stream (thread for A and R), work-groups, work-group size, correlation id (which call
// launched which kernel).
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace {

std::mutex mutex;
FILE* out = nullptr;

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords) {
  *size = 8 << 20;
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, *size));
  *maxNumRecords = 0;
}

std::string csvName(const char* name) {
  std::string n = name ? name : "?";
  for (auto& c : n)
    if (c == ',') c = ';';
  return n.size() > 96 ? n.substr(0, 96) : n;
}

void CUPTIAPI bufferCompleted(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t validSize) {
  std::lock_guard<std::mutex> lock(mutex);
  CUpti_Activity* record = nullptr;
  while (out && cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
    using ull = unsigned long long;
    if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || record->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
      std::fprintf(out, "K,%s,%llu,%llu,%u,%u,%u,%u\n", csvName(k->name).c_str(), ull(k->start), ull(k->end), k->streamId,
                   k->gridX * k->gridY * k->gridZ, k->blockX * k->blockY * k->blockZ, k->correlationId);
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      std::fprintf(out, "C,copy%d_%llu,%llu,%llu,%u,0,0,%u\n", int(m->copyKind), ull(m->bytes), ull(m->start), ull(m->end),
                   m->streamId, m->correlationId);
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
      std::fprintf(out, "S,memset_%llu,%llu,%llu,%u,0,0,%u\n", ull(m->bytes), ull(m->start), ull(m->end), m->streamId,
                   m->correlationId);
    } else if (record->kind == CUPTI_ACTIVITY_KIND_DRIVER || record->kind == CUPTI_ACTIVITY_KIND_RUNTIME) {
      const auto* a = reinterpret_cast<const CUpti_ActivityAPI*>(record);
      const bool driver = record->kind == CUPTI_ACTIVITY_KIND_DRIVER;
      const char* name = nullptr;
      cuptiGetCallbackName(driver ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, a->cbid, &name);
      std::fprintf(out, "%c,%s,%llu,%llu,%u,0,0,%u\n", driver ? 'A' : 'R', csvName(name).c_str(), ull(a->start),
                   ull(a->end), a->threadId, a->correlationId);
    }
  }
  std::free(buffer);
}

void finish() {
  cuptiActivityFlushAll(1);
  std::lock_guard<std::mutex> lock(mutex);
  if (out) std::fclose(out);
  out = nullptr;  // CUPTI may hand back buffers after this: they are dropped
}

}  // namespace

extern "C" int InitializeInjection(void) {
  const char* path = std::getenv("TIMELINE_OUT");
  out = std::fopen(path ? path : "timeline.csv", "w");
  if (!out) {
    std::fprintf(stderr, "CuptiTimeline: cannot write %s\n", path ? path : "timeline.csv");
    return 0;
  }
  if (cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted) != CUPTI_SUCCESS) {
    std::fprintf(stderr, "CuptiTimeline: cuptiActivityRegisterCallbacks failed\n");
    return 0;
  }
  for (CUpti_ActivityKind kind :
       {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET})
    cuptiActivityEnable(kind);
  if (std::getenv("TIMELINE_API")) {
    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER);
    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME);
  }
  std::atexit(finish);
  return 1;
}
