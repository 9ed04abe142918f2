// VTKMoleculeWriter: ls1-mardyn's VTKMoleculeWriter: every site of every molecule as a point of a VTK XML
// unstructured grid (.vtu) for ParaView, with the molecule id, component, process, site force, site number
// and site kind; under MPI one file per process and a .pvtu naming them.
#pragma once

#include "config/XmlInput.h"
#include "io/OutputPlugin.h"

#include <memory>
#include <string>

namespace mardyn {

class VTKMoleculeWriter : public OutputPlugin {
 public:
  /// <outputplugin name="VTKMoleculeWriter"> <writefrequency/> <writefrequencyOffset/> <writeInitialState/>
  /// <outputprefix/>
  struct Settings : PluginSettings {
    unsigned long frequency = 50, offset = 0;
    bool initialState = true;  ///< with an offset: also the state of step 0
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  VTKMoleculeWriter(const Settings& settings, std::string prefix);
  std::string name() const override { return "VTKMoleculeWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}

  /// ls1's number form in the data arrays: fixed with 18 decimals, trailing zeros and point removed.
  static std::string decimal(double v);

 private:
  Settings _s;
  std::string _prefix;
};

}  // namespace mardyn
