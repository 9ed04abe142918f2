// The bonded force kernels: their terms as ComputeBondedUtilities takes them.
#include "ComputeBondedForceKernels.h"

#include "ComputePlatformData.h"
#include "openmm/HarmonicAngleForce.h"
#include "openmm/HarmonicBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/PeriodicTorsionForce.h"

namespace OpenMM {

namespace {
using Atoms = std::vector<std::array<int, 4>>;
using Params = std::vector<std::array<double, 4>>;

void bondTerms(const HarmonicBondForce& f, Atoms& atoms, Params& params) {
  for (int i = 0; i < f.getNumBonds(); i++) {
    int p1, p2;
    double length, k;
    f.getBondParameters(i, p1, p2, length, k);
    atoms.push_back({p1, p2, -1, -1});
    params.push_back({length, k, 0.0, 0.0});
  }
}

void angleTerms(const HarmonicAngleForce& f, Atoms& atoms, Params& params) {
  for (int i = 0; i < f.getNumAngles(); i++) {
    int p1, p2, p3;
    double angle, k;
    f.getAngleParameters(i, p1, p2, p3, angle, k);
    atoms.push_back({p1, p2, p3, -1});
    params.push_back({angle, k, 0.0, 0.0});
  }
}

void torsionTerms(const PeriodicTorsionForce& f, Atoms& atoms, Params& params) {
  for (int i = 0; i < f.getNumTorsions(); i++) {
    int p1, p2, p3, p4, periodicity;
    double phase, k;
    f.getTorsionParameters(i, p1, p2, p3, p4, periodicity, phase, k);
    atoms.push_back({p1, p2, p3, p4});
    params.push_back({static_cast<double>(periodicity), phase, k, 0.0});
  }
}

template <class Force, class Terms>
int registerTerms(ComputePlatformData& data, ComputeBondedUtilities::Kind kind, const Force& force, Terms terms) {
  Atoms atoms;
  Params params;
  terms(force, atoms, params);
  if (atoms.empty()) return -1;
  return data.bonded().addTerms(kind, force.getForceGroup(), force.usesPeriodicBoundaryConditions(), atoms, params);
}

template <class Force, class Terms>
void updateTerms(ComputePlatformData& data, int first, const Force& force, Terms terms, const char* what) {
  Atoms atoms;
  Params params;
  terms(force, atoms, params);
  if (first < 0 && !atoms.empty())
    throw OpenMMException(std::string(what) + ": updateParametersInContext() cannot change the number of terms");
  if (first >= 0) data.bonded().setParameters(first, params);
}
} // namespace

void ComputeCalcHarmonicBondForceKernel::initialize(const System&, const HarmonicBondForce& force) {
  _first = registerTerms(_data, ComputeBondedUtilities::Bond, force, bondTerms);
}

void ComputeCalcHarmonicBondForceKernel::copyParametersToContext(ContextImpl&, const HarmonicBondForce& force) {
  updateTerms(_data, _first, force, bondTerms, "HarmonicBondForce");
}

void ComputeCalcHarmonicAngleForceKernel::initialize(const System&, const HarmonicAngleForce& force) {
  _first = registerTerms(_data, ComputeBondedUtilities::Angle, force, angleTerms);
}

void ComputeCalcHarmonicAngleForceKernel::copyParametersToContext(ContextImpl&, const HarmonicAngleForce& force) {
  updateTerms(_data, _first, force, angleTerms, "HarmonicAngleForce");
}

void ComputeCalcPeriodicTorsionForceKernel::initialize(const System&, const PeriodicTorsionForce& force) {
  _first = registerTerms(_data, ComputeBondedUtilities::Torsion, force, torsionTerms);
}

void ComputeCalcPeriodicTorsionForceKernel::copyParametersToContext(ContextImpl&, const PeriodicTorsionForce& force) {
  updateTerms(_data, _first, force, torsionTerms, "PeriodicTorsionForce");
}

} // namespace OpenMM
