// Mirror: ls1-mardyn's mirror plugin, types 1 (molecules beyond the plane moving further out have v_y
// reversed) and 2 (a spring force k (y_mirror - y) on molecules beyond the plane), after the forces; type 5
// (Meland 2004: reflection towards a target velocity with a probability, removal otherwise), before the forces.
#pragma once

#include "config/XmlInput.h"
#include "generators/Ls1Random.h"
#include "plugins/PhysicsPlugin.h"

#include <memory>

namespace mardyn {

/// ls1's Mirror plugin, types 1 (reflect v_y) and 2 (spring force k (y_mirror - y)) for molecules beyond the
/// mirror: y >= coord for direction o-| (right), y < coord for |-o (left).
/// Type 5 (Meland 2004) before the forces: a molecule beyond the mirror moving outwards gets
/// v_y' = 2 velo_target - v_y if that points back inwards, with probability fixed_probability (or, when that is
/// not positive, |v_y' / v_y|), and is removed otherwise.
struct MirrorConfig : PluginSettings {
  int type = 1;
  bool right = false;
  double coord = 0.0;
  long pluginID = 100;     ///< pluginID: how MettDeamonFeedrateDirector names the mirror whose removals it counts
  int refID = 0;           ///< position/refID: coord is relative to 0 the origin, 1 DistControl's left, 2 its right interface
  double forceConstant = 100.0;
  unsigned component = 0;  ///< cid: 0 all, else 1-based
  double veloTarget = 0.0;        ///< meland/velo_target (type 5)
  double fixedProbability = 0.0;  ///< meland/fixed_probability (type 5; <= 0: |v_y' / v_y|)
};

class Mirror : public PhysicsPlugin {
 public:
  /// `rank` seeds type 5's random numbers as ls1 does (8624 + rank).
  explicit Mirror(MirrorConfig config, int rank = 0) : _config(config), _offset(config.coord), _rnd(8624 + rank) {}
  /// Reads <plugin name="Mirror"> (problems go to `xml`).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// ls1's Mirror::update: with refID 1 or 2, the plane is at the configured coord from DistControl's left or
  /// right interface.
  void follow(double left, double right) {
    _config.coord = _offset + (_config.refID == 1 ? left : _config.refID == 2 ? right : 0.0);
  }
  double coord() const { return _config.coord; }
  const MirrorConfig& config() const { return _config; }
  /// Types 1 and 2, after the forces.
  void apply(ParticleContainer& container) const;
  /// Type 5, before the forces (here before the exchange, so that removed molecules leave no halo copies).
  void applyMeland(ParticleContainer& container);
  unsigned long reflected() const { return _reflected; }
  unsigned long removed() const { return _removed; }

  std::string name() const override { return "Mirror"; }
  void beforeExchange(PluginStep& s) override { applyMeland(s.container); }
  void afterForces(PluginStep& s) override { apply(s.container); }
  void followInterfaces(double left, double right) override { follow(left, right); }

 private:
  bool beyond(const Molecule& m) const;
  MirrorConfig _config;
  double _offset;  ///< position/coord as configured
  Ls1Random _rnd;
  unsigned long _reflected = 0, _removed = 0;
};

}  // namespace mardyn
