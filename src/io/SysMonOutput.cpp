// SysMonOutput: the /proc and sysinfo readers of ls1's SysMon (kB values in bytes, as ls1 converts them), the
// expressions evaluated per process, and ls1's lines: "\t<label>\t<value>\t[<min>,<max>]", the bracket holding the
// extremes over the run; under MPI the value is the [minimum,maximum] over the processes.
#include "io/SysMonOutput.h"

#include <tinyxml2.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <ostream>
#include <sstream>

namespace mardyn {

namespace {
using Value = SysMonExpression::Value;
Value integer(long v) {
  Value x;
  x.i = v;
  return x;
}
Value real(double v) {
  Value x;
  x.isFloat = true;
  x.f = v;
  return x;
}
std::string stripped(std::string label) {
  for (auto p = label.find_first_of(" :"); p != std::string::npos; p = label.find_first_of(" :")) label.erase(p, 1);
  return label;
}
/// "label value [kB]" lines (meminfo, vmstat, and status lines starting with Vm, Rss, Hugetlb): kB in bytes.
void readLabelled(const char* file, const std::string& group, std::map<std::string, Value>& out, bool statusOnly) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string label, unit;
    long v = 0;
    if (!(is >> label)) continue;
    label = stripped(label);
    if (statusOnly && label.rfind("Vm", 0) != 0 && label.rfind("Rss", 0) != 0 && label.rfind("Hugetlb", 0) != 0) continue;
    if (!(is >> v)) continue;
    if ((is >> unit) && unit == "kB") v *= 1024;
    out[group + ":" + label] = integer(v);
  }
}
}  // namespace

const std::set<std::string>& SysMonOutput::knownGroups() {
  static const std::set<std::string> g = {"sysconf",     "sysinfo",           "procmeminfo",   "procvmstat",
                                          "procloadavg", "procselfstatm",     "procselfschedstat", "procselfsched",
                                          "procselfstatus"};
  return g;
}

std::map<std::string, Value> SysMonOutput::readVariables(const std::set<std::string>& groups) {
  std::map<std::string, Value> v;
  if (groups.count("sysconf")) {
    v["sysconf:PHYS_PAGES"] = integer(sysconf(_SC_PHYS_PAGES));
    v["sysconf:AVPHYS_PAGES"] = integer(sysconf(_SC_AVPHYS_PAGES));
    v["sysconf:PAGESIZE"] = integer(sysconf(_SC_PAGESIZE));
  }
  if (groups.count("sysinfo")) {
    struct sysinfo s{};
    if (sysinfo(&s) == 0) {
      v["sysinfo:uptime"] = integer(s.uptime);
      v["sysinfo:loads1"] = integer(static_cast<long>(s.loads[0]));
      v["sysinfo:loads5"] = integer(static_cast<long>(s.loads[1]));
      v["sysinfo:loads15"] = integer(static_cast<long>(s.loads[2]));
      v["sysinfo:totalram"] = integer(static_cast<long>(s.totalram));
      v["sysinfo:freeram"] = integer(static_cast<long>(s.freeram));
      v["sysinfo:sharedram"] = integer(static_cast<long>(s.sharedram));
      v["sysinfo:bufferram"] = integer(static_cast<long>(s.bufferram));
      v["sysinfo:totalswap"] = integer(static_cast<long>(s.totalswap));
      v["sysinfo:freeswap"] = integer(static_cast<long>(s.freeswap));
      v["sysinfo:procs"] = integer(s.procs);
      v["sysinfo:totalhigh"] = integer(static_cast<long>(s.totalhigh));
      v["sysinfo:freehigh"] = integer(static_cast<long>(s.freehigh));
      v["sysinfo:mem_unit"] = integer(s.mem_unit);
    }
  }
  if (groups.count("procmeminfo")) readLabelled("/proc/meminfo", "procmeminfo", v, false);
  if (groups.count("procvmstat")) readLabelled("/proc/vmstat", "procvmstat", v, false);
  if (groups.count("procselfstatus")) readLabelled("/proc/self/status", "procselfstatus", v, true);
  if (groups.count("procloadavg")) {
    std::ifstream in("/proc/loadavg");
    double l1, l5, l15;
    long exec = 0, exist = 0, pid = 0;
    char slash;
    if (in >> l1 >> l5 >> l15 >> exec >> slash >> exist >> pid) {
      v["procloadavg:loadavg1"] = real(l1);
      v["procloadavg:loadavg5"] = real(l5);
      v["procloadavg:loadavg15"] = real(l15);
      v["procloadavg:numschedentexec"] = integer(exec);
      v["procloadavg:numschedentexist"] = integer(exist);
    }
  }
  if (groups.count("procselfstatm")) {
    std::ifstream in("/proc/self/statm");
    long size, resident, share, text, lib, data;
    if (in >> size >> resident >> share >> text >> lib >> data) {
      v["procselfstatm:size"] = integer(size);
      v["procselfstatm:resident"] = integer(resident);
      v["procselfstatm:share"] = integer(share);
      v["procselfstatm:text"] = integer(text);
      v["procselfstatm:lib"] = integer(lib);
      v["procselfstatm:data"] = integer(data);
    }
  }
  if (groups.count("procselfschedstat")) {
    std::ifstream in("/proc/self/schedstat");
    long run, wait, tasks;
    if (in >> run >> wait >> tasks) {
      v["procselfschedstat:runningtime"] = integer(run);
      v["procselfschedstat:waitingtime"] = integer(wait);
      v["procselfschedstat:numtasks"] = integer(tasks);
    }
  }
  if (groups.count("procselfsched")) {
    std::ifstream in("/proc/self/sched");
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream is(line);
      std::string label, colon;
      double x;
      if (is >> label >> colon >> x && colon == ":") v["procselfsched:" + label] = real(x);
    }
  }
  return v;
}

