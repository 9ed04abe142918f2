// CustomIntegrator on the common-compute platforms (ComputeIntegrateCustomStepKernel), in the common kernel dialect:
// one launch evaluates one per-DOF computation (customDofValue(), generated ahead of this file with
// CUSTOM_STEP_GENERATED: a switch over the integrator's per-DOF expressions) for every degree of freedom and
// stores it into x, v or a per-DOF variable, or sums it (block sums, then sumPartials). x is the System's
// (unwrapped) position; per-DOF variables and cached forces are kept by System atom (3 atom + d), so that the
// reordering of the slots leaves them alone. Random numbers are AtomSteps.cc's counter-based hash.
// mardyn-kernel: requires openmm/common/kernels/Integration.cc openmm/common/kernels/BondedGeometry.cc
// mardyn-kernel: requires openmm/common/kernels/TabulatedFunctions.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=64 PERIODIC=1 REDUCE_BLOCK=128 REDUCE_GROUPS=16 MOMENTUM_GROUPS=32

#ifndef CUSTOM_STEP_GENERATED
// Placeholder in the shape of the generated code (so that the kernel file compiles on its own): a table argument
// and its function of a per-DOF value, random numbers, a per-DOF variable, cached forces and the globals.
#define CUSTOM_STEP_ARGS , GLOBAL const real* RESTRICT placeholderTable
#define CUSTOM_STEP_NAMES , placeholderTable
#define placeholderTabulated(x, ox)                                                                                  \
  tabulatedSpline(placeholderTable, 1, make_int4(5, 1, 1, 0), make_real4((real) 0, (real) 0, (real) 0, 0),           \
                  make_real4((real) 2, (real) 1, (real) 1, 0), 0, x, (real) 0, (real) 0, ox, 0, 0)
DEVICE mixed customDofValue(int which, mixed x, mixed v, mixed f, mixed m, int atom, int d, int dof, mm_ulong seed,
                            mm_ulong counter, GLOBAL const mixed* RESTRICT globals,
                            GLOBAL const mixed* RESTRICT perDof, GLOBAL const mixed* RESTRICT forceCache
                            CUSTOM_STEP_ARGS) {
  switch (which) {
  case 0: {
    const mixed gaussianValue = randomGaussian(seed, counter, atom, d);
    const mixed cs0_0 = x + globals[0] * v;
    return (mixed) (cs0_0 + perDof[0 * 3 * NUM_ATOMS + dof] * gaussianValue);
  }
  case 1: {
    const mixed uniformValue = randomUniform(seed, counter, atom, 6 + d);
    const mixed cs1_0 = placeholderTabulated(x, 0);
    return (mixed) (cs1_0 * forceCache[0 * 3 * NUM_ATOMS + dof] / m + uniformValue * f);
  }
  }
  return 0;
}
#endif

/// The store targets of customPerDof besides a per-DOF variable's index.
#define CUSTOM_TARGET_X (-1)
#define CUSTOM_TARGET_V (-2)
#define CUSTOM_TARGET_SUM (-3)

/// Computation `which` for every degree of freedom, stored by `target` (a sum: partials[4 GROUP_ID], to be launched
/// as REDUCE_GROUPS blocks of REDUCE_BLOCK; a store in any number of blocks of REDUCE_BLOCK). Atoms without mass
/// keep their positions and velocities.
KERNEL void customPerDof(int numAtoms, int which, int target, mm_ulong seed, mm_ulong counter, mixed4 box,
                         GLOBAL const int* RESTRICT atomIndex, GLOBAL mixed4* RESTRICT posq,
                         GLOBAL mixed4* RESTRICT velm, GLOBAL const int4* RESTRICT cellOffset,
                         GLOBAL const mm_long* RESTRICT force, GLOBAL const mixed* RESTRICT globals,
                         GLOBAL mixed* RESTRICT perDof, GLOBAL const mixed* RESTRICT forceCache,
                         GLOBAL mixed* RESTRICT partials CUSTOM_STEP_ARGS) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed sum = 0;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const int atom = atomIndex[s];
    mixed4 p = posq[s], v = velm[s];
    mixed4 shift = make_mixed4(0, 0, 0, 0);
#if PERIODIC
    const int4 o = cellOffset[s];
    shift = make_mixed4((mixed) o.x * box.x, (mixed) o.y * box.y, (mixed) o.z * box.z, 0);
#endif
    const mixed4 f = fixedForce(force, s);
    const mixed m = v.w == 0 ? (mixed) 0 : 1 / v.w;
    const mixed xs[3] = {p.x + shift.x, p.y + shift.y, p.z + shift.z};
    const mixed vs[3] = {v.x, v.y, v.z};
    const mixed fs[3] = {f.x, f.y, f.z};
    mixed r[3];
    for (int d = 0; d < 3; d++)
      r[d] = customDofValue(which, xs[d], vs[d], fs[d], m, atom, d, 3 * atom + d, seed, counter, globals, perDof,
                            forceCache CUSTOM_STEP_NAMES);
    if (target == CUSTOM_TARGET_SUM) {
      sum += r[0] + r[1] + r[2];
    } else if (target == CUSTOM_TARGET_X) {
      if (v.w != 0) {
        p.x = r[0] - shift.x; p.y = r[1] - shift.y; p.z = r[2] - shift.z;
        posq[s] = p;
      }
    } else if (target == CUSTOM_TARGET_V) {
      if (v.w != 0) {
        v.x = r[0]; v.y = r[1]; v.z = r[2];
        velm[s] = v;
      }
    } else {
      for (int d = 0; d < 3; d++) perDof[target * 3 * NUM_ATOMS + 3 * atom + d] = r[d];
    }
  }
  sum = blockSum(buffer, sum);
  if (target == CUSTOM_TARGET_SUM && LOCAL_ID == 0) partials[4 * GROUP_ID] = sum;
}

/// The forces of the last evaluation into cache slot `slot` of forceCache (3 NUM_ATOMS values per slot, by atom).
KERNEL void customCacheForces(int numAtoms, int slot, GLOBAL const int* RESTRICT atomIndex,
                              GLOBAL const mm_long* RESTRICT force, GLOBAL mixed* RESTRICT forceCache) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 f = fixedForce(force, s);
    GLOBAL mixed* to = forceCache + slot * 3 * NUM_ATOMS + 3 * atomIndex[s];
    to[0] = f.x; to[1] = f.y; to[2] = f.z;
  }
}

/// start[atom] = the atom's unwrapped position (the constraints' reference of the step).
KERNEL void customSaveStart(int numAtoms, mixed4 box, GLOBAL const int* RESTRICT atomIndex,
                            GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset,
                            GLOBAL mixed4* RESTRICT start) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) start[atomIndex[s]] = unwrappedPosition(posq, cellOffset, box, s);
}

/// posq[slot].xyz = start[atom] in the slot's current image (posq.w kept).
KERNEL void customLoadStart(int numAtoms, mixed4 box, GLOBAL const int* RESTRICT atomIndex,
                            GLOBAL mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset,
                            GLOBAL const mixed4* RESTRICT start) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 a = start[atomIndex[s]];
    mixed4 p = posq[s];
    p.x = a.x; p.y = a.y; p.z = a.z;
#if PERIODIC
    const int4 o = cellOffset[s];
    p.x -= (mixed) o.x * box.x; p.y -= (mixed) o.y * box.y; p.z -= (mixed) o.z * box.z;
#endif
    posq[s] = p;
  }
}
