// ParticleCell: one cell of the linked-cell grid: the molecules stored in it (owned or halo
// copies), its index in the container's cell order, its integer coordinates and its halo flag.
#pragma once

#include "molecules/Molecule.h"
#include "utils/Vec3.h"

#include <array>
#include <cstddef>
#include <vector>

namespace mardyn {

class ParticleCell {
 public:
  ParticleCell() = default;
  ParticleCell(std::size_t index, std::array<int, 3> coords, bool halo, const Vec3& boxMin, const Vec3& boxMax)
      : _index(index), _coords(coords), _halo(halo), _boxMin(boxMin), _boxMax(boxMax) {}

  /// Position of the cell in the container's cell order (x fastest, halo layers included).
  std::size_t index() const { return _index; }
  /// Integer coordinates in the grid, halo layers included (0 .. cellsPerDim-1).
  const std::array<int, 3>& coords() const { return _coords; }
  /// True for cells of the halo layers, which hold copies of molecules owned elsewhere.
  bool isHalo() const { return _halo; }
  const Vec3& boxMin() const { return _boxMin; }
  const Vec3& boxMax() const { return _boxMax; }

  std::vector<Molecule>& molecules() { return _molecules; }
  const std::vector<Molecule>& molecules() const { return _molecules; }
  std::size_t size() const { return _molecules.size(); }
  bool empty() const { return _molecules.empty(); }
  void clear() { _molecules.clear(); }
  void add(const Molecule& m) { _molecules.push_back(m); }

 private:
  std::size_t _index = 0;
  std::array<int, 3> _coords{0, 0, 0};
  bool _halo = false;
  Vec3 _boxMin, _boxMax;
  std::vector<Molecule> _molecules;
};

}  // namespace mardyn
