// CMAPTorsionForce: correction maps E(phi, psi) of pairs of torsions (CHARMM CMAP). A map of size n holds
// energy[i + n*j] (kJ/mol) at phi = i*2pi/n, psi = j*2pi/n; between grid points it is interpolated by bicubic
// patches whose slopes and cross derivatives come from periodic splines of the map.
#pragma once

#include "openmm/Force.h"

#include <vector>

namespace OpenMM {

class CMAPTorsionForce : public Force {
public:
  CMAPTorsionForce() { setName("CMAPTorsionForce"); }
  int getNumMaps() const { return static_cast<int>(_maps.size()); }
  int getNumTorsions() const { return static_cast<int>(_torsions.size()); }
  /** Adds a size x size map (energy.size() must be size*size); returns its index. */
  int addMap(int size, const std::vector<double>& energy);
  void getMapParameters(int index, int& size, std::vector<double>& energy) const;
  void setMapParameters(int index, int size, const std::vector<double>& energy);
  /** Adds the pair of torsions a1-a2-a3-a4 (phi) and b1-b2-b3-b4 (psi) that map `map` couples. */
  int addTorsion(int map, int a1, int a2, int a3, int a4, int b1, int b2, int b3, int b4);
  void getTorsionParameters(int index, int& map, int& a1, int& a2, int& a3, int& a4, int& b1, int& b2, int& b3,
                            int& b4) const;
  void setTorsionParameters(int index, int map, int a1, int a2, int a3, int a4, int b1, int b2, int b3, int b4);
  /** Copies changed maps and torsion parameters into a Context (the number of torsions must not change). */
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct MapInfo {
    int size;
    std::vector<double> energy;
  };
  struct TorsionInfo {
    int map;
    int particles[8];
  };
  std::vector<MapInfo> _maps;
  std::vector<TorsionInfo> _torsions;
  bool _usePeriodic = false;
};

} // namespace OpenMM
