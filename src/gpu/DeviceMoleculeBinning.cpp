// DeviceMoleculeBinning: the program (the decorator's component tables and grid as defines), the per-step virial
// pass, one exact-sum array per request, one array of per-block extremes per MaxWriter, one array of counts per VDF
// sampling and per RDF, and the download of each when taken.
#include "gpu/DeviceMoleculeBinning.h"

#include "compute/KernelSources.h"
#include "io/MoleculeSums.h"

#include <algorithm>
#include <stdexcept>

namespace mardyn::gpu {

DeviceMoleculeBinning::DeviceMoleculeBinning(LinkedCellsGPUDecorator& decorator, const std::vector<Component>& components,
                                             std::function<double()> share, std::function<unsigned long()> step,
                                             const PlanarLongRange* planar)
    : _decorator(decorator), _components(components), _share(std::move(share)), _step(std::move(step)),
      _planar(planar) {}

DeviceMoleculeBinning::~DeviceMoleculeBinning() = default;

void DeviceMoleculeBinning::compile() {
  if (_program) return;
  DeviceTimeStep& step = _decorator.deviceStep();
  compute::ComputeContext& context = step.context();
  compute::ComputeContext::Defines defines;
  step.descriptor().addDefines(defines);
  defines["EXTREMES_BLOCK"] = std::to_string(extremesBlock);
  // Enough blocks to keep the device's memory busy; each holds its own extremes (a few hundred bytes).
  _extremesBlocks = static_cast<std::size_t>(std::min(1024, std::max(16, 8 * context.deviceInfo().computeUnits)));
  const std::string source =
      compute::KernelSources::withRequirements(std::vector<std::string>{"gpu/kernels/MoleculeBinning.cc"});
  _program = context.compileProgram(source, defines, "gpu-binning");
  _virialKernel = _program->createKernel("moleculeVirials");
  _planarKernel = _program->createKernel("planarMoleculeVirials");
  _binKernel = _program->createKernel("binMolecules");
  _extremesKernel = _program->createKernel("foldMoleculeExtremes");
  _vdfKernel = _program->createKernel("vdfMolecules");
  _rdfKernel = _program->createKernel("rdfMolecules");
  _cavityKernel = _program->createKernel("cavityMolecules");
  std::vector<int> dof;
  for (const Component& c : _components) dof.push_back(static_cast<int>(c.rotationalDegreesOfFreedom()));
  _rotDof = std::make_unique<compute::ComputeArray<int>>(context, dof.size(), "binningRotDof");
  _rotDof->upload(dof);
  _virials = std::make_unique<compute::ComputeArray<double>>(context, 3, "binningVirials");
}

int DeviceMoleculeBinning::add(const Request& request) {
  compile();
  Set s{request, std::make_unique<compute::ComputeArray<compute::mm_long>>(
                     _decorator.deviceStep().context(), SUMS_LIMBS * std::max<std::size_t>(1, size(request, _components.size())),
                     "binningSums")};
  s.sums->zero();
  _sets.push_back(std::move(s));
  return static_cast<int>(_sets.size()) - 1;
}

void DeviceMoleculeBinning::updateVirials() {
  if (_virialStep == _step()) return;
  _virialStep = _step();
  DeviceTimeStep& step = _decorator.deviceStep();
  MoleculeStorage& s = step.storage();
  const int owned = static_cast<int>(s.numOwned());
  if (_virials->size() < 3 * s.numOwned()) _virials = std::make_unique<compute::ComputeArray<double>>(step.context(), 3 * s.numOwned(), "binningVirials");
  if (owned == 0) return;
  const DeviceGrid& g = step.grid();
  _virialKernel->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.cellStart())
      .arg(s.positions().array())
      .arg(s.rotations().array())
      .arg(s.componentTypes())
      .arg(step.descriptor().sites().array())
      .arg(step.descriptor().counts())
      .arg(step.descriptor().ljParameters().array())
      .arg(g.dimsAndHalo())
      .arg(_share())
      .arg(*_virials)
      .execute(static_cast<std::size_t>(owned));
  if (_planar) addPlanarVirials();
}

