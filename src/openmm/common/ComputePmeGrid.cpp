// ComputePmeGrid: the grid's arrays, the B-spline moduli and the launches of one evaluation.
#include "ComputePmeGrid.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <cmath>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {
constexpr int pmeGroup = 128;
constexpr int order = 5;

/// The B-spline weights M(j), j = 0 .. order - 1, at w = 0 (kernels/Pme.cc's recursion).
std::vector<double> splinesAtZero() {
  std::vector<double> a(order + 1, 0.0);
  a[0] = 1.0;
  for (int k = 1; k < order; k++) {
    std::vector<double> next(order + 1, 0.0);
    for (int j = 0; j <= k; j++) {
      const double x = j;
      next[j] = (x / k) * (j < k ? a[j] : 0.0) + ((k + 1 - x) / k) * (j > 0 ? a[j - 1] : 0.0);
    }
    a = next;
  }
  return a;
}
} // namespace

ComputePmeGrid::ComputePmeGrid(ComputePlatformData& data, int nx, int ny, int nz, double alpha, Kernel kernel)
    : _data(data), _size{nx, ny, nz}, _alpha(alpha), _kernel(kernel) {
  auto& ctx = data.context();
  const std::size_t points = static_cast<std::size_t>(nx) * ny * nz;
  // Floats added atomically straight into the real grid where that is one instruction and the sums need not
  // come out the same whatever the order; else 64-bit fixed-point accumulators.
  _floatGrid = !ctx.useDoublePrecision() && !data.deterministic() && ctx.deviceInfo().floatAtomicAdd;
  if (!_floatGrid) {
    _accumulators.initialize(ctx, points, "pmeAccumulators");
    _accumulators.zero();
  }
  _grid = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, points, "pmeGrid");
  if (_floatGrid) {
    _grid.array().zero();  // then cleared by each convolution
    _potential = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, points, "pmePotential");
    _potential.array().zero();  // spread into in turn with _grid where the FFT fuses the convolution
  }
  _spectrum = PrecisionArray(ctx, PrecisionArray::Kind::Real, 2, mardyn::compute::halfSpectrumSize(nx, ny, nz),
                             "pmeSpectrum");
  // |b(m)|^2 = 1 / |sum_{k=0}^{order-2} M(k+1) exp(2 pi i m k / n)|^2 per axis.
  const std::vector<double> m = splinesAtZero();
  std::vector<double> moduli;
  for (int d = 0; d < 3; d++)
    for (int i = 0; i < _size[d]; i++) {
      double re = 0.0, im = 0.0;
      for (int k = 0; k <= order - 2; k++) {
        const double angle = 2.0 * M_PI * i * k / _size[d];
        re += m[k + 1] * std::cos(angle);
        im += m[k + 1] * std::sin(angle);
      }
      const double norm = re * re + im * im;
      moduli.push_back(norm > 1e-14 ? 1.0 / norm : 0.0);
    }
  _moduli = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, moduli.size(), "pmeModuli");
  _moduli.upload(moduli);
  try {
    _fft = mardyn::compute::createFFT(ctx, nx, ny, nz, mardyn::compute::FFTKind::Real);
    auto defines = data.commonDefines();
    defines["GRID_X"] = std::to_string(nx);
    defines["GRID_Y"] = std::to_string(ny);
    defines["GRID_Z"] = std::to_string(nz);
    defines["DISPERSION"] = kernel == Kernel::Dispersion ? "1" : "0";
    defines["PME_GROUP"] = std::to_string(pmeGroup);
    defines["PME_FLOAT_GRID"] = _floatGrid ? "1" : "0";
    _program = ctx.compileProgram(mardyn::compute::KernelSources::withRequirements("openmm/common/kernels/Pme.cc"),
                                  defines, "openmm-pme");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(data.platformName() + " platform: preparing the PME grid failed: " + e.what());
  }
  _spread = _program->createKernel("pmeSpread");
  _finish = _program->createKernel("pmeFinishSpread");
  _convolve = _program->createKernel("pmeConvolve");
  _interpolate = _program->createKernel("pmeInterpolateForces");
  if (_fft->convolves()) {
    _influence = PrecisionArray(ctx, PrecisionArray::Kind::Real, 2, mardyn::compute::halfSpectrumSize(nx, ny, nz),
                                "pmeInfluence");
    _influenceKernel = _program->createKernel("pmeInfluence");
  }
  if (!data.pmeQueueDisabled()) {
    auto queue = ctx.createQueue();
    if (queue->concurrent()) {
      _queue = std::move(queue);
      _start = ctx.createEvent();
      _finished = ctx.createEvent();
    }
  }
}

