// HaloPlan: the halo copies one full exchange made (local periodic images and copies received from
// neighbours, in rounds of messages), recorded so that until the next full exchange the copies can follow
// their originals with positions and orientations only (no re-sort, no migration, no new copies), and the
// forces on them can go back to the originals (pairs across process faces computed once). This is what a
// Verlet list needs between its builds, when no molecule has moved more than half the skin.
#pragma once

#include "molecules/Molecule.h"
#include "particleContainer/ParticleContainer.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace mardyn {

class HaloPlan {
 public:
  /// Position and orientation of one molecule copy, as a refresh sends it.
  struct State {
    double r[3];
    double q[4];
  };
  /// Force and torque on one molecule copy, as they go back to the original.
  struct Load {
    double f[3];
    double m[3];
  };
  /// Collective: one round of messages, to[k] to the partner on side k (the decomposition's numbering,
  /// e.g. 0 the lower and 1 the upper neighbour along `tag`'s axis); from[k] is filled with what that
  /// partner sent to this process.
  template <class T>
  using ExchangeOf =
      std::function<void(int tag, const std::vector<std::vector<T>>& to, std::vector<std::vector<T>>& from)>;
  using Exchange = ExchangeOf<State>;
  using LoadExchange = ExchangeOf<Load>;

  /// Forgets the last plan; what follows is recorded in the order the exchange does it.
  void start();
  /// A local periodic image: `copy` (added to the container) is the molecule of its id at sourceR
  /// shifted by `shift`. Consecutive images of one group are made from molecules that existed before
  /// the group (they are refreshed in parallel); a new group starts where `group` changes.
  void image(const Vec3& sourceR, const Molecule& copy, int group, const Vec3& shift);
  /// Starts a round of messages with `sides` partners; `tag` is handed to the exchange.
  void beginRound(int tag, std::size_t sides);
  /// This round sends m to the partner on `side` as a halo copy, shifted by `shift`.
  void send(std::size_t side, const Molecule& m, const Vec3& shift);
  /// This round received `copy` from the partner on `side` and added it to the halo.
  void received(std::size_t side, const Molecule& copy);
  /// Something happened that the plan cannot follow.
  void invalidate() { _valid = false; }

  /// After the exchange: finds every recorded molecule in the container (by id and exact position);
  /// the plan is usable only if each is found exactly once.
  bool resolve(ParticleContainer& container);
  bool valid() const { return _valid && _resolved; }

  /// The halo copies take their originals' positions and orientations, in the order they were made
  /// (a copy made from a copy follows it). exchange is needed where the plan has rounds; it throws
  /// MardynException when a partner sends a different number of states than recorded.
  void refresh(const Exchange& exchange) const;
  /// The transpose of refresh(), for pairs computed once across process faces (Newton's third law): the
  /// forces and torques on the halo copies are added to their originals (a copy made from a copy passes
  /// its own on, after its copies have added theirs to it), in the reverse order. Each copy passes its
  /// load on once (the copies keep theirs). Every process calls it together.
  void returnLoads(const LoadExchange& exchange) const;

 private:
  struct Key {
    unsigned long id;
    Vec3 r;
  };
  struct Image {
    Key source, copy;
    Vec3 shift;
    Molecule *from = nullptr, *to = nullptr;
  };
  struct Side {
    std::vector<Key> send, received;
    std::vector<Vec3> shift;
    std::vector<Molecule*> sendMol, receivedMol;
  };
  struct Round {
    int tag = 0;
    std::vector<Side> sides;
  };
  struct Op {
    bool round;
    int group;
    std::size_t begin, end;  // images of one group [begin, end), or the round _rounds[begin]
  };
  Round& current();

  std::vector<Op> _ops;
  std::vector<Image> _images;
  std::vector<Round> _rounds;
  bool _valid = false, _resolved = false;
  // resolve()'s table of the container's molecules by id, kept between calls.
  std::vector<Molecule*> _lookupMolecules;
  std::vector<std::int64_t> _lookupHead, _lookupNext;
  std::vector<unsigned long> _lookupIds;
  // Message buffers per round, kept between calls: the same sizes at every step until the next plan.
  mutable std::vector<std::vector<std::vector<State>>> _statesTo, _statesFrom;
  mutable std::vector<std::vector<std::vector<Load>>> _loadsTo, _loadsFrom;
};

}  // namespace mardyn
