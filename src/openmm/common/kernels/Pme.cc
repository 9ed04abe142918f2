// The reciprocal space of smooth particle-mesh Ewald on the common-compute platforms (ComputePmeGrid), in the
// common kernel dialect, as the Reference platform's ReferencePmeGrid computes it: values (charges, or LJPME's
// dispersion factors c_i) spread with B-splines of order 5 onto a GRID_X x GRID_Y x GRID_Z grid (64-bit
// accumulators, the same sums in any order; with PME_FLOAT_GRID, in single and mixed precision without
// DeterministicForces where the device adds floats atomically, straight into the real grid as OpenMM's CUDA
// platform does, the rounding then depending on the order of the additions), the grid transformed (ComputeFFT,
// real values to the half of the spectrum with m_z = 0 .. GRID_Z / 2), multiplied by the kernel theta(m) (the energy 1/2 sum_m theta |F(Q)(m)|^2
// summed on the way, each stored m standing for itself and its conjugate -m), transformed back, and the forces
// taken from the B-splines' gradients against the convolved grid.
// DISPERSION: the r^-6 kernel of Essmann et al. (m = 0 included), else the Coulomb kernel.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 GRID_X=12 GRID_Y=12 GRID_Z=12 DISPERSION=0 PME_GROUP=128 PME_FLOAT_GRID=0

#define PME_ORDER 5
#define GRID_POINTS (GRID_X * GRID_Y * GRID_Z)
#define GRID_ZS (GRID_Z / 2 + 1)
#define SPECTRUM_POINTS (GRID_X * GRID_Y * GRID_ZS)

/// B-spline weights M(w + j) and their derivatives, j = 0 .. PME_ORDER - 1 (w the fractional part of the grid
/// coordinate), by the recursion M_{k+1}(x) = x/k M_k(x) + (k+1-x)/k M_k(x-1).
DEVICE void pmeSplines(real w, real* values, real* derivatives) {
  real a[PME_ORDER + 1];
  a[0] = 1;
  for (int j = 1; j <= PME_ORDER; j++) a[j] = 0;
  for (int k = 1; k < PME_ORDER; k++) {
    if (k == PME_ORDER - 1)
      for (int j = 0; j < PME_ORDER; j++) derivatives[j] = (j < k ? a[j] : (real) 0) - (j > 0 ? a[j - 1] : (real) 0);
    real next[PME_ORDER + 1];
    const real invK = (real) 1 / (real) k;  // a constant once the loop is unrolled: products, not divisions
    for (int j = 0; j <= k; j++) {
      const real x = w + (real) j;
      next[j] = (x * invK) * (j < k ? a[j] : (real) 0) + (((real) (k + 1) - x) * invK) * (j > 0 ? a[j - 1] : (real) 0);
    }
    for (int j = 0; j <= k; j++) a[j] = next[j];
  }
  for (int j = 0; j < PME_ORDER; j++) values[j] = a[j];
}

/// The first grid index (floor of the grid coordinate, within the grid) and the fractional part along one axis.
DEVICE int pmeBase(mixed x, mixed invLength, int n, real* fraction) {
  const mixed s = x * invLength;
  const mixed u = (s - floor(s)) * (mixed) n;
  const mixed whole = floor(u);
  *fraction = (real) (u - whole);
  int base = (int) whole;
  return base >= n ? base - n : base;
}

DEVICE int pmeWrap(int k, int n) { return k < 0 ? k + n : k; }

#if PME_FLOAT_GRID
#define PME_SPREAD_WORD real
#define pmeAdd(word, x) atomicAddFloat(word, x)
#else
#define PME_SPREAD_WORD mm_long
#define pmeAdd(word, x) accumulate(word, x)
#endif

