// HaloPlan: the halo copies one full exchange made (local periodic images and copies received from
// neighbours, axis by axis), recorded so that until the next full exchange the copies can follow their
// originals with positions and orientations only: no re-sort, no migration, no new copies. This is what
// a Verlet list needs between its builds, when no molecule has moved more than half the skin.
#pragma once

#include "molecules/Molecule.h"
#include "particleContainer/ParticleContainer.h"

#include <cstddef>
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
  /// Collective along one axis: sends toLower / toUpper to the neighbours below and above and fills
  /// fromUpper / fromLower with what they sent.
  using Exchange = std::function<void(int axis, const std::vector<State>& toLower, const std::vector<State>& toUpper,
                                      std::vector<State>& fromUpper, std::vector<State>& fromLower)>;

  /// Forgets the last plan; what follows is recorded in the order the exchange does it.
  void start();
  /// A local periodic image: `copy` (added to the container) is the molecule of its id at sourceR
  /// shifted by delta along dim.
  void image(const Vec3& sourceR, const Molecule& copy, int dim, double delta);
  /// Starts the round of messages along axis (each side: 0 the lower neighbour, 1 the upper one).
  void beginRound(int axis);
  /// This round sends m to the neighbour on `side` as a halo copy, shifted by delta along the axis.
  void send(int side, const Molecule& m, double delta);
  /// This round received `copy` from the neighbour on `side` and added it to the halo.
  void received(int side, const Molecule& copy);
  /// A molecule that arrived this round from `side` and is owned here now, while that neighbour kept a
  /// halo copy of it (delta along the axis takes it back into the neighbour's frame).
  void returnTo(int side, const Molecule& owned, double delta);
  /// A molecule sent this round to `side` as a leaver and kept here as a halo copy.
  void keptCopy(int side, const Molecule& copy);
  /// Something happened that the plan cannot follow.
  void invalidate() { _valid = false; }
  /// A molecule sent or returned in a round is known here only as a copy that a later round refreshes
  /// (a molecule on its way over several processes, sent on along a later axis and kept here as a halo
  /// copy): the refresh then replays the rounds twice, the second time from refreshed copies.
  void replayTwice() { _twice = true; }
  bool replaysTwice() const { return _twice; }

  /// After the exchange: finds every recorded molecule in the container (by id and exact position);
  /// the plan is usable only if each is found exactly once.
  bool resolve(ParticleContainer& container);
  bool valid() const { return _valid && _resolved; }

  /// The halo copies take their originals' positions and orientations, in the order they were made
  /// (a copy made from a copy follows it). exchange is needed where the plan has rounds; it throws
  /// MardynException when a neighbour sends a different number of states than recorded.
  void refresh(const Exchange& exchange) const;

 private:
  struct Key {
    unsigned long id;
    Vec3 r;
  };
  struct Image {
    Key source, copy;
    int dim;
    double delta;
    Molecule *from = nullptr, *to = nullptr;
  };
  struct Side {
    std::vector<Key> send, received, returnTo, kept;
    std::vector<double> sendDelta, returnDelta;
    std::vector<Molecule*> sendMol, receivedMol, returnMol, keptMol;
  };
  struct Round {
    int axis = 0;
    Side side[2];
  };
  struct Op {
    bool round;
    std::size_t begin, end;  // images along one axis [begin, end), or the round _rounds[begin]
  };
  Round& current();

  std::vector<Op> _ops;
  std::vector<Image> _images;
  std::vector<Round> _rounds;
  bool _valid = false, _resolved = false, _twice = false;
};

}  // namespace mardyn
