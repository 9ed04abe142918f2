// The bonded force kernels: their terms as interactions of the bonded utility.
#include "ComputeBondedForceKernels.h"

#include "ComputePlatformData.h"
#include "openmm/HarmonicAngleForce.h"
#include "openmm/HarmonicBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/PeriodicTorsionForce.h"
#include "openmm/RBTorsionForce.h"

namespace OpenMM {

using mardyn::compute::PrecisionArray;

void ComputeBondedTermTable::add(const std::string& owner, int forceGroup, bool periodic, int atomsPerTerm,
                                 const std::vector<int>& atoms, int width, const std::vector<double>& params,
                                 const std::string& call) {
  _atoms = atoms.size();
  if (atoms.empty()) return;
  const std::size_t elements = params.size() / static_cast<std::size_t>(width);
  _params = PrecisionArray(_data.context(), PrecisionArray::Kind::Mixed, width, elements, owner + "Parameters");
  _params.upload(params);
  ComputeBondedUtilities::Interaction interaction;
  interaction.owner = owner;
  interaction.forceGroup = forceGroup;
  interaction.periodic = periodic;
  interaction.atomsPerTerm = atomsPerTerm;
  interaction.atoms = atoms;
  interaction.arguments.push_back({"params", "const mixed" + std::to_string(width), &_params.array()});
  interaction.kernelFiles.push_back("openmm/common/kernels/StandardBondedTerms.cc");
  std::string forces;
  for (int a = 1; a <= atomsPerTerm; a++) forces += (a > 1 ? ", force" : "force") + std::to_string(a);
  std::string pointers;
  for (int a = 1; a <= atomsPerTerm; a++) pointers += ", &force" + std::to_string(a);
  interaction.source = "mixed4 " + forces + ";\nenergy += " + call + pointers + ");";
  _data.bonded().addInteraction(std::move(interaction));
}

void ComputeBondedTermTable::update(const std::string& owner, std::size_t atomsSize, const std::vector<double>& params) {
  if (atomsSize != _atoms)
    throw OpenMMException(owner + ": updateParametersInContext() cannot change the number of terms");
  if (!params.empty()) _params.upload(params);
}

namespace {

void bondTerms(const HarmonicBondForce& f, std::vector<int>& atoms, std::vector<double>& params) {
  for (int i = 0; i < f.getNumBonds(); i++) {
    int p1, p2;
    double length, k;
    f.getBondParameters(i, p1, p2, length, k);
    atoms.insert(atoms.end(), {p1, p2});
    params.insert(params.end(), {length, k});
  }
}

void angleTerms(const HarmonicAngleForce& f, std::vector<int>& atoms, std::vector<double>& params) {
  for (int i = 0; i < f.getNumAngles(); i++) {
    int p1, p2, p3;
    double angle, k;
    f.getAngleParameters(i, p1, p2, p3, angle, k);
    atoms.insert(atoms.end(), {p1, p2, p3});
    params.insert(params.end(), {angle, k});
  }
}

void torsionTerms(const PeriodicTorsionForce& f, std::vector<int>& atoms, std::vector<double>& params) {
  for (int i = 0; i < f.getNumTorsions(); i++) {
    int p1, p2, p3, p4, periodicity;
    double phase, k;
    f.getTorsionParameters(i, p1, p2, p3, p4, periodicity, phase, k);
    atoms.insert(atoms.end(), {p1, p2, p3, p4});
    params.insert(params.end(), {static_cast<double>(periodicity), phase, k, 0.0});
  }
}

void rbTerms(const RBTorsionForce& f, std::vector<int>& atoms, std::vector<double>& params) {
  for (int i = 0; i < f.getNumTorsions(); i++) {
    int p1, p2, p3, p4;
    double c0, c1, c2, c3, c4, c5;
    f.getTorsionParameters(i, p1, p2, p3, p4, c0, c1, c2, c3, c4, c5);
    atoms.insert(atoms.end(), {p1, p2, p3, p4});
    params.insert(params.end(), {c0, c1, c2, 0.0, c3, c4, c5, 0.0});
  }
}

const char* torsionDeltas = "DELTA(pos2, pos1), DELTA(pos3, pos2), DELTA(pos4, pos3)";

} // namespace

void ComputeCalcHarmonicBondForceKernel::initialize(const System&, const HarmonicBondForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  bondTerms(force, atoms, params);
  _table.add("HarmonicBondForce", force.getForceGroup(), force.usesPeriodicBoundaryConditions(), 2, atoms, 2, params,
             "harmonicBondTerm(DELTA(pos2, pos1), params[index]");
}

void ComputeCalcHarmonicBondForceKernel::copyParametersToContext(ContextImpl&, const HarmonicBondForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  bondTerms(force, atoms, params);
  _table.update("HarmonicBondForce", atoms.size(), params);
}

void ComputeCalcHarmonicAngleForceKernel::initialize(const System&, const HarmonicAngleForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  angleTerms(force, atoms, params);
  _table.add("HarmonicAngleForce", force.getForceGroup(), force.usesPeriodicBoundaryConditions(), 3, atoms, 2, params,
             "harmonicAngleTerm(DELTA(pos1, pos2), DELTA(pos3, pos2), params[index]");
}

void ComputeCalcHarmonicAngleForceKernel::copyParametersToContext(ContextImpl&, const HarmonicAngleForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  angleTerms(force, atoms, params);
  _table.update("HarmonicAngleForce", atoms.size(), params);
}

void ComputeCalcPeriodicTorsionForceKernel::initialize(const System&, const PeriodicTorsionForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  torsionTerms(force, atoms, params);
  _table.add("PeriodicTorsionForce", force.getForceGroup(), force.usesPeriodicBoundaryConditions(), 4, atoms, 4,
             params, std::string("periodicTorsionTerm(") + torsionDeltas + ", params[index]");
}

void ComputeCalcPeriodicTorsionForceKernel::copyParametersToContext(ContextImpl&, const PeriodicTorsionForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  torsionTerms(force, atoms, params);
  _table.update("PeriodicTorsionForce", atoms.size(), params);
}

void ComputeCalcRBTorsionForceKernel::initialize(const System&, const RBTorsionForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  rbTerms(force, atoms, params);
  // Two mixed4 per term (c0, c1, c2, -), (c3, c4, c5, -).
  _table.add("RBTorsionForce", force.getForceGroup(), force.usesPeriodicBoundaryConditions(), 4, atoms, 4, params,
             std::string("rbTorsionTerm(") + torsionDeltas + ", params[2 * index], params[2 * index + 1]");
}

void ComputeCalcRBTorsionForceKernel::copyParametersToContext(ContextImpl&, const RBTorsionForce& force) {
  std::vector<int> atoms;
  std::vector<double> params;
  rbTerms(force, atoms, params);
  _table.update("RBTorsionForce", atoms.size(), params);
}

} // namespace OpenMM