/// Spreads values[atomIndex[s]] of every slot s onto the grid's accumulators (zeroed by pmeFinishSpread), or
/// with PME_FLOAT_GRID onto the real grid (zeroed before).
/// PME_ORDER consecutive threads share one slot, each taking one of the PME_ORDER grid planes along z, so that
/// the threads of a slot add to consecutive accumulators in each of their PME_ORDER x PME_ORDER steps (slots are
/// in spatial order: neighbouring threads' additions fall on few cache lines, and one thread per slot would send
/// every lane of a warp to the same few accumulators at once).
KERNEL void pmeSpread(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int* RESTRICT atomIndex,
                      GLOBAL const real* RESTRICT values, mixed4 box, mixed4 invBox, GLOBAL PME_SPREAD_WORD* grid) {
  for (int i = GLOBAL_ID; i < NUM_ATOMS * PME_ORDER; i += GLOBAL_SIZE) {
    const int s = i / PME_ORDER, c = i - s * PME_ORDER;
    const real q = values[atomIndex[s]];
    if (q == 0) continue;
    const mixed4 p = posq[s];
    real fx, fy, fz, wx[PME_ORDER], wy[PME_ORDER], wz[PME_ORDER], unused[PME_ORDER];
    const int bx = pmeBase(p.x, invBox.x, GRID_X, &fx), by = pmeBase(p.y, invBox.y, GRID_Y, &fy),
              bz = pmeBase(p.z, invBox.z, GRID_Z, &fz);
    pmeSplines(fx, wx, unused);
    pmeSplines(fy, wy, unused);
    pmeSplines(fz, wz, unused);
    real qz = 0;
    for (int k = 0; k < PME_ORDER; k++) qz = k == c ? wz[k] : qz;
    qz *= q;
    const int gz = pmeWrap(bz - c, GRID_Z);
    for (int a = 0; a < PME_ORDER; a++) {
      const int gx = pmeWrap(bx - a, GRID_X);
      const real qxz = qz * wx[a];
      for (int b = 0; b < PME_ORDER; b++)
        pmeAdd(grid + (gx * GRID_Y + pmeWrap(by - b, GRID_Y)) * GRID_Z + gz, qxz * wy[b]);
    }
  }
}

/// realGrid = the spread grid; the accumulators are zeroed for the next spreading.
KERNEL void pmeFinishSpread(GLOBAL mm_long* grid, GLOBAL real* RESTRICT realGrid) {
  for (int k = GLOBAL_ID; k < GRID_POINTS; k += GLOBAL_SIZE) {
    realGrid[k] = (real) accumulated(grid + k);
    grid[k] = 0;
  }
}

/// Multiplies the half spectrum by theta(m) and adds 1/2 sum theta |F|^2 (the energy; a stored m with 0 < m_z <
/// GRID_Z / 2 counts twice, for -m too, where theta and |F| are the same) to energy[0], summed per work-group of
/// PME_GROUP threads. moduli: |b(m)|^2 per axis (x, then y, then z); recip: 1/box per axis.
/// Coulomb: theta = prefactor exp(-scale m^2) / m^2 B(m), prefactor = 1 / (pi V), scale = pi^2 / alpha^2, theta(0) = 0;
/// dispersion: theta = prefactor f(pi |m| / beta) B(m), prefactor = -pi^(3/2) beta^3 / V,
/// f(b) = ((1 - 2 b^2) exp(-b^2) + 2 b^3 sqrt(pi) erfc(b)) / 3.
/// The kernel theta(m) at stored point k of the half spectrum (z: its m_z index).
DEVICE real pmeTheta(int k, GLOBAL const real* RESTRICT moduli, mixed4 recip, real prefactor, real alpha, int* z) {
  const int x = k / (GRID_Y * GRID_ZS), y = (k / GRID_ZS) % GRID_Y;
  *z = k % GRID_ZS;
  const int mx = x <= GRID_X / 2 ? x : x - GRID_X, my = y <= GRID_Y / 2 ? y : y - GRID_Y,
            mz = *z <= GRID_Z / 2 ? *z : *z - GRID_Z;
  const real kx = (real) mx * (real) recip.x, ky = (real) my * (real) recip.y, kz = (real) mz * (real) recip.z;
  const real m2 = kx * kx + ky * ky + kz * kz;
  const real b = moduli[x] * moduli[GRID_X + y] * moduli[GRID_X + GRID_Y + *z];
#if DISPERSION
  const real bm = (real) 3.14159265358979323846 * sqrt(m2) / alpha;
  const real f = (((real) 1 - (real) 2 * bm * bm) * exp(-bm * bm) +
                  (real) 2 * bm * bm * bm * (real) 1.7724538509055160 * erfc(bm)) / (real) 3;
  return prefactor * f * b;
#else
  const real scale = (real) 9.8696044010893586 / (alpha * alpha);
  return (mx == 0 && my == 0 && mz == 0) ? (real) 0 : prefactor * exp(-scale * m2) / m2 * b;
#endif
}

