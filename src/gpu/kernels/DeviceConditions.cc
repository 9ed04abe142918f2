// The device "conditions" buffer in the common kernel dialect: after a traversal every molecule is
// checked; the host reads back which (1-based) molecule index broke which condition.
//
// conditions[0]: a molecule outside the cell it is stored in; [1]: a non-finite force or torque
// (NaN); [2]: a force or torque above FORCE_LIMIT (overflow). 0 means no molecule did.

#ifndef FORCE_LIMIT
#define FORCE_LIMIT 1e30
#endif

KERNEL void checkConditions(GLOBAL const mixed4* RESTRICT positions, GLOBAL const mixed4* RESTRICT forces,
                            GLOBAL const mixed4* RESTRICT torques, int numMolecules, mixed4 gridOrigin,
                            mixed4 cellLength, int4 cellsPerDim, GLOBAL int* RESTRICT conditions) {
  for (int i = GLOBAL_ID; i < numMolecules; i += GLOBAL_SIZE) {
    const mixed4 r = positions[i];
    const int cell = (int) r.w;
    const int cz = cell / (cellsPerDim.x * cellsPerDim.y);
    const int cy = (cell / cellsPerDim.x) % cellsPerDim.y;
    const int cx = cell % cellsPerDim.x;
    // Relative slack: a molecule on a cell face may be sorted to either side by rounding.
    const mixed tol = (mixed) 1e-6;
    const mixed ux = (r.x - gridOrigin.x) / cellLength.x - cx;
    const mixed uy = (r.y - gridOrigin.y) / cellLength.y - cy;
    const mixed uz = (r.z - gridOrigin.z) / cellLength.z - cz;
    if (!(ux >= -tol && ux <= 1 + tol && uy >= -tol && uy <= 1 + tol && uz >= -tol && uz <= 1 + tol))
      conditions[0] = i + 1;
    const mixed4 f = forces[i];
    const mixed4 t = torques[i];
    const mixed sum = f.x + f.y + f.z + t.x + t.y + t.z;
    if (isnan(sum))
      conditions[1] = i + 1;
    else if (fabs(f.x) > FORCE_LIMIT || fabs(f.y) > FORCE_LIMIT || fabs(f.z) > FORCE_LIMIT ||
             fabs(t.x) > FORCE_LIMIT || fabs(t.y) > FORCE_LIMIT || fabs(t.z) > FORCE_LIMIT)
      conditions[2] = i + 1;
  }
}
