// PhysicsPluginRegistry: the table of physics plugins by XML name. To add a plugin, add one entry to table()
// below: its name, its reader (a static read() of the plugin) and how it is made from its settings.
#include "plugins/PhysicsPluginRegistry.h"

#include "plugins/COMaligner.h"
#include "plugins/DistControl.h"
#include "plugins/DriftCtrl.h"
#include "plugins/MaxCheck.h"
#include "plugins/MettDeamon.h"
#include "plugins/MettDeamonFeedrateDirector.h"
#include "plugins/Mirror.h"
#include "plugins/PosNegComp.h"
#include "plugins/WallPotential.h"
#include "utils/MardynException.h"

namespace mardyn {

namespace {

using Reader = std::shared_ptr<const PluginSettings> (*)(XmlInput&, const XmlNode&, const SimulationConfig&);
using Factory = std::unique_ptr<PhysicsPlugin> (*)(const PhysicsPluginConfig&, const PluginSetup&);
struct Entry {
  const char* name;
  Reader read;        ///< nullptr: refused with `refusal`
  Factory create;
  const char* refusal = nullptr;  ///< what the plugin does in ls1 (the reason it is not run here)
};

template <class P>
std::unique_ptr<PhysicsPlugin> made(std::unique_ptr<P> p) {
  return p;
}

const std::vector<Entry>& table() {
  using C = const PhysicsPluginConfig&;
  using S = const PluginSetup&;
  static const std::vector<Entry> plugins = {
      {"MaxCheck", &MaxCheck::read, [](C p, S) { return made(std::make_unique<MaxCheck>(p.as<MaxCheckConfig>())); }},
      {"DriftCtrl", &DriftCtrl::read,
       [](C p, S s) { return made(std::make_unique<DriftCtrl>(p.as<DriftCtrlConfig>(), s.config.components.size())); }},
      {"COMaligner", &COMaligner::read,
       [](C p, S s) {
         return made(std::make_unique<COMaligner>(p.as<COMalignerConfig>(), s.config.box, s.config.cutoffRadius));
       }},
      {"WallPotential", &WallPotential::read,
       [](C p, S s) { return made(std::make_unique<WallPotential>(p.as<WallPotentialConfig>(), s.config.components)); }},
      {"Mirror", &Mirror::read, [](C p, S s) { return made(std::make_unique<Mirror>(p.as<MirrorConfig>(), s.rank)); }},
      {"MettDeamon", &MettDeamon::read,
       [](C p, S s) { return made(std::make_unique<MettDeamon>(p.as<MettDeamonConfig>(), s.config.components)); }},
      {"MettDeamonFeedrateDirector", &MettDeamonFeedrateDirector::read,
       [](C p, S s) {
         return made(std::make_unique<MettDeamonFeedrateDirector>(p.as<FeedrateDirectorConfig>(), s.config.box));
       }},
      {"DistControl", &DistControl::read,
       [](C p, S s) {
         return made(std::make_unique<DistControl>(p.as<DistControlConfig>(), s.config.components.size(), s.config.box));
       }},
      {"PosNegComp", &PosNegComp::read,
       [](C p, S s) { return made(std::make_unique<PosNegComp>(p.as<PosNegCompConfig>(), s.config.components)); }},
      // ls1's physics-changing plugins that are not ported: refused, never skipped
      {"MirrorSystem", nullptr, nullptr, "mirrors the system"},
      {"Dropaccelerator", nullptr, nullptr, "accelerates a droplet"},
      {"Dropaligner", nullptr, nullptr, "moves a droplet"},
      {"FixRegion", nullptr, nullptr, "fixes molecules in a region"},
      {"DirectedPM", nullptr, nullptr, "changes velocities"},
      {"Permittivity", nullptr, nullptr, "changes the dielectric treatment"},
      {"MamicoCoupling", nullptr, nullptr, "couples to a continuum solver"},
  };
  return plugins;
}

/// What follows DistControl needs it (ls1 stops with "Initialization of plugin DistControl is needed before").
void checkFollowers(XmlInput& xml, const XmlNode& sim, const SimulationConfig& config) {
  for (const PhysicsPluginConfig& p : config.physicsPlugins)
    if (p.name == "DistControl") return;
  for (const PhysicsPluginConfig& p : config.physicsPlugins)
    if (p.name == "Mirror" && p.as<MirrorConfig>().refID != 0)
      xml.problem(sim, "a Mirror's position/refID follows DistControl, which is not configured (expected <plugin name=\"DistControl\">)");
  const TemperatureControlConfig& tc = config.temperatureControl;
  for (const auto& r : tc.regions)
    for (int k : r.refCoords)
      if (k != 0) {
        xml.problem(tc.source.file, tc.source.line, tc.source.path,
                    "a region's coords refcoordsID follows DistControl, which is not configured (expected <plugin name=\"DistControl\">)");
        return;
      }
}

}  // namespace

void PhysicsPluginRegistry::addReaders(ElementReaders& readers) {
  for (const Entry& e : table()) {
    const std::string name = e.name;
    if (!e.read) {
      const std::string what = e.refusal;
      readers.plugins.push_back({name, [name, what](XmlInput& xml, const XmlNode& p, SimulationConfig&) {
                                   xml.problem(p, "plugin " + name + " (" + what + ") is not supported: the run would be "
                                                  "a different simulation (expected it removed from the configuration)");
                                 }});
      continue;
    }
    const Reader read = e.read;
    readers.plugins.push_back({name, [name, read](XmlInput& xml, const XmlNode& p, SimulationConfig& config) {
                                 auto settings = read(xml, p, config);
                                 config.physicsPlugins.push_back({name, XmlInput::source(p), std::move(settings)});
                               }});
  }
  readers.checkPlugins = [](XmlInput& xml, const XmlNode& sim, SimulationConfig& config) {
    MettDeamonFeedrateDirector::check(xml, sim, config);
    checkFollowers(xml, sim, config);
  };
}

std::vector<std::string> PhysicsPluginRegistry::names() {
  std::vector<std::string> list;
  for (const Entry& e : table())
    if (e.create) list.push_back(e.name);
  return list;
}

std::unique_ptr<PhysicsPlugin> PhysicsPluginRegistry::create(const PhysicsPluginConfig& plugin, const PluginSetup& setup) {
  for (const Entry& e : table())
    if (e.create && plugin.name == e.name) return e.create(plugin, setup);
  throw MardynException("no physics plugin named '" + plugin.name + "'");
}

}  // namespace mardyn