/// theta(m) / gain as a complex half spectrum, for the FFT's fused convolution (ComputeFFT::convolve, whose
/// result is the three steps' times gain), written again when the box changes.
KERNEL void pmeInfluence(GLOBAL real2* RESTRICT influence, GLOBAL const real* RESTRICT moduli, mixed4 recip,
                         real prefactor, real alpha, real invGain) {
  for (int k = GLOBAL_ID; k < SPECTRUM_POINTS; k += GLOBAL_SIZE) {
    int z;
    influence[k] = make_real2(pmeTheta(k, moduli, recip, prefactor, alpha, &z) * invGain, 0);
  }
}

KERNEL void pmeConvolve(
#if PME_FLOAT_GRID
    GLOBAL real* RESTRICT grid,  // spread into and transformed already: cleared here for the next spreading
#endif
    GLOBAL real2* RESTRICT spectrum, GLOBAL const real* RESTRICT moduli, mixed4 recip, real prefactor, real alpha,
    GLOBAL mm_long* energy) {
  LOCAL mixed energySum[PME_GROUP];
  mixed threadEnergy = 0;
#if PME_FLOAT_GRID
  for (int i = GLOBAL_ID; i < GRID_X * GRID_Y * GRID_Z; i += GLOBAL_SIZE) grid[i] = 0;
#endif
  for (int k = GLOBAL_ID; k < SPECTRUM_POINTS; k += GLOBAL_SIZE) {
    int z;
    const real theta = pmeTheta(k, moduli, recip, prefactor, alpha, &z);
    const real2 v = spectrum[k];
    const mixed weight = (z == 0 || 2 * z == GRID_Z) ? (mixed) 0.5 : (mixed) 1;
    threadEnergy += weight * (mixed) theta * ((mixed) v.x * (mixed) v.x + (mixed) v.y * (mixed) v.y);
    spectrum[k] = make_real2(v.x * theta, v.y * theta);
  }
  energySum[LOCAL_ID] = threadEnergy;
  SYNC_THREADS
  for (int stride = PME_GROUP / 2; stride > 0; stride /= 2) {
    if ((int) LOCAL_ID < stride) energySum[LOCAL_ID] += energySum[LOCAL_ID + stride];
    SYNC_THREADS
  }
  if (LOCAL_ID == 0) accumulate(energy, energySum[0]);
}

/// Adds each slot's force -values[atom] grad(sum_k M(u - k) conv(k)) from the convolved grid; clears the first
/// clearPoints values of clearGrid (another grid: the next spreading's, where the convolution took this one).
KERNEL void pmeInterpolateForces(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int* RESTRICT atomIndex,
                                 GLOBAL const real* RESTRICT values, mixed4 box, mixed4 invBox,
                                 GLOBAL const real* RESTRICT realGrid, GLOBAL mm_long* force,
                                 GLOBAL real* RESTRICT clearGrid, int clearPoints) {
  for (int i = GLOBAL_ID; i < clearPoints; i += GLOBAL_SIZE) clearGrid[i] = 0;
  for (int s = GLOBAL_ID; s < NUM_ATOMS; s += GLOBAL_SIZE) {
    const real q = values[atomIndex[s]];
    if (q == 0) continue;
    const mixed4 p = posq[s];
    real fx, fy, fz, wx[PME_ORDER], wy[PME_ORDER], wz[PME_ORDER], dx[PME_ORDER], dy[PME_ORDER], dz[PME_ORDER];
    const int bx = pmeBase(p.x, invBox.x, GRID_X, &fx), by = pmeBase(p.y, invBox.y, GRID_Y, &fy),
              bz = pmeBase(p.z, invBox.z, GRID_Z, &fz);
    pmeSplines(fx, wx, dx);
    pmeSplines(fy, wy, dy);
    pmeSplines(fz, wz, dz);
    real gu = 0, gv = 0, gw = 0;
    for (int a = 0; a < PME_ORDER; a++) {
      const int gx = pmeWrap(bx - a, GRID_X);
      for (int b = 0; b < PME_ORDER; b++) {
        const int gy = pmeWrap(by - b, GRID_Y);
        for (int c = 0; c < PME_ORDER; c++) {
          const real value = realGrid[(gx * GRID_Y + gy) * GRID_Z + pmeWrap(bz - c, GRID_Z)];
          gu += dx[a] * wy[b] * wz[c] * value;
          gv += wx[a] * dy[b] * wz[c] * value;
          gw += wx[a] * wy[b] * dz[c] * value;
        }
      }
    }
    addForce(force, s, -q * gu * (real) GRID_X * (real) invBox.x, -q * gv * (real) GRID_Y * (real) invBox.y,
             -q * gw * (real) GRID_Z * (real) invBox.z);
  }
}
