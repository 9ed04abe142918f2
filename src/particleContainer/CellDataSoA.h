// CellDataSoA: structure-of-arrays copy of one cell's site data for the vectorised cell processor:
// per site kind, positions, the owning molecule's centre, site type and force accumulators.
#pragma once

#include <cstddef>
#include <vector>

namespace mardyn {

/// Site arrays of one kind of site (LJ centres here; charges, dipoles, quadrupoles get their own
/// SiteArrays with extra per-site columns beside it). Sites are stored molecule after molecule;
/// first[m] .. first[m + 1] are the sites of molecule m of the cell.
struct SiteArrays {
  std::vector<double> x, y, z;          ///< site position, space frame
  std::vector<double> cx, cy, cz;       ///< centre of mass of the owning molecule
  std::vector<int> type;                ///< global site type (InteractionParameters)
  std::vector<double> fx, fy, fz;       ///< force accumulators
  std::vector<std::size_t> first;       ///< per molecule + 1: index of its first site

  std::size_t size() const { return x.size(); }
  void clear() {
    x.clear(); y.clear(); z.clear(); cx.clear(); cy.clear(); cz.clear(); type.clear();
    fx.clear(); fy.clear(); fz.clear(); first.clear();
  }
  void push(double px, double py, double pz, double mx, double my, double mz, int t) {
    x.push_back(px); y.push_back(py); z.push_back(pz);
    cx.push_back(mx); cy.push_back(my); cz.push_back(mz);
    type.push_back(t);
    fx.push_back(0.0); fy.push_back(0.0); fz.push_back(0.0);
  }
};

struct CellDataSoA {
  std::size_t numMolecules = 0;
  std::vector<double> comX, comY, comZ;  ///< per molecule
  SiteArrays lj;                         ///< LJ 12-6 centres
  bool halo = false;
};

}  // namespace mardyn
