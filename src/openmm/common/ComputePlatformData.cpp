// ComputePlatformData: the device, the core program, the atoms' slots and their reordering, and the host's
// few reads and writes of coordinates.
#include "ComputePlatformData.h"

#include "ComputePlatform.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"

#include "compute/ComputeBackends.h"
#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace OpenMM {

using mardyn::compute::ComputeArray;
using mardyn::compute::PrecisionArray;
using Kind = PrecisionArray::Kind;

namespace {

mardyn::compute::Precision parsePrecision(const std::string& value, const std::string& platform) {
  std::string v = value;
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
  if (v == "single") return mardyn::compute::Precision::Single;
  if (v == "mixed") return mardyn::compute::Precision::Mixed;
  if (v == "double") return mardyn::compute::Precision::Double;
  throw OpenMMException("Illegal value for " + platform + " Precision: " + value + " (single, mixed or double)");
}

std::unique_ptr<mardyn::compute::ComputeContext> openContext(const std::string& backend, const std::string& platform,
                                                             const std::map<std::string, std::string>& properties,
                                                             mardyn::compute::Precision precision) {
  mardyn::compute::ContextOptions options;
  options.backend = backend;
  options.precision = precision;
  const std::string& index = properties.at(ComputePlatform::deviceIndexProperty());
  if (!index.empty()) {
    try {
      std::size_t used = 0;
      options.deviceIndex = std::stoi(index, &used);
      if (used != index.size() || options.deviceIndex < 0) throw std::invalid_argument(index);
    } catch (const std::exception&) {
      throw OpenMMException("Illegal value for " + platform + " DeviceIndex: " + index);
    }
  }
  try {
    auto context = mardyn::compute::availableBackends().create(options);
    if (precision != mardyn::compute::Precision::Single && !context->deviceInfo().supportsDouble)
      throw OpenMMException(platform + " platform: the device " + context->deviceInfo().describe() +
                            " has no double precision (Precision " + properties.at(ComputePlatform::precisionProperty()) +
                            ")");
    return context;
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(platform + " platform: no usable device: " + e.what());
  }
}

} // namespace

