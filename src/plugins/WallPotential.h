// WallPotential: ls1-mardyn's wall at y = yoff: every LJ centre within ycut of the wall's surface feels the
// integrated Lennard-Jones 9-3 (or 10-4-3) force of a half-space (or layer) of wall sites, mixed per component.
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <map>
#include <memory>
#include <vector>

namespace mardyn {

/// ls1's WallPotential plugin: a wall of LJ sites at y = yoff (of thickness width) acting on every LJ centre
/// within ycut of it with the integrated 9-3 (or 10-4-3) potential; per component xi and eta mix it with the
/// component's first LJ centre (components not listed feel no wall).
struct WallPotentialConfig : PluginSettings {
  int potential = 93;                      ///< 93 or 104
  double density = 0, sigma = 1, epsilon = 1, yoff = 0, ycut = 0, width = 0, delta = 0;
  std::map<unsigned, std::pair<double, double>> components;  ///< 1-based id -> (xi, eta)
};

class WallPotential : public PhysicsPlugin {
 public:
  WallPotential(const WallPotentialConfig& config, const std::vector<Component>& components);
  /// Reads <plugin name="WallPotential"> (problems go to `xml`).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// Adds the wall force to the sites (force and torque) of the owned molecules; ls1 skips step 0 and keeps
  /// the wall's energy out of U_pot.
  void apply(ParticleContainer& container, unsigned long step) const;
  /// Force along y on a centre of component c at signed distance `rel` from the wall surface.
  double force(unsigned component, double rel) const;
  const WallPotentialConfig& config() const { return _config; }
  /// Per component: whether the wall acts on it, and its mixed epsilon and sigma.
  bool considered(unsigned component) const { return _considered[component]; }
  double epsilon(unsigned component) const { return _eps[component]; }
  double sigma(unsigned component) const { return _sigma[component]; }

  std::string name() const override { return "WallPotential"; }
  void siteWiseForces(PluginStep& s) override { apply(s.container, s.step); }

 private:
  WallPotentialConfig _config;
  std::vector<bool> _considered;
  std::vector<double> _eps, _sigma;  ///< mixed with each component's first LJ centre
};

}  // namespace mardyn
