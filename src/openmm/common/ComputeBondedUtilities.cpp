// ComputeBondedUtilities: the term tables and the one launch of all bonded terms.
#include "ComputeBondedUtilities.h"

#include "ComputePlatformData.h"

#include <algorithm>

namespace OpenMM {

namespace {
/// Threads of a work-group of computeBondedTerms (BONDED_GROUP, its energy reduction).
constexpr std::size_t bondedGroup = 128;
} // namespace

ComputeBondedUtilities::ComputeBondedUtilities(ComputePlatformData& data) : _data(data) {}

void ComputeBondedUtilities::createKernels(mardyn::compute::ComputeProgram& program) {
  _kernel = program.createKernel("computeBondedTerms");
}

int ComputeBondedUtilities::addTerms(Kind kind, int forceGroup, bool periodic,
                                     const std::vector<std::array<int, 4>>& atoms,
                                     const std::vector<std::array<double, 4>>& params) {
  const int first = static_cast<int>(_info.size());
  for (std::size_t t = 0; t < atoms.size(); t++) {
    const auto& a = atoms[t];
    _atoms.push_back({a[0], a[1], a[2] < 0 ? 0 : a[2], a[3] < 0 ? 0 : a[3]});
    _params.insert(_params.end(), params[t].begin(), params[t].end());
    _info.push_back(static_cast<int>(kind) + (periodic ? 4 : 0) + 8 * forceGroup);
  }
  _dirty = true;
  return first;
}

void ComputeBondedUtilities::setParameters(int first, const std::vector<std::array<double, 4>>& params) {
  for (std::size_t t = 0; t < params.size(); t++)
    for (int k = 0; k < 4; k++) _params[4 * (first + t) + k] = params[t][k];
  _dirty = true;
}

void ComputeBondedUtilities::upload() {
  auto& ctx = _data.context();
  const std::size_t n = _info.size();
  _deviceAtoms.initialize(ctx, n, "bondedAtoms");
  _deviceAtoms.upload(_atoms);
  _deviceParams = mardyn::compute::PrecisionArray(ctx, mardyn::compute::PrecisionArray::Kind::Mixed, 4, n, "bondedParams");
  _deviceParams.upload(_params);
  _deviceInfo.initialize(ctx, n, "bondedInfo");
  _deviceInfo.upload(_info);
  _dirty = false;
}

void ComputeBondedUtilities::compute(int groups) {
  if (_info.empty()) return;
  if (_dirty) upload();
  const int n = static_cast<int>(_info.size());
  auto call = _kernel->call();
  call.arg(n)
      .arg(_deviceAtoms)
      .arg(_deviceParams.array())
      .arg(_deviceInfo)
      .arg(groups)
      .arg(_data.slotOfAtom())
      .arg(_data.posq());
  _data.boxArguments(call);
  // Work-groups of 128 (BONDED_GROUP in Bonded.cc), at most 16 per compute unit, striding over the terms.
  const std::size_t needed = (static_cast<std::size_t>(n) + bondedGroup - 1) / bondedGroup;
  const std::size_t workGroups = std::min<std::size_t>(
      needed, static_cast<std::size_t>(std::max(64, 16 * _data.context().deviceInfo().computeUnits)));
  call.arg(_data.force()).arg(_data.energy()).blockShape(bondedGroup).executeBlocks(workGroups);
}

} // namespace OpenMM
