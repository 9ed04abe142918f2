// SpatialProfile: ls1-mardyn's SpatialProfile: density, velocity, temperature and virial profiles on a
// Cartesian grid over the box or on cylinder shells (equal volumes in r^2, slabs in h and sectors in phi) about
// the box's vertical axis, recorded every `recording` steps and written every writefrequency steps as ls1's
// profile files (.NDpr, .VAbspr, .V3Dpr, _1D-Y.Vipr, .Vipr, .Temppr). ls1's DomainProfiles runs as one too.
#pragma once

#include "config/XmlInput.h"
#include "io/MoleculeBinning.h"
#include "io/OutputPlugin.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class SpatialProfile : public OutputPlugin {
 public:
  /// <plugin name="SpatialProfile"> <mode>cartesian|cylinder</mode> <x/><y/><z/> (or <r/><h/><phi/>) <writefrequency/>
  /// <timesteps><init/><recording/></timesteps> <outputprefix/> <profiledComponent>all|N</profiledComponent>
  /// <profiles><density/><temperature/><velocity/><velocity3d/><virial/><virial2D/></profiles>
  struct Settings : PluginSettings {
    bool cylinder = false;
    std::array<double, 3> units{1, 1, 1};  ///< bins along x, y, z (or r, h, phi)
    unsigned profiledComponent = 0;        ///< 0: all, else the 1-based component
    bool density = false, velocity = false, velocity3d = false, temperature = false, virial = false, virial2D = false;
    unsigned long frequency = 1, init = 0, recording = 1;
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);
  /// ls1's DomainProfiles (units/x,y,z, timesteps, options/option[@keyword=profileVirial], components/component[@id]),
  /// which ls1 itself maps to a plugin it does not have, as a Cartesian SpatialProfile.
  static std::shared_ptr<const PluginSettings> readDomainProfiles(XmlInput& xml, const XmlNode& element,
                                                                  const SimulationConfig& config, OutputPluginConfig& plugin);

  SpatialProfile(const Settings& settings, std::string prefix, const SimulationConfig& config);
  std::string name() const override { return "SpatialProfile"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}

  /// What a record sums over the molecules: ls1's bins (getCartesianUID / getCylUID) as a MoleculeBinning request.
  MoleculeBinning::Request request() const;
  unsigned long bins() const { return _uIDs; }
  /// The profile files of one write: name -> content, from global sums (count, |v|, v, kinetic, DOF, virial per bin).
  std::vector<std::pair<std::string, std::string>> files(unsigned long step, unsigned long datasets,
                                                         const std::vector<double>& sums, double temperature) const;

 private:
  Settings _s;
  std::string _prefix;
  Vec3 _box;
  std::array<double, 3> _inv{};  ///< bins per unit length (r: per unit r^2, phi: per radian)
  unsigned long _uIDs = 0;
  double _segmentVolume = 0.0;
  unsigned long _datasets = 0;
  int _binning = -1;  ///< the records' sums in the view's MoleculeBinning
  std::vector<double> _sums;  ///< per bin: count, |v|, v (3), kinetic, DOF, virial (3): 10 values
};

}  // namespace mardyn
