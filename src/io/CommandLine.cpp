// CommandLine: option table (name, short name, value name, help, what it sets). Adding an option is
// one entry in optionTable().
#include "io/CommandLine.h"

#include "config/XmlInput.h"
#include "utils/SimdLevel.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <sstream>

namespace mardyn {

namespace {
using Options = CommandLine::Options;
using UsageError = CommandLine::UsageError;

struct OptionSpec {
  const char* name;       ///< long name without "--"
  char shortName;         ///< 0 if none
  const char* valueName;  ///< nullptr for a flag
  const char* help;
  std::function<void(Options&, const std::string&)> set;
};

unsigned long toCount(const std::string& option, const std::string& v, bool allowZero) {
  const auto n = parseLong(v);
  if (!n || *n < 0 || (!allowZero && *n == 0))
    throw UsageError("option --" + option + ": '" + v + "' is not a " + (allowZero ? "non-negative" : "positive") +
                     " integer");
  return static_cast<unsigned long>(*n);
}

std::string oneOf(const std::string& option, const std::string& v, const std::vector<std::string>& allowed) {
  for (const auto& a : allowed)
    if (a == v) return v;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  throw UsageError("option --" + option + ": '" + v + "' is not one of " + list);
}

const std::vector<OptionSpec>& optionTable() {
  static const std::vector<OptionSpec> table = {
      {"steps", 'n', "N", "last time step (overrides run/production/steps; a restart from step S runs S+1..N)",
       [](Options& o, const std::string& v) { o.steps = toCount("steps", v, true); }},
      {"output-prefix", 'p', "P", "prefix of every output file (overrides the plugins' outputprefix)",
       [](Options& o, const std::string& v) { o.outputPrefix = v; }},
      {"final-checkpoint", 0, "0|1", "write P.restart.dat at the end (default 1)",
       [](Options& o, const std::string& v) { o.finalCheckpoint = oneOf("final-checkpoint", v, {"0", "1"}) == "1"; }},
      {"legacy-cell-processor", 0, nullptr, "use the plain reference cell processor instead of the fast one",
       [](Options& o, const std::string&) { o.legacyCellProcessor = true; }},
      {"cpu-cell-processor", 0, "verlet-list|multi-site-verlet-list|single-centre|vectorized|legacy",
       "CPU cell processor (default: the first of these that fits the system; legacy only when named)",
       [](Options& o, const std::string& v) {
         o.cpuCellProcessor = oneOf("cpu-cell-processor", v,
                                      {"verlet-list", "multi-site-verlet-list", "single-centre", "vectorized", "legacy"});
       }},
      {"simd", 0, "sse2|avx2|avx512", "instruction-set variant of the CPU pair kernels (default: the best the CPU has)",
       [](Options& o, const std::string& v) {
         const auto level = parseSimdLevel(oneOf("simd", v, {"sse2", "avx2", "avx512"}));
         if (!cpuSupports(*level)) throw UsageError("option --simd " + v + ": " + unsupportedReason(*level));
         o.simd = v;
       }},
      {"verlet-skin", 0, "X", "Verlet-list skin (overrides datastructure/skin; 0: no list)",
       [](Options& o, const std::string& v) {
         char* end = nullptr;
         const double skin = std::strtod(v.c_str(), &end);
         if (v.empty() || *end != '\0' || !(skin >= 0) || skin > 1e300)
           throw UsageError("option --verlet-skin: '" + v + "' is not a number >= 0");
         o.verletSkin = skin;
       }},
      {"full-exchange", 0, nullptr,
       "migrate molecules and make new halo copies at every step (default with a Verlet list: only when it is "
       "rebuilt; in between the halo copies follow their originals' positions)",
       [](Options& o, const std::string&) { o.fullExchange = true; }},
      {"newton", 0, "on|off|auto",
       "under mpirun, compute each pair across a process face on one process and send the forces back "
       "(Newton's third law; where the halo copies follow their originals), or on both at half weight "
       "(default auto: on for multi-site molecules, off for single-centre LJ)",
       [](Options& o, const std::string& v) {
         const std::string w = oneOf("newton", v, {"on", "off", "auto"});
         o.newton = w == "auto" ? std::nullopt : std::optional<bool>(w == "on");
         o.newtonGiven = true;
       }},
      {"print-interval", 'i', "N", "print the Simstep line every N steps (default 1, 0 = never)",
       [](Options& o, const std::string& v) { o.printInterval = toCount("print-interval", v, true); }},
      {"quiet", 'q', nullptr, "no per-step lines, no progress line, no summary",
       [](Options& o, const std::string&) { o.quiet = true; }},
      {"gpu", 0, nullptr, "compute forces on a GPU (LinkedCellsGPUDecorator)",
       [](Options& o, const std::string&) { o.gpu = true; }},
      {"gpu-backend", 0, "cuda|opencl[:N]", "GPU backend, optionally device N (default: first available); implies --gpu",
       [](Options& o, const std::string& v) {
         const auto colon = v.find(':');
         oneOf("gpu-backend", v.substr(0, colon), {"cuda", "opencl"});
         if (colon != std::string::npos && !parseLong(v.substr(colon + 1)))
           throw UsageError("option --gpu-backend: device '" + v.substr(colon + 1) + "' is not a number");
         o.gpuBackend = v;
         o.gpu = true;
       }},
      {"cell-processor", 0, "reference|threadblock|warpblock|warpblockcached|verletlist|auto",
       "GPU cell processor (any case; auto: the fastest, timed on the first step); implies --gpu",
       [](Options& o, const std::string& v) {
         std::string name = v;
         std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
         o.cellProcessor =
             oneOf("cell-processor", name, {"reference", "threadblock", "warpblock", "warpblockcached", "verletlist", "auto"});
         o.gpu = true;
       }},
      {"precision", 0, "single|mixed|double", "GPU floating-point precision; implies --gpu",
       [](Options& o, const std::string& v) { o.precision = oneOf("precision", v, {"single", "mixed", "double"}); o.gpu = true; }},
      {"gpu-option", 0, "key=value", "further GPU setting, repeatable (e.g. compareToCpu=1); implies --gpu",
       [](Options& o, const std::string& v) {
         const auto eq = v.find('=');
         if (eq == std::string::npos || eq == 0) throw UsageError("option --gpu-option: '" + v + "' is not key=value");
         o.gpuOptions.emplace_back(v.substr(0, eq), v.substr(eq + 1));
         o.gpu = true;
       }},
      {"help", 'h', nullptr, "print this help and exit", [](Options& o, const std::string&) { o.help = true; }},
      {"version", 'V', nullptr, "print the version and exit", [](Options& o, const std::string&) { o.version = true; }},
  };
  return table;
}
}  // namespace

std::string CommandLine::usage() {
  std::ostringstream os;
  os << "Usage: mardyn [options] config.xml\n\nRuns the molecular-dynamics simulation described by an ls1-mardyn XML "
        "configuration.\n\nOptions:\n";
  for (const auto& o : optionTable()) {
    std::string left = "  ";
    left += o.shortName ? std::string("-") + o.shortName + ", " : "    ";
    left += std::string("--") + o.name;
    if (o.valueName) left += std::string(" ") + o.valueName;
    os << left;
    if (left.size() >= 44) os << "\n" << std::string(44, ' ');
    else os << std::string(44 - left.size(), ' ');
    os << o.help << "\n";
  }
  return os.str();
}

CommandLine::Options CommandLine::parse(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return parse(args);
}

CommandLine::Options CommandLine::parse(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::string> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 2 || a[0] != '-') {
      positional.push_back(a);
      continue;
    }
    if (a == "--") {
      positional.insert(positional.end(), args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    }
    std::string name, value;
    bool hasValue = false;
    const OptionSpec* spec = nullptr;
    if (a[1] == '-') {
      name = a.substr(2);
      const auto eq = name.find('=');
      if (eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        hasValue = true;
      }
      for (const auto& s : optionTable())
        if (name == s.name) spec = &s;
    } else {
      name = a.substr(1, 1);
      if (a.size() > 2) {
        value = a.substr(2);
        hasValue = true;
      }
      for (const auto& s : optionTable())
        if (s.shortName == a[1]) spec = &s;
    }
    if (!spec) throw UsageError("unknown option '" + a + "'");
    if (spec->valueName) {
      if (!hasValue) {
        if (i + 1 >= args.size()) throw UsageError(std::string("option --") + spec->name + " needs a value (" + spec->valueName + ")");
        value = args[++i];
      }
    } else if (hasValue) {
      throw UsageError(std::string("option --") + spec->name + " takes no value");
    }
    spec->set(o, value);
  }
  if (o.help || o.version) return o;
  if (positional.empty()) throw UsageError("no configuration file given");
  if (positional.size() > 1) throw UsageError("more than one configuration file given ('" + positional[1] + "')");
  o.configFile = positional[0];
  return o;
}

