// DevicePluginRunner: the physics plugins of a run whose molecules live on the device. Each runs there when
// DevicePluginRegistry has an implementation that fits it, else through the host: at each hook the owned
// molecules of the region it touches (PhysicsPlugin::region) travel to the host and back. It keeps the
// device consistent after a host hook (cells, rotation matrices, the images' components, the counts per
// component), counts what travelled, and under COMPARE_TO_CPU runs every device hook on the host too.
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "gpu/HostRegionTransfer.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class DevicePluginRunner {
 public:
  /// Receives the owned molecules per component and their rotational degrees of freedom after a change.
  using CountsSink = std::function<void(const std::vector<unsigned long>&, const std::vector<unsigned long>&)>;

  /// components: those the decorator's molecules refer to.
  DevicePluginRunner(const std::vector<PhysicsPlugin*>& plugins, const std::vector<Component>& components);
  ~DevicePluginRunner();

  /// Per plugin: "device" or "host".
  const std::vector<std::string>& places() const { return _places; }
  bool empty() const { return _plugins.empty(); }

  /// Once the device holds the molecules: compiles the plugin program and makes the device plugins.
  void attach(DeviceTimeStep& step, CountsSink counts);
  /// COMPARE_TO_CPU: every device hook also runs on the host, the deviation is logged and checked.
  void compareWithCpu(std::ostream& log, double tolerance);
  void setTimeStep(double dt) { _dt = dt; }

  /// ls1's explosion heuristic on the device (kernels/DeviceKineticCap.cc), for the velocity scaling.
  void capKineticEnergies(double temperature);

  void init(PluginStep& step);
  void run(PluginHook hook, PluginStep& step);
  /// "Physics plugins through the host: ... bytes/step (... molecules/step)" (empty without such plugins).
  std::string summary(unsigned long steps) const;

 private:
  /// The plugin program (compiled on first use: also without plugins, for the heuristic).
  DevicePluginKernels& kernels();
  void runThroughHost(PhysicsPlugin& plugin, PluginHook hook, PluginStep& step, double drift, bool init);
  void runCompared(PhysicsPlugin& plugin, DevicePlugin& device, PluginHook hook, PluginStep& step, double drift);
  void recount();
  void flushComparison(unsigned long step);

  std::vector<PhysicsPlugin*> _plugins;
  const std::vector<Component>& _components;
  std::vector<std::string> _places;
  std::unique_ptr<DevicePluginKernels> _kernels;
  DeviceTimeStep* _step = nullptr;
  std::unique_ptr<HostRegionTransfer> _transfer;
  std::vector<std::unique_ptr<DevicePlugin>> _device;  ///< per plugin, null for those through the host
  CountsSink _counts;
  double _dt = 0.0;
  bool _imagesFollowTypes = false;  ///< a plugin changes components: images take their sources' at each step
  bool _recountAfterExchange = false;
  std::vector<std::uint64_t> _hostBytes, _hostMolecules;  ///< per plugin through the host
  std::uint64_t _stepsRun = 0;
  std::ostream* _compareLog = nullptr;
  double _tolerance = 0.0;
  std::string _comparison;  ///< the comparisons of step _comparisonStep
  unsigned long _comparisonStep = 0;
  double _worst = 0.0;
};

}  // namespace mardyn::gpu