void DeviceMoleculeBinning::addPlanarVirials() {
  const PlanarLongRange& p = *_planar;
  DeviceTimeStep& step = _decorator.deviceStep();
  compute::ComputeContext& context = step.context();
  const std::size_t slabs = p.slabs(), ljEntries = p.numLJTypes() * slabs;
  if (!_planarTypes) {
    std::vector<int> types;
    for (unsigned c = 0; c < _components.size(); ++c) {
      types.push_back(static_cast<int>(p.ljOffset(c)));
      types.push_back(p.dipoleIndex(c));
    }
    _planarTypes = std::make_unique<compute::ComputeArray<int>>(context, types.size(), "planarVirialTypes");
    _planarTypes->upload(types);
  }
  if (!_planarTerms || _planarVersion != p.termsVersion()) {
    _planarVersion = p.termsVersion();
    std::vector<double> terms;
    for (std::size_t k = 0; k < p.vN().size(); ++k) terms.insert(terms.end(), {p.vN()[k], p.vT()[k]});
    for (std::size_t k = 0; k < p.vNDipole().size(); ++k) terms.insert(terms.end(), {p.vNDipole()[k], p.vTDipole()[k]});
    terms.resize(std::max<std::size_t>(terms.size(), 2), 0.0);
    if (!_planarTerms || _planarTerms->size() != terms.size())
      _planarTerms = std::make_unique<compute::ComputeArray<double>>(context, terms.size(), "planarVirialTerms");
    _planarTerms->upload(terms);
  }
  MoleculeStorage& s = step.storage();
  _planarKernel->call()
      .arg(static_cast<int>(s.numOwned()))
      .arg(s.ownedSlots())
      .arg(s.positions().array())
      .arg(s.rotations().array())
      .arg(s.componentTypes())
      .arg(step.descriptor().sites().array())
      .arg(step.descriptor().counts())
      .arg(*_planarTypes)
      .arg(*_planarTerms)
      .arg(static_cast<int>(slabs))
      .arg(p.slabWidth())
      .arg(static_cast<int>(ljEntries))
      .arg(*_virials)
      .execute(s.numOwned());
}

void DeviceMoleculeBinning::accumulate(int handle) {
  Set& set = _sets.at(static_cast<std::size_t>(handle));
  _decorator.deviceStep();  // the molecules are on the device (after the first exchange)
  const Request& r = set.request;
  if (needsVirial(r)) updateVirials();
  DeviceTimeStep& step = _decorator.deviceStep();
  MoleculeStorage& s = step.storage();
  const int owned = static_cast<int>(s.numOwned());
  if (owned == 0) return;
  _binKernel->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.forces().array())
      .arg(s.componentTypes())
      .arg(step.descriptor().inertia().array())
      .arg(*_rotDof)
      .arg(*_virials)
      .arg(needsVirial(r) ? 1 : 0)
      .arg(step.grid().box.x)
      .arg(step.grid().box.y)
      .arg(step.grid().box.z)
      .arg(static_cast<int>(r.geometry))
      .arg(r.lower)
      .arg(r.width)
      .arg(r.upper)
      .arg(static_cast<int>(bins(r)))
      .arg(r.inv[0])
      .arg(r.inv[1])
      .arg(r.inv[2])
      .arg(static_cast<int>(r.units[0]))
      .arg(static_cast<int>(r.units[1]))
      .arg(static_cast<int>(r.units[2]))
      .arg(r.centre.x)
      .arg(r.centre.z)
      .arg(r.perComponent ? static_cast<int>(_components.size()) + 1 : 1)
      .arg(r.singleComponent ? 1 : 0)
      .arg(r.onlyComponent)
      .arg(r.directions ? 1 : 0)
      .arg(static_cast<int>(r.fieldMask))
      .arg(static_cast<int>(fields(r)))
      .arg(*set.sums)
      .execute(static_cast<std::size_t>(owned));
}

