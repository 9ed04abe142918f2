// VerletNeighbourList: a half neighbour list (compressed rows) over points sorted into bins at least
// the list range wide: every pair closer than the range with at least one "active" point, stored once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mardyn {

class VerletNeighbourList {
 public:
  /// Bins of width >= range over the bounding box of the points; returns the permutation that sorts
  /// the points by bin, the inactive ones of a bin first (order[k] = index of the k-th point in the
  /// input). The caller stores its points and flags in that order and passes them to build().
  std::vector<std::size_t> sortIntoBins(const std::vector<double>& x, const std::vector<double>& y,
                                        const std::vector<double>& z, const std::vector<std::uint8_t>& active,
                                        double range);

  /// Builds the list for the points of the last sortIntoBins, given in its order. Point i lists j if
  /// |r_i - r_j| < range, i is active and (j > i or j is not active): each pair with an active end
  /// appears once; pairs of two inactive points are left out.
  void build(const double* x, const double* y, const double* z, const std::vector<std::uint8_t>& active);

  /// Neighbours of point i: neighbours()[begin(i)] .. neighbours()[end(i) - 1].
  std::size_t begin(std::size_t i) const { return _rowStart[i]; }
  std::size_t end(std::size_t i) const { return _rowStart[i + 1]; }
  const std::vector<std::uint32_t>& neighbours() const { return _neighbours; }
  std::size_t numPairs() const { return _neighbours.size(); }

 private:
  double _range = 0.0;
  double _origin[3] = {0, 0, 0};
  double _binWidth[3] = {1, 1, 1};
  int _bins[3] = {1, 1, 1};
  // Inactive points of bin b: _start[2b] .. _start[2b + 1] - 1, then its active ones up to _start[2b + 2].
  std::vector<std::size_t> _start;
  std::vector<std::size_t> _binOfPoint;
  std::vector<std::size_t> _rowStart;
  std::vector<std::uint32_t> _neighbours;
  /// What one thread's run of bins lists, and its scratch space.
  struct Chunk {
    std::vector<std::uint32_t> neighbours;
    std::vector<double> dist2;
    std::vector<std::uint32_t> found;
  };
  std::vector<Chunk> _chunks;
  /// Lists the rows of the points of bins [firstBin, endBin) into chunk.neighbours; _rowStart[i + 1] of
  /// those points becomes the end of row i in it.
  void buildBins(std::size_t firstBin, std::size_t endBin, const double* x, const double* y, const double* z,
                 double range2, Chunk& chunk);
};

}  // namespace mardyn