void CommandLine::apply(const Options& o, SimulationConfig& c) {
  if (o.steps) c.productionSteps = *o.steps;
  if (o.outputPrefix) c.outputPrefix = *o.outputPrefix;
  if (o.finalCheckpoint) c.finalCheckpoint = *o.finalCheckpoint;
  if (o.legacyCellProcessor) c.legacyCellProcessor = true;
  if (o.verletSkin) c.verletSkin = *o.verletSkin;
  if (o.fullExchange) c.fullExchange = true;
  if (o.newtonGiven) c.newton = o.newton;
  if (o.simd) c.simd = *o.simd;
  if (o.cpuCellProcessor) c.cpuCellProcessor = *o.cpuCellProcessor;
  if (o.printInterval) c.printInterval = *o.printInterval;
  c.quiet = o.quiet;
  if (o.gpu) c.gpu.enabled = true;
  // A setting given on the command line no longer has a place in the XML file.
  if (o.gpuBackend) {
    c.gpu.backend = *o.gpuBackend;
    c.gpu.sources.erase("backend");
  }
  if (o.cellProcessor) {
    c.gpu.cellProcessor = *o.cellProcessor;
    c.gpu.sources.erase("cellProcessor");
  }
  if (o.precision) {
    c.gpu.precision = *o.precision;
    c.gpu.sources.erase("precision");
  }
  for (const auto& kv : o.gpuOptions) {
    c.gpu.options[kv.first] = kv.second;
    c.gpu.sources.erase(kv.first);
  }
}

}  // namespace mardyn