std::vector<double> DeviceMoleculeBinning::take(int handle) {
  Set& set = _sets.at(static_cast<std::size_t>(handle));
  const std::vector<compute::mm_long> limbs = set.sums->download();
  set.sums->zero();
  std::vector<double> out(size(set.request, _components.size()));
  for (std::size_t k = 0; k < out.size(); ++k) {
    std::int64_t l[SUMS_LIMBS];
    for (int j = 0; j < SUMS_LIMBS; ++j) l[j] = limbs[k * SUMS_LIMBS + j];
    out[k] = MoleculeSums::ExactSum::valueOf(l);
  }
  return out;
}

int DeviceMoleculeBinning::addExtremes() {
  compile();
  const std::size_t values = extremesSize(_components.size());
  _extremes.push_back(std::make_unique<compute::ComputeArray<double>>(_decorator.deviceStep().context(),
                                                                       values * _extremesBlocks, "extremes"));
  _extremes.back()->zero();
  return static_cast<int>(_extremes.size()) - 1;
}

void DeviceMoleculeBinning::foldExtremes(int handle) {
  compute::ComputeArray<double>& partials = *_extremes.at(static_cast<std::size_t>(handle));
  DeviceTimeStep& step = _decorator.deviceStep();
  MoleculeStorage& s = step.storage();
  const int owned = static_cast<int>(s.numOwned());
  if (owned == 0) return;
  _extremesKernel->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.velocities().array())
      .arg(s.angularMomenta().array())
      .arg(s.forces().array())
      .arg(s.torques().array())
      .arg(s.componentTypes())
      .arg(static_cast<int>(_components.size()) + 1)
      .arg(partials)
      .blockShape(extremesBlock)
      .executeBlocks(_extremesBlocks);
}

std::vector<double> DeviceMoleculeBinning::takeExtremes(int handle) {
  compute::ComputeArray<double>& partials = *_extremes.at(static_cast<std::size_t>(handle));
  const std::vector<double> all = partials.download();
  partials.zero();
  std::vector<double> out(extremesSize(_components.size()), 0.0);
  for (std::size_t k = 0; k < out.size(); ++k) {
    const bool minimum = k % kExtremesPerQuantity >= 4;
    for (std::size_t b = 0; b < _extremesBlocks; ++b) {
      const double x = all[k * _extremesBlocks + b];
      if (minimum ? x < out[k] : out[k] < x) out[k] = x;
    }
  }
  return out;
}

int DeviceMoleculeBinning::addVdf(const VdfRequest& request) {
  compile();
  compute::ComputeContext& context = _decorator.deviceStep().context();
  VdfSet set;
  set.request = request;
  std::vector<int> classes, offsets;
  const std::vector<double> invWidths = vdfInvClassWidths(request);  // the host's
  const std::vector<std::size_t> first = vdfOffsets(request);
  for (std::size_t c = 0; c < request.classes.size(); ++c) {
    classes.push_back(static_cast<int>(request.classes[c].first));
    offsets.push_back(static_cast<int>(first[c]));
  }
  set.classes = std::make_unique<compute::ComputeArray<int>>(context, classes.size(), "vdfClasses");
  set.classes->upload(classes);
  set.offsets = std::make_unique<compute::ComputeArray<int>>(context, offsets.size(), "vdfOffsets");
  set.offsets->upload(offsets);
  set.invWidths = std::make_unique<compute::ComputeArray<double>>(context, invWidths.size(), "vdfInvWidths");
  set.invWidths->upload(invWidths);
  set.counts = std::make_unique<compute::ComputeArray<compute::mm_long>>(
      context, std::max<std::size_t>(1, 12 * vdfValues(request)), "vdfCounts");
  set.counts->zero();
  _vdf.push_back(std::move(set));
  return static_cast<int>(_vdf.size()) - 1;
}

