// LinkedCellsGPUDecorator: the device traversal of a step and the COMPARE_TO_CPU check.
#include "gpu/LinkedCellsGPUDecorator.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>

namespace mardyn::gpu {

double CpuComparison::relativeUpotDifference() const {
  return std::abs(upotGpu - upotCpu) / std::max(std::abs(upotCpu), 1e-300);
}
double CpuComparison::relativeVirialDifference() const {
  return std::abs(virialGpu - virialCpu) / std::max(std::abs(virialCpu), 1e-300);
}

LinkedCellsGPUDecorator::LinkedCellsGPUDecorator(std::unique_ptr<LinkedCells> cells,
                                                 std::unique_ptr<compute::ComputeContext> context,
                                                 const std::vector<Component>& components,
                                                 const InteractionParameters& params, const GpuOptions& options,
                                                 std::ostream& log)
    : _cells(std::move(cells)),
      _context(std::move(context)),
      _params(std::make_unique<InteractionParameters>(params)),
      _components(components),
      _options(options),
      _log(log) {
  if (!_cells || !_context) throw MardynException("LinkedCellsGPUDecorator: no LinkedCells or no compute context");
  if (options.autoCellProcessor()) {
    // The candidates are built and timed on the first traversal's cells.
    _tuner = std::make_unique<CellProcessorAutoTuner>(
        CellProcessorAutoTuner::candidates(options.blockSize),
        [this](const CellProcessorVariant& variant, int blockSize) { return makeInteraction(variant, blockSize); });
  } else {
    _interaction = makeInteraction(CellProcessorRegistry::find(options.cellProcessor), options.blockSize);
  }
  if (options.compareToCpu) _cpu = std::make_unique<LegacyCellProcessor>(*_params);
}

std::unique_ptr<MoleculeInteraction> LinkedCellsGPUDecorator::makeInteraction(const CellProcessorVariant& variant,
                                                                              int blockSize) {
  // The component tables are printed once, not for every candidate of "auto".
  std::ostream* debugLog = _options.debugComponentDescriptors && !_descriptorsPrinted ? &_log : nullptr;
  auto mi = std::make_unique<MoleculeInteraction>(*_context, _components, *_params, variant, blockSize, debugLog,
                                                  _options.deterministic);
  _descriptorsPrinted = _descriptorsPrinted || debugLog;
  return mi;
}

const MoleculeInteraction& LinkedCellsGPUDecorator::interaction() const {
  if (!_interaction)
    throw MardynException("LinkedCellsGPUDecorator: cell processor auto is chosen on the first traversal");
  return *_interaction;
}

LinkedCellsGPUDecorator::~LinkedCellsGPUDecorator() = default;

bool LinkedCellsGPUDecorator::traversalResult(double& upot, double& virial) const {
  if (_traversals == 0) return false;
  upot = _upot;
  virial = _virial;
  return true;
}

void LinkedCellsGPUDecorator::traverseCells(CellProcessor& /*processor*/) {
  if (!_interaction) {
    // The chosen interaction's storage already holds its results for these cells.
    _interaction = _tuner->tune(*_cells);
    _log << _tuner->summary() << "\n";
  } else {
    _interaction->compute(*_cells);
  }
  const auto& t = _interaction->timings();
  _total.upload += t.upload;
  _total.kernels += t.kernels;
  _total.download += t.download;
  _upot = _interaction->upot();
  _virial = _interaction->virial();
  ++_traversals;
  if (_options.testQuaternionConversion) checkQuaternionConversion();
  if (_cpu)
    compareWithCpu();
  else
    _interaction->storage().applyResults(*_cells);
}

void LinkedCellsGPUDecorator::checkQuaternionConversion() {
  const auto& storage = _interaction->storage();
  if (_interaction->orientationFree()) return;  // no quaternions travel
  const std::vector<double> rot = storage.downloadRotations();
  const auto& q = storage.uploadedQuaternions();
  const double tol = _context->realSize() == 8 ? 1e-12 : 1e-5;
  for (std::size_t i = 0; i < storage.numMolecules(); ++i) {
    const auto m = Quaternion(q[4 * i], q[4 * i + 1], q[4 * i + 2], q[4 * i + 3]).matrix();
    for (int k = 0; k < 9; ++k)
      if (std::abs(m[k] - rot[9 * i + k]) > tol * std::max(1.0, std::abs(m[k])))
        throw MardynException("GPU quaternion conversion: molecule " + std::to_string(storage.moleculeId(i)) +
                              " matrix element " + std::to_string(k) + " is " + std::to_string(rot[9 * i + k]) +
                              ", expected " + std::to_string(m[k]));
  }
}

void LinkedCellsGPUDecorator::compareWithCpu() {
  // LinkedCells::traverseCells clears forces and torques before the CPU processor adds its own.
  _cpu->initTraversal();
  _cells->traverseCells(*_cpu);
  const auto& storage = _interaction->storage();
  CpuComparison c;
  double df2 = 0, f2 = 0, dm2 = 0, m2 = 0, maxDf2 = 0, maxDm2 = 0;
  std::size_t owned = 0, i = 0;
  for (auto& cell : _cells->cells()) {
    for (Molecule& m : cell.molecules()) {
      const auto fg = storage.force(i), tg = storage.torque(i);
      const Vec3 fGpu{fg[0], fg[1], fg[2]}, tGpu{tg[0], tg[1], tg[2]};
      const Vec3 fCpu = m.F(), tCpu = m.M();
      if (!cell.isHalo()) {
        ++owned;
        df2 += norm2(fGpu - fCpu);
        f2 += norm2(fCpu);
        dm2 += norm2(tGpu - tCpu);
        m2 += norm2(tCpu);
        maxDf2 = std::max(maxDf2, norm2(fGpu - fCpu));
        maxDm2 = std::max(maxDm2, norm2(tGpu - tCpu));
      }
      m.setF(fGpu);
      m.setM(tGpu);
      ++i;
    }
  }
  const double n = static_cast<double>(std::max<std::size_t>(owned, 1));
  c.forceNormDeviation = f2 > 0 ? std::sqrt(df2 / f2) : std::sqrt(df2);
  c.torqueNormDeviation = m2 > 0 ? std::sqrt(dm2 / m2) : std::sqrt(dm2);
  c.maxForceDeviation = f2 > 0 ? std::sqrt(maxDf2 / (f2 / n)) : std::sqrt(maxDf2);
  c.maxTorqueDeviation = m2 > 0 ? std::sqrt(maxDm2 / (m2 / n)) : std::sqrt(maxDm2);
  c.upotGpu = _upot;
  c.upotCpu = _cpu->upot();
  c.virialGpu = _virial;
  c.virialCpu = _cpu->virial();
  _comparison = c;
  std::ostringstream line;
  line << "GPU vs CPU (traversal " << _traversals << "): force dev " << c.forceNormDeviation << " (max "
       << c.maxForceDeviation << "), torque dev " << c.torqueNormDeviation << " (max " << c.maxTorqueDeviation
       << "), U_pot " << c.upotGpu << " vs " << c.upotCpu << ", virial " << c.virialGpu << " vs " << c.virialCpu;
  _log << line.str() << "\n";
  const double tol = _options.effectiveTolerance();
  if (c.forceNormDeviation > tol || c.torqueNormDeviation > tol || c.relativeUpotDifference() > tol ||
      c.relativeVirialDifference() > tol)
    throw MardynException("GPU results deviate from the CPU reference beyond the tolerance " + std::to_string(tol) +
                          ": " + line.str());
}

}  // namespace mardyn::gpu
