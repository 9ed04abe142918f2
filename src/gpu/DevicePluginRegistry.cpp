// DevicePluginRegistry: per plugin name, whether its settings fit the device and how its device
// implementation is made.
#include "gpu/DevicePluginRegistry.h"

#include "gpu/DeviceCOMaligner.h"
#include "gpu/DeviceDistControl.h"
#include "gpu/DeviceDriftCtrl.h"
#include "gpu/DeviceMaxCheck.h"
#include "gpu/DeviceMirror.h"
#include "gpu/DevicePlanarLongRange.h"
#include "gpu/DevicePosNegComp.h"
#include "gpu/DeviceTemperatureControl.h"
#include "gpu/DeviceWallPotential.h"
#include "utils/MardynException.h"

#include <functional>
#include <string>

namespace mardyn::gpu {

namespace {

using Components = const std::vector<Component>&;
struct Entry {
  std::string name;  ///< PhysicsPlugin::name()
  std::function<bool(const PhysicsPlugin&)> fits;
  std::function<std::unique_ptr<DevicePlugin>(PhysicsPlugin&, DevicePluginKernels&, Components)> make;
};

template <class P>
P& as(PhysicsPlugin& p) {
  return dynamic_cast<P&>(p);
}
template <class P>
const P& as(const PhysicsPlugin& p) {
  return dynamic_cast<const P&>(p);
}
bool always(const PhysicsPlugin&) { return true; }

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = {
      {"MaxCheck", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components c) {
         return std::unique_ptr<DevicePlugin>(new DeviceMaxCheck(as<MaxCheck>(p), k, c.size()));
       }},
      {"Mirror", [](const PhysicsPlugin& p) { return DeviceMirror::fits(as<Mirror>(p)); },
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components) {
         return std::unique_ptr<DevicePlugin>(new DeviceMirror(as<Mirror>(p), k));
       }},
      {"WallPotential", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components c) {
         return std::unique_ptr<DevicePlugin>(new DeviceWallPotential(as<WallPotential>(p), k, c.size()));
       }},
      {"COMaligner", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components) {
         return std::unique_ptr<DevicePlugin>(new DeviceCOMaligner(as<COMaligner>(p), k));
       }},
      {"DriftCtrl", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components) {
         return std::unique_ptr<DevicePlugin>(new DeviceDriftCtrl(as<DriftCtrl>(p), k));
       }},
      {"TemperatureControl",
       [](const PhysicsPlugin& p) { return DeviceTemperatureControl::fits(as<TemperatureControl>(p)); },
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components c) {
         return std::unique_ptr<DevicePlugin>(new DeviceTemperatureControl(as<TemperatureControl>(p), k, c));
       }},
      {"planar long-range correction", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components c) {
         return std::unique_ptr<DevicePlugin>(new DevicePlanarLongRange(as<PlanarLongRange>(p), k, c.size()));
       }},
      {"PosNegComp", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components) {
         return std::unique_ptr<DevicePlugin>(new DevicePosNegComp(as<PosNegComp>(p), k));
       }},
      {"DistControl", always,
       [](PhysicsPlugin& p, DevicePluginKernels& k, Components c) {
         return std::unique_ptr<DevicePlugin>(new DeviceDistControl(as<DistControl>(p), k, c.size()));
       }},
  };
  return entries;
}

const Entry* find(const PhysicsPlugin& plugin) {
  for (const Entry& e : table())
    if (e.name == plugin.name()) return &e;
  return nullptr;
}

}  // namespace

bool DevicePluginRegistry::runsOnDevice(const PhysicsPlugin& plugin) {
  const Entry* e = find(plugin);
  return e && e->fits(plugin);
}

std::unique_ptr<DevicePlugin> DevicePluginRegistry::create(PhysicsPlugin& plugin, DevicePluginKernels& kernels,
                                                           const std::vector<Component>& components) {
  const Entry* e = find(plugin);
  if (!e || !e->fits(plugin)) throw MardynException("no device implementation of the plugin " + plugin.name());
  return e->make(plugin, kernels, components);
}

}  // namespace mardyn::gpu
