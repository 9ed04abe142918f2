// ComputeCalcCustomNonbondedForceKernel: the interaction's code, the per-particle parameters on the device and the
// long-range correction on the host.
#include "ComputeCalcCustomNonbondedForceKernel.h"

#include "ComputeExpressionWriter.h"
#include "ComputeNonbondedUtilities.h"
#include "ComputePlatformData.h"
#include "ReferenceCustomNonbondedLongRange.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/CustomNonbondedForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"

#include <set>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

ComputeCalcCustomNonbondedForceKernel::~ComputeCalcCustomNonbondedForceKernel() = default;

void ComputeCalcCustomNonbondedForceKernel::initialize(const System& system, const CustomNonbondedForce& force) {
  auto& ctx = _data.context();
  const int n = system.getNumParticles();
  _prefix = "cn" + std::to_string(_data.nextId()) + "_";
  _method = force.getNonbondedMethod();
  _cutoff = force.getCutoffDistance();
  const bool useCutoff = _method != CustomNonbondedForce::NoCutoff;
  const bool periodic = _method == CustomNonbondedForce::CutoffPeriodic;
  _switching = useCutoff && force.getUseSwitchingFunction();
  _switchingDistance = force.getSwitchingDistance();
  _longRange = periodic && force.getUseLongRangeCorrection();

  // The expression's variables: r, and name1 / name2 of every per-particle parameter (as <prefix>p_name1 ..., apart
  // from the temporaries <prefix>t<n> of the expression's code).
  std::map<std::string, std::string> variables{{"r", "r"}};
  std::vector<std::string> hostNames;
  for (int suffix = 1; suffix <= 2; suffix++)
    for (int k = 0; k < force.getNumPerParticleParameters(); k++) {
      const std::string name = force.getPerParticleParameterName(k) + std::to_string(suffix);
      variables[name] = _prefix + "p_" + name;
      hostNames.push_back(name);
    }
  const TabulatedFunctionList& functions = force.tabulatedFunctions();
  _terms = std::make_unique<ComputeCustomTerms>(_data, _prefix, force.getEnergyFunction(), variables,
                                                std::vector<std::string>{}, 0, force.parameterList(),
                                                functions.names(), functions.functions());
  for (int k = 0; k < force.getNumPerParticleParameters(); k++)
    _parameters.push_back(std::make_unique<PrecisionArray>(ctx, PrecisionArray::Kind::Real, 1, static_cast<std::size_t>(n),
                                                           _prefix + force.getPerParticleParameterName(k)));
  uploadParticleParameters(force);

  ComputeNonbondedUtilities::Interaction interaction;
  interaction.owner = "CustomNonbondedForce";
  interaction.forceGroup = force.getForceGroup();
  interaction.cutoff = _cutoff;
  interaction.kernelFiles.push_back("openmm/common/kernels/TabulatedFunctions.cc");
  for (int k = 0; k < force.getNumPerParticleParameters(); k++)
    interaction.parameters.push_back({_prefix + "p_" + force.getPerParticleParameterName(k), "real", &_parameters[k]->array()});
  interaction.arguments = _terms->arguments();
  // Interaction groups: bit g of groupsA (groupsB) is set for a particle of set 1 (set 2) of group g.
  const int numGroups = force.getNumInteractionGroups();
  if (numGroups > 32)
    throw OpenMMException("CustomNonbondedForce: the " + _data.platformName() +
                          " platform offers at most 32 interaction groups (the force has " + std::to_string(numGroups) + ")");
  std::string open, close;
  if (numGroups > 0) {
    std::vector<int> a(n, 0), b(n, 0);
    for (int g = 0; g < numGroups; g++) {
      std::set<int> set1, set2;
      force.getInteractionGroupParameters(g, set1, set2);
      _groups.emplace_back(set1, set2);
      for (int i : set1) a[i] |= 1 << g;
      for (int i : set2) b[i] |= 1 << g;
    }
    _groupsA.initialize(ctx, static_cast<std::size_t>(n), _prefix + "groupsA");
    _groupsB.initialize(ctx, static_cast<std::size_t>(n), _prefix + "groupsB");
    _groupsA.upload(a);
    _groupsB.upload(b);
    interaction.parameters.push_back({_prefix + "groupsA", "int", &_groupsA});
    interaction.parameters.push_back({_prefix + "groupsB", "int", &_groupsB});
    open = "if (((" + _prefix + "groupsA1 & " + _prefix + "groupsB2) | (" + _prefix + "groupsB1 & " + _prefix +
           "groupsA2)) != 0) {\n";
    close = "}\n";
  }
  const std::string p = _prefix;
  std::string source = open + "real " + p + "s = 1, " + p + "ds = 0;\n";
  if (_switching) {
    const std::string d = ComputeExpressionWriter::constant(_switchingDistance),
                      w = ComputeExpressionWriter::constant(_cutoff - _switchingDistance);
    source += "if (r > " + d + ") {\n  const real " + p + "x = (r - " + d + ") / " + w + ";\n  " + p + "s = 1 + " + p +
              "x * " + p + "x * " + p + "x * ((real) -10 + " + p + "x * ((real) 15 - (real) 6 * " + p + "x));\n  " + p +
              "ds = " + p + "x * " + p + "x * ((real) -30 + " + p + "x * ((real) 60 - (real) 30 * " + p + "x)) / " + w +
              ";\n}\n";
  }
  source += _terms->code(p + "energy", {"r"}, p + "s");
  source += "tempEnergy += " + p + "s * " + p + "energy;\ndEdR += " + p + "s * " + _terms->derivative("r") + " + " + p +
            "ds * " + p + "energy;\n" + close;
  interaction.source = source;
  std::vector<std::vector<int>> excluded(static_cast<std::size_t>(n));
  for (int i = 0; i < force.getNumExclusions(); i++) {
    int p1, p2;
    force.getExclusionParticles(i, p1, p2);
    excluded[p1].push_back(p2);
    excluded[p2].push_back(p1);
  }
  _data.nonbonded(useCutoff, periodic, excluded).addInteraction(std::move(interaction));

  // The host's copy of the expression for the long-range correction.
  for (int k = 0; k < force.getNumGlobalParameters(); k++) _globalNames.push_back(force.getGlobalParameterName(k));
  _derivativeNames = force.parameterList().derivativeNames();
  if (_longRange) {
    _hostTerms.initialize(force.getEnergyFunction(), {"r"}, hostNames, _globalNames,
                          createTabulatedFunctionEvaluators(functions.names(), functions.functions()));
    _hostTerms.setParameterDerivatives(_derivativeNames);
  }
}

