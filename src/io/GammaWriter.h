// GammaWriter: ls1-mardyn's GammaWriter: the surface tension of planar interfaces normal to y from ls1's
// per-molecule virial, gamma = sum (Vi_y - (Vi_x + Vi_z)/2) / (L_x L_z numInterfaces), per component and in
// total, averaged over the writefrequency steps, one row per writefrequency steps.
#pragma once

#include "config/XmlInput.h"
#include "io/MoleculeBinning.h"
#include "io/OutputPlugin.h"
#include "io/StreamingFile.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class GammaWriter : public OutputPlugin {
 public:
  /// <outputplugin name="GammaWriter"> <writefrequency/> <outputprefix/> <numInterfaces/> <range><ymin/><ymax/></range>
  struct Settings : PluginSettings {
    unsigned long frequency = 5000;
    unsigned numInterfaces = 2;
    double ymin = 0.0, ymax = 0.0;  ///< molecules with ymin <= y <= ymax count (ymax: the box's height)
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  GammaWriter(const Settings& settings, std::string file, const SimulationConfig& config);
  std::string name() const override { return "GammaWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override { _out.reset(); }

  /// What every step sums over the molecules: Vi_y - (Vi_x + Vi_z)/2 of those in range, in total and per component.
  MoleculeBinning::Request request() const;

 private:
  Settings _s;
  std::string _file;
  Vec3 _box;
  std::size_t _components;
  unsigned long _startStep;
  int _binning = -1;  ///< the sums in the view's MoleculeBinning
  std::unique_ptr<StreamingFile> _out;
};

}  // namespace mardyn
