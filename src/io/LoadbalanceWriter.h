// LoadbalanceWriter: ls1-mardyn's LoadbalanceWriter: per step and timer the shortest and longest time over the
// processes, their ratio, the imbalance 1 - mean/max and the same over a running average, written every
// writefrequency steps to outputfilename (default mardyn-LB.dat); ls1's timer names map onto this program's timers.
#pragma once

#include "config/XmlInput.h"
#include "io/OutputPlugin.h"
#include "io/StreamingFile.h"
#include "utils/Timer.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class LoadbalanceWriter : public OutputPlugin {
 public:
  /// <outputplugin name="LoadbalanceWriter"> <writefrequency/> <averageLength/> <outputfilename/>
  /// <timers><timer><name/><warninglevel/><incremental/></timer>...</timers>
  struct TimerSpec {
    std::string name;          ///< ls1's name
    double warningLevel = 0;   ///< 0: no warning
  };
  struct Settings : PluginSettings {
    unsigned long averageLength = 10;
    std::string file = "mardyn-LB.dat";
    std::vector<TimerSpec> timers;  ///< ls1's order: the listed ones, then LoadbalanceWriter_default
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);
  /// ls1's timer names this program has, and what each measures here.
  static const std::vector<std::pair<std::string, std::vector<std::string>>>& timerMap();

  LoadbalanceWriter(const Settings& settings, unsigned long writeFrequency, std::ostream& warnings);
  std::string name() const override { return "LoadbalanceWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override { _out.reset(); }

 private:
  double seconds(const SimulationView& sim, const std::string& name) const;
  void flush(const SimulationView& sim);

  Settings _s;
  unsigned long _writeFrequency;
  std::ostream& _warnings;
  Timer _step;                                ///< wall time since the last step's outputs (the default timer)
  std::vector<double> _previous;              ///< per timer: its total at the last step
  std::vector<unsigned long> _steps;          ///< recorded since the last flush
  std::vector<double> _times;                 ///< per recorded step and timer
  std::vector<double> _averaged;              ///< running averages alike
  std::deque<std::vector<double>> _window;    ///< the last averageLength steps' times
  std::unique_ptr<StreamingFile> _out;
};

}  // namespace mardyn
