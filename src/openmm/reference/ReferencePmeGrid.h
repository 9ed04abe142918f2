// ReferencePmeGrid: the reciprocal-space part of smooth particle-mesh Ewald (B-splines of order 5): charges spread
// on a grid, a real-to-complex FFT (FFTW), the convolution with the Ewald kernel, and forces from the gradient of
// the B-splines. Owns its grids and FFT plans; a platform with threads may lend them (setExecutor). The same grid
// serves the dispersion (r^-6) sum of LJPME, with the charges replaced by per-particle C6 factors and the Ewald
// kernel by the dispersion kernel.
#pragma once

#include "openmm/Vec3.h"

#include <functional>
#include <vector>

namespace OpenMM {

class ReferencePmeGrid {
public:
  /** Coulomb: the 1/r Ewald kernel; Dispersion: the kernel of -sum c_i c_j / r^6 (the m = 0 term included). */
  enum class Kernel { Coulomb, Dispersion };
  ReferencePmeGrid(int nx, int ny, int nz, double alpha, Kernel kernel = Kernel::Coulomb);
  ~ReferencePmeGrid();
  ReferencePmeGrid(const ReferencePmeGrid&) = delete;
  ReferencePmeGrid& operator=(const ReferencePmeGrid&) = delete;

  /**
   * Adds the reciprocal-space forces (if includeForces) and returns the reciprocal-space energy. For the dispersion
   * kernel, charges are the factors c_i (C6_ij = c_i c_j) and coulombConstant is ignored.
   */
  double compute(const std::vector<Vec3>& positions, const std::vector<double>& charges, const Vec3* box,
                 double coulombConstant, std::vector<Vec3>& forces, bool includeForces);

  static constexpr int Order = 5;

  /** Runs task(thread) once for each thread 0..numThreads-1 and returns when all are done. */
  using Executor = std::function<void(const std::function<void(int)>&)>;
  /** Lets compute() spread the charges, convolve and interpolate the forces on numThreads threads (the FFTs
   * stay on the calling thread). The spread grid is bitwise the same for any thread count; the energy is
   * summed per thread, so it changes with the thread count by round-off only. Without it, one thread. */
  void setExecutor(int numThreads, Executor execute);

private:
  /** B-spline weights M(w + j) and derivatives for j = 0..Order-1 (w the fractional part of the grid coordinate). */
  static void bsplines(double w, double* values, double* derivatives);

  int _size[3];
  double _alpha;
  Kernel _kernel;
  std::vector<double> _moduli[3]; // |b(m)|^2 per dimension
  double* _real = nullptr;        // fftw_malloc'ed real grid
  void* _complex = nullptr;       // fftw_complex half spectrum
  void* _forward = nullptr;       // fftw_plan
  void* _backward = nullptr;
  int _numThreads = 1;
  Executor _execute;
};

} // namespace OpenMM
