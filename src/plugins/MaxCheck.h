// MaxCheck: ls1-mardyn's plugin that limits forces, velocities, torques and angular momenta of the
// molecules in (or outside) a range to per-component maxima, before the first half kick and after the
// forces of each controlled step (what lets ls1's generated set-ups with overlaps start).
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <map>
#include <memory>

namespace mardyn {

/// ls1's MaxCheck plugin (<plugin name="MaxCheck">): at steps start <= s <= stop with s % frequency == 0,
/// before the first half kick and after the forces, limits |F|, |v|, |M|, |L| of the molecules inside
/// (inclusive) or outside the range to the maxima of their component's target (method 1: each quantity;
/// method 2: v only with F, L only with M; method 3: removes the molecules over a limit).
struct MaxCheckConfig : PluginSettings {
  struct Target {
    int method = 1;
    double F = -1, v = -1, M = -1, L = -1;  ///< Fmax, vmax, Mmax, Lmax; negative: not limited
  };
  unsigned long start = 0, frequency = 1, stop = 10000;
  bool inclusive = true;
  Vec3 lower, upper;                       ///< range/{x,y,z}{min,max} (defaults: the box)
  std::map<unsigned, Target> targets;      ///< by 1-based component id (targets/target@cid)
};

class MaxCheck : public PhysicsPlugin {
 public:
  explicit MaxCheck(MaxCheckConfig config) : _config(std::move(config)) {}
  /// Reads <plugin name="MaxCheck"> (problems go to `xml`).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// Whether the plugin acts at `step` (start <= step <= stop, step % frequency == 0).
  bool actsAt(unsigned long step) const;
  /// Applies the limits to the owned molecules at `step` (nothing outside the control window).
  void apply(ParticleContainer& container, unsigned long step) const;
  const MaxCheckConfig& config() const { return _config; }

  std::string name() const override { return "MaxCheck"; }
  void beforeEventNewTimestep(PluginStep& s) override { apply(s.container, s.step); }
  void afterForces(PluginStep& s) override { apply(s.container, s.step); }
  bool capsForces() const override { return true; }

 private:
  MaxCheckConfig _config;
};

}  // namespace mardyn
