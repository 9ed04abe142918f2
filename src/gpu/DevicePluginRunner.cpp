// DevicePluginRunner: the order of the plugins' hooks on the device and through the host, the consistency
// of the device after a host hook, the traffic per plugin and the comparison with the host.
#include "gpu/DevicePluginRunner.h"

#include "gpu/DevicePluginRegistry.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace mardyn::gpu {

DevicePluginRunner::DevicePluginRunner(const std::vector<PhysicsPlugin*>& plugins,
                                       const std::vector<Component>& components)
    : _plugins(plugins), _components(components) {
  for (PhysicsPlugin* p : _plugins) _places.push_back(DevicePluginRegistry::runsOnDevice(*p) ? "device" : "host");
  _hostBytes.assign(_plugins.size(), 0);
  _hostMolecules.assign(_plugins.size(), 0);
}

DevicePluginRunner::~DevicePluginRunner() = default;

DevicePluginKernels& DevicePluginRunner::kernels() {
  if (!_step) throw MardynException("DevicePluginRunner: the device step is not attached");
  if (!_kernels) {
    _kernels = std::make_unique<DevicePluginKernels>(*_step);
    std::vector<int> dof;
    for (const Component& c : _components) dof.push_back(static_cast<int>(c.rotationalDegreesOfFreedom()));
    _kernels->intTable("componentRotDof", dof);
  }
  return *_kernels;
}

void DevicePluginRunner::capKineticEnergies(double temperature) {
  DevicePluginKernels& k = kernels();
  const int n = k.numOwned();
  if (n == 0) return;
  MoleculeStorage& s = k.storage();
  k.kernel("capKineticEnergies")
      .call()
      .arg(n)
      .arg(s.ownedSlots())
      .arg(s.componentTypes())
      .arg(k.step().descriptor().inertia().array())
      .arg(k.intTable("componentRotDof", {}))
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .mixedArg(temperature)
      .execute(static_cast<std::size_t>(n));
}

void DevicePluginRunner::attach(DeviceTimeStep& step, CountsSink counts) {
  _step = &step;
  _counts = std::move(counts);
  if (_transfer || _plugins.empty()) return;
  kernels();
  _transfer = std::make_unique<HostRegionTransfer>(*_kernels, _components);
  for (std::size_t i = 0; i < _plugins.size(); ++i) {
    _device.push_back(_places[i] == "device" ? DevicePluginRegistry::create(*_plugins[i], *_kernels, _components)
                                             : nullptr);
    // a plugin through the host may change components (MettDeamon), as may PosNegComp on the device
    if (!_device.back() || _device.back()->changesComponents()) _imagesFollowTypes = true;
  }
}

void DevicePluginRunner::compareWithCpu(std::ostream& log, double tolerance) {
  _compareLog = &log;
  _tolerance = tolerance;
}

void DevicePluginRunner::recount() {
  if (!_counts) return;
  const std::size_t nc = _components.size();
  compute::ComputeArray<int>& counts = _kernels->counters(2 * nc);
  const int n = _kernels->numOwned();
  MoleculeStorage& s = _kernels->storage();
  if (n > 0)
    _kernels->kernel("countComponents")
        .call()
        .arg(n)
        .arg(s.ownedSlots())
        .arg(s.componentTypes())
        .arg(_kernels->intTable("componentRotDof", {}))
        .arg(counts)
        .execute(static_cast<std::size_t>(n));
  std::vector<int> raw(2 * nc);
  counts.downloadBytes(raw.data(), 0, raw.size() * sizeof(int));
  std::vector<unsigned long> count(nc), dof(nc);
  for (std::size_t c = 0; c < nc; ++c) {
    count[c] = static_cast<unsigned long>(raw[2 * c]);
    dof[c] = static_cast<unsigned long>(raw[2 * c + 1]);
  }
  _counts(count, dof);
}

void DevicePluginRunner::init(PluginStep& step) {
  for (std::size_t i = 0; i < _plugins.size(); ++i) {
    if (_device[i]) {
      if (!_device[i]->init(step)) {
        RegionContainer none({}, step.regionMin, step.regionMax, step.container.cutoff());
        PluginStep s{none, step.decomp, step.regionMin, step.regionMax, step.step, step.startStep, step.upot, step.virial};
        _plugins[i]->init(s);
      }
    } else {
      runThroughHost(*_plugins[i], PluginHook::EndStep, step, 0.0, true);
    }
  }
  flushComparison(step.step);
}

