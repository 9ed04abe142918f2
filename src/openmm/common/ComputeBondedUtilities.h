// ComputeBondedUtilities: the bonded terms of every force of a Context in one kernel launch per force
// evaluation. A force adds an interaction: a piece of device code computing one term of a fixed group of atoms,
// the atoms of every term, the arrays it reads (per-term parameters, tables), its force group and whether its
// atoms take the minimum image; the utility compiles every interaction into one kernel
// (kernels/BondedTerms.cc with the generated terms) when the first evaluation needs it.
//
// The code runs for one term with these in scope: index (the term within its interaction), atom1 .. atomN (the
// System's indices), pos1 .. posN (mixed4 positions), DELTA(a, b) (the mixed4 difference a - b, by the minimum
// image where the interaction asks for it), box and invBox, each argument's array by its name. It adds the
// energy to `energy`, dE/dp of global parameter p to derivs[k] (k = ComputePlatformData::energyDerivativeIndex),
// and defines force1 .. forceN (real4 or mixed4), the forces on its atoms.
#pragma once

#include "ComputeKernelArgument.h"

#include "compute/ArrayInterface.h"
#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeBondedUtilities {
public:
  using Argument = ComputeKernelArgument;
  struct Interaction {
    std::string owner;  ///< the Force's class, for messages
    int forceGroup = 0;
    bool periodic = false;  ///< DELTA takes the minimum image
    int atomsPerTerm = 1;
    std::vector<int> atoms;  ///< atomsPerTerm System indices per term
    std::string source;
    std::vector<Argument> arguments;
    std::vector<std::string> kernelFiles;  ///< kernel files of the device functions the source calls
    std::string functions;                 ///< generated device functions the source calls
    /// Whether an evaluation of `groups` computes it (unset: whether its force group is among them).
    std::function<bool(int groups)> enabled;
  };

  explicit ComputeBondedUtilities(ComputePlatformData& data);
  ~ComputeBondedUtilities();
  /** Adds an interaction with at least one term (before the first force evaluation). */
  void addInteraction(Interaction interaction);
  /** Adds the forces, energies and energy derivatives of every term enabled for `groups` to the accumulators. */
  void compute(int groups);
  bool empty() const { return _interactions.empty(); }

private:
  void compile();
  std::string generatedSource() const;

  ComputePlatformData& _data;
  std::vector<Interaction> _interactions;
  std::vector<std::unique_ptr<mardyn::compute::ComputeArray<int>>> _atoms;
  int _numTerms = 0;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _kernel;
};

} // namespace OpenMM
