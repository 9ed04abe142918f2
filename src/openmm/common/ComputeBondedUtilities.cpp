// ComputeBondedUtilities: the generated term loop of every bonded interaction, its program and its launch.
#include "ComputeBondedUtilities.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <sstream>

namespace OpenMM {

namespace {
/// Threads of a work-group of computeBondedTerms (BONDED_GROUP, its energy reduction).
constexpr std::size_t bondedGroup = 128;
} // namespace

ComputeBondedUtilities::ComputeBondedUtilities(ComputePlatformData& data) : _data(data) {}

ComputeBondedUtilities::~ComputeBondedUtilities() = default;

void ComputeBondedUtilities::addInteraction(Interaction interaction) {
  if (_program)
    throw OpenMMException(interaction.owner + ": a bonded interaction was added after the first force evaluation");
  if (interaction.atomsPerTerm < 1 || interaction.atoms.empty() ||
      interaction.atoms.size() % static_cast<std::size_t>(interaction.atomsPerTerm) != 0)
    throw OpenMMException(interaction.owner + ": a bonded interaction needs whole terms of atoms");
  if (_interactions.size() >= 32)
    throw OpenMMException(interaction.owner + ": more than 32 bonded interactions in one Context");
  _interactions.push_back(std::move(interaction));
}

std::string ComputeBondedUtilities::generatedSource() const {
  std::ostringstream s, args, extraArgs, body;
  int end = 0, argument = 0;
  for (std::size_t k = 0; k < _interactions.size(); k++) {
    const Interaction& in = _interactions[k];
    const int n = in.atomsPerTerm;
    const int first = end;
    end += static_cast<int>(in.atoms.size()) / n;
    args << ", GLOBAL const int* RESTRICT termAtoms" << k;
    body << (k == 0 ? "    if" : "    else if") << " (t < " << end << ") {\n"
         << "      // " << in.owner << " (force group " << in.forceGroup << ")\n"
         << "      if ((interactions >> " << k << ") & 1) {\n"
         << "        const int index = t - " << first << ";\n";
    // Without the minimum image, the positions as the System has them: the stored ones (wrapped into the box
    // molecule by molecule) plus their image counts.
    for (int a = 1; a <= n; a++)
      body << "        const int atom" << a << " = termAtoms" << k << "[" << n << " * index + " << a - 1 << "];\n"
           << "        const int slot" << a << " = slotOfAtom[atom" << a << "];\n"
           << "        const mixed4 pos" << a << " = " << (in.periodic ? "posq[slot" : "unwrappedPosition(posq, cellOffset, box, slot")
           << a << (in.periodic ? "];\n" : ");\n");
    for (const auto& a : in.arguments) {
      extraArgs << ", GLOBAL " << a.type << "* RESTRICT bondedArg" << argument;
      body << "        GLOBAL " << a.type << "* " << a.name << " = bondedArg" << argument << ";\n";
      ++argument;
    }
    body << "#define DELTA(a, b) atomDelta(a, b, box, invBox, " << (in.periodic ? 1 : 0) << ")\n"
         << "        {\n" << in.source << "\n";
    for (int a = 1; a <= n; a++)
      body << "          addForce(force, slot" << a << ", force" << a << ".x, force" << a << ".y, force" << a << ".z);\n";
    body << "        }\n#undef DELTA\n      }\n    }\n";
  }
  // The kernel's arguments: every interaction's atoms, then every interaction's arrays (compute() passes them so).
  s << "#define BONDED_GENERATED 1\n#define BONDED_TERMS " << end << "\n#define BONDED_ARGS " << args.str()
    << extraArgs.str() << "\n";
  for (const auto& in : _interactions) s << in.functions << "\n";
  s << "DEVICE mixed bondedTerm(int t, int interactions, GLOBAL const int* RESTRICT slotOfAtom,\n"
    << "                       GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset,\n"
    << "                       mixed4 box, mixed4 invBox, GLOBAL mm_long* force,\n"
    << "                       mixed* derivs BONDED_ARGS) {\n"
    << "  mixed energy = 0;\n" << body.str() << "  return energy;\n}\n";
  std::string names;
  for (std::size_t k = 0; k < _interactions.size(); k++) names += ", termAtoms" + std::to_string(k);
  for (int a = 0; a < argument; a++) names += ", bondedArg" + std::to_string(a);
  s << "#define BONDED_NAMES " << names << "\n";
  return s.str();
}

void ComputeBondedUtilities::compile() {
  auto& ctx = _data.context();
  _numTerms = 0;
  for (const auto& in : _interactions) {
    auto atoms = std::make_unique<mardyn::compute::ComputeArray<int>>(ctx, in.atoms.size(), "bondedAtoms_" + in.owner);
    atoms->upload(in.atoms);
    _atoms.push_back(std::move(atoms));
    _numTerms += static_cast<int>(in.atoms.size()) / in.atomsPerTerm;
  }
  std::vector<std::string> files;
  for (const auto& i : _interactions)
    for (const auto& f : i.kernelFiles)
      if (std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
  files.push_back("openmm/common/kernels/BondedGeometry.cc");
  const std::string source = mardyn::compute::KernelSources::withRequirements(files) + generatedSource() +
                             mardyn::compute::KernelSources::get("openmm/common/kernels/BondedTerms.cc");
  auto defines = _data.commonDefines();
  defines["BONDED_GROUP"] = std::to_string(bondedGroup);
  defines["NUM_ENERGY_DERIVS"] = std::to_string(_data.numEnergyDerivatives());
  std::string owners;
  for (const auto& i : _interactions) owners += (owners.empty() ? "" : ", ") + i.owner;
  _program = _data.compile(source, defines, "openmm-bonded", "the bonded terms of " + owners);
  _kernel = _program->createKernel("computeBondedTerms");
}

void ComputeBondedUtilities::compute(int groups) {
  int interactions = 0;
  for (std::size_t k = 0; k < _interactions.size(); k++) {
    const Interaction& in = _interactions[k];
    if (in.enabled ? in.enabled(groups) : ((groups >> in.forceGroup) & 1) != 0) interactions |= 1 << k;
  }
  if (interactions == 0) return;
  if (!_program) compile();
  auto call = _kernel->call();
  call.arg(interactions).arg(_data.slotOfAtom()).arg(_data.posq()).arg(_data.cellOffset());
  _data.boxArguments(call);
  call.arg(_data.force()).arg(_data.energy());
  for (auto& atoms : _atoms) call.arg(*atoms);
  for (const auto& in : _interactions)
    for (const auto& a : in.arguments) call.arg(*a.array);
  // Work-groups of 128 (BONDED_GROUP), at most 16 per compute unit, striding over the terms.
  const std::size_t needed = (static_cast<std::size_t>(_numTerms) + bondedGroup - 1) / bondedGroup;
  const std::size_t workGroups = std::max<std::size_t>(1, std::min<std::size_t>(
      needed, static_cast<std::size_t>(std::max(64, 16 * _data.context().deviceInfo().computeUnits))));
  call.blockShape(bondedGroup).executeBlocks(workGroups);
}

} // namespace OpenMM
