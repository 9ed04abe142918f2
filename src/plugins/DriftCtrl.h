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
  const DriftCtrlConfig& config() const { return _config; }

  // The parts of apply(), for a caller that samples and corrects the molecules itself (on a device):
  bool samplesAt(unsigned long step) const;
  bool controlsAt(unsigned long step) const;
  /// The bin of a molecule at y (-1: outside yl < y <= yr).
  int binOf(double y) const;
  /// Adds this process's sample: per (group, bin) the count and the sums of vx, vy, vz (group 0: all
  /// molecules, c + 1: component c).
  void addSample(const std::vector<double>& sums);
  /// At a control step: per (group, bin) the velocity change (3 values: target drift minus the mean over
  /// every process, in the controlled directions, else 0); the next sample starts.
  std::vector<double> corrections(const DomainDecompBase& decomp);
  /// The group whose correction a molecule of component c gets, or -1 (not the target component).
  int groupOf(unsigned component) const {
    if (_config.component == 0) return 0;
    return component + 1 == _config.component ? static_cast<int>(_config.component) : -1;
  }
  std::size_t numGroups() const { return _groups; }

  std::string name() const override { return "DriftCtrl"; }
  std::unique_ptr<PhysicsPlugin> clone() const override { return std::make_unique<DriftCtrl>(*this); }
  void beforeForces(PluginStep& s) override { apply(s.container, s.decomp, s.step); }

 private:
  DriftCtrlConfig _config;
  std::size_t _groups;  ///< 0: all components, c: component c (1-based)
  unsigned _bins;
  double _width;
  std::vector<double> _sums;  ///< per group and bin: count, sum vx, sum vy, sum vz (local, since the last control)
};

}  // namespace mardyn
