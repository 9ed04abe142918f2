// DriftCtrl: ls1-mardyn's drift control: the mean velocity per bin along y is sampled over several steps and,
// every `control` steps, the molecules of the target component in the range are shifted to the target drift.
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <array>
#include <memory>
#include <vector>

namespace mardyn {

/// ls1's DriftCtrl plugin: velocities sampled per bin along y every `sample` steps; every `control` steps
/// the molecules of the target component (0: all) in yl < y <= yr get target drift - mean velocity added
/// in the directions named (steps start..stop).
struct DriftCtrlConfig : PluginSettings {
  unsigned long sample = 10, control = 100, start = 0, stop = 4294967295UL;
  double yl = 0.0, yr = 0.0, binWidth = 10.0;
  unsigned component = 1;               ///< target/cid (1-based, 0: all)
  Vec3 drift;                           ///< target/drift/{vx,vy,vz}
  std::array<bool, 3> directions{true, true, true};
};

class DriftCtrl : public PhysicsPlugin {
 public:
  DriftCtrl(DriftCtrlConfig config, std::size_t numComponents);
  /// Reads <plugin name="DriftCtrl"> (problems go to `xml`).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// ls1's beforeForces: called after the exchange of each step, before the forces.
  void apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step);
  unsigned numBins() const { return _bins; }

  std::string name() const override { return "DriftCtrl"; }
  void beforeForces(PluginStep& s) override { apply(s.container, s.decomp, s.step); }

 private:
  int binOf(double y) const;
  DriftCtrlConfig _config;
  std::size_t _groups;  ///< 0: all components, c: component c (1-based)
  unsigned _bins;
  double _width;
  std::vector<double> _sums;  ///< per group and bin: count, sum vx, sum vy, sum vz (local, since the last control)
};

}  // namespace mardyn
