// RegionVdf: the "VDF" (or "FDF") sampling of one ls1 RegionSampling region: per slab along y, per component
// class histograms of |v| and of each component of v (or F) split by the signs of v_y and v_d (counted where the
// molecules live: MoleculeBinning::accumulateVdf), written every `frequency` steps as ls1's binary VDF files (two
// 4-byte counts, then 8-byte counts) and the classes and slab coordinates as text.
#pragma once

#include "io/MoleculeBinning.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mardyn {

class RegionVdf {
 public:
  struct Settings {
    unsigned long start = 0, frequency = 1, stop = ~0ul;
    bool force = false;            ///< FDF: the force instead of the velocity
    bool singleComponent = false;
    bool byWidth = false;
    double width = 0.0;
    unsigned bins = 1;
    /// Per component slot (0: all, c: component c), the classes and the largest value, or 0 classes: not sampled.
    std::vector<std::pair<unsigned, double>> classes;
  };
  RegionVdf(const Settings& s, int id, double lowerY, double height);

  bool samples(unsigned long step) const { return step > _s.start && step <= _s.stop; }
  bool writes(unsigned long step, unsigned long startStep) const {
    return samples(step) && (step - _s.start) % _s.frequency == 0 && step != startStep;
  }
  /// What MoleculeBinning counts for this sampling (where the molecules live).
  MoleculeBinning::VdfRequest request() const;
  std::vector<double>& sums() { return _sums; }
  void reset() { std::fill(_sums.begin(), _sums.end(), 0.0); }
  /// ls1's files of `step`: name -> content.
  std::vector<std::pair<std::string, std::string>> files(unsigned long step) const;

 private:
  Settings _s;
  int _id;
  double _lowerY, _binWidth;
  unsigned _bins;
  std::vector<std::size_t> _offset;  ///< per slot: first value of its block
  std::size_t _numVals = 0;
  std::vector<double> _sums;         ///< 12 histograms of _numVals counts (MoleculeBinning::takeVdf's)
};

}  // namespace mardyn
