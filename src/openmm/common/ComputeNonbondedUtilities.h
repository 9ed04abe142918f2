// ComputeNonbondedUtilities: the shared tile loop of the common-compute platforms. A force adds an interaction:
// a piece of device code computing one pair, with its per-atom parameters, extra arrays, force group and
// cutoff; the utility compiles every interaction of its tile list into one kernel (kernels/NonbondedTiles.cc
// with the generated pairInteractions()) and launches it once per force evaluation for the groups asked for.
// Interactions share a tile list when they agree on cutoff use, periodicity and exclusions
// (ComputePlatformData::nonbonded finds or makes the list's utility).
//
// The interaction's code runs inside pairInteractions() with these in scope: r2, r, invR (the pair distance,
// its square and inverse), posq1, posq2 (real4: positions relative to a common origin and the charges kept
// in posq), <name>1 and <name>2 for each parameter, each argument's array by its name, slot1 and slot2 (the
// atoms' slots) and withEnergy; it adds the energy to tempEnergy, dE/dr to dEdR, and dE/dp of global
// parameter p to derivs[k] (k = ComputePlatformData::energyDerivativeIndex). Excluded pairs, pairs beyond the
// interaction's cutoff and padding slots never reach it.
#pragma once

#include "ComputeTileList.h"

#include "ComputeKernelArgument.h"

#include "compute/ArrayInterface.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeNonbondedUtilities {
public:
  /** A per-atom parameter: `type` is its device type (float, float2, float4, real, real2, real4, int, int2,
   * int4), atomValues an array of one such element per System atom (the caller owns and updates it). */
  struct Parameter {
    std::string name, type;
    mardyn::compute::ArrayInterface* atomValues = nullptr;
  };
  using Argument = ComputeKernelArgument;
  struct Interaction {
    std::string owner;  ///< the Force's class, for messages
    int forceGroup = 0;
    double cutoff = 0.0;  ///< its cutoff (with the list's cutoff use)
    std::string source;
    std::vector<Parameter> parameters;
    std::vector<Argument> arguments;
    std::vector<std::string> kernelFiles;  ///< kernel files of the device functions the source calls
    std::string functions;                 ///< generated device functions the source calls
    /// Whether an evaluation of `groups` computes it (unset: whether its force group is among them).
    std::function<bool(int groups)> enabled;
  };

  ComputeNonbondedUtilities(ComputePlatformData& data, bool useCutoff, bool periodic,
                            std::vector<std::vector<int>> excluded);
  ~ComputeNonbondedUtilities();
  /** Whether an interaction with these settings belongs to this tile list. */
  bool matches(bool useCutoff, bool periodic, const std::vector<std::vector<int>>& excluded) const;
  /** Adds an interaction (before the first force evaluation). */
  void addInteraction(Interaction interaction);
  /** The parameters' atom values changed: they are gathered into slot order again before the next tiles. */
  void parametersChanged() { _gatheredVersion = ~0ul; }
  /** Computes the interactions enabled for `groups` (compiling the kernel first, the first time); `queued` runs
   * once the tile kernel is in the queue, before the host waits for anything (ComputeTileList::compute). */
  void compute(int groups, bool includeEnergy, const std::function<void()>& queued);
  bool usesCutoff() const { return _useCutoff; }
  bool usesPeriodic() const { return _periodic; }
  /** The full source of the tile program (after the first compute; for diagnostics). */
  const std::string& source() const { return _source; }

private:
  void compile();
  void gatherParameters();
  std::string generatedSource() const;

  ComputePlatformData& _data;
  bool _useCutoff, _periodic;
  std::vector<std::vector<int>> _excluded;
  std::vector<Interaction> _interactions;
  std::unique_ptr<ComputeTileList> _tiles;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _tilesKernel, _tilesEnergyKernel, _gather;
  std::vector<std::unique_ptr<mardyn::compute::ArrayInterface>> _slotValues;  ///< per parameter, in slot order
  unsigned long _gatheredVersion = ~0ul;
  std::string _source;
};

} // namespace OpenMM