void DeviceMoleculeBinning::accumulateVdf(int handle) {
  VdfSet& set = _vdf.at(static_cast<std::size_t>(handle));
  const VdfRequest& r = set.request;
  DeviceTimeStep& step = _decorator.deviceStep();
  MoleculeStorage& s = step.storage();
  const int owned = static_cast<int>(s.numOwned());
  if (owned == 0 || r.classes.empty()) return;
  _vdfKernel->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.positions().array())
      .arg(r.force ? s.forces().array() : s.velocities().array())
      .arg(s.componentTypes())
      .arg(step.grid().box.y)
      .arg(r.lowerY)
      .arg(1. / r.binWidth)
      .arg(static_cast<int>(r.bins))
      .arg(r.singleComponent ? 1 : 0)
      .arg(static_cast<int>(r.classes.size()))
      .arg(*set.classes)
      .arg(*set.invWidths)
      .arg(*set.offsets)
      .arg(r.classes[0].first > 0 ? 1 : 0)
      .arg(static_cast<int>(vdfValues(r)))
      .arg(*set.counts)
      .execute(static_cast<std::size_t>(owned));
}

std::vector<double> DeviceMoleculeBinning::takeVdf(int handle) {
  VdfSet& set = _vdf.at(static_cast<std::size_t>(handle));
  const std::vector<compute::mm_long> counts = set.counts->download();
  set.counts->zero();
  return std::vector<double>(counts.begin(), counts.begin() + static_cast<long>(12 * vdfValues(set.request)));
}

int DeviceMoleculeBinning::addRdf(const RdfRequest& request) {
  if (request.sites.size() != _components.size())
    throw std::invalid_argument("DeviceMoleculeBinning::addRdf: the request names " +
                                std::to_string(request.sites.size()) + " components, the device holds " +
                                std::to_string(_components.size()));
  compile();
  compute::ComputeContext& context = _decorator.deviceStep().context();
  const RdfLayout layout = rdfLayout(request);
  RdfSet set;
  set.request = request;
  set.histograms = layout.histograms;
  auto table = [&](const std::vector<long>& values, const char* name) {
    auto a = std::make_unique<compute::ComputeArray<compute::mm_long>>(context, values.size(), name);
    a->upload(std::vector<compute::mm_long>(values.begin(), values.end()));
    return a;
  };
  set.pairBase = table(layout.pairBase, "rdfPairBase");
  set.siteBase = table(layout.siteBase, "rdfSiteBase");
  // Up to 64 copies of the counts, within 32 MiB.
  const std::size_t values = layout.histograms + request.sites.size();
  set.copies = std::clamp<std::size_t>((std::size_t(32) << 20) / (sizeof(compute::mm_long) * values), 1, 64);
  set.counts = std::make_unique<compute::ComputeArray<compute::mm_long>>(context, set.copies * values, "rdfCounts");
  set.counts->zero();
  _rdf.push_back(std::move(set));
  return static_cast<int>(_rdf.size()) - 1;
}

void DeviceMoleculeBinning::accumulateRdf(int handle) {
  RdfSet& set = _rdf.at(static_cast<std::size_t>(handle));
  const RdfRequest& r = set.request;
  DeviceTimeStep& step = _decorator.deviceStep();
  MoleculeStorage& s = step.storage();
  const int owned = static_cast<int>(s.numOwned());
  if (owned == 0) return;
  const double maxDist2 = r.interval * r.interval * r.bins * static_cast<double>(r.bins);  // as the host
  _rdfKernel->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.cellStart())
      .arg(s.positions().array())
      .arg(s.rotations().array())
      .arg(s.componentTypes())
      .arg(step.descriptor().sites().array())
      .arg(step.descriptor().counts())
      .arg(s.ids())
      .arg(step.grid().dimsAndHalo())
      .arg(r.cutoff * r.cutoff)
      .arg(maxDist2)
      .arg(r.interval)
      .arg(static_cast<int>(r.bins))
      .arg(*set.pairBase)
      .arg(*set.siteBase)
      .arg(static_cast<compute::mm_long>(set.histograms))
      .arg(static_cast<compute::mm_long>(set.histograms + r.sites.size()))
      .arg(static_cast<int>(set.copies))
      .arg(*set.counts)
      .execute(static_cast<std::size_t>(owned));
}

