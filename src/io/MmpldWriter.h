// MmpldWriter: ls1-mardyn's MmpldWriter: particle frames for MegaMol in the MMPLD format (versions 1.0 and
// 1.2), one sphere list per component (type "simple") or per LJ centre of every component ("multi").
#pragma once

#include "config/XmlInput.h"
#include "io/OutputPlugin.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class MmpldWriter : public OutputPlugin {
 public:
  /// <outputplugin name="MmpldWriter" type="simple|multi" ctype="0|4"> <writecontrol> <start/> <writefrequency/>
  /// <stop/> <framesperfile/> </writecontrol> <mmpldversion>100|102</mmpldversion> <outputprefix/>
  /// <spheres> <site> <radius/> <color><r/><g/><b/><alpha/></color> </site> ... </spheres>
  struct Settings : PluginSettings {
    bool multi = false;                   ///< one list per LJ centre instead of per component
    std::uint8_t colorType = 0;           ///< 0: a colour per list; 4: three floats per sphere (ls1: the velocity)
    std::uint64_t start = 0, frequency = 1000, stop = ~std::uint64_t(0), framesPerFile = 0;
    std::uint16_t version = 100;          ///< 100 or 102 (frames carry the time)
    std::string prefix = "unknown";
    std::vector<float> radius;            ///< per sphere type
    std::vector<std::array<std::uint8_t, 4>> rgba;
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  MmpldWriter(const Settings& settings, const SimulationConfig& config);
  ~MmpldWriter() override;
  std::string name() const override { return "MmpldWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// prefix_NNNN.mmpld (N from 1, one number per file).
  std::string fileName() const;

 private:
  void openFile();
  void writeFrame(const std::vector<Molecule>& molecules, double time);

  Settings _s;
  Vec3 _box;
  std::vector<unsigned> _sphereOffset;  ///< per component: its first sphere type (multi) or its id (simple)
  unsigned _sphereTypes = 0;
  unsigned long _fileCount = 1;
  std::uint32_t _frames = 0;            ///< frames in the current file
  std::vector<std::uint64_t> _seek;     ///< offsets of the frames, and of the end
  std::FILE* _file = nullptr;
};

}  // namespace mardyn
