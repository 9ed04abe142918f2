// PosNegComp: ls1-mardyn's PosNegComp plugin: molecules between two planes y = left and y = right take one
// component while they move in +y and another while they move in -y (to sample the fluxes apart).
#pragma once

#include "config/XmlInput.h"
#include "molecules/Component.h"
#include "plugins/PhysicsPlugin.h"

#include <memory>
#include <vector>

namespace mardyn {

/// ls1's PosNegComp plugin: molecules with left < y < right (not of component `ignore`, 1-based, 0 none)
/// take component `pos` when v_y > 0, else `neg` (1-based), before and after the forces.
struct PosNegCompConfig : PluginSettings {
  unsigned pos = 1, neg = 1, ignore = 0;
  double left = 0.0, right = 100.0;
};

class PosNegComp : public PhysicsPlugin {
 public:
  PosNegComp(PosNegCompConfig config, const std::vector<Component>& components)
      : _config(config), _components(components) {}
  /// Reads <plugin name="PosNegComp"> (problems go to `xml`).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// ls1's beforeForces and afterForces: every molecule (owned or halo) with left < y < right that is not of
  /// component `ignore` gets component `pos` if v_y > 0, else `neg`.
  void apply(ParticleContainer& container) const;
  const PosNegCompConfig& config() const { return _config; }

  std::string name() const override { return "PosNegComp"; }
  void beforeForces(PluginStep& s) override { apply(s.container); }
  void afterForces(PluginStep& s) override {
    if (!s.startStep) apply(s.container);  // ls1 calls no afterForces in its preparation
  }

 private:
  PosNegCompConfig _config;
  const std::vector<Component>& _components;
};

}  // namespace mardyn