std::shared_ptr<const PluginSettings> SysMonOutput::read(XmlInput& xml, const XmlNode& e, const SimulationConfig&,
                                                         OutputPluginConfig&) {
  auto s = std::make_shared<Settings>();
  for (const XmlNode& x : xml.children(e, "expression")) {
    const char* t = x.element->GetText();
    std::string error;
    auto expr = SysMonExpression::parse(t ? t : "", error);
    if (!expr) {
      xml.problem(x, "expression: " + error);
      continue;
    }
    for (const std::string& g : expr->groups())
      if (!knownGroups().count(g)) xml.problem(x, "unknown variable group '" + g + "' (expected one of sysconf, sysinfo, "
                                                  "procmeminfo, procvmstat, procloadavg, procselfstatm, "
                                                  "procselfschedstat, procselfsched, procselfstatus)");
    const std::string label = xml.attribute(x, "label").value_or(expr->text());
    s->expressions.emplace_back(label, *expr);
  }
  return s;
}

SysMonOutput::SysMonOutput(const Settings& settings, unsigned long writeFrequency, std::ostream& out)
    : _s(settings), _writeFrequency(writeFrequency ? writeFrequency : 1), _out(out) {}

void SysMonOutput::report(const std::string& header, const SimulationView& sim) {
  if (_s.expressions.empty()) return;
  std::set<std::string> groups;
  for (const auto& e : _s.expressions) groups.insert(e.second.groups().begin(), e.second.groups().end());
  const auto vars = readVariables(groups);
  std::vector<double> values;
  for (const auto& e : _s.expressions)
    values.push_back(e.second.evaluate([&](const std::string& n) -> std::optional<Value> {
      const auto it = vars.find(n);
      if (it == vars.end()) return std::nullopt;
      return it->second;
    }).asDouble());
  const SamplingView* s = sim.sampling();
  const std::vector<double> all = s && s->numProcs() > 1 ? s->allgather(values) : values;
  if (sim.rank() != 0) return;
  const std::size_t n = values.size(), p = all.size() / n;
  std::ostringstream os;
  os << header << "\n";
  for (std::size_t k = 0; k < n; ++k) {
    double lo = all[k], hi = all[k];
    for (std::size_t r = 1; r < p; ++r) {
      lo = std::min(lo, all[r * n + k]);
      hi = std::max(hi, all[r * n + k]);
    }
    if (_first) {
      _peakMax.assign(n, -std::numeric_limits<double>::infinity());
      _peakMin.assign(n, std::numeric_limits<double>::infinity());
      _first = false;
    }
    _peakMax[k] = std::max(_peakMax[k], hi);
    _peakMin[k] = std::min(_peakMin[k], lo);
    os << "\t" << _s.expressions[k].first << "\t";
    if (p > 1) os << "[" << lo << "," << hi << "]";
    else os << values[k];
    os << "\t[" << _peakMin[k] << "," << _peakMax[k] << "]\n";
  }
  _out << os.str() << std::flush;
}

void SysMonOutput::init(const SimulationView& sim) { report("System Monitor (initial)", sim); }

void SysMonOutput::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (step % _writeFrequency == 0) report("System Monitor (simulation step " + std::to_string(step) + ")", sim);
}

void SysMonOutput::finish(unsigned long, double, const SimulationView& sim) { report("System Monitor (final)", sim); }

}  // namespace mardyn
