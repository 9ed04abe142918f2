// ComputeCalcCustomCentroidBondForceKernel: the groups and bonds on the device, the generated bond function and the
// launches.
#include "ComputeCalcCustomCentroidBondForceKernel.h"

#include "ComputePlatformData.h"
#include "openmm/CustomCentroidBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

namespace OpenMM {

using mardyn::compute::PrecisionArray;

ComputeCalcCustomCentroidBondForceKernel::~ComputeCalcCustomCentroidBondForceKernel() = default;

void ComputeCalcCustomCentroidBondForceKernel::initialize(const System& system, const CustomCentroidBondForce& force) {
  auto& ctx = _data.context();
  const std::string prefix = "cg" + std::to_string(_data.nextId()) + "_";
  const int n = force.getNumGroupsPerBond();
  _numGroups = force.getNumGroups();
  _numBonds = force.getNumBonds();
  // Groups: members and normalised weights (the masses where none are given).
  std::vector<int> start{0}, atoms;
  std::vector<double> weights;
  for (int g = 0; g < _numGroups; g++) {
    std::vector<int> particles;
    std::vector<double> w;
    force.getGroupParameters(g, particles, w);
    if (w.empty())
      for (int p : particles) w.push_back(system.getParticleMass(p));
    double total = 0.0;
    for (double x : w) total += x;
    for (double& x : w) x /= total;
    atoms.insert(atoms.end(), particles.begin(), particles.end());
    weights.insert(weights.end(), w.begin(), w.end());
    start.push_back(static_cast<int>(atoms.size()));
  }
  std::vector<std::vector<double>> values;
  for (int i = 0; i < _numBonds; i++) {
    std::vector<int> groups;
    std::vector<double> v;
    force.getBondParameters(i, groups, v);
    _bondGroups.insert(_bondGroups.end(), groups.begin(), groups.end());
    values.push_back(v);
  }
  const TabulatedFunctionList& functions = force.tabulatedFunctions();
  _terms = std::make_unique<ComputeCompoundTerms>(_data, prefix, "CustomCentroidBondForce", force.getEnergyFunction(), n,
                                                  "g", values.size(), force.parameterList(), functions.names(),
                                                  functions.functions(), force.usesPeriodicBoundaryConditions());
  _terms->terms().setTermValues(values);
  if (_numBonds == 0) return;
  if (atoms.empty()) atoms.push_back(0), weights.push_back(0.0);
  _start.initialize(ctx, start.size(), prefix + "groupStart");
  _start.upload(start);
  _atoms.initialize(ctx, atoms.size(), prefix + "groupAtoms");
  _atoms.upload(atoms);
  _weights = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 1, weights.size(), prefix + "weights");
  _weights.upload(weights);
  _groupsOfBonds.initialize(ctx, _bondGroups.size(), prefix + "bondGroups");
  _groupsOfBonds.upload(_bondGroups);
  _centers = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, static_cast<std::size_t>(std::max(1, _numGroups)),
                            prefix + "centers");
  _groupForce.initialize(ctx, 3 * static_cast<std::size_t>(std::max(1, _numGroups)), prefix + "groupForce");
  _groupForce.zero();

  // The bond function: the points from the centres, the compiled energy, the gradients.
  _arguments = _terms->terms().arguments();
  std::string args, names, aliases;
  for (std::size_t a = 0; a < _arguments.size(); a++) {
    const std::string arg = "centroidArg" + std::to_string(a);
    args += ", GLOBAL " + _arguments[a].type + "* RESTRICT " + arg;
    names += ", " + arg;
    aliases += "  GLOBAL " + _arguments[a].type + "* " + _arguments[a].name + " = " + arg + ";\n";
  }
  std::string body = aliases;
  for (int k = 1; k <= n; k++)
    body += "  const mixed4 " + prefix + "point" + std::to_string(k) + " = points[" + std::to_string(k - 1) + "];\n";
  body += _terms->code();
  for (int k = 1; k <= n; k++) body += "  grad[" + std::to_string(k - 1) + "] = " + prefix + "grad" + std::to_string(k) + ";\n";
  const std::string generated = "#define CENTROID_GENERATED 1\n#define CENTROID_ARGS " + args + "\n#define CENTROID_NAMES " +
                                names + "\nDEVICE mixed centroidBond(int index, const mixed4* points, mixed4 box, "
                                "mixed4 invBox, mixed4* grad, mixed* derivs CENTROID_ARGS) {\n" +
                                body + "  return (mixed) " + prefix + "energy;\n}\n";
  auto defines = _data.commonDefines();
  defines["NUM_ENERGY_DERIVS"] = std::to_string(_data.numEnergyDerivatives());
  defines["GROUPS_PER_BOND"] = std::to_string(n);
  const std::string source =
      mardyn::compute::KernelSources::withRequirements(std::vector<std::string>{
          "openmm/common/kernels/PointGeometry.cc", "openmm/common/kernels/TabulatedFunctions.cc"}) +
      generated + mardyn::compute::KernelSources::get("openmm/common/kernels/CentroidBonds.cc");
  _program = _data.compile(source, defines, "openmm-centroid", "CustomCentroidBondForce");
  _centersKernel = _program->createKernel("centroidCenters");
  _bondsKernel = _program->createKernel("centroidBonds");
  _distributeKernel = _program->createKernel("centroidDistribute");
}

double ComputeCalcCustomCentroidBondForceKernel::execute(ContextImpl& context, bool, bool) {
  _terms->terms().loadGlobals(context);
  if (_numBonds == 0) return 0.0;
  auto centers = _centersKernel->call();
  centers.arg(_numGroups).arg(_start).arg(_atoms).arg(_weights.array()).arg(_data.slotOfAtom()).arg(_data.posq());
  centers.arg(_data.cellOffset());
  const Vec3* box = _data.box;
  centers.mixed4Arg(box[0][0], box[1][1], box[2][2]).arg(_centers.array()).execute(static_cast<std::size_t>(_numGroups));
  auto bonds = _bondsKernel->call();
  bonds.arg(_numBonds).arg(_groupsOfBonds).arg(_centers.array());
  _data.boxArguments(bonds);
  bonds.arg(_groupForce).arg(_data.energy());
  for (const auto& a : _arguments) bonds.arg(*a.array);
  bonds.execute(static_cast<std::size_t>(_numBonds));
  _distributeKernel->call()
      .arg(_numGroups)
      .arg(_start)
      .arg(_atoms)
      .arg(_weights.array())
      .arg(_data.slotOfAtom())
      .arg(_groupForce)
      .arg(_data.force())
      .execute(static_cast<std::size_t>(_numGroups));
  return 0.0;
}

void ComputeCalcCustomCentroidBondForceKernel::copyParametersToContext(ContextImpl&, const CustomCentroidBondForce& force) {
  if (force.getNumBonds() != _numBonds || force.getNumGroups() != _numGroups)
    throw OpenMMException("CustomCentroidBondForce: updateParametersInContext() cannot change the number of bonds "
                          "or groups");
  std::vector<std::vector<double>> values;
  for (int i = 0; i < _numBonds; i++) {
    std::vector<int> groups;
    std::vector<double> v;
    force.getBondParameters(i, groups, v);
    values.push_back(v);
  }
  _terms->terms().setTermValues(values);
  if (_terms->terms().tabulated()) _terms->terms().tabulated()->update(force.tabulatedFunctions().functions());
}

} // namespace OpenMM
