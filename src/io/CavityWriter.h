// CavityWriter: ls1-mardyn's CavityWriter: test points on a grid (the control volume's spacing over the box)
// that have at most maxNeighbours molecules within radius are cavities; every writefrequency steps after the
// equilibration one XYZ file per component id listed (<prefix>-c<id>[-<n>].cav.xyz). The molecules are counted
// where they live (MoleculeBinning: on the device under --gpu), on every process, and the counts summed.
#pragma once

#include "config/XmlInput.h"
#include "io/MoleculeBinning.h"
#include "io/OutputPlugin.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class CavityWriter : public OutputPlugin {
 public:
  /// <outputplugin name="CavityWriter"> <writefrequency/> <outputprefix/> <incremental/> <maxNeighbours/> <radius/>
  /// <Nx/><Ny/><Nz/> <ControlVolume><x0/><x1/><y0/><y1/><z0/><z1/></ControlVolume> <componentid/>...
  struct Settings : PluginSettings {
    bool incremental = true;
    int maxNeighbours = 1;
    float radius = 1.0f;
    std::array<unsigned, 3> grid{1, 1, 1};
    Vec3 lower, upper;              ///< the control volume
    std::vector<int> componentIds;  ///< as written (ls1 names the files and the element by them)
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  CavityWriter(const Settings& settings, std::string prefix, unsigned long writeFrequency, const SimulationConfig& config);
  std::string name() const override { return "CavityWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}

  /// The cavities (id, position), by id as ls1 lists them: the points of request()'s grid whose neighbour counts
  /// (summed over the processes, in the request's order) are at most maxNeighbours.
  std::vector<std::pair<long, Vec3>> cavities(const std::vector<double>& counts) const;
  /// The grid and radius for the neighbour counts (ls1's rule: no periodic images; a molecule of the point's id is
  /// not counted).
  MoleculeBinning::CavityRequest request() const;

 private:
  Settings _s;
  std::string _prefix;
  unsigned long _writeFrequency, _totalSteps, _equilibration;
  Vec3 _box;
  int _handle = -1;
};

}  // namespace mardyn
