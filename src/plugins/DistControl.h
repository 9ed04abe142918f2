// DistControl: ls1-mardyn's DistControl plugin: the positions of the two interfaces of a liquid slab along y,
// from the number density profile in bins of the box's height (per component and for all), which regional
// thermostats and mirrors follow.
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn {

/// ls1's DistControl plugin (<plugin name="DistControl">): tracks the two interfaces of a liquid slab along y
/// from the density profile (bins of the box's height), sampled every step before the forces and evaluated
/// every `update` steps (not at steps 0 and 1); TemperatureControl regions (coords/*@refcoordsID 1 or 2) and
/// mirrors (position/refID 1 or 2) are placed relative to the left (1) or right (2) interface.
struct DistControlConfig : PluginSettings {
  SettingSource source;
  unsigned long update = 5000;     ///< control/update
  unsigned bins = 0;               ///< bins along y (subdivision: number, or round(L_y / width))
  enum class Init { StartConfig, Values, File } init = Init::StartConfig;
  double left = 10.0, right = 20.0;  ///< init/values (ls1's defaults 10, 20 otherwise)
  enum class Method { Density, DensityDerivative } method = Method::DensityDerivative;
  unsigned component = 0;          ///< method/componentID: 0 all, else 1-based
  unsigned smooth = 2, derivate = 2;  ///< method/neighbourvals[@algorithm=smooth|derivate]
  std::string logFile = "DistControl.dat";  ///< filenames/control: step, left, right at step 0 and every update
};

class DistControl : public PhysicsPlugin {
 public:
  DistControl(DistControlConfig config, std::size_t numComponents, const Vec3& box);
  /// Reads <plugin name="DistControl"> (problems go to `xml`; a second one is refused).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// ls1's init: with init type startconfig, samples the start configuration and evaluates it; otherwise
  /// the positions are the configured values.
  void init(const ParticleContainer& container, const DomainDecompBase& decomp);
  /// ls1's beforeForces: samples the owned molecules, and at steps s % update == 0 (s > 1) evaluates the
  /// sampled profiles and starts a new sample. Returns whether the positions were evaluated.
  bool update(const ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step);
  /// Whether update() evaluates at `step`.
  bool evaluatesAt(unsigned long step) const { return step % _config.update == 0 && step > 1; }

  /// The control log (filenames/control) as ls1 writes its first three columns: a header line at init,
  /// then "step left right" at step 0 and at every step s % update == 0 (rank 0 writes).
  void writeLog(unsigned long step, int rank, bool header) const;

  double left() const { return _left; }
  double right() const { return _right; }
  const DistControlConfig& config() const { return _config; }

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

  std::string name() const override { return "DistControl"; }
  /// The plugins that follow the interfaces: every other plugin of the run is told where they are.
  void connect(const std::vector<PhysicsPlugin*>& plugins) override;
  void init(PluginStep& s) override;
  void beforeForces(PluginStep& s) override;

 private:
  void sample(const ParticleContainer& container);
  void evaluateSample(const DomainDecompBase& decomp);
  void placeFollowers() const;

  DistControlConfig _config;
  std::size_t _numComponents;
  double _width, _binVolume, _boxY;
  std::vector<double> _counts;  ///< [component + 1 (0: all)][bin], this rank's since the last evaluation
  double _left, _right;
  std::vector<PhysicsPlugin*> _followers;
};

}  // namespace mardyn
