// CommandLine: the options of `mardyn [options] config.xml` (ls1-mardyn's names where they exist),
// one table of option specs from which parsing and the usage text are both made.
#pragma once

#include "config/SimulationConfig.h"
#include "utils/MardynException.h"

#include <optional>
#include <string>
#include <vector>

namespace mardyn {

class CommandLine {
 public:
  /// A command-line mistake: main() prints it with the usage and exits 2.
  class UsageError : public MardynException {
   public:
    using MardynException::MardynException;
  };

  struct Options {
    std::string configFile;
    std::optional<unsigned long> steps;          ///< --steps/-n: overrides run/production/steps
    std::optional<std::string> outputPrefix;     ///< --output-prefix/-p
    std::optional<bool> finalCheckpoint;         ///< --final-checkpoint 0|1 (default 1)
    bool legacyCellProcessor = false;            ///< --legacy-cell-processor
    std::optional<double> verletSkin;            ///< --verlet-skin X (>= 0; 0: no Verlet list)
    bool fullExchange = false;                   ///< --full-exchange
    std::optional<bool> newton;                  ///< --newton on|off (auto: unset)
    bool newtonGiven = false;                    ///< --newton was given
    std::optional<std::string> cpuCellProcessor;  ///< --cpu-cell-processor NAME (CellProcessorFactory::names())
    std::optional<std::string> simd;             ///< --simd sse2|avx2|avx512 (one the CPU supports)
    std::optional<unsigned long> printInterval;  ///< --print-interval/-i (default 1)
    bool quiet = false;                          ///< --quiet/-q
    bool help = false;                           ///< --help/-h
    bool version = false;                        ///< --version/-V
    bool gpu = false;                            ///< --gpu
    std::optional<std::string> gpuBackend;       ///< --gpu-backend cuda|opencl
    std::optional<std::string> cellProcessor;    ///< --cell-processor reference|threadblock|warpblock|warpblockcached|auto
    std::optional<std::string> precision;        ///< --precision single|mixed|double
    std::vector<std::pair<std::string, std::string>> gpuOptions;  ///< --gpu-option key=value (repeatable)
  };

  /// Parses argv[1..]; throws UsageError for an unknown option, a missing or bad value, or a
  /// missing / second configuration file (unless --help or --version).
  static Options parse(const std::vector<std::string>& args);
  static Options parse(int argc, char** argv);

  /// The usage text listing every option.
  static std::string usage();

  /// Writes the command-line choices into the configuration read from XML.
  static void apply(const Options& options, SimulationConfig& config);
};

}  // namespace mardyn
