// CellProcessorAutoTuner: cellProcessor="auto". Times candidate (cell processor, block size) pairs on
// the molecules of a real traversal and keeps the MoleculeInteraction of the fastest.
#pragma once

#include "gpu/CellProcessorRegistry.h"
#include "gpu/MoleculeInteraction.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class CellProcessorAutoTuner {
 public:
  struct Candidate {
    const CellProcessorVariant* variant = nullptr;
    int blockSize = 0;  ///< threads per block; 0: the processor's default (as adapted to the device)
    std::string label() const;  ///< "threadBlock/64", "warpBlock/default"
  };
  /// What happened to one candidate.
  struct Result {
    Candidate candidate;   ///< as run: blockSize is the one the interaction used (when it ran)
    bool ran = false;
    double kernelSeconds = 0.0;  ///< median of the timed computes' kernel time (ran only)
    std::string reason;          ///< why it was skipped (!ran)
    /// The default was asked for and the device set another size; then the other sizes of this
    /// processor are not tried (and not listed).
    bool deviceSetBlockSize = false;
  };
  /// Builds the interaction of one candidate; throws when the device cannot run it.
  using Factory = std::function<std::unique_ptr<MoleculeInteraction>(const CellProcessorVariant&, int blockSize)>;

  /// The candidates of `processors`: every processor except "reference" (the oracle); with
  /// blockSize 0 at its default block size and the powers of two next to the default that it allows
  /// (>= 32 for processors of warp blocks), otherwise at blockSize only.
  static std::vector<Candidate> candidates(int blockSize,
                                           const std::vector<CellProcessorVariant>& processors = CellProcessorRegistry::all());

  /// timedComputes: computes timed per candidate after one untimed warm-up compute.
  CellProcessorAutoTuner(std::vector<Candidate> candidates, Factory factory, int timedComputes = 3);

  /// Runs every candidate on the molecules of `target` and returns the interaction of the fastest;
  /// the forces, U_pot and virial in `target` are those of its last compute. A candidate whose construction throws is skipped with the exception's
  /// message, one whose interaction ends up with the block size of a candidate of the same processor
  /// already run is skipped as a repeat, and the explicit sizes of a processor whose default the
  /// device changed are left out; errors of a compute (e.g. a molecule outside its cell)
  /// propagate. Throws
  /// MardynException listing the reasons when no candidate can run.
  std::unique_ptr<MoleculeInteraction> tune(TraversalTarget& target);

  const std::vector<Result>& results() const { return _results; }
  /// Seconds the whole tuning took (compilation included).
  double tuningSeconds() const { return _tuningSeconds; }
  /// One line: "GPU cell processor auto: warpBlock/128 chosen (0.41 ms); threadBlock/32 0.93 ms, ...".
  std::string summary() const;

 private:
  std::vector<Candidate> _candidates;
  Factory _factory;
  int _timedComputes;
  std::vector<Result> _results;
  int _chosen = -1;
  double _tuningSeconds = 0.0;
};

}  // namespace mardyn::gpu
