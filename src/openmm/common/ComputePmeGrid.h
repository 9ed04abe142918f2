// ComputePmeGrid: the reciprocal space of smooth PME on the common-compute platforms (kernels/Pme.cc): the
// Coulomb grid of Ewald's 1/r split, or LJPME's dispersion grid of the r^-6 split, with the transforms through
// the compute layer's real-to-complex ComputeFFT (cuFFT on CUDA). The energy goes into the Context's energy
// accumulator and the forces into its force accumulators, as every other term's. Where the backend has a
// concurrent queue (CUDA, OpenCL) and DisablePmeStream is not set, the grid's launches run on a queue of their
// own beside the direct-space tiles: they start behind the default queue's work so far and the evaluation's
// forces are read after them (ComputePlatformData::joinBeforeForcesRead).
#pragma once

#include "compute/ArrayInterface.h"
#include "compute/ComputeArray.h"
#include "compute/ComputeEvent.h"
#include "compute/ComputeFFT.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/ComputeQueue.h"
#include "compute/PrecisionArray.h"
#include "openmm/Vec3.h"

#include <memory>

namespace OpenMM {

class ComputePlatformData;

class ComputePmeGrid {
public:
  enum class Kernel { Coulomb, Dispersion };
  ComputePmeGrid(ComputePlatformData& data, int nx, int ny, int nz, double alpha, Kernel kernel);
  ~ComputePmeGrid();
  /** Adds the reciprocal-space forces, and with includeEnergy the energy, of atomValues (one `real` per System atom:
   * charges scaled by sqrt(ONE_4PI_EPS0), or the dispersion factors c_i). */
  void compute(mardyn::compute::ArrayInterface& atomValues, bool includeEnergy);
  /** What transforms the grid (for messages). */
  std::string fftImplementation() const { return _fft->implementation(); }

private:
  ComputePlatformData& _data;
  int _size[3];
  double _alpha;
  Kernel _kernel;
  bool _floatGrid = false;  ///< spread by atomic float additions into _grid (kernels/Pme.cc's PME_FLOAT_GRID)
  mardyn::compute::ComputeArray<long long> _accumulators;
  mardyn::compute::PrecisionArray _grid, _spectrum, _moduli;  ///< real grid, its half spectrum, |b(m)|^2
  /// With _floatGrid: the convolved grid transformed back, so that the convolution can clear _grid for the next
  /// spreading (one launch less a step than clearing it before; the step is bound by its launches on OpenCL).
  /// Where the FFT fuses the convolution (ComputeFFT::convolve, in place), _grid and _potential take turns: the
  /// grid spread into and convolved in place is read by the interpolation, which clears the other one for the
  /// next spreading (_spreadIntoPotential: which one is next; it is always clear).
  mardyn::compute::PrecisionArray _potential;
  bool _spreadIntoPotential = false;
  /// theta(m) / the FFT's convolution gain, for the fused convolution; written again when the box changes.
  mardyn::compute::PrecisionArray _influence;
  Vec3 _influenceBox;
  std::unique_ptr<mardyn::compute::ComputeFFT> _fft;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _spread, _finish, _convolve, _interpolate, _influenceKernel;
  std::unique_ptr<mardyn::compute::ComputeQueue> _queue;  ///< null: the default queue
  std::unique_ptr<mardyn::compute::ComputeEvent> _start, _finished;
  /** The launches of one evaluation (spreading, with the accumulators converted after, the two transforms, the
   * convolution, which clears the float grid behind the forward transform, and the interpolation; without the
   * energy, where the FFT fuses it, the convolution in the transforms' launches), on the context's current queue. */
  void launch(mardyn::compute::ArrayInterface& atomValues, bool includeEnergy);
};

} // namespace OpenMM