void DevicePluginRunner::run(PluginHook hook, PluginStep& step) {
  if (_plugins.empty()) return;
  const double drift = hook == PluginHook::BeforeExchange ? _dt : 0.0;
  if (hook == PluginHook::BeforeForces) {  // right after the exchange: what the host's exchange does
    if (_imagesFollowTypes) {
      MoleculeStorage& s = _kernels->storage();
      _kernels->kernel("imagesTakeSourceTypes").call().arg(static_cast<int>(s.numSlots())).arg(s.haloSource()).arg(
          s.componentTypes()).execute(std::max<std::size_t>(s.numSlots(), 1));
    }
    if (_recountAfterExchange) recount();
    _recountAfterExchange = false;
  }
  for (std::size_t i = 0; i < _plugins.size(); ++i) {
    if (!_device[i]) {
      runThroughHost(*_plugins[i], hook, step, drift, false);
      continue;
    }
    if (_compareLog && _device[i]->changesMolecules())
      runCompared(*_plugins[i], *_device[i], hook, step, drift);
    else
      _device[i]->run(hook, step, drift);
    if (_device[i]->takeRemoved() || _device[i]->changesComponents()) recount();
  }
  if (hook == PluginHook::EndStep) {
    ++_stepsRun;
    flushComparison(step.step);
  }
}

void DevicePluginRunner::runThroughHost(PhysicsPlugin& plugin, PluginHook hook, PluginStep& step, double drift,
                                        bool init) {
  const PluginRegion region = init ? PluginRegion::all() : plugin.region(hook, step.step);
  const std::size_t i = static_cast<std::size_t>(std::find(_plugins.begin(), _plugins.end(), &plugin) - _plugins.begin());
  const std::uint64_t bytes = _transfer->bytes(), molecules = _transfer->molecules();
  RegionContainer container(region.any ? _transfer->download(region, drift) : std::vector<Molecule>(), step.regionMin,
                            step.regionMax, step.container.cutoff());
  PluginStep s{container, step.decomp, step.regionMin, step.regionMax, step.step, step.startStep, step.upot, step.virial};
  if (init)
    plugin.init(s);
  else
    plugin.call(hook, s);
  if (region.any || !container.added().empty()) {
    if (!container.added().empty() && hook != PluginHook::BeforeExchange && !init)
      throw MardynException("the plugin " + plugin.name() + " added molecules at " + hookName(hook) +
                            "; with the molecules on the device only before the exchange");
    const HostRegionTransfer::Changes ch = _transfer->upload(container);
    if (ch.positions) _kernels->step().requestRebuild();
    if (ch.orientations) {
      MoleculeStorage& st = _kernels->storage();
      _kernels->stepKernel("quaternionsToRotations")
          .call()
          .arg(static_cast<int>(st.numSlots()))
          .arg(st.quaternions().array())
          .arg(st.rotations().array())
          .execute(std::max<std::size_t>(st.numSlots(), 1));
    }
    if (ch.added)
      _recountAfterExchange = true;  // the owned list is made again at the rebuild
    else if (ch.components || ch.removed)
      recount();
  }
  _hostBytes[i] += _transfer->bytes() - bytes;
  _hostMolecules[i] += _transfer->molecules() - molecules;
}

namespace {
/// The largest |a - b| over the molecules relative to the largest |b| (positions by minimum image).
struct Deviation {
  double worst = 0.0;
  std::string what;
  void add(const std::string& name, double diff, double scale) {
    const double d = diff / std::max(scale, 1e-300);
    if (d > worst) {
      worst = d;
      what = name;
    }
  }
};
}  // namespace