ComputePlatformData::ComputePlatformData(const ComputePlatform& platform, const System& system,
                                         const std::map<std::string, std::string>& properties)
    : _platformName(platform.getName()) {
  const auto precision = parsePrecision(properties.at(ComputePlatform::precisionProperty()), _platformName);
  _context = openContext(platform.backend(), _platformName, properties, precision);
  auto& ctx = *_context;
  _numAtoms = system.getNumParticles();
  _paddedAtoms = std::max(tileSize, (_numAtoms + tileSize - 1) / tileSize * tileSize);
  _periodic = system.usesPeriodicBoundaryConditions();
  system.getDefaultPeriodicBoxVectors(box[0], box[1], box[2]);
  masses.resize(_numAtoms);
  charges.assign(_numAtoms, 0.0);
  for (int i = 0; i < _numAtoms; i++) {
    masses[i] = system.getParticleMass(i);
    _totalMass += masses[i];
  }
  propertyValues = properties;
  propertyValues[ComputePlatform::precisionProperty()] = mardyn::compute::precisionName(precision);
  propertyValues[ComputePlatform::deviceIndexProperty()] = std::to_string(ctx.deviceInfo().index);
  const std::string deterministic = ComputePlatform::booleanProperty(properties, ComputePlatform::deterministicForcesProperty(), _platformName);
  const std::string disablePmeStream = ComputePlatform::booleanProperty(properties, ComputePlatform::disablePmeStreamProperty(), _platformName);
  _pmeQueueDisabled = disablePmeStream == "true";
  propertyValues[ComputePlatform::disablePmeStreamProperty()] = disablePmeStream;
  // Single and mixed precision always sum forces in 64-bit fixed point; double precision does where asked.
  _deterministic = deterministic == "true";
  _fixedPointForces = precision != mardyn::compute::Precision::Double || _deterministic;
  propertyValues[ComputePlatform::deterministicForcesProperty()] = deterministic;
  propertyValues[_platformName + "DeviceName"] = ctx.deviceInfo().name;

  const std::size_t n = static_cast<std::size_t>(_paddedAtoms);
  _posq = PrecisionArray(ctx, Kind::Mixed, 4, n, "posq");
  _velm = PrecisionArray(ctx, Kind::Mixed, 4, n, "velm");
  _oldPosq = PrecisionArray(ctx, Kind::Mixed, 4, n, "posqBeforeReorder");
  _oldVelm = PrecisionArray(ctx, Kind::Mixed, 4, n, "velmBeforeReorder");
  _cellOffset.initialize(ctx, n, "cellOffset");
  _oldCellOffset.initialize(ctx, n, "cellOffsetBeforeReorder");
  _atomIndex.initialize(ctx, n, "atomIndex");
  _oldAtomIndex.initialize(ctx, n, "atomIndexBeforeReorder");
  _slotOfAtom.initialize(ctx, n, "slotOfAtom");
  _oldSlotOfAtom.initialize(ctx, n, "slotOfAtomBeforeReorder");
  _moleculeAnchor.initialize(ctx, n, "moleculeAnchor");
  _keys.initialize(ctx, n, "reorderKeys");
  _order.initialize(ctx, n, "reorderOrder");
  _force.initialize(ctx, 3 * n, "force");
  _energy.initialize(ctx, 1, "energy");
  _reduceGroups = std::min(2048, std::max(16, 8 * ctx.deviceInfo().computeUnits));
  _partials = PrecisionArray(ctx, Kind::Mixed, 1, 4 * static_cast<std::size_t>(std::max(_reduceGroups, momentumGroups)),
                             "sumPartials");
  _sums = PrecisionArray(ctx, Kind::Mixed, 1, 4, "sums");
  _momentum = PrecisionArray(ctx, Kind::Mixed, 1, 4 * static_cast<std::size_t>(momentumGroups), "momentumPartials");
  // Hilbert keys over 2^(3 GRID_BITS) cells of about two atoms each.
  const double cellsPerAxis = std::cbrt(std::max(1.0, _numAtoms / 2.0));
  while (_gridBits < 10 && (1 << _gridBits) < cellsPerAxis) ++_gridBits;
  const std::size_t numKeys = std::size_t(1) << (3 * _gridBits);
  _keyCounts.initialize(ctx, numKeys + 1, "reorderKeyCounts");
  _keyFill.initialize(ctx, numKeys + 1, "reorderKeyFill");

  // Initial state: atoms in System order, at the origin, at rest.
  std::vector<mardyn::compute::mm_int4> zeroOffsets(n, mardyn::compute::mm_int4{0, 0, 0, 0});
  _cellOffset.upload(zeroOffsets);
  std::vector<int> identity(n);
  for (std::size_t i = 0; i < n; i++) identity[i] = static_cast<int>(i);
  _atomIndex.upload(identity);
  _slotOfAtom.upload(identity);
  _moleculeAnchor.upload(identity);
  std::vector<double> zeros(4 * n, 0.0);
  _posq.upload(zeros);
  for (int i = 0; i < _numAtoms; i++) zeros[4 * i + 3] = masses[i] == 0.0 ? 0.0 : 1.0 / masses[i];
  _velm.upload(zeros);

  _scan = std::make_unique<mardyn::compute::DeviceScan>(ctx);
  _bonded = std::make_unique<ComputeBondedUtilities>(*this);
  auto defines = commonDefines();
  _scan->addDefines(defines);
  defines["GRID_BITS"] = std::to_string(_gridBits);
  blockReduceDefines(defines);
  defines["BONDED_GROUP"] = "128";
  try {
    _program = ctx.compileProgram(
        mardyn::compute::KernelSources::withRequirements(std::vector<std::string>{
            "compute/kernels/Scan.cc", "openmm/common/kernels/Forces.cc", "openmm/common/kernels/Reorder.cc",
            "openmm/common/kernels/Integration.cc"}),
        defines, "openmm-core");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(_platformName + " platform: compiling the core kernels failed: " + e.what());
  }
  _scan->createKernels(*_program);
  _clear = _program->createKernel("clearForces");
  _unusedFlag.initialize(ctx, 1, "unusedDisplacementFlag");
  _reorderKeys = _program->createKernel("computeReorderKeys");
  _scatter = _program->createKernel("scatterReorder");
  _sortBuckets = _program->createKernel("sortReorderBuckets");
  _gather = _program->createKernel("gatherReorder");
  _sumKinetic = _program->createKernel("sumKineticAndMomentum");
  _sumPartials = _program->createKernel("sumPartials");
  _removeMomentum = _program->createKernel("removeMomentum");
  _shiftVelocities = _program->createKernel("shiftVelocities");
  _constraints = std::make_unique<ComputeConstraints>(*this, system);
  _virtualSites = std::make_unique<ComputeVirtualSites>(*this, system);
  if (!_constraints->empty()) _savedVelm = PrecisionArray(ctx, Kind::Mixed, 4, n, "velmUnconstrained");
}

