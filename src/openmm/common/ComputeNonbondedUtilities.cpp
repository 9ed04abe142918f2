// ComputeNonbondedUtilities: the generated pair function of a tile list's interactions, its program and its
// launches.
#include "ComputeNonbondedUtilities.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <sstream>

namespace OpenMM {

namespace {

std::string exact(double v) {
  std::ostringstream s;
  s << std::setprecision(17) << v;
  return s.str();
}

/// The zero of a parameter's device type.
std::string zeroOf(const std::string& type) {
  static const std::map<std::string, std::string> zeros = {
      {"float", "0"},          {"real", "0"},           {"mixed", "0"},
      {"int", "0"},            {"float2", "make_float2(0, 0)"},
      {"float4", "make_float4(0, 0, 0, 0)"},            {"real2", "make_real2(0, 0)"},
      {"real4", "make_real4(0, 0, 0, 0)"},              {"int2", "make_int2(0, 0)"},
      {"int4", "make_int4(0, 0, 0, 0)"},                {"double", "0"}};
  auto it = zeros.find(type);
  if (it == zeros.end())
    throw OpenMMException("nonbonded utility: unsupported parameter type '" + type + "'");
  return it->second;
}

} // namespace

ComputeNonbondedUtilities::ComputeNonbondedUtilities(ComputePlatformData& data, bool useCutoff, bool periodic,
                                                     std::vector<std::vector<int>> excluded)
    : _data(data), _useCutoff(useCutoff), _periodic(periodic), _excluded(std::move(excluded)) {
  for (auto& list : _excluded) std::sort(list.begin(), list.end());
}

ComputeNonbondedUtilities::~ComputeNonbondedUtilities() = default;

bool ComputeNonbondedUtilities::matches(bool useCutoff, bool periodic,
                                        const std::vector<std::vector<int>>& excluded) const {
  if (useCutoff != _useCutoff || periodic != _periodic || excluded.size() != _excluded.size()) return false;
  for (std::size_t i = 0; i < excluded.size(); i++) {
    std::vector<int> sorted = excluded[i];
    std::sort(sorted.begin(), sorted.end());
    if (sorted != _excluded[i]) return false;
  }
  return true;
}

void ComputeNonbondedUtilities::addInteraction(Interaction interaction) {
  if (_program)
    throw OpenMMException(interaction.owner + ": a nonbonded interaction was added after the first force evaluation");
  for (const auto& p : interaction.parameters) zeroOf(p.type);
  if (_interactions.size() >= 32)
    throw OpenMMException(interaction.owner + ": more than 32 interactions share one nonbonded tile list");
  _interactions.push_back(std::move(interaction));
}

std::string ComputeNonbondedUtilities::generatedSource() const {
  double listCutoff = 0.0;
  for (const auto& i : _interactions) listCutoff = std::max(listCutoff, i.cutoff);
  std::ostringstream s, fields, paramArgs, paramNames, load, zero, extraArgs, extraNames, body;
  int parameter = 0, argument = 0;
  for (std::size_t k = 0; k < _interactions.size(); k++) {
    const Interaction& in = _interactions[k];
    body << "  // " << in.owner << " (force group " << in.forceGroup << ")\n";
    if (_interactions.size() > 1) body << "  if ((interactions >> " << k << ") & 1)\n";
    if (_useCutoff && in.cutoff < listCutoff) {
      body << "  if (r2 < (real) " << exact(in.cutoff * in.cutoff) << ")\n";
    }
    body << "  {\n";
    for (const auto& p : in.parameters) {
      const std::string field = "p" + std::to_string(parameter);
      fields << "  " << p.type << " " << field << ";\n";
      paramArgs << ", GLOBAL const " << p.type << "* RESTRICT slotParam" << parameter;
      paramNames << ", slotParam" << parameter;
      load << " p." << field << " = slotParam" << parameter << "[slot];";
      zero << " p." << field << " = " << zeroOf(p.type) << ";";
      body << "    const " << p.type << " " << p.name << "1 = p1." << field << ", " << p.name << "2 = p2." << field
           << ";\n";
      ++parameter;
    }
    for (const auto& a : in.arguments) {
      extraArgs << ", GLOBAL " << a.type << "* RESTRICT extraArg" << argument;
      extraNames << ", extraArg" << argument;
      body << "    GLOBAL " << a.type << "* " << a.name << " = extraArg" << argument << ";\n";
      ++argument;
    }
    body << in.source << "\n  }\n";
  }
  if (parameter == 0) {
    fields << "  int unused;\n";
    zero << " p.unused = 0;";
  }
  s << "#define NB_GENERATED 1\n"
    << "typedef struct {\n" << fields.str() << "} AtomParams;\n"
    << "#define NB_PARAM_ARGS " << paramArgs.str() << "\n"
    << "#define NB_PARAM_NAMES " << paramNames.str() << "\n"
    << "#define NB_LOAD_PARAMS(p, slot)" << load.str() << "\n"
    << "#define NB_ZERO_PARAMS(p)" << zero.str() << "\n"
    << "#define NB_EXTRA_ARGS " << extraArgs.str() << "\n"
    << "#define NB_EXTRA_NAMES " << extraNames.str() << "\n";
  for (const auto& in : _interactions) s << in.functions << "\n";
  s << "DEVICE real pairInteractions(const int withEnergy, int interactions, real r2, real invR, real4 posq1, real4 posq2,\n"
    << "                             AtomParams p1, AtomParams p2, int slot1, int slot2, real* dEdROut,\n"
    << "                             real* derivs NB_EXTRA_ARGS) {\n"
    << "  real tempEnergy = 0, dEdR = 0;\n"
    << "  const real r = r2 * invR;\n"
    << body.str() << "  *dEdROut = dEdR;\n  return tempEnergy;\n}\n";
  return s.str();
}

void ComputeNonbondedUtilities::compile() {
  auto& ctx = _data.context();
  if (_interactions.empty())
    throw OpenMMException("nonbonded utility: compiled without an interaction");
  double listCutoff = 0.0;
  for (const auto& i : _interactions) listCutoff = std::max(listCutoff, i.cutoff);
  _tiles = std::make_unique<ComputeTileList>(_data, _useCutoff, _periodic, _excluded);
  auto defines = _data.commonDefines();
  _tiles->addDefines(defines, _useCutoff ? listCutoff : 1.0);
  defines["NUM_ENERGY_DERIVS"] = std::to_string(_data.numEnergyDerivatives());
  std::vector<std::string> files;
  for (const auto& i : _interactions)
    for (const auto& f : i.kernelFiles)
      if (std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
  files.push_back("openmm/common/kernels/NonbondedTileSearch.cc");
  files.push_back("openmm/common/kernels/SlotGather.cc");
  _source = mardyn::compute::KernelSources::withRequirements(files) + generatedSource() +
            mardyn::compute::KernelSources::get("openmm/common/kernels/NonbondedTiles.cc");
  std::string owners;
  for (const auto& i : _interactions) owners += (owners.empty() ? "" : ", ") + i.owner;
  _program = _data.compile(_source, defines, "openmm-nonbonded", "the nonbonded interactions of " + owners);
  _tiles->createKernels(*_program);
  _tilesKernel = _program->createKernel("computeNonbondedTiles");
  _tilesEnergyKernel = _program->createKernel("computeNonbondedTilesEnergy");
  _gather = _program->createKernel("gatherSlotWords");
  for (const auto& i : _interactions)
    for (const auto& p : i.parameters) {
      if (p.atomValues->size() < static_cast<std::size_t>(_data.numAtoms()) || p.atomValues->elementSize() % 4 != 0)
        throw OpenMMException(i.owner + ": the nonbonded parameter '" + p.name + "' needs one element per atom");
      _slotValues.push_back(ctx.createArrayImpl(static_cast<std::size_t>(_data.paddedAtoms()),
                                                p.atomValues->elementSize(), "slotParameter_" + p.name));
    }
}

void ComputeNonbondedUtilities::gatherParameters() {
  std::size_t k = 0;
  for (const auto& i : _interactions)
    for (const auto& p : i.parameters) {
      const int words = static_cast<int>(p.atomValues->elementSize() / 4);
      _gather->call()
          .arg(words)
          .arg(*p.atomValues)
          .arg(_data.atomIndex())
          .arg(*_slotValues[k++])
          .execute(static_cast<std::size_t>(_data.paddedAtoms()) * words);
    }
  _gatheredVersion = _data.reorderVersion();
}

void ComputeNonbondedUtilities::compute(int groups, bool includeEnergy, const std::function<void()>& queued) {
  int interactions = 0;
  for (std::size_t k = 0; k < _interactions.size(); k++) {
    const Interaction& in = _interactions[k];
    if (in.enabled ? in.enabled(groups) : ((groups >> in.forceGroup) & 1) != 0) interactions |= 1 << k;
  }
  if (interactions == 0) return;
  if (!_program) compile();
  if (_gatheredVersion != _data.reorderVersion()) gatherParameters();
  auto launch = [&]() {
    auto call = (includeEnergy ? _tilesEnergyKernel : _tilesKernel)->call();
    _tiles->arguments(call);
    call.arg(interactions).arg(_data.force()).arg(_data.energy());
    for (auto& values : _slotValues) call.arg(*values);
    for (const auto& i : _interactions)
      for (const auto& a : i.arguments) call.arg(*a.array);
    call.blockShape(_tiles->groupThreads()).executeBlocks(_tiles->tileGroups());
  };
  _tiles->compute(launch, queued);
}

} // namespace OpenMM
