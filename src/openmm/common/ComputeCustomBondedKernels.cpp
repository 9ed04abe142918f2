// The Custom bonded force kernels: the geometry and chain rule of each force around its compiled expression.
#include "ComputeCustomBondedKernels.h"

#include "ComputeBondedUtilities.h"
#include "ComputePlatformData.h"
#include "ExpressionParser.h"
#include "PeriodicDistance.h"
#include "openmm/CustomAngleForce.h"
#include "openmm/CustomBondForce.h"
#include "openmm/CustomExternalForce.h"
#include "openmm/CustomTorsionForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

void ComputeCustomBondedTerms::add(const std::string& owner, const std::string& energy, int forceGroup, bool periodic,
                                   int atomsPerTerm, const std::vector<int>& atoms,
                                   const std::vector<std::vector<double>>& values,
                                   const CustomForceParameters& parameters, const std::vector<std::string>& variables,
                                   const std::string& geometry, const std::string& forces, bool periodicDistance) {
  _prefix = "cb" + std::to_string(_data.nextId()) + "_";
  _atomCount = atoms.size();
  std::map<std::string, std::string> names;
  for (const auto& v : variables) names[v] = _prefix + v;
  std::string functionCode;
  if (periodicDistance) {
    // periodicdistance(...) becomes a macro calling kernels/PointGeometry.cc's pointDistance by the minimum image.
    const std::string call = _prefix + PeriodicDistance::name();
    functionCode = "#define " + call + "(x1, y1, z1, x2, y2, z2, o1, o2, o3, o4, o5, o6) pointDistance(x1, y1, z1, "
                   "x2, y2, z2, o1, o2, o3, o4, o5, o6, box, invBox, 1)\n";
    _terms = std::make_unique<ComputeCustomTerms>(
        _data, _prefix, ExpressionParser::parse(energy, PeriodicDistance::functions()), energy, names,
        parameters.perTermNames(), values.size(), parameters, std::vector<std::string>{},
        std::vector<const TabulatedFunction*>{},
        std::map<std::string, ComputeExpressionWriter::Function>{{PeriodicDistance::name(), {call}}});
  } else {
    _terms = std::make_unique<ComputeCustomTerms>(_data, _prefix, energy, names, parameters.perTermNames(),
                                                  values.size(), parameters);
  }
  _terms->setTermValues(values);
  if (atoms.empty()) return;
  ComputeBondedUtilities::Interaction interaction;
  interaction.owner = owner;
  interaction.forceGroup = forceGroup;
  interaction.periodic = periodic;
  interaction.atomsPerTerm = atomsPerTerm;
  interaction.atoms = atoms;
  interaction.arguments = _terms->arguments();
  interaction.kernelFiles = {"openmm/common/kernels/BondedGeometry.cc", "openmm/common/kernels/TabulatedFunctions.cc"};
  if (periodicDistance) interaction.kernelFiles.push_back("openmm/common/kernels/PointGeometry.cc");
  std::string forceNames;
  for (int a = 1; a <= atomsPerTerm; a++) forceNames += (a > 1 ? ", force" : "force") + std::to_string(a);
  // The geometry's and the forces' code name their variables PREFIX...: this force's prefix.
  auto prefixed = [&](std::string text) {
    for (std::size_t at = text.find("PREFIX"); at != std::string::npos; at = text.find("PREFIX", at))
      text.replace(at, 6, _prefix);
    return text;
  };
  interaction.source = functionCode + prefixed(geometry) + _terms->code(_prefix + "energy", variables) +
                       "energy += (mixed) " + _prefix + "energy;\nmixed4 " + forceNames + ";\n" + prefixed(forces);
  _data.bonded().addInteraction(std::move(interaction));
}

void ComputeCustomBondedTerms::update(std::size_t atoms, std::size_t previousAtoms,
                                      const std::vector<std::vector<double>>& values, const std::string& owner) {
  if (atoms != previousAtoms)
    throw OpenMMException(owner + ": updateParametersInContext() cannot change the number of terms");
  _terms->setTermValues(values);
}

namespace {

template <class Force> struct Terms {
  std::vector<int> atoms;
  std::vector<std::vector<double>> values;
};

Terms<CustomBondForce> bondTerms(const CustomBondForce& f) {
  Terms<CustomBondForce> t;
  for (int i = 0; i < f.getNumBonds(); i++) {
    int p1, p2;
    std::vector<double> v;
    f.getBondParameters(i, p1, p2, v);
    t.atoms.insert(t.atoms.end(), {p1, p2});
    t.values.push_back(v);
  }
  return t;
}

Terms<CustomAngleForce> angleTerms(const CustomAngleForce& f) {
  Terms<CustomAngleForce> t;
  for (int i = 0; i < f.getNumAngles(); i++) {
    int p1, p2, p3;
    std::vector<double> v;
    f.getAngleParameters(i, p1, p2, p3, v);
    t.atoms.insert(t.atoms.end(), {p1, p2, p3});
    t.values.push_back(v);
  }
  return t;
}

Terms<CustomTorsionForce> torsionTerms(const CustomTorsionForce& f) {
  Terms<CustomTorsionForce> t;
  for (int i = 0; i < f.getNumTorsions(); i++) {
    int p1, p2, p3, p4;
    std::vector<double> v;
    f.getTorsionParameters(i, p1, p2, p3, p4, v);
    t.atoms.insert(t.atoms.end(), {p1, p2, p3, p4});
    t.values.push_back(v);
  }
  return t;
}

Terms<CustomExternalForce> externalTerms(const CustomExternalForce& f) {
  Terms<CustomExternalForce> t;
  for (int i = 0; i < f.getNumParticles(); i++) {
    int p;
    std::vector<double> v;
    f.getParticleParameters(i, p, v);
    t.atoms.push_back(p);
    t.values.push_back(v);
  }
  return t;
}

} // namespace