ComputePlatformData::~ComputePlatformData() {
  // MARDYN_COMPUTE_PROFILE=1: the time each kernel took over the Context's life, on standard error.
  if (_context) {
    const std::string table = _context->kernelProfileTable();
    // Through C stdio: on Ubuntu 24.04 (GCC 13) `std::cerr <<` here, in the OpenCL plugin during the Context's
    // destruction, died in ostream::sentry (a copy exported by libOpenMM.so); why is not known.
    if (!table.empty()) std::fputs(table.c_str(), stderr);
  }
}

std::unique_ptr<mardyn::compute::ComputeProgram> ComputePlatformData::compile(
    const std::string& source, const mardyn::compute::ComputeContext::Defines& defines, const std::string& name,
    const std::string& what) {
  if (const char* directory = std::getenv("MARDYN_OPENMM_SOURCES")) {
    std::ofstream file(std::string(directory) + "/" + name + "-" + std::to_string(nextId()) + ".cc");
    for (const auto& [key, value] : defines) file << "// define " << key << "=" << value << "\n";
    file << source;
  }
  try {
    return _context->compileProgram(source, defines, name);
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(_platformName + " platform: compiling the kernels of " + what + " failed: " + e.what());
  }
}

mardyn::compute::ComputeContext::Defines ComputePlatformData::commonDefines() const {
  mardyn::compute::ComputeContext::Defines d;
  d["NUM_ATOMS"] = std::to_string(_numAtoms);
  d["PADDED_ATOMS"] = std::to_string(_paddedAtoms);
  d["TILE_SIZE"] = std::to_string(tileSize);
  d["PERIODIC"] = _periodic ? "1" : "0";
  d["FORCE_FIXED_POINT"] = _fixedPointForces ? "1" : "0";
  return d;
}

void ComputePlatformData::boxArguments(mardyn::compute::KernelCall& call) const {
  call.mixed4Arg(box[0][0], box[1][1], box[2][2]).mixed4Arg(1.0 / box[0][0], 1.0 / box[1][1], 1.0 / box[2][2]);
}

void ComputePlatformData::seedRandom(int seed) {
  if (randomSeed != 0) return;
  randomSeed = seed != 0 ? static_cast<std::uint64_t>(static_cast<unsigned int>(seed))
                         : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  if (randomSeed == 0) randomSeed = 1;
}

void ComputePlatformData::finishStep(double dt) {
  _virtualSites->computePositions();
  time += dt;
  stepCount++;
}

