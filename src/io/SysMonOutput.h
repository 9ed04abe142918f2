// SysMonOutput: ls1-mardyn's system monitor: expressions over the memory, load and scheduling figures of /proc
// and sysinfo, printed with their minimum and maximum over the run at the start, every writefrequency steps and
// at the end, as ls1 prints them.
#pragma once

#include "config/XmlInput.h"
#include "io/OutputPlugin.h"
#include "io/SysMonExpression.h"

#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mardyn {

class SysMonOutput : public OutputPlugin {
 public:
  /// <outputplugin name="SysMonOutput"> <writefrequency/> <expression label="...">RPN</expression> ...
  struct Settings : PluginSettings {
    std::vector<std::pair<std::string, SysMonExpression>> expressions;  ///< label (text if none), expression
  };
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& element, const SimulationConfig& config,
                                                    OutputPluginConfig& plugin);

  /// out: where rank 0 prints (the terminal).
  SysMonOutput(const Settings& settings, unsigned long writeFrequency, std::ostream& out);
  std::string name() const override { return "SysMonOutput"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// The variables of `groups` as they are now (group:name -> value): sysconf, sysinfo, procmeminfo, procvmstat,
  /// procloadavg, procselfstatm, procselfschedstat, procselfsched, procselfstatus.
  static std::map<std::string, SysMonExpression::Value> readVariables(const std::set<std::string>& groups);
  static const std::set<std::string>& knownGroups();

 private:
  /// Collective: evaluates the expressions on every process and prints on rank 0.
  void report(const std::string& header, const SimulationView& sim);

  Settings _s;
  unsigned long _writeFrequency;
  std::ostream& _out;
  std::vector<double> _peakMax, _peakMin;
  bool _first = true;
};

}  // namespace mardyn
