// LinkedCells: a regular grid of cells at least cutoff/cellsInCutoffRadius wide over the owned
// region, surrounded by cellsInCutoffRadius halo layers; traverses neighbour cell pairs once each.
#pragma once

#include "particleContainer/ParticleCell.h"
#include "particleContainer/ParticleContainer.h"

#include <array>
#include <vector>

namespace mardyn {

class LinkedCells : public ParticleContainer {
 public:
  /// Owned region [boxMin, boxMax); cells of width >= cutoff / cellsInCutoffRadius.
  /// Throws MardynException if the region is narrower than the cutoff in any direction.
  LinkedCells(const Vec3& boxMin, const Vec3& boxMax, double cutoff, int cellsInCutoffRadius = 1);

  const Vec3& boundingBoxMin() const override { return _boxMin; }
  const Vec3& boundingBoxMax() const override { return _boxMax; }
  double cutoff() const override { return _cutoff; }
  double haloWidth() const override;

  void rebuild(const Vec3& boxMin, const Vec3& boxMax) override;
  void addParticle(const Molecule& m) override;
  void addHaloParticle(const Molecule& m) override;
  void deleteHaloParticles() override;
  void update() override;
  std::size_t removeIf(const std::function<bool(Molecule&)>& remove) override;
  std::vector<Molecule> extractLeavingParticles() override;
  void traverseCells(CellProcessor& processor) override;
  std::size_t numOwnedParticles() const override;
  std::size_t numHaloParticles() const override;
  void forEach(const std::function<void(Molecule&)>& f, IterateOver which = IterateOver::Owned) override;
  void forEach(const std::function<void(const Molecule&)>& f, IterateOver which = IterateOver::Owned) const override;
  void forEachRun(const std::function<void(Molecule* first, std::size_t n)>& f,
                  IterateOver which = IterateOver::Owned) override;
  void forEachRun(const std::function<void(const Molecule* first, std::size_t n)>& f,
                  IterateOver which = IterateOver::Owned) const override;
  void forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                       IterateOver which = IterateOver::Owned) const override;

  // Grid data, for decorators that replace the traversal (e.g. on a GPU).
  int cellsInCutoffRadius() const { return _haloLayers; }
  /// Cells per dimension, halo layers included.
  const std::array<int, 3>& cellsPerDim() const { return _cellsPerDim; }
  const Vec3& cellLength() const { return _cellLength; }
  /// Cells in order: index = x + nx * (y + ny * z), halo included.
  std::vector<ParticleCell>& cells() { return _cells; }
  const std::vector<ParticleCell>& cells() const { return _cells; }
  std::size_t cellIndex(int x, int y, int z) const {
    return static_cast<std::size_t>(x) + _cellsPerDim[0] * (static_cast<std::size_t>(y) + _cellsPerDim[1] * z);
  }
  /// Cell index of a position (halo included); throws MardynException outside the halo.
  std::size_t cellIndexOf(const Vec3& r) const;
  /// Forward half of the neighbour stencil: offsets (dx, dy, dz) with the first non-zero one
  /// positive, restricted to cell pairs whose closest points lie within the cutoff.
  const std::vector<std::array<int, 3>>& forwardNeighbourOffsets() const { return _forwardOffsets; }
  /// Prefix sums of the molecule counts in cell order (size numCells + 1): where each cell's
  /// molecules start when the cells are laid out one after another.
  std::vector<std::size_t> cellStartIndices() const;

 private:
  void buildGrid();
  bool inOwnedRegion(const Vec3& r) const;

  Vec3 _boxMin, _boxMax;
  double _cutoff;
  int _haloLayers;
  std::array<int, 3> _cellsPerDim{0, 0, 0};
  Vec3 _cellLength;
  Vec3 _haloMin, _haloMax;
  std::vector<ParticleCell> _cells;
  std::vector<std::array<int, 3>> _forwardOffsets;
  std::vector<Molecule> _leaving;
};

}  // namespace mardyn
