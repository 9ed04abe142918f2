// RegionSampling: ls1-mardyn's RegionSampling: cuboid regions of the box, each sampled by its modules: slab
// profiles along y ("profiles": density, temperatures, velocities, forces, pressures) and velocity or force
// distributions ("VDF", "FDF"), written as ls1's files every `frequency` steps.
#pragma once

#include "config/XmlInput.h"
#include "io/OutputPlugin.h"
#include "io/RegionProfiles.h"
#include "io/RegionVdf.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mardyn {

class RegionSampling : public OutputPlugin {
 public:
  /// <plugin name="RegionSampling"> <region> <coords> <lcx/><lcy/><lcz/> <ucx/><ucy/><ucz/> (a number or "box") </coords>
  /// <sampling type="profiles|VDF|FDF" single_component="false"> <control><start/><frequency/><stop/></control>
  /// <subdivision type="number|width"><number/><width/></subdivision>
  /// (VDF: <discretizations><discretization cid="1"><numclasses/><maxvalue/></discretization></discretizations>)
  /// </sampling> </region> ...
  struct Region {
    Vec3 lower, upper;
    std::optional<RegionProfiles::Settings> profiles;
    std::vector<RegionVdf::Settings> vdf;
  };
  struct Settings : PluginSettings {
    std::vector<Region> regions;
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  /// firstId: the number of its first region in the run (ls1 numbers the regions of every RegionSampling, from 1).
  RegionSampling(const Settings& settings, const SimulationConfig& config, int firstId);
  std::string name() const override { return "RegionSampling"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}

 private:
  std::vector<std::unique_ptr<RegionProfiles>> _profiles;
  std::vector<int> _binning;  ///< per profiles module: its sums in the view's MoleculeBinning (-1: not yet made)
  std::vector<std::unique_ptr<RegionVdf>> _vdf;
  std::vector<int> _vdfCounts;  ///< per VDF module: its counts in the view's MoleculeBinning (-1: not yet made)
  unsigned long _startStep;
};

}  // namespace mardyn
