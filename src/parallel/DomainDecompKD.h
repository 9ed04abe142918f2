// DomainDecompKD: ls1-mardyn's KDDecomposition: the box cut into cuboids of cells by a k-d tree balanced by
// the cost of the molecules in each cell, recomputed every updateFrequency steps (molecules then move to
// their new owners); halo copies and leavers go straight to the processes within reach.
#pragma once

#include "config/SimulationConfig.h"
#include "parallel/DomainDecompMPI.h"
#include "parallel/KDTree.h"

#include <mpi.h>

#include <vector>

namespace mardyn {

/// Shares DomainDecompMPI's communicator, message format, reductions and gathering; replaces its regions
/// and exchanges. A process's neighbours are the processes whose regions lie within the interaction range
/// of its own (periodic images included, itself too); each exchange is one message to each of them.
class DomainDecompKD : public DomainDecompMPI {
 public:
  /// box: the simulation box; range: the distance the halo must cover (cutoff + Verlet skin); cells of
  /// the cost grid are at least range / cellsInCutoffRadius wide, and a region at least
  /// max(minNumCellsPerDimension, cellsInCutoffRadius) cells. Until the first rebalance() the regions
  /// split the cells evenly.
  DomainDecompKD(const KDDecompositionConfig& config, const Vec3& box, double range, int cellsInCutoffRadius = 1,
                 MPI_Comm comm = MPI_COMM_WORLD);

  std::string name() const override;
  Vec3 boundingBoxMin(const Domain& domain) const override;
  Vec3 boundingBoxMax(const Domain& domain) const override;
  /// A region may span the box along an axis without other processes there: treated as shared.
  int processesAlong(int /*axis*/) const override { return 2; }

  void exchangeMolecules(ParticleContainer& container, const Domain& domain) override;
  void refreshHalo(ParticleContainer& container) override;
  void returnHaloForces(ParticleContainer& container) override;
  /// The GPU time step's exchanges along a Cartesian grid: refused (MardynException naming the type).
  std::vector<Molecule> routeLeavers(std::vector<Molecule> leavers, const Domain& domain) override;
  std::vector<char> shiftBytes(const std::vector<char>& out, int axis, int direction) const override;

  bool rebalanceDue(unsigned long step) const override;
  bool rebalance(ParticleContainer& container, const Domain& domain, double work) override;
  unsigned long rebalanceCount() const override { return _rebalances; }

  const KDTree& tree() const { return _tree; }
  /// Processes this one exchanges messages with.
  std::size_t numNeighbours() const { return _neighbours.size(); }

 private:
  /// Where copies of this process's molecules go: to the neighbour `side` (-1: itself, a periodic
  /// image), shifted by `shift`, for the molecules in [lo, hi).
  struct Channel {
    int side;
    Vec3 shift, lo, hi;
  };
  Vec3 cellLow(const KDTree::Cell& c) const;
  Vec3 regionMin(int rank) const;
  Vec3 regionMax(int rank) const;
  /// The cell of a position in the box (wrapped), consistent with the regions' bounds.
  KDTree::Cell cellOf(const Vec3& r) const;
  Vec3 wrapped(const Vec3& r) const;
  /// Neighbours and channels of the current tree.
  void findNeighbours();
  /// One message to and one from each neighbour (to[k], from[k]: neighbour k).
  template <class T>
  void exchangeNeighbours(int tag, const std::vector<std::vector<T>>& to, std::vector<std::vector<T>>& from) const;
  /// Cost of each cell from the molecules per cell of every process (the model).
  std::vector<double> cellCosts(const ParticleContainer& container);
  /// Collective: every process's speed relative to the others' from its force time since the last
  /// rebalancing (work) against the modelled cost of its region.
  std::vector<double> measuredSpeeds(const std::vector<double>& cost, double work);
  /// Sends every molecule of the container outside the (new) region to the process owning its place.
  void migrateAll(ParticleContainer& container);

  KDDecompositionConfig _config;
  KDTree::Rules _rules;
  Vec3 _box;
  double _range;
  KDTree::Cell _cells{1, 1, 1};
  KDTree _tree;
  std::vector<int> _neighbours;   // ranks
  std::vector<Channel> _channels;
  std::vector<double> _speed;  // each process's measured speed relative to the others (empty: all equal)
  unsigned long _rebalances = 0;
  bool _balanced = false;  // rebalance() ran once
};

}  // namespace mardyn