void ComputePlatformData::beginForces() {
  // Work registered or joined by an evaluation that ended early (an exception) is queued and waited for: its
  // events are recorded, and it still holds the arrays.
  runBesideTiles();
  awaitJoined();
  if (_reorderDue || ++_forcesSinceReorder >= reorderInterval) reorder();
  _hostDerivatives.assign(_derivativeNames.size(), 0.0);
  auto clear = _clear->call();
  clear.arg(_force).arg(_energy).arg(static_cast<int>(_energy.size())).arg(_posq.array());
  if (_displacementCheck) {
    const DisplacementCheck& check = *_displacementCheck;
    clear.arg(*check.posAtBuild).mixedArg(check.limit2).arg(*check.flag).arg(1);
    _displacementCheck->queued = true;
  } else {
    clear.arg(_posq.array()).mixedArg(0.0).arg(_unusedFlag).arg(0);
  }
  // A due centre-of-mass correction in the same launch.
  clear.arg(_momentumRemovalDue ? 1 : 0).arg(_momentum.array()).mixedArg(_totalMass).arg(_velm.array());
  _momentumRemovalDue = false;
  clear.execute(3 * static_cast<std::size_t>(_paddedAtoms));
}

void ComputePlatformData::reorder() {
  _reorderDue = false;
  _forcesSinceReorder = 0;
  const int numKeys = 1 << (3 * _gridBits);
  const int cells = 1 << _gridBits;
  // The grid spans the periodic box, or a cube around the atoms otherwise (positions downloaded for it
  // only here, every few hundred steps, and only without a box).
  Vec3 origin(0, 0, 0), extent(box[0][0], box[1][1], box[2][2]);
  if (!_periodic) {
    std::vector<double> p;
    _posq.downloadPrefix(p, static_cast<std::size_t>(_numAtoms));
    Vec3 lo(p[0], p[1], p[2]), hi = lo;
    for (int i = 0; i < _numAtoms; i++)
      for (int k = 0; k < 3; k++) {
        lo[k] = std::min(lo[k], p[4 * i + k]);
        hi[k] = std::max(hi[k], p[4 * i + k]);
      }
    origin = lo;
    extent = hi - lo;
  }
  const Vec3 invCell(cells / std::max(extent[0], 1e-9), cells / std::max(extent[1], 1e-9), cells / std::max(extent[2], 1e-9));
  _keyCounts.zero();
  _keyFill.zero();
  auto keys = _reorderKeys->call();
  keys.arg(_numAtoms).arg(_posq.array());
  boxArguments(keys);
  keys.mixed4Arg(origin[0], origin[1], origin[2]).mixed4Arg(invCell[0], invCell[1], invCell[2]).arg(_keys).arg(_keyCounts).execute(
      static_cast<std::size_t>(_numAtoms));
  _scan->exclusive(_keyCounts, numKeys, _keyCounts);
  _scatter->call().arg(_numAtoms).arg(_keys).arg(_keyCounts).arg(_keyFill).arg(_order).execute(
      static_cast<std::size_t>(_numAtoms));
  _sortBuckets->call().arg(numKeys).arg(_keyCounts).arg(_order).arg(_atomIndex).execute(static_cast<std::size_t>(numKeys));
  _posq.array().copyTo(_oldPosq.array());
  _velm.array().copyTo(_oldVelm.array());
  _cellOffset.copyTo(_oldCellOffset);
  _atomIndex.copyTo(_oldAtomIndex);
  _slotOfAtom.copyTo(_oldSlotOfAtom);
  auto gather = _gather->call();
  gather.arg(_numAtoms)
      .arg(_order)
      .arg(_moleculeAnchor)
      .arg(_oldSlotOfAtom);
  boxArguments(gather);
  gather
      .arg(_oldPosq.array())
      .arg(_oldVelm.array())
      .arg(_oldCellOffset)
      .arg(_oldAtomIndex)
      .arg(_posq.array())
      .arg(_velm.array())
      .arg(_cellOffset)
      .arg(_atomIndex)
      .arg(_slotOfAtom)
      .execute(static_cast<std::size_t>(_numAtoms));
  ++_reorderVersion;
}

