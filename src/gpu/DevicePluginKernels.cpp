// DevicePluginKernels: one program for every device plugin, compiled with the component tables' sizes.
#include "gpu/DevicePluginKernels.h"

#include "compute/KernelSources.h"
#include "gpu/GlobalStats.h"

#include <algorithm>

namespace mardyn::gpu {

namespace {
const std::vector<std::string>& pluginKernelFiles() {
  static const std::vector<std::string> files = {
      "gpu/kernels/DeviceHostRegion.cc",       "gpu/kernels/DeviceMaxCheck.cc",   "gpu/kernels/DeviceMirror.cc",
      "gpu/kernels/DeviceWallPotential.cc",    "gpu/kernels/DeviceCOMaligner.cc", "gpu/kernels/DeviceDriftCtrl.cc",
      "gpu/kernels/DeviceTemperatureControl.cc", "gpu/kernels/DevicePlanarLongRange.cc",
      "gpu/kernels/DevicePosNegComp.cc",       "gpu/kernels/DeviceDistControl.cc", "gpu/kernels/DeviceKineticCap.cc"};
  return files;
}
}  // namespace

DevicePluginKernels::DevicePluginKernels(DeviceTimeStep& step) : _step(step) {
  _groups = std::max(1, std::min(GlobalStats::reduceGroups(context()), 64));
  compute::ComputeContext::Defines defines;
  step.descriptor().addDefines(defines);
  defines["SITES_PER_MOLECULE"] = std::to_string(step.descriptor().sitesPerMolecule());
  defines["REDUCE_BLOCK"] = std::to_string(block);
  defines["REDUCE_GROUPS"] = std::to_string(_groups);
  _program = context().compileProgram(compute::KernelSources::withRequirements(pluginKernelFiles()), defines,
                                      "gpu-plugins");
  using Kind = compute::PrecisionArray::Kind;
  _groupSums = compute::PrecisionArray(context(), Kind::Mixed, 1, 1, "pluginGroupSums");
  _threadSums = compute::PrecisionArray(context(), Kind::Mixed, 1, 1, "pluginThreadSums");
  _folded = compute::PrecisionArray(context(), Kind::Mixed, 1, 1, "pluginFoldedSums");
  _counters.initialize(context(), 1, "pluginCounters");
}

compute::ComputeKernel& DevicePluginKernels::kernel(const std::string& name) {
  auto& k = _kernels[name];
  if (!k) k = _program->createKernel(name);
  return *k;
}

compute::ComputeKernel& DevicePluginKernels::stepKernel(const std::string& name) {
  auto& k = _stepKernels[name];
  if (!k) k = _step.program().createKernel(name);
  return *k;
}

compute::KernelCall& DevicePluginKernels::view(compute::KernelCall& call, double drift) {
  const DeviceGrid& g = _step.grid();
  return call.mixed4Arg(g.boxMin.x, g.boxMin.y, g.boxMin.z, drift).mixed4Arg(g.box.x, g.box.y, g.box.z);
}

compute::ArrayInterface& DevicePluginKernels::groupSums(std::size_t width) {
  const std::size_t n = std::max<std::size_t>(width * static_cast<std::size_t>(_groups), 1);
  if (_groupSums.size() < n) _groupSums.resize(n);
  return _groupSums.array();
}

std::vector<double> DevicePluginKernels::foldGroupSums(std::size_t width) {
  std::vector<double> raw;
  _groupSums.downloadPrefix(raw, width * static_cast<std::size_t>(_groups));
  std::vector<double> out(width, 0.0);
  for (int g = 0; g < _groups; ++g)
    for (std::size_t k = 0; k < width; ++k) out[k] += raw[static_cast<std::size_t>(g) * width + k];
  return out;
}

compute::ArrayInterface& DevicePluginKernels::threadSums(std::size_t width) {
  const std::size_t n = std::max<std::size_t>(width * threadBlocks * block, 1);
  if (_threadSums.size() < n) _threadSums.resize(n);
  _threadSums.zero();
  return _threadSums.array();
}

std::vector<double> DevicePluginKernels::foldThreadSums(std::size_t width) {
  if (width == 0) return {};
  if (_folded.size() < width) _folded.resize(width);
  kernel("foldThreadSums")
      .call()
      .arg(_threadSums.array())
      .arg(threadBlocks * block)
      .arg(static_cast<int>(width))
      .arg(_folded.array())
      .execute(width);
  std::vector<double> out;
  _folded.downloadPrefix(out, width);
  return out;
}

compute::ComputeArray<int>& DevicePluginKernels::counters(std::size_t n) {
  n = std::max<std::size_t>(n, 1);
  if (_counters.size() < n) _counters.resize(n);
  _counters.zero();
  return _counters;
}

void DevicePluginKernels::dropRemovedOwned() {
  const int n = numOwned();
  MoleculeStorage& s = storage();
  const auto size = static_cast<std::size_t>(n) + 1;
  for (auto* a : {&_stillOwned, &_stillOffsets, &_kept}) {
    if (!a->isInitialized()) a->initialize(context(), size, "pluginOwnedCompaction");
    if (a->size() < size) a->resize(size + size / 4);
  }
  if (n == 0) return;
  kernel("flagStillOwned").call().arg(n).arg(s.ownedSlots()).arg(s.haloSource()).arg(_stillOwned).execute(
      static_cast<std::size_t>(n));
  const int kept = _step.scan().exclusiveTotal(_stillOwned, n, _stillOffsets);
  kernel("compactOwned")
      .call()
      .arg(n)
      .arg(s.ownedSlots())
      .arg(_stillOwned)
      .arg(_stillOffsets)
      .arg(_kept)
      .arg(s.ownedIndex())
      .execute(static_cast<std::size_t>(n));
  if (kept > 0) kernel("copyInts").call().arg(kept).arg(_kept).arg(s.ownedSlots()).execute(static_cast<std::size_t>(kept));
  s.setCounts(s.numSlots(), static_cast<std::size_t>(kept));
}

compute::ArrayInterface& DevicePluginKernels::mixedTable(const std::string& name, int width,
                                                         const std::vector<double>& values) {
  const std::size_t count = std::max<std::size_t>(values.size() / static_cast<std::size_t>(width), 1);
  auto it = _mixedTables.find(name);
  if (it == _mixedTables.end())
    it = _mixedTables.emplace(name, compute::PrecisionArray(context(), compute::PrecisionArray::Kind::Mixed, width,
                                                             count, name))
             .first;
  compute::PrecisionArray& a = it->second;
  if (a.size() < count) a.resize(count);
  if (!values.empty()) a.uploadPrefix(values);
  return a.array();
}

namespace {
template <class T>
compute::ArrayInterface& table(std::map<std::string, compute::ComputeArray<T>>& tables, compute::ComputeContext& context,
                               const std::string& name, const std::vector<T>& values) {
  auto& a = tables[name];
  if (!a.isInitialized()) a.initialize(context, std::max<std::size_t>(values.size(), 1), name);
  if (a.size() < values.size()) a.resize(values.size());
  if (!values.empty()) a.uploadBytes(values.data(), 0, values.size() * sizeof(T));
  return a;
}
}  // namespace

compute::ArrayInterface& DevicePluginKernels::intTable(const std::string& name, const std::vector<int>& values) {
  return table(_intTables, context(), name, values);
}

compute::ArrayInterface& DevicePluginKernels::int4Table(const std::string& name,
                                                        const std::vector<compute::mm_int4>& values) {
  return table(_int4Tables, context(), name, values);
}

compute::ArrayInterface& DevicePluginKernels::int2Table(const std::string& name,
                                                        const std::vector<compute::mm_int2>& values) {
  return table(_int2Tables, context(), name, values);
}

}  // namespace mardyn::gpu
