// The device "conditions" buffer in the common kernel dialect: after a traversal every molecule is
// checked; the host reads back which (1-based) slot broke which condition.
//
// conditions[0]: a molecule farther than `slack` outside the cell it is stored in (its cell is in
// position.w; the cell is found with DeviceGrid.cc's function, as the binning found it), or a
// non-finite position; [1]: a non-finite force or torque of an owned molecule (NaN); [2]: a force or
// torque above FORCE_LIMIT (overflow); [3]: a squared force or torque above its component's limit
// (limits[2 c], limits[2 c + 1], for the first numLimited components). 0 means no molecule did. slack: half the skin (a molecule may
// move that far between rebuilds) plus the rounding of positions.
// mardyn-kernel: requires gpu/kernels/DeviceGrid.cc

#ifndef FORCE_LIMIT
#define FORCE_LIMIT 1e30
#endif

/// How far (in length units) x lies outside [lo, lo + length] (0 inside).
DEVICE mixed outsideBy(mixed x, mixed lo, mixed length) {
  return x < lo ? lo - x : (x > lo + length ? x - lo - length : 0);
}

KERNEL void checkConditions(GLOBAL const mixed4* RESTRICT positions, GLOBAL const mixed4* RESTRICT forces,
                            GLOBAL const mixed4* RESTRICT torques, GLOBAL const int* RESTRICT haloSource,
                            GLOBAL const int* RESTRICT types, GLOBAL const float* RESTRICT limits, int numLimited,
                            int numMolecules, mixed4 gridOrigin, mixed4 cellLength, int4 cellsPerDim, mixed slack,
                            GLOBAL int* RESTRICT conditions) {
  for (int i = GLOBAL_ID; i < numMolecules; i += GLOBAL_SIZE) {
    const mixed4 r = positions[i];
    const int cell = (int) r.w;
    const int cz = cell / (cellsPerDim.x * cellsPerDim.y);
    const int cy = (cell / cellsPerDim.x) % cellsPerDim.y;
    const int cx = cell % cellsPerDim.x;
    const int inCell = gridCoordinate(r.x, gridOrigin.x, cellLength.x, 0, cellsPerDim.x - 1) == cx &&
                       gridCoordinate(r.y, gridOrigin.y, cellLength.y, 0, cellsPerDim.y - 1) == cy &&
                       gridCoordinate(r.z, gridOrigin.z, cellLength.z, 0, cellsPerDim.z - 1) == cz;
    if (!inCell) {
      const mixed ox = outsideBy(r.x, gridOrigin.x + cx * cellLength.x, cellLength.x);
      const mixed oy = outsideBy(r.y, gridOrigin.y + cy * cellLength.y, cellLength.y);
      const mixed oz = outsideBy(r.z, gridOrigin.z + cz * cellLength.z, cellLength.z);
      if (!(ox <= slack && oy <= slack && oz <= slack)) conditions[0] = i + 1;
    }
    if (haloSource[i] != -1) continue;
    const mixed4 f = forces[i];
    const mixed4 t = torques[i];
    const mixed sum = f.x + f.y + f.z + t.x + t.y + t.z;
    if (isnan(sum))
      conditions[1] = i + 1;
    else if (fabs(f.x) > FORCE_LIMIT || fabs(f.y) > FORCE_LIMIT || fabs(f.z) > FORCE_LIMIT ||
             fabs(t.x) > FORCE_LIMIT || fabs(t.y) > FORCE_LIMIT || fabs(t.z) > FORCE_LIMIT)
      conditions[2] = i + 1;
    else if (types[i] < numLimited && ((float) (f.x * f.x + f.y * f.y + f.z * f.z) > limits[2 * types[i]] ||
                                       (float) (t.x * t.x + t.y * t.y + t.z * t.z) > limits[2 * types[i] + 1]))
      conditions[3] = i + 1;
  }
}