void ComputeCalcCustomBondForceKernel::initialize(const System&, const CustomBondForce& force) {
  const auto t = bondTerms(force);
  _terms.add("CustomBondForce", force.getEnergyFunction(), force.getForceGroup(), force.usesPeriodicBoundaryConditions(),
             2, t.atoms, t.values, force.parameterList(), {"r"},
             "const mixed4 PREFIXdelta = DELTA(pos2, pos1);\nconst real PREFIXr = (real) sqrt(dot3(PREFIXdelta, PREFIXdelta));\n",
             "pairForces(PREFIXdelta, (mixed) PREFIXr, (mixed) PREFIXd_r, &force1, &force2);\n");
}

double ComputeCalcCustomBondForceKernel::execute(ContextImpl& context, bool, bool) {
  _terms.loadGlobals(context);
  return 0.0;
}

void ComputeCalcCustomBondForceKernel::copyParametersToContext(ContextImpl&, const CustomBondForce& force) {
  const auto t = bondTerms(force);
  _terms.update(t.atoms.size(), _terms.atomCount(), t.values, "CustomBondForce");
}

void ComputeCalcCustomAngleForceKernel::initialize(const System&, const CustomAngleForce& force) {
  const auto t = angleTerms(force);
  _terms.add("CustomAngleForce", force.getEnergyFunction(), force.getForceGroup(), force.usesPeriodicBoundaryConditions(),
             3, t.atoms, t.values, force.parameterList(), {"theta"},
             "const mixed4 PREFIXa = DELTA(pos1, pos2), PREFIXb = DELTA(pos3, pos2);\n"
             "const real PREFIXtheta = (real) angleBetween(PREFIXa, PREFIXb);\n",
             "angleForces(PREFIXa, PREFIXb, (mixed) PREFIXd_theta, &force1, &force2, &force3);\n");
}

double ComputeCalcCustomAngleForceKernel::execute(ContextImpl& context, bool, bool) {
  _terms.loadGlobals(context);
  return 0.0;
}

void ComputeCalcCustomAngleForceKernel::copyParametersToContext(ContextImpl&, const CustomAngleForce& force) {
  const auto t = angleTerms(force);
  _terms.update(t.atoms.size(), _terms.atomCount(), t.values, "CustomAngleForce");
}

void ComputeCalcCustomTorsionForceKernel::initialize(const System&, const CustomTorsionForce& force) {
  const auto t = torsionTerms(force);
  _terms.add("CustomTorsionForce", force.getEnergyFunction(), force.getForceGroup(),
             force.usesPeriodicBoundaryConditions(), 4, t.atoms, t.values, force.parameterList(), {"theta"},
             "const mixed4 PREFIXb1 = DELTA(pos2, pos1), PREFIXb2 = DELTA(pos3, pos2), PREFIXb3 = DELTA(pos4, pos3);\n"
             "const real PREFIXtheta = (real) dihedralOf(PREFIXb1, PREFIXb2, PREFIXb3);\n",
             "dihedralForces(PREFIXb1, PREFIXb2, PREFIXb3, (mixed) PREFIXd_theta, &force1, &force2, &force3, &force4);\n");
}

double ComputeCalcCustomTorsionForceKernel::execute(ContextImpl& context, bool, bool) {
  _terms.loadGlobals(context);
  return 0.0;
}

void ComputeCalcCustomTorsionForceKernel::copyParametersToContext(ContextImpl&, const CustomTorsionForce& force) {
  const auto t = torsionTerms(force);
  _terms.update(t.atoms.size(), _terms.atomCount(), t.values, "CustomTorsionForce");
}

void ComputeCalcCustomExternalForceKernel::initialize(const System&, const CustomExternalForce& force) {
  const auto t = externalTerms(force);
  // x, y, z are the positions as the System has them (not wrapped) also where periodicdistance() makes the force
  // periodic, as on the Reference platform.
  _terms.add("CustomExternalForce", force.getEnergyFunction(), force.getForceGroup(), false, 1, t.atoms, t.values,
             force.parameterList(), {"x", "y", "z"},
             "const real PREFIXx = (real) pos1.x, PREFIXy = (real) pos1.y, PREFIXz = (real) pos1.z;\n",
             "force1 = make_mixed4(-PREFIXd_x, -PREFIXd_y, -PREFIXd_z, 0);\n", force.usesPeriodicBoundaryConditions());
}

double ComputeCalcCustomExternalForceKernel::execute(ContextImpl& context, bool, bool) {
  _terms.loadGlobals(context);
  return 0.0;
}

void ComputeCalcCustomExternalForceKernel::copyParametersToContext(ContextImpl&, const CustomExternalForce& force) {
  const auto t = externalTerms(force);
  _terms.update(t.atoms.size(), _terms.atomCount(), t.values, "CustomExternalForce");
}

} // namespace OpenMM
