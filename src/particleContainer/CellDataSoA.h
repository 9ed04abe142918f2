// CellDataSoA: structure-of-arrays copy of one cell's site data for the vectorised cell processor:
// per site kind, positions, the owning molecule's centre, site type and force accumulators.
#pragma once

#include <cstddef>
#include <vector>

namespace mardyn {

/// Site arrays of one kind of site (LJ centres here; charges, dipoles, quadrupoles get their own
/// SiteArrays with extra per-site columns beside it). Sites are stored molecule after molecule;
/// first[m] .. first[m + 1] are the sites of molecule m of the cell. Positions and lever arms, and the
/// forces, are records per site (a molecule's sites share few cache lines when a neighbour list
/// gathers them); the pair loops get them packed by column.
struct SiteArrays {
  std::vector<double> rec;              ///< per site: x, y, z (space frame), then the lever arm site - centre of mass
  std::vector<double> f;                ///< per site: force accumulator x, y, z
  std::vector<int> type;                ///< global site type (InteractionParameters)
  std::vector<std::size_t> first;       ///< per molecule + 1: index of its first site

  static constexpr std::size_t recSize = 6;
  std::size_t size() const { return type.size(); }
  void clear() {
    rec.clear(); f.clear(); type.clear(); first.clear();
  }
  void push(double px, double py, double pz, double mx, double my, double mz, int t) {
    rec.insert(rec.end(), {px, py, pz, px - mx, py - my, pz - mz});
    f.insert(f.end(), {0.0, 0.0, 0.0});
    type.push_back(t);
  }
};

struct CellDataSoA {
  std::size_t numMolecules = 0;
  std::vector<double> comX, comY, comZ;  ///< per molecule
  SiteArrays lj;                         ///< LJ 12-6 centres
  bool halo = false;
};

}  // namespace mardyn
