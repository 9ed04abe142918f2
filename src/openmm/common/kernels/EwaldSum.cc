// The reciprocal space of a plain Ewald sum on the common-compute platforms (ComputeEwaldSum), in the common
// kernel dialect, as the Reference platform's ReferenceEwaldSum computes it: the structure factor
// S(k) = sum_i q_i exp(i k.r_i) of every wave vector k = 2 pi (m1/Lx, m2/Ly, m3/Lz) of the half space (0 <= m1 <
// KMAX_X, |m2| < KMAX_Y, |m3| < KMAX_Z, the other half counted twice), the energy 4 pi / V sum_k g(k) |S(k)|^2
// with g(k) = exp(-k^2 / 4 alpha^2) / k^2, and the forces from the structure factors. Charges are scaled by
// sqrt(ONE_4PI_EPS0).
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 KMAX_X=4 KMAX_Y=4 KMAX_Z=4 EWALD_GROUP=128

#define EWALD_SPAN_Y (2 * KMAX_Y - 1)
#define EWALD_SPAN_Z (2 * KMAX_Z - 1)
#define EWALD_VECTORS (KMAX_X * EWALD_SPAN_Y * EWALD_SPAN_Z)

/// Wave vector v's (m1, m2, m3) and whether it belongs to the half space.
DEVICE int ewaldVector(int v, int* m1, int* m2, int* m3) {
  *m1 = v / (EWALD_SPAN_Y * EWALD_SPAN_Z);
  *m2 = (v / EWALD_SPAN_Z) % EWALD_SPAN_Y - (KMAX_Y - 1);
  *m3 = v % EWALD_SPAN_Z - (KMAX_Z - 1);
  if (*m1 == 0 && *m2 < 0) return 0;
  if (*m1 == 0 && *m2 == 0 && *m3 <= 0) return 0;
  return 1;
}

/// g(k) times the prefactor 4 pi / V of wave vector (m1, m2, m3).
DEVICE mixed ewaldWeight(int m1, int m2, int m3, mixed4 invBox, mixed alpha) {
  const mixed twoPi = (mixed) 6.283185307179586;
  const mixed kx = twoPi * m1 * invBox.x, ky = twoPi * m2 * invBox.y, kz = twoPi * m3 * invBox.z;
  const mixed k2 = kx * kx + ky * ky + kz * kz;
  return (mixed) 2 * twoPi * invBox.x * invBox.y * invBox.z * exp(-k2 / ((mixed) 4 * alpha * alpha)) / k2;
}

/// structure[v] = S(k_v) (zero outside the half space), one work-group per wave vector at a time; the energy
/// goes to energy[0].
KERNEL void ewaldStructureFactors(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int* RESTRICT atomIndex,
                                  GLOBAL const real* RESTRICT charges, mixed4 invBox, mixed alpha,
                                  GLOBAL mixed2* RESTRICT structure, GLOBAL mm_long* energy) {
  LOCAL mixed sumCos[EWALD_GROUP], sumSin[EWALD_GROUP];
  for (int v = GROUP_ID; v < EWALD_VECTORS; v += NUM_GROUPS) {
    int m1, m2, m3;
    const int inHalf = ewaldVector(v, &m1, &m2, &m3);
    mixed c = 0, s = 0;
    if (inHalf) {
      const mixed twoPi = (mixed) 6.283185307179586;
      for (int a = LOCAL_ID; a < NUM_ATOMS; a += LOCAL_SIZE) {
        const mixed4 p = posq[a];
        const mixed phase = twoPi * (m1 * p.x * invBox.x + m2 * p.y * invBox.y + m3 * p.z * invBox.z);
        const mixed q = (mixed) charges[atomIndex[a]];
        c += q * cos(phase);
        s += q * sin(phase);
      }
    }
    sumCos[LOCAL_ID] = c;
    sumSin[LOCAL_ID] = s;
    SYNC_THREADS
    for (int stride = EWALD_GROUP / 2; stride > 0; stride /= 2) {
      if ((int) LOCAL_ID < stride) {
        sumCos[LOCAL_ID] += sumCos[LOCAL_ID + stride];
        sumSin[LOCAL_ID] += sumSin[LOCAL_ID + stride];
      }
      SYNC_THREADS
    }
    if (LOCAL_ID == 0) {
      structure[v] = make_mixed2(sumCos[0], sumSin[0]);
      if (inHalf) accumulate(energy, ewaldWeight(m1, m2, m3, invBox, alpha) * (sumCos[0] * sumCos[0] + sumSin[0] * sumSin[0]));
    }
    SYNC_THREADS
  }
}

/// The force on every slot from the structure factors: sum_k 2 w(k) q k (sin(k.r) Re S - cos(k.r) Im S).
KERNEL void ewaldForces(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int* RESTRICT atomIndex,
                        GLOBAL const real* RESTRICT charges, mixed4 invBox, mixed alpha,
                        GLOBAL const mixed2* RESTRICT structure, GLOBAL mm_long* force) {
  const mixed twoPi = (mixed) 6.283185307179586;
  for (int a = GLOBAL_ID; a < NUM_ATOMS; a += GLOBAL_SIZE) {
    const mixed q = (mixed) charges[atomIndex[a]];
    if (q == 0) continue;
    const mixed4 p = posq[a];
    mixed fx = 0, fy = 0, fz = 0;
    for (int v = 0; v < EWALD_VECTORS; v++) {
      int m1, m2, m3;
      if (!ewaldVector(v, &m1, &m2, &m3)) continue;
      const mixed phase = twoPi * (m1 * p.x * invBox.x + m2 * p.y * invBox.y + m3 * p.z * invBox.z);
      const mixed2 sf = structure[v];
      const mixed f = (mixed) 2 * ewaldWeight(m1, m2, m3, invBox, alpha) * q * (sin(phase) * sf.x - cos(phase) * sf.y);
      fx += f * twoPi * m1 * invBox.x;
      fy += f * twoPi * m2 * invBox.y;
      fz += f * twoPi * m3 * invBox.z;
    }
    addForce(force, a, (real) fx, (real) fy, (real) fz);
  }
}
