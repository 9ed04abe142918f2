// ComputeCalcCustomCompoundBondForceKernel: the bonds' particles, the points and the forces around the compiled energy.
#include "ComputeCalcCustomCompoundBondForceKernel.h"

#include "ComputeBondedUtilities.h"
#include "ComputePlatformData.h"
#include "openmm/CustomCompoundBondForce.h"
#include "openmm/OpenMMException.h"

namespace OpenMM {

namespace {
void readBonds(const CustomCompoundBondForce& force, std::vector<int>& atoms, std::vector<std::vector<double>>& values) {
  for (int i = 0; i < force.getNumBonds(); i++) {
    std::vector<int> particles;
    std::vector<double> v;
    force.getBondParameters(i, particles, v);
    atoms.insert(atoms.end(), particles.begin(), particles.end());
    values.push_back(v);
  }
}
} // namespace

void ComputeCalcCustomCompoundBondForceKernel::initialize(const System&, const CustomCompoundBondForce& force) {
  const std::string prefix = "cc" + std::to_string(_data.nextId()) + "_";
  const int n = force.getNumParticlesPerBond();
  std::vector<int> atoms;
  std::vector<std::vector<double>> values;
  readBonds(force, atoms, values);
  _numBonds = force.getNumBonds();
  _atoms = atoms;
  const TabulatedFunctionList& functions = force.tabulatedFunctions();
  _terms = std::make_unique<ComputeCompoundTerms>(_data, prefix, "CustomCompoundBondForce", force.getEnergyFunction(), n,
                                                  "p", values.size(), force.parameterList(), functions.names(),
                                                  functions.functions(), force.usesPeriodicBoundaryConditions());
  _terms->terms().setTermValues(values);
  if (atoms.empty()) return;
  ComputeBondedUtilities::Interaction interaction;
  interaction.owner = "CustomCompoundBondForce";
  interaction.forceGroup = force.getForceGroup();
  interaction.periodic = false;  // the System's positions; the geometry takes minimum images itself
  interaction.atomsPerTerm = n;
  interaction.atoms = atoms;
  interaction.arguments = _terms->terms().arguments();
  interaction.kernelFiles = {"openmm/common/kernels/PointGeometry.cc", "openmm/common/kernels/TabulatedFunctions.cc"};
  std::string source;
  for (int k = 1; k <= n; k++)
    source += "const mixed4 " + prefix + "point" + std::to_string(k) + " = pos" + std::to_string(k) + ";\n";
  source += _terms->code() + "energy += (mixed) " + prefix + "energy;\n";
  for (int k = 1; k <= n; k++)
    source += "const mixed4 force" + std::to_string(k) + " = scale3(" + prefix + "grad" + std::to_string(k) + ", -1);\n";
  interaction.source = source;
  _data.bonded().addInteraction(std::move(interaction));
}

double ComputeCalcCustomCompoundBondForceKernel::execute(ContextImpl& context, bool, bool) {
  _terms->terms().loadGlobals(context);
  return 0.0;
}

void ComputeCalcCustomCompoundBondForceKernel::copyParametersToContext(ContextImpl&, const CustomCompoundBondForce& force) {
  if (force.getNumBonds() != _numBonds)
    throw OpenMMException("CustomCompoundBondForce: updateParametersInContext() cannot change the number of bonds");
  std::vector<int> atoms;
  std::vector<std::vector<double>> values;
  readBonds(force, atoms, values);
  if (atoms != _atoms)
    throw OpenMMException("CustomCompoundBondForce: updateParametersInContext() cannot change the particles of a bond");
  _terms->terms().setTermValues(values);
  if (_terms->terms().tabulated()) _terms->terms().tabulated()->update(force.tabulatedFunctions().functions());
}

} // namespace OpenMM
