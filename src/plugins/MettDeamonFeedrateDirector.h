// MettDeamonFeedrateDirector: ls1-mardyn's plugin that sets MettDeamon's feed from the molecules a Meland
// mirror removes, so that the reservoir feeds in what leaves the box (a stationary evaporation).
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <deque>
#include <memory>
#include <vector>

namespace mardyn {

class MettDeamon;
class Mirror;

/// ls1's MettDeamonFeedrateDirector plugin: counts the molecules the Meland mirror `mirrorID` removes and every
/// `updateFreq` steps sets the (last) MettDeamon's feed to the mean of the last `numvals` values of
/// removed per step / (box area x-z * reservoir density); the list starts as `list` (feedrate/list, or numvals
/// copies of feedrate/init, else zeros), and its mean is the feed at the start when the director comes before
/// the MettDeamon in the XML (ls1 initialises its plugins in that order).
struct FeedrateDirectorConfig : PluginSettings {
  SettingSource source;
  long mirrorID = 100;              ///< mirror/pluginID
  unsigned long updateFreq = 1000;  ///< mirror/control/update_freq
  unsigned numvals = 1;             ///< mirror/feedrate/numvals
  std::vector<double> list;         ///< the starting list
  unsigned long writeFreq = 1000;   ///< restart/writefreq: MettDeamonFeedrateDirectorRestart_TS<step>.xml
};

class MettDeamonFeedrateDirector : public PhysicsPlugin {
 public:
  /// `box` gives the area x-z that the feed rate is measured over.
  explicit MettDeamonFeedrateDirector(FeedrateDirectorConfig config, const Vec3& box = {});
  /// Reads <plugin name="MettDeamonFeedrateDirector"> (problems go to `xml`; a second one is refused).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);
  /// What the director needs of the other plugins: the last MettDeamon and a Mirror with its pluginID.
  static void check(XmlInput& xml, const XmlNode& simulation, const SimulationConfig& config);

  /// ls1's beforeForces: adds this step's removals (this process's); after every `updateFreq` calls, sums them
  /// over the processes, appends removed-per-step * invDensityArea to the list (keeping the last numvals), sets
  /// `feed` to the list's mean and returns true. Rank 0 writes the restart file at steps s % writefreq == 0.
  bool update(unsigned long removedThisStep, double invDensityArea, const DomainDecompBase& decomp,
              unsigned long step, double& feed);
  double mean() const;
  const std::deque<double>& list() const { return _list; }
  long mirrorID() const { return _config.mirrorID; }

  std::string name() const override { return "MettDeamonFeedrateDirector"; }
  /// Finds the last MettDeamon and the first Mirror of its pluginID; when it comes before that MettDeamon
  /// (ls1 initialises its plugins in list order), a directed MettDeamon starts with the list's mean.
  void connect(const std::vector<PhysicsPlugin*>& plugins) override;
  void beforeExchange(PluginStep& s) override;

 private:
  void writeRestart(unsigned long step, int rank) const;
  FeedrateDirectorConfig _config;
  Vec3 _box;
  std::deque<double> _list;
  unsigned long _sampled = 0;
  unsigned long _removed = 0;
  MettDeamon* _deamon = nullptr;    ///< the MettDeamon it steers (none: the director does nothing)
  const Mirror* _mirror = nullptr;  ///< the mirror whose removals it counts (none: no removals)
  unsigned long _counted = 0;       ///< that mirror's removals counted so far
};

}  // namespace mardyn
