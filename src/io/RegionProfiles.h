// RegionProfiles: the "profiles" sampling of one ls1 RegionSampling region: slabs along y, per component and
// for all molecules, for all of them and for those moving up (v_y >= 0) and down (v_y <= 0): numbers, rotational
// degrees of freedom, kinetic energies, velocities, forces and ls1's per-molecule virial, written every
// `frequency` steps as ls1's scalquant_/vectquant_ files.
#pragma once

#include "io/MoleculeBinning.h"

#include <string>
#include <vector>

namespace mardyn {

class RegionProfiles {
 public:
  struct Settings {
    unsigned long start = 0, frequency = 1, stop = ~0ul;
    bool singleComponent = false;  ///< every molecule counts as component 1 (ls1's single_component)
    bool byWidth = false;          ///< subdivision type width (else number)
    double width = 0.0;
    unsigned bins = 1;
  };
  /// id: the region's number in the run (1-based, in XML order over every RegionSampling); lowerY, height: the
  /// region along y; area: L_x L_z of the box; masses: per component.
  RegionProfiles(const Settings& s, int id, double lowerY, double height, double area, const std::vector<double>& masses);

  bool samples(unsigned long step) const { return step > _s.start && step <= _s.stop; }
  bool writes(unsigned long step, unsigned long startStep) const {
    return samples(step) && (step - _s.start) % _s.frequency == 0 && step != startStep;
  }
  /// What the region's slabs sum over the molecules (MoleculeBinning, with ls1's per-molecule virial Vi).
  MoleculeBinning::Request request() const;
  /// Adds binned sums of request() to the local sums.
  void addBinned(const std::vector<double>& binned);
  /// The local sums (to be reduced over the processes) and their reset.
  std::vector<double>& sums() { return _sums; }
  void reset();
  /// The three scalquant_ and three vectquant_ files of `step` (file name -> content) from the global sums.
  std::vector<std::pair<std::string, std::string>> files(unsigned long step) const;

  unsigned bins() const { return _bins; }
  double binWidth() const { return _binWidth; }

 private:
  std::size_t scalar(unsigned dir, unsigned cid, unsigned bin) const { return (dir * _nc + cid) * _bins + bin; }
  std::size_t vector(unsigned dim, unsigned dir, unsigned cid, unsigned bin) const {
    return _nScalar * dim + scalar(dir, cid, bin);
  }

  Settings _s;
  int _id;
  double _lowerY, _binWidth, _binVolume;
  unsigned _bins, _nc;            ///< bins; component slots (0: all molecules)
  std::size_t _components;        ///< components of the run
  std::vector<double> _mass;      ///< per slot
  std::size_t _nScalar;
  std::vector<double> _sums;      ///< count, rotDof, 2 E_rot (scalar blocks), then v, v^2, F, virial (vector blocks)
};

}  // namespace mardyn
