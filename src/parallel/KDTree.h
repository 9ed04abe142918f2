// KDTree: a k-d tree of cuboids of cost cells over the box, one leaf per process, split so that the
// summed cell costs per process are as even as the splitting rules allow (ls1-mardyn's KDDecomposition).
#pragma once

#include <array>
#include <climits>
#include <cstddef>
#include <vector>

namespace mardyn {

class KDTree {
 public:
  using Cell = std::array<int, 3>;
  /// Cells [lo, hi) along each axis.
  struct Box {
    Cell lo{0, 0, 0}, hi{0, 0, 0};
    bool operator==(const Box& o) const { return lo == o.lo && hi == o.hi; }
    long volume() const { return static_cast<long>(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]); }
  };
  /// ls1's splitting rules.
  struct Rules {
    int minCellsPerDim = 1;             ///< every region at least this many cells wide along each axis
    int fullSearchThreshold = 2;        ///< a node of at most this many processes tries every split of them
    bool splitBiggestDimension = true;  ///< split along the longest side (in cells) only
    int splitThreshold = INT_MAX;       ///< nodes of more processes than this: the longest side only
  };

  KDTree() = default;
  /// cells: the grid; cost: one value >= 0 per cell, index x + nx (y + ny z). speed: empty (all processes
  /// equal) or one value > 0 per process, its share of the work relative to the others (a process twice as
  /// fast gets twice the cost). Throws MardynException when the grid cannot give `procs` regions of at least
  /// rules.minCellsPerDim cells along each axis.
  static KDTree balance(const Cell& cells, const std::vector<double>& cost, int procs, const Rules& rules,
                        const std::vector<double>& speed = {});

  int numProcs() const { return static_cast<int>(_regions.size()); }
  const Cell& cells() const { return _cells; }
  const Box& region(int rank) const { return _regions[static_cast<std::size_t>(rank)]; }
  /// The process whose region holds a cell of the grid.
  int owner(const Cell& cell) const;
  /// Sum of the costs in each region.
  std::vector<double> regionCosts(const std::vector<double>& cost) const;
  bool operator==(const KDTree& o) const { return _cells == o._cells && _regions == o._regions; }
  bool operator!=(const KDTree& o) const { return !(*this == o); }

 private:
  struct Node {
    int axis = -1;  ///< -1: a leaf
    int split = 0;  ///< cells below it go left
    int left = -1, right = -1;
    int rank = -1;
  };
  /// Splits node `node` (box, processes [firstRank, firstRank + procs)) and its children; speedBelow[r]:
  /// the summed speeds of the processes before r.
  void split(int node, const Box& box, int firstRank, int procs, const std::vector<double>& cost, const Rules& rules,
             const std::vector<double>& speedBelow);

  Cell _cells{0, 0, 0};
  std::vector<Node> _nodes;
  std::vector<Box> _regions;
};

}  // namespace mardyn
