// Benchmark of the compute layer on every device present: context creation and program compilation
// with a cold and a warm binary cache, empty-kernel launch overhead (queued and synchronised, median of
// five runs), and host<->device transfer rates. Prints one markdown table row per device and precision.
// Usage: mardyn_compute_bench [cache-directory]   (the directory is emptied first)
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <vector>

#include "compute/ComputeArray.h"
#include "compute/ComputeBackends.h"
#include "compute/KernelSources.h"

using namespace mardyn::compute;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Row {
  std::string device, precision;
  double createCold = 0, compileCold = 0, createWarm = 0, compileWarm = 0;
  double launchQueuedUs = 0, launchSyncUs = 0, uploadGBs = 0, downloadGBs = 0;
};

Row measure(const BackendRegistry& registry, ContextOptions options) {
  Row row;
  const std::string source = KernelSources::get("compute/tests/kernels/ComputeTestKernels.cc");
  {
    auto t = Clock::now();
    auto context = registry.create(options);
    row.createCold = msSince(t);
    t = Clock::now();
    context->compileProgram(source, {}, "bench");
    row.compileCold = msSince(t);
    row.device = context->deviceInfo().describe();
    row.precision = precisionName(context->precision());
  }
  auto t = Clock::now();
  auto context = registry.create(options);
  row.createWarm = msSince(t);
  t = Clock::now();
  auto program = context->compileProgram(source, {}, "bench");
  row.compileWarm = msSince(t);

  auto kernel = program->createKernel("empty");
  for (int i = 0; i < 200; ++i) kernel->call().arg(i).blockShape(128).executeBlocks(1);
  context->synchronize();
  // Median of five repetitions each.
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::vector<double> queuedUs, syncUs;
  for (int repetition = 0; repetition < 5; ++repetition) {
    const int queued = 20000;
    t = Clock::now();
    for (int i = 0; i < queued; ++i) kernel->call().arg(i).blockShape(128).executeBlocks(1);
    context->synchronize();
    queuedUs.push_back(msSince(t) * 1000.0 / queued);
    const int synced = 2000;
    t = Clock::now();
    for (int i = 0; i < synced; ++i) {
      kernel->call().arg(i).blockShape(128).executeBlocks(1);
      context->synchronize();
    }
    syncUs.push_back(msSince(t) * 1000.0 / synced);
  }
  row.launchQueuedUs = median(queuedUs);
  row.launchSyncUs = median(syncUs);

  const std::size_t count = 32u << 20;  // 128 MiB of floats
  std::vector<float> host(count, 1.5f);
  ComputeArray<float> array(*context, count, "transfer");
  array.upload(host);
  t = Clock::now();
  for (int i = 0; i < 3; ++i) array.upload(host);
  row.uploadGBs = 3.0 * count * sizeof(float) / (msSince(t) * 1e6);
  t = Clock::now();
  for (int i = 0; i < 3; ++i) array.download(host);
  row.downloadGBs = 3.0 * count * sizeof(float) / (msSince(t) * 1e6);
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cache =
      argc > 1 ? argv[1] : (std::filesystem::temp_directory_path() / "mardyn-bench-cache").string();
  BackendRegistry registry = availableBackends();
  std::vector<Row> rows;
  for (const auto& name : registry.names()) {
    const DeviceList list = registry.devices(name);
    if (list.devices.empty()) {
      std::cout << "backend " << name << ": " << list.unavailableReason << "\n";
      continue;
    }
    for (const auto& device : list.devices) {
      for (Precision precision : {Precision::Single, Precision::Double}) {
        if (precision == Precision::Double && !device.supportsDouble) continue;
        std::filesystem::remove_all(cache);
        ContextOptions options;
        options.backend = name;
        options.deviceIndex = device.index;
        options.precision = precision;
        options.cacheDirectory = cache;
        try {
          rows.push_back(measure(registry, options));
        } catch (const std::exception& error) {
          std::cout << "FAILED on " << device.describe() << ": " << error.what() << "\n";
          return 1;
        }
      }
    }
  }
  std::cout << std::fixed << std::setprecision(1);
  std::cout << "\n| device | precision | context cold (ms) | compile cold (ms) | context warm (ms) | compile warm "
               "(ms) | empty launch queued (us) | launch+sync (us) | upload (GB/s) | download (GB/s) |\n";
  std::cout << "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : rows)
    std::cout << "| " << r.device << " | " << r.precision << " | " << r.createCold << " | " << r.compileCold << " | "
              << r.createWarm << " | " << r.compileWarm << " | " << std::setprecision(2) << r.launchQueuedUs << " | "
              << r.launchSyncUs << " | " << std::setprecision(1) << r.uploadGBs << " | " << r.downloadGBs << " |\n";
  std::filesystem::remove_all(cache);
  return rows.empty() ? 1 : 0;
}
