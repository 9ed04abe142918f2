// COMaligner: ls1-mardyn's plugin that moves all molecules so that their centre of mass approaches the box
// centre in the chosen dimensions (every `interval` steps, at most 0.9 cutoff per move).
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <array>
#include <memory>

namespace mardyn {

/// ls1's COMaligner plugin: every `interval` steps (at steps 1, 1 + interval, ...) the molecules are moved
/// so that the centre of mass goes `factor` of the way to the box centre in the dimensions chosen (a move
/// of at most 0.9 cutoff).
struct COMalignerConfig : PluginSettings {
  std::array<bool, 3> dims{true, true, true};
  unsigned long interval = 1;
  double factor = 1.0;
};

class COMaligner : public PhysicsPlugin {
 public:
  COMaligner(COMalignerConfig config, const Vec3& box, double cutoff) : _config(config), _box(box), _maxMove(0.9 * cutoff) {}
  /// Reads <plugin name="COMaligner"> (problems go to `xml`).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// Whether the molecules move at `step` (1, 1 + interval, ...).
  bool actsAt(unsigned long step) const { return step >= 1 && (step - 1) % _config.interval == 0; }
  /// Moves the owned molecules at the steps it acts (before the exchange wraps them into the box); returns
  /// the move.
  Vec3 apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) const;
  /// The move that brings the centre of mass `sums` (sum m r, sum m) towards the box centre.
  Vec3 move(const std::vector<double>& sums) const;

  std::string name() const override { return "COMaligner"; }
  // ls1 moves the owned molecules in beforeForces; here before the exchange, so that the halo copies follow
  void beforeExchange(PluginStep& s) override { apply(s.container, s.decomp, s.step); }

 private:
  COMalignerConfig _config;
  Vec3 _box;
  double _maxMove;
};

}  // namespace mardyn
