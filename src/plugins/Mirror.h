// Mirror: ls1-mardyn's mirror plugin, types 1 (molecules beyond the plane moving further out have v_y
// reversed) and 2 (a spring force k (y_mirror - y) on molecules beyond the plane), after the forces; type 5
// (Meland 2004: reflection towards a target velocity with a probability, removal otherwise), before the forces.
#pragma once

#include "generators/Ls1Random.h"
#include "io/SimulationConfig.h"
#include "particleContainer/ParticleContainer.h"

namespace mardyn {

class Mirror {
 public:
  /// `rank` seeds type 5's random numbers as ls1 does (8624 + rank).
  explicit Mirror(MirrorConfig config, int rank = 0) : _config(config), _offset(config.coord), _rnd(8624 + rank) {}
  /// ls1's Mirror::update: with refID 1 or 2, the plane is at the configured coord from DistControl's left or
  /// right interface.
  void follow(double left, double right) {
    _config.coord = _offset + (_config.refID == 1 ? left : _config.refID == 2 ? right : 0.0);
  }
  double coord() const { return _config.coord; }
  /// Types 1 and 2, after the forces.
  void apply(ParticleContainer& container) const;
  /// Type 5, before the forces (here before the exchange, so that removed molecules leave no halo copies).
  void beforeForces(ParticleContainer& container);
  unsigned long reflected() const { return _reflected; }
  unsigned long removed() const { return _removed; }

 private:
  bool beyond(const Molecule& m) const;
  MirrorConfig _config;
  double _offset;  ///< position/coord as configured
  Ls1Random _rnd;
  unsigned long _reflected = 0, _removed = 0;
};

}  // namespace mardyn