void ComputeCalcCustomNonbondedForceKernel::uploadParticleParameters(const CustomNonbondedForce& force) {
  const int n = force.getNumParticles();
  _particleValues.assign(static_cast<std::size_t>(n), {});
  for (int i = 0; i < n; i++) force.getParticleParameters(i, _particleValues[i]);
  for (std::size_t k = 0; k < _parameters.size(); k++) {
    std::vector<double> values(static_cast<std::size_t>(n));
    for (int i = 0; i < n; i++) values[i] = _particleValues[i][k];
    _parameters[k]->upload(values);
  }
  for (auto* utility : _data.nonbondedUtilities()) utility->parametersChanged();
  _lrcValid = false;
}

void ComputeCalcCustomNonbondedForceKernel::copyParametersToContext(ContextImpl&, const CustomNonbondedForce& force) {
  if (force.getNumParticles() != _data.numAtoms())
    throw OpenMMException("CustomNonbondedForce: updateParametersInContext() cannot change the number of particles");
  uploadParticleParameters(force);
  if (_terms->tabulated()) _terms->tabulated()->update(force.tabulatedFunctions().functions());
  if (_longRange) {
    std::vector<std::string> hostNames;
    for (int suffix = 1; suffix <= 2; suffix++)
      for (int k = 0; k < force.getNumPerParticleParameters(); k++)
        hostNames.push_back(force.getPerParticleParameterName(k) + std::to_string(suffix));
    const TabulatedFunctionList& functions = force.tabulatedFunctions();
    _hostTerms.initialize(force.getEnergyFunction(), {"r"}, hostNames, _globalNames,
                          createTabulatedFunctionEvaluators(functions.names(), functions.functions()));
    _hostTerms.setParameterDerivatives(_derivativeNames);
  }
}

double ComputeCalcCustomNonbondedForceKernel::execute(ContextImpl& context, bool, bool includeEnergy) {
  _terms->loadGlobals(context);
  if (!_longRange) return 0.0;
  std::vector<double> globals;
  for (const auto& name : _globalNames) globals.push_back(context.getParameter(name));
  if (!_lrcValid || globals != _lrcGlobals) {
    _hostTerms.loadGlobals(context);
    _lrcCoefficient =
        customNonbondedLongRange(_hostTerms, _particleValues, _groups, _cutoff, _switching, _switchingDistance, -1);
    _lrcDerivatives.clear();
    for (std::size_t k = 0; k < _derivativeNames.size(); k++)
      _lrcDerivatives.push_back(customNonbondedLongRange(_hostTerms, _particleValues, _groups, _cutoff, _switching,
                                                         _switchingDistance, static_cast<int>(k)));
    _lrcGlobals = globals;
    _lrcValid = true;
  }
  const Vec3* box = _data.box;
  const double volume = box[0][0] * box[1][1] * box[2][2];
  for (std::size_t k = 0; k < _derivativeNames.size(); k++)
    _data.addHostEnergyDerivative(_derivativeNames[k], _lrcDerivatives[k] / volume);
  return includeEnergy ? _lrcCoefficient / volume : 0.0;
}

} // namespace OpenMM