std::vector<double> DeviceMoleculeBinning::takeRdf(int handle) {
  RdfSet& set = _rdf.at(static_cast<std::size_t>(handle));
  const std::vector<compute::mm_long> counts = set.counts->download();
  set.counts->zero();
  const std::size_t values = counts.size() / set.copies;
  std::vector<double> out(values, 0.0);
  for (std::size_t c = 0; c < set.copies; ++c)
    for (std::size_t k = 0; k < values; ++k) out[k] += static_cast<double>(counts[c * values + k]);
  return out;
}

int DeviceMoleculeBinning::addCavity(const CavityRequest& request) {
  compile();
  CavitySet set{request, std::make_unique<compute::ComputeArray<compute::mm_long>>(
                             _decorator.deviceStep().context(), std::max<std::size_t>(1, cavityPoints(request)),
                             "cavityCounts")};
  set.counts->zero();
  _cavity.push_back(std::move(set));
  return static_cast<int>(_cavity.size()) - 1;
}

void DeviceMoleculeBinning::accumulateCavity(int handle) {
  CavitySet& set = _cavity.at(static_cast<std::size_t>(handle));
  const CavityRequest& r = set.request;
  DeviceTimeStep& step = _decorator.deviceStep();
  MoleculeStorage& s = step.storage();
  const int owned = static_cast<int>(s.numOwned());
  if (owned == 0 || cavityPoints(r) == 0) return;
  const Vec3& box = step.grid().box;
  _cavityKernel->call()
      .arg(owned)
      .arg(s.ownedSlots())
      .arg(s.positions().array())
      .arg(s.ids())
      .arg(box.x)
      .arg(box.y)
      .arg(box.z)
      .arg(r.lower.x)
      .arg(r.lower.y)
      .arg(r.lower.z)
      .arg(r.spacing.x)
      .arg(r.spacing.y)
      .arg(r.spacing.z)
      .arg(static_cast<compute::mm_long>(r.first[0]))
      .arg(static_cast<compute::mm_long>(r.first[1]))
      .arg(static_cast<compute::mm_long>(r.first[2]))
      .arg(static_cast<compute::mm_long>(r.last[0]))
      .arg(static_cast<compute::mm_long>(r.last[1]))
      .arg(static_cast<compute::mm_long>(r.last[2]))
      .arg(static_cast<compute::mm_long>(r.grid[1]))
      .arg(static_cast<compute::mm_long>(r.grid[2]))
      .arg(r.radius)
      .arg(*set.counts)
      .execute(static_cast<std::size_t>(owned));
}

std::vector<double> DeviceMoleculeBinning::takeCavity(int handle) {
  CavitySet& set = _cavity.at(static_cast<std::size_t>(handle));
  const std::vector<compute::mm_long> counts = set.counts->download();
  set.counts->zero();
  return std::vector<double>(counts.begin(), counts.begin() + static_cast<long>(cavityPoints(set.request)));
}

std::vector<double> DeviceMoleculeBinning::virials() {
  updateVirials();
  const std::vector<double> all = _virials->download();
  return std::vector<double>(all.begin(), all.begin() + 3 * static_cast<long>(_decorator.deviceStep().storage().numOwned()));
}

std::unique_ptr<MoleculeBinning> makeDeviceBinning(ParticleContainer& container, const std::vector<Component>& components,
                                                   std::function<double()> share, std::function<unsigned long()> step,
                                                   const PlanarLongRange* planar) {
  auto* decorator = dynamic_cast<LinkedCellsGPUDecorator*>(&container);
  if (!decorator || !decorator->context().deviceInfo().supportsDouble) return nullptr;
  return std::make_unique<DeviceMoleculeBinning>(*decorator, components, std::move(share), std::move(step), planar);
}

}  // namespace mardyn::gpu