ComputeNonbondedUtilities& ComputePlatformData::nonbonded(bool useCutoff, bool periodic,
                                                      const std::vector<std::vector<int>>& excluded) {
  for (auto& utility : _nonbonded)
    if (utility->matches(useCutoff, periodic, excluded)) return *utility;
  _nonbonded.push_back(std::make_unique<ComputeNonbondedUtilities>(*this, useCutoff, periodic, excluded));
  return *_nonbonded.back();
}

std::vector<ComputeNonbondedUtilities*> ComputePlatformData::nonbondedUtilities() {
  std::vector<ComputeNonbondedUtilities*> list;
  for (auto& utility : _nonbonded) list.push_back(utility.get());
  return list;
}

void ComputePlatformData::computeInteractions(int groups, bool includeEnergy) {
  const auto launchBeside = [this] { runBesideTiles(); };
  for (auto& utility : _nonbonded) utility->compute(groups, includeEnergy, launchBeside);
  runBesideTiles();  // where no tile list ran
  // The bonded terms queued beside the tiles too ran the same within the noise (H200, OpenCL and CUDA, PME water
  // and DHFR, two rounds), so they stay behind the wait.
  _bonded->compute(groups);
  awaitJoined();
}

void ComputePlatformData::runBesideTiles() {
  auto work = std::move(_besideTiles);
  _besideTiles.clear();
  for (auto& launch : work) launch();
}

void ComputePlatformData::awaitJoined() {
  for (auto* finished : _joined) finished->enqueueWait();
  _joined.clear();
}

bool ComputePlatformData::requestPosqCharges() {
  if (_posqChargesTaken) return false;
  _posqChargesTaken = true;
  return true;
}

int ComputePlatformData::energyDerivativeIndex(const std::string& name) {
  auto it = std::find(_derivativeNames.begin(), _derivativeNames.end(), name);
  if (it != _derivativeNames.end()) return static_cast<int>(it - _derivativeNames.begin());
  _derivativeNames.push_back(name);
  _energy.resize(1 + _derivativeNames.size());
  return static_cast<int>(_derivativeNames.size()) - 1;
}

void ComputePlatformData::addHostEnergyDerivative(const std::string& name, double value) {
  const int k = energyDerivativeIndex(name);
  if (_hostDerivatives.size() < _derivativeNames.size()) _hostDerivatives.resize(_derivativeNames.size(), 0.0);
  _hostDerivatives[static_cast<std::size_t>(k)] += value;
}

std::map<std::string, double> ComputePlatformData::downloadEnergyDerivatives() {
  std::map<std::string, double> derivatives;
  if (_derivativeNames.empty()) return derivatives;
  std::vector<long long> words(_derivativeNames.size());
  _energy.downloadBytes(words.data(), sizeof(long long), words.size() * sizeof(long long));
  for (std::size_t k = 0; k < words.size(); k++)
    derivatives[_derivativeNames[k]] = word(words[k]) + (k < _hostDerivatives.size() ? _hostDerivatives[k] : 0.0);
  return derivatives;
}

double ComputePlatformData::word(long long w) const {
  if (_fixedPointForces) return static_cast<double>(w) / 4294967296.0;
  double d;
  std::memcpy(&d, &w, sizeof d);
  return d;
}

double ComputePlatformData::downloadEnergy() {
  long long e = 0;
  _energy.downloadBytes(&e, 0, sizeof e);
  return word(e);
}

std::vector<int> ComputePlatformData::hostAtomIndex() {
  std::vector<int> index(static_cast<std::size_t>(_numAtoms));
  _atomIndex.downloadBytes(index.data(), 0, index.size() * sizeof(int));
  return index;
}

void ComputePlatformData::getPositions(std::vector<Vec3>& positions) {
  std::vector<double> p;
  _posq.downloadPrefix(p, static_cast<std::size_t>(_numAtoms));
  std::vector<mardyn::compute::mm_int4> offsets(static_cast<std::size_t>(_numAtoms));
  _cellOffset.downloadBytes(offsets.data(), 0, offsets.size() * sizeof(mardyn::compute::mm_int4));
  const std::vector<int> index = hostAtomIndex();
  positions.resize(static_cast<std::size_t>(_numAtoms));
  for (int s = 0; s < _numAtoms; s++) {
    const auto& o = offsets[s];
    positions[index[s]] = Vec3(p[4 * s] + o.x * box[0][0], p[4 * s + 1] + o.y * box[1][1], p[4 * s + 2] + o.z * box[2][2]);
  }
}

