// DomainDecompBase: how the box is split over processes: the region each owns, periodic wrap,
// migration of molecules, halo copies and the global reductions (sequential and MPI implementations).
#pragma once

#include "Domain.h"
#include "molecules/Component.h"
#include "molecules/Molecule.h"
#include "parallel/HaloPlan.h"
#include "particleContainer/ParticleContainer.h"
#include "utils/Vec3.h"

#include <string>
#include <vector>

namespace mardyn {

class DomainDecompBase {
 public:
  virtual ~DomainDecompBase() = default;

  virtual std::string name() const = 0;
  /// The components molecules refer to (needed to rebuild molecules received from other processes);
  /// must outlive the decomposition.
  virtual void setComponents(const std::vector<Component>& /*components*/) {}
  virtual int rank() const = 0;
  virtual int numProcs() const = 0;

  /// The region [min, max) this process owns within the domain's box.
  virtual Vec3 boundingBoxMin(const Domain& domain) const = 0;
  virtual Vec3 boundingBoxMax(const Domain& domain) const = 0;

  /// Keeps from `all` the molecules whose position lies in this process's region and adds them to
  /// the container (every process passes the same list, read once).
  virtual void distributeMolecules(const std::vector<Molecule>& all, ParticleContainer& container,
                                   const Domain& domain) const;

  /// After the drift: deletes the old halo, re-sorts the container, wraps molecules that left the
  /// box periodically, migrates those that left this process's region, and creates the halo copies
  /// (periodic images and neighbours' molecules) within the container's halo width.
  virtual void exchangeMolecules(ParticleContainer& container, const Domain& domain) = 0;

  /// Processes along an axis of the process grid (1: the process is its own periodic neighbour there).
  virtual int processesAlong(int /*axis*/) const { return 1; }

  /// For containers that keep their molecules elsewhere (a device) and move only what must travel.
  /// Collective: every process passes the molecules that left its region (positions not wrapped);
  /// returns the molecules that arrive in this process's region, wrapped into the box (the sequential
  /// decomposition wraps and returns its own). Throws MardynException when a molecule went farther than
  /// one process region.
  virtual std::vector<Molecule> routeLeavers(std::vector<Molecule> leavers, const Domain& domain);
  /// Collective: sends `out` to the neighbour along `axis` in `direction` (-1 lower, +1 upper) and
  /// returns what the neighbour on the other side sent (the sequential decomposition is its own
  /// neighbour and returns `out`).
  virtual std::vector<char> shiftBytes(const std::vector<char>& out, int axis, int direction) const;
  /// Collective, both directions of one axis in one round: sends `toLower` to the lower neighbour along
  /// `axis` and `toUpper` to the upper one, and receives into `fromUpper` what the upper neighbour sent down
  /// and into `fromLower` what the lower one sent up. Both sides know every size beforehand; the buffers are
  /// the caller's (pinned host memory that a device fills and empties); a message of no bytes is not sent
  /// (a round of empty messages costs nothing). The sequential decomposition, its own neighbour, copies
  /// toLower into fromUpper and toUpper into fromLower. Throws MardynException when a size does not match.
  virtual void exchangeBytesAlong(int axis, const void* toLower, std::size_t toLowerBytes, const void* toUpper,
                                  std::size_t toUpperBytes, void* fromUpper, std::size_t fromUpperBytes,
                                  void* fromLower, std::size_t fromLowerBytes) const;
  /// Whether every process has one neighbour on each side of each axis (a Cartesian grid of processes):
  /// what the GPU time step's device-side halo exchange needs. Decompositions of another shape say no.
  virtual bool cartesianNeighbours() const { return false; }
  /// Whether the message library reads and writes device memory itself (a CUDA-aware MPI), for the
  /// start-up line of the GPU time step.
  virtual bool deviceAwareMessages() const { return false; }

  /// Element-wise sums over all processes, in place.
  virtual void allreduceSum(std::vector<double>& values) const = 0;
  virtual void allreduceSum(std::vector<unsigned long>& values) const = 0;
  /// True on every process if any process passed true (error consensus without hanging).
  virtual bool anyTrue(bool local) const = 0;
  /// Collective: every process receives rank 0's `text` (what rank 0 alone decided, e.g. from a file, before a
  /// collective depends on it). The sequential decomposition leaves it as it is.
  virtual void broadcastFromRoot(std::string& /*text*/) const {}
  /// Element-wise maxima over all processes, in place.
  virtual void allreduceMax(std::vector<double>& /*values*/) const {}
  /// Element-wise sums of `sums` and maxima of `maxima` over all processes, in place, in one collective.
  virtual void allreduceSumMax(std::vector<double>& sums, std::vector<double>& maxima) const {
    allreduceSum(sums);
    allreduceMax(maxima);
  }

  /// Load balancing (decompositions whose regions move): whether the regions are to be recomputed at
  /// this step, instead of refreshing the halo (the same answer on every process).
  virtual bool rebalanceDue(unsigned long /*step*/) const { return false; }
  /// Collective, at a step where rebalanceDue(): recomputes the regions from the molecules and from
  /// `work`, this process's force-computation seconds since the last call; moves the container to the
  /// new region and the molecules to their new owners. exchangeMolecules() must follow (the halo is
  /// gone). Returns whether the regions changed (the same answer on every process).
  virtual bool rebalance(ParticleContainer& /*container*/, const Domain& /*domain*/, double /*work*/) { return false; }
  /// Rebalancings so far that moved regions.
  virtual unsigned long rebalanceCount() const { return 0; }

  /// With the deferred check on, exchangeMolecules() notes a molecule lost on this process (one that
  /// moved farther than it may in a step) instead of agreeing on it with a collective of its own; the
  /// caller passes lostMolecules() through its next reduction and stops every process there (the
  /// Simulation does so in its per-step reduction: one collective less per step).
  virtual void setDeferredLossCheck(bool /*on*/) {}
  /// True if a molecule was lost on this process since the last call (then reset).
  virtual bool takeLostMolecules() { return false; }

  /// With recording on, every exchangeMolecules() records the halo copies it makes (HaloPlan), so that
  /// refreshHalo() can move them with their originals until the next exchangeMolecules().
  void setRecordHaloPlan(bool on) { _recordPlan = on; }
  /// Collective, after exchangeMolecules() with recording on: true when every process can follow its
  /// halo copies with refreshHalo() (which is collective: every process must call it).
  bool agreeOnHaloPlan();
  /// Collective, between two exchangeMolecules(): the halo copies take their originals' new positions
  /// and orientations; no molecule changes its process or cell. The caller makes sure that no molecule
  /// moved so far that the halo would have changed (a Verlet list's half skin).
  virtual void refreshHalo(ParticleContainer& container);
  /// Collective, between agreeOnHaloPlan() and the next exchangeMolecules(), after a traversal that
  /// computed each pair across process faces once (Newton's third law, VerletListCellProcessor::setNewton)
  /// and left forces and torques on the halo copies: adds those to the originals (by way of the copies
  /// they were made from) and zeroes the copies'.
  virtual void returnHaloForces(ParticleContainer& container);
  /// Collective: rank 0 receives every owned molecule (sorted by id), the others an empty vector.
  virtual std::vector<Molecule> gatherMolecules(const ParticleContainer& container) const = 0;

 protected:
  /// The plan to record into during exchangeMolecules(), or nullptr when recording is off.
  HaloPlan* planToRecord() { return _recordPlan ? &_plan : nullptr; }
  HaloPlan _plan;

 private:
  bool _recordPlan = false;
};

}  // namespace mardyn