void DevicePluginRunner::runCompared(PhysicsPlugin& plugin, DevicePlugin& device, PluginHook hook, PluginStep& step,
                                     double drift) {
  std::unique_ptr<PhysicsPlugin> copy = plugin.clone();  // the host's hook from the same state
  const std::vector<Molecule> before = _transfer->download(PluginRegion::all(), drift);
  RegionContainer host(before, step.regionMin, step.regionMax, step.container.cutoff());
  double hostU = 0, hostW = 0, devU = 0, devW = 0;
  PluginStep hs{host, step.decomp, step.regionMin, step.regionMax, step.step, step.startStep, &hostU, &hostW};
  copy->call(hook, hs);
  PluginStep ds{step.container, step.decomp, step.regionMin, step.regionMax, step.step, step.startStep, &devU, &devW};
  device.run(hook, ds, drift);
  if (step.upot) *step.upot += devU;
  if (step.virial) *step.virial += devW;
  const std::vector<Molecule> after = _transfer->download(PluginRegion::all(), drift);
  // What the host's hook left: the molecules it kept, then those it added.
  const std::vector<Molecule>& hooked = host.molecules();
  std::vector<Molecule> cpu;
  bool acted = hostU != 0 || hostW != 0 || !host.added().empty();
  std::size_t removed = 0;
  for (std::size_t k = 0; k < hooked.size(); ++k) {
    if (host.removed(k)) {
      acted = true;
      ++removed;
      continue;
    }
    cpu.push_back(hooked[k]);
    acted = acted || !(hooked[k].r() == before[k].r()) || !(hooked[k].v() == before[k].v()) ||
            !(hooked[k].L() == before[k].L()) || !(hooked[k].F() == before[k].F()) ||
            !(hooked[k].M() == before[k].M()) || hooked[k].componentId() != before[k].componentId();
  }
  cpu.insert(cpu.end(), host.added().begin(), host.added().end());
  if (!acted) return;
  if (_comparisonStep != step.step) flushComparison(_comparisonStep);
  _comparisonStep = step.step;
  if (after.size() != cpu.size())
    throw MardynException("COMPARE_TO_CPU: " + plugin.name() + " left " + std::to_string(after.size()) +
                          " molecules on the device, " + std::to_string(cpu.size()) + " on the host");
  std::map<unsigned long, const Molecule*> byId;
  for (const Molecule& m : after) byId[m.id()] = &m;
  const DeviceGrid& g = _kernels->step().grid();
  double dr = 0, sr = 0, dv = 0, sv = 0, dL = 0, sL = 0, dF = 0, sF = 0, dM = 0, sM = 0;
  int relabelled = 0;
  for (const Molecule& c : cpu) {
    const auto it = byId.find(c.id());
    if (it == byId.end()) throw MardynException("COMPARE_TO_CPU: molecule " + std::to_string(c.id()) + " is not on the device");
    const Molecule& d = *it->second;
    Vec3 r = d.r() - c.r();
    for (int a = 0; a < 3; ++a) r[a] -= g.box[a] * std::round(r[a] / g.box[a]);
    dr = std::max(dr, norm(r));
    sr = std::max(sr, norm(g.box));
    dv = std::max(dv, norm(d.v() - c.v()));
    sv = std::max(sv, norm(c.v()));
    dL = std::max(dL, norm(d.L() - c.L()));
    sL = std::max(sL, norm(c.L()));
    dF = std::max(dF, norm(d.F() - c.F()));
    sF = std::max(sF, norm(c.F()));
    dM = std::max(dM, norm(d.M() - c.M()));
    sM = std::max(sM, norm(c.M()));
    relabelled += d.componentId() != c.componentId();
  }
  Deviation dev;
  dev.add("r", dr, sr);
  dev.add("v", dv, sv);
  dev.add("L", dL, sL);
  dev.add("F", dF, sF);
  dev.add("M", dM, sM);
  dev.add("U_pot", std::abs(devU - hostU), std::abs(hostU));
  dev.add("virial", std::abs(devW - hostW), std::abs(hostW));
  if (relabelled > 0) dev.add("component", 1.0, 1.0);
  char text[160];
  std::snprintf(text, sizeof text, "%s%s.%s %.3g (%s)", _comparison.empty() ? "" : ", ", plugin.name().c_str(),
                hookName(hook), dev.worst, dev.what.empty() ? "-" : dev.what.c_str());
  _comparison += text;
  if (removed > 0) _comparison += " " + std::to_string(removed) + " removed";
  if (!host.added().empty()) _comparison += " " + std::to_string(host.added().size()) + " added";
  _worst = std::max(_worst, dev.worst);
  if (dev.worst > _tolerance) {
    flushComparison(step.step);
    char t[32];
    std::snprintf(t, sizeof t, "%.1e", _tolerance);
    throw MardynException(std::string("GPU physics plugin ") + plugin.name() + " (" + hookName(hook) + ") deviates from the CPU beyond the tolerance " + t + ": " + text);
  }
}

void DevicePluginRunner::flushComparison(unsigned long step) {
  if (!_compareLog || _comparison.empty() || step != _comparisonStep) return;
  *_compareLog << "COMPARE_TO_CPU plugins, step " << step << ": " << _comparison << "\n";
  _comparison.clear();
}

std::string DevicePluginRunner::summary(unsigned long steps) const {
  std::ostringstream os;
  bool any = false;
  for (std::size_t i = 0; i < _plugins.size(); ++i) {
    if (_places[i] != "host") continue;
    os << (any ? ", " : "Physics plugins through the host: ") << _plugins[i]->name() << " " << std::setprecision(4)
       << (steps > 0 ? static_cast<double>(_hostBytes[i]) / steps : 0.0) << " bytes/step ("
       << (steps > 0 ? static_cast<double>(_hostMolecules[i]) / steps : 0.0) << " molecules/step)";
    any = true;
  }
  if (any) os << "\n";
  return os.str();
}

}  // namespace mardyn::gpu
