// RDF: ls1-mardyn's RDF: radial distribution functions of the molecule centres per pair of components (and of
// their sites where a pair has more than two), sampled every samplingfrequency steps after the equilibration
// and written every writefrequency steps with the running accumulation (<prefix>_i-j.<step>.rdf). The pairs are
// counted where the molecules live (MoleculeBinning: on the device under --gpu), on every process; the counts are
// summed when a file is written.
#pragma once

#include "config/XmlInput.h"
#include "io/MoleculeBinning.h"
#include "io/OutputPlugin.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class RDF : public OutputPlugin {
 public:
  /// <outputplugin name="RDF"> <writefrequency/> <samplingfrequency/> <outputprefix/> <bins/> <intervallength/>
  struct Settings : PluginSettings {
    unsigned long writeFrequency = 1, samplingFrequency = 1;
    unsigned bins = 1;
    double interval = 1.0;
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  RDF(const Settings& settings, std::string prefix, const SimulationConfig& config);
  std::string name() const override { return "RDF"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override {}

  /// The file of components i <= j from the current and accumulated counts.
  std::string file(unsigned i, unsigned j) const;

 private:
  Settings _s;
  std::string _prefix;
  double _volume;
  unsigned long _equilibration;
  std::vector<const Component*> _components;
  MoleculeBinning::RdfRequest _request;  ///< the pairs closer than the cutoff, counted where the molecules live
  MoleculeBinning::RdfLayout _layout;
  int _handle = -1;
  std::size_t _values = 0;
  std::vector<double> _current, _accumulated;   ///< histograms: sampled since the last write, and over the run
  std::vector<double> _count, _countAccumulated; ///< molecules per component summed over the samples
  unsigned long _samples = 0, _samplesAccumulated = 0;
};

}  // namespace mardyn
