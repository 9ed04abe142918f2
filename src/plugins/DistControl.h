// DistControl: ls1-mardyn's DistControl plugin: the positions of the two interfaces of a liquid slab along y,
// from the number density profile in bins of the box's height (per component and for all), which regional
// thermostats and mirrors follow.
#pragma once

#include "io/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

class DistControl {
 public:
  DistControl(DistControlConfig config, std::size_t numComponents, const Vec3& box);

  /// ls1's init: with init type startconfig, samples the start configuration and evaluates it; otherwise
  /// the positions are the configured values.
  void init(const ParticleContainer& container, const DomainDecompBase& decomp);
  /// ls1's beforeForces: samples the owned molecules, and at steps s % update == 0 (s > 1) evaluates the
  /// sampled profiles and starts a new sample. Returns whether the positions were evaluated.
  bool beforeForces(const ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step);

  /// The control log (filenames/control) as ls1 writes its first three columns: a header line at init,
  /// then "step left right" at step 0 and at every step s % update == 0 (rank 0 writes).
  void writeLog(unsigned long step, int rank, bool header) const;

  double left() const { return _left; }
  double right() const { return _right; }

  /// The evaluation on a density profile (bins of `width`, bin midpoints at (s + 1/2) width), as ls1 does it:
  /// method denderiv: the profile is averaged over windows of `smooth` neighbours and differentiated by a
  /// least-squares slope over windows of `derivate` neighbours (windows cut at the ends as ls1 cuts them);
  /// left is the midpoint of the bin of the largest slope, right that of the smallest. Method density:
  /// each interface is where the profile crosses the middle between its minimum and maximum (left from the
  /// lower half of the bins, right from the upper), interpolated linearly; a position without crossing is kept.
  static void evaluate(const DistControlConfig& c, const std::vector<double>& density, double width, double boxY,
                       double& left, double& right);
  /// ls1's smoothing and derivative windows (exposed for the tests).
  static std::vector<double> smoothed(const std::vector<double>& y, unsigned neighbours);
  static std::vector<double> slopes(const std::vector<double>& x, const std::vector<double>& y, unsigned neighbours);

 private:
  void sample(const ParticleContainer& container);
  void evaluateSample(const DomainDecompBase& decomp);

  DistControlConfig _config;
  std::size_t _numComponents;
  double _width, _binVolume, _boxY;
  std::vector<double> _counts;  ///< [component + 1 (0: all)][bin], this rank's since the last evaluation
  double _left, _right;
};

}  // namespace mardyn