ComputePmeGrid::~ComputePmeGrid() = default;

void ComputePmeGrid::compute(mardyn::compute::ArrayInterface& atomValues, bool includeEnergy) {
  if (!_queue) {
    launch(atomValues, includeEnergy);
    return;
  }
  _start->record();
  auto launches = [this, &atomValues, includeEnergy] {
    mardyn::compute::QueueScope scope(_data.context(), _queue.get());
    _start->enqueueWait();
    launch(atomValues, includeEnergy);
    _finished->record();
  };
  _data.launchBesideTiles(launches);
  _data.joinBeforeForcesRead(*_finished);
}

void ComputePmeGrid::launch(mardyn::compute::ArrayInterface& atomValues, bool includeEnergy) {
  const Vec3* box = _data.box;
  const double volume = box[0][0] * box[1][1] * box[2][2];
  const std::size_t atoms = static_cast<std::size_t>(_data.numAtoms());
  const std::size_t points = static_cast<std::size_t>(_size[0]) * _size[1] * _size[2];
  const double prefactor = _kernel == Kernel::Dispersion ? -std::pow(M_PI, 1.5) * std::pow(_alpha, 3) / volume
                                                         : 1.0 / (M_PI * volume);
  // The grid spread into (always clear with float spreading) and the other of the two; the 64-bit words' path has
  // one grid, both names for it (the interpolation then clears nothing).
  auto& spreadGrid = _spreadIntoPotential ? _potential.array() : _grid.array();
  auto& otherGrid = _floatGrid ? (_spreadIntoPotential ? _grid.array() : _potential.array()) : _grid.array();
  auto spread = _spread->call();
  spread.arg(_data.posq()).arg(_data.atomIndex()).arg(atomValues);
  _data.boxArguments(spread);
  if (_floatGrid) {
    spread.arg(spreadGrid).execute(atoms * order);
  } else {
    spread.arg(_accumulators).execute(atoms * order);
    _finish->call().arg(_accumulators).arg(_grid.array()).execute(points);
  }
  auto interpolate = [&](mardyn::compute::ArrayInterface& convolved, mardyn::compute::ArrayInterface& clear,
                         int clearPoints) {
    auto call = _interpolate->call();
    call.arg(_data.posq()).arg(_data.atomIndex()).arg(atomValues);
    _data.boxArguments(call);
    call.arg(convolved).arg(_data.force()).arg(clear).arg(clearPoints).execute(atoms);
  };
  if (!includeEnergy && _influenceKernel) {
    // The convolution in the transforms' launches, in place; the interpolation clears the other grid, which the
    // next evaluation spreads into.
    if (_influenceBox != Vec3(box[0][0], box[1][1], box[2][2])) {
      _influenceBox = Vec3(box[0][0], box[1][1], box[2][2]);
      _influenceKernel->call()
          .arg(_influence.array())
          .arg(_moduli.array())
          .mixed4Arg(1.0 / box[0][0], 1.0 / box[1][1], 1.0 / box[2][2])
          .realArg(prefactor)
          .realArg(_alpha)
          .realArg(1.0 / _fft->convolutionGain())
          .execute(_influence.size());
    }
    _fft->convolve(spreadGrid, _influence.array());
    interpolate(spreadGrid, otherGrid, _floatGrid ? static_cast<int>(points) : 0);
    if (_floatGrid) _spreadIntoPotential = !_spreadIntoPotential;
    return;
  }
  _fft->transform(spreadGrid, _spectrum.array(), true);
  const std::size_t stored = mardyn::compute::halfSpectrumSize(_size[0], _size[1], _size[2]);
  const std::size_t groups = std::min<std::size_t>((stored + pmeGroup - 1) / pmeGroup,
                                                   static_cast<std::size_t>(std::max(64, 16 * _data.context().deviceInfo().computeUnits)));
  auto convolve = _convolve->call();
  if (_floatGrid) convolve.arg(spreadGrid);  // cleared there for the next spreading
  convolve.arg(_spectrum.array())
      .arg(_moduli.array())
      .mixed4Arg(1.0 / box[0][0], 1.0 / box[1][1], 1.0 / box[2][2])
      .realArg(prefactor)
      .realArg(_alpha)
      .arg(_data.energy())
      .blockShape(pmeGroup)
      .executeBlocks(groups);
  _fft->transform(_spectrum.array(), otherGrid, false);
  interpolate(otherGrid, spreadGrid, 0);
}

} // namespace OpenMM
