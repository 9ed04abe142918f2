// The Custom bonded force kernels of the common-compute platforms: CustomBondForce (r), CustomAngleForce (theta),
// CustomTorsionForce (theta, the dihedral) and CustomExternalForce (x, y, z) compile their energy expressions into
// bonded interactions (ComputeCustomTerms, ComputeBondedUtilities): the geometry of each term, the energy and its
// derivatives by the geometric variables, the forces by the chain rule, the energy-parameter derivatives.
#pragma once

#include "ComputeCustomTerms.h"

#include "openmm/kernels/CalcCustomAngleForceKernel.h"
#include "openmm/kernels/CalcCustomBondForceKernel.h"
#include "openmm/kernels/CalcCustomExternalForceKernel.h"
#include "openmm/kernels/CalcCustomTorsionForceKernel.h"

#include <memory>
#include <string>

namespace OpenMM {

class ComputePlatformData;

/// What the four kernels share: the terms of one force as a bonded interaction.
class ComputeCustomBondedTerms {
public:
  explicit ComputeCustomBondedTerms(ComputePlatformData& data) : _data(data) {}
  /** Registers the force's terms: `geometry` is the code computing the variables, `forces` the code turning their
   * derivatives (PREFIXd_<variable>) into force1 .. forceN; both write PREFIX for the force's prefix. With
   * `periodicDistance` the expression may call periodicdistance(x1, y1, z1, x2, y2, z2) (minimum image). */
  void add(const std::string& owner, const std::string& energy, int forceGroup, bool periodic, int atomsPerTerm,
           const std::vector<int>& atoms, const std::vector<std::vector<double>>& values,
           const CustomForceParameters& parameters, const std::vector<std::string>& variables,
           const std::string& geometry, const std::string& forces, bool periodicDistance = false);
  /** The prefix of this force's names in device code. */
  const std::string& prefix() const { return _prefix; }
  void loadGlobals(const ContextImpl& context) {
    if (_terms) _terms->loadGlobals(context);
  }
  void update(std::size_t atoms, std::size_t previousAtoms, const std::vector<std::vector<double>>& values,
              const std::string& owner);
  std::size_t atomCount() const { return _atomCount; }

private:
  ComputePlatformData& _data;
  std::string _prefix;
  std::size_t _atomCount = 0;
  std::unique_ptr<ComputeCustomTerms> _terms;
};

class ComputeCalcCustomBondForceKernel : public CalcCustomBondForceKernel {
public:
  ComputeCalcCustomBondForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomBondForceKernel(name, platform), _terms(data) {}
  void initialize(const System& system, const CustomBondForce& force) override;
  double execute(ContextImpl& context, bool, bool) override;
  void copyParametersToContext(ContextImpl& context, const CustomBondForce& force) override;

private:
  ComputeCustomBondedTerms _terms;
};

class ComputeCalcCustomAngleForceKernel : public CalcCustomAngleForceKernel {
public:
  ComputeCalcCustomAngleForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomAngleForceKernel(name, platform), _terms(data) {}
  void initialize(const System& system, const CustomAngleForce& force) override;
  double execute(ContextImpl& context, bool, bool) override;
  void copyParametersToContext(ContextImpl& context, const CustomAngleForce& force) override;

private:
  ComputeCustomBondedTerms _terms;
};

class ComputeCalcCustomTorsionForceKernel : public CalcCustomTorsionForceKernel {
public:
  ComputeCalcCustomTorsionForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomTorsionForceKernel(name, platform), _terms(data) {}
  void initialize(const System& system, const CustomTorsionForce& force) override;
  double execute(ContextImpl& context, bool, bool) override;
  void copyParametersToContext(ContextImpl& context, const CustomTorsionForce& force) override;

private:
  ComputeCustomBondedTerms _terms;
};

class ComputeCalcCustomExternalForceKernel : public CalcCustomExternalForceKernel {
public:
  ComputeCalcCustomExternalForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomExternalForceKernel(name, platform), _terms(data) {}
  void initialize(const System& system, const CustomExternalForce& force) override;
  double execute(ContextImpl& context, bool, bool) override;
  void copyParametersToContext(ContextImpl& context, const CustomExternalForce& force) override;

private:
  ComputeCustomBondedTerms _terms;
};

} // namespace OpenMM