void ComputePlatformData::setPositions(const std::vector<Vec3>& positions) {
  const std::vector<int> index = hostAtomIndex();
  std::vector<double> p(4 * static_cast<std::size_t>(_numAtoms));
  for (int s = 0; s < _numAtoms; s++) {
    const int a = index[s];
    p[4 * s] = positions[a][0];
    p[4 * s + 1] = positions[a][1];
    p[4 * s + 2] = positions[a][2];
    p[4 * s + 3] = charges[a];
  }
  _posq.uploadPrefix(p);
  std::vector<mardyn::compute::mm_int4> zero(static_cast<std::size_t>(_numAtoms), mardyn::compute::mm_int4{0, 0, 0, 0});
  _cellOffset.uploadBytes(zero.data(), 0, zero.size() * sizeof(mardyn::compute::mm_int4));
  _reorderDue = true;
}

void ComputePlatformData::setMolecules(const std::vector<std::vector<int>>& molecules) {
  std::vector<int> anchor(static_cast<std::size_t>(_paddedAtoms));
  for (std::size_t i = 0; i < anchor.size(); i++) anchor[i] = static_cast<int>(i);
  for (const auto& molecule : molecules) {
    if (molecule.empty()) continue;
    const int first = *std::min_element(molecule.begin(), molecule.end());
    for (int a : molecule) anchor[static_cast<std::size_t>(a)] = first;
  }
  _moleculeAnchor.upload(anchor);
}

void ComputePlatformData::uploadCharges() {
  std::vector<double> p;
  _posq.downloadPrefix(p, static_cast<std::size_t>(_numAtoms));
  const std::vector<int> index = hostAtomIndex();
  for (int s = 0; s < _numAtoms; s++) p[4 * s + 3] = charges[index[s]];
  _posq.uploadPrefix(p);
}

void ComputePlatformData::getVelocities(std::vector<Vec3>& velocities) {
  applyDueMomentumRemoval();
  std::vector<double> v;
  _velm.downloadPrefix(v, static_cast<std::size_t>(_numAtoms));
  const std::vector<int> index = hostAtomIndex();
  velocities.resize(static_cast<std::size_t>(_numAtoms));
  for (int s = 0; s < _numAtoms; s++) velocities[index[s]] = Vec3(v[4 * s], v[4 * s + 1], v[4 * s + 2]);
}

void ComputePlatformData::setVelocities(const std::vector<Vec3>& velocities) {
  const std::vector<int> index = hostAtomIndex();
  std::vector<double> v(4 * static_cast<std::size_t>(_numAtoms));
  for (int s = 0; s < _numAtoms; s++) {
    const int a = index[s];
    const bool massless = masses[a] == 0.0;
    for (int k = 0; k < 3; k++) v[4 * s + k] = massless ? 0.0 : velocities[a][k];
    v[4 * s + 3] = massless ? 0.0 : 1.0 / masses[a];
  }
  applyDueMomentumRemoval();  // of the velocities replaced, as if it had run when it was asked for
  _velm.uploadPrefix(v);
}

void ComputePlatformData::getForces(std::vector<Vec3>& forces) {
  std::vector<long long> f(3 * static_cast<std::size_t>(_paddedAtoms));
  _force.downloadBytes(f.data(), 0, f.size() * sizeof(long long));
  const std::vector<int> index = hostAtomIndex();
  forces.resize(static_cast<std::size_t>(_numAtoms));
  for (int s = 0; s < _numAtoms; s++)
    forces[index[s]] = Vec3(word(f[s]), word(f[s + _paddedAtoms]), word(f[s + 2 * _paddedAtoms]));
}

} // namespace OpenMM
