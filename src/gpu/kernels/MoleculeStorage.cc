// Per-molecule device data in the common kernel dialect: quaternions turned into rotation
// matrices, and the force, torque and per-cell statistics buffers cleared before a traversal.

/// q = (w, x, y, z) per molecule -> row-major 3x3 matrix (space -> body frame) in rot[9 i .. 9 i + 8],
/// the matrix ls1-mardyn's Quaternion builds.
KERNEL void quaternionsToRotations(GLOBAL const real4* RESTRICT quaternions, GLOBAL real* RESTRICT rotations,
                                   int numMolecules) {
  for (int i = GLOBAL_ID; i < numMolecules; i += GLOBAL_SIZE) {
    const real4 q = quaternions[i];
    const real ww = q.x * q.x, xx = q.y * q.y, yy = q.z * q.z, zz = q.w * q.w;
    const real wx = q.x * q.y, wy = q.x * q.z, wz = q.x * q.w;
    const real xy = q.y * q.z, xz = q.y * q.w, yz = q.z * q.w;
    GLOBAL real* m = rotations + 9 * i;
    m[0] = ww + xx - yy - zz; m[1] = 2 * (xy + wz);     m[2] = 2 * (xz - wy);
    m[3] = 2 * (xy - wz);     m[4] = ww - xx + yy - zz; m[5] = 2 * (yz + wx);
    m[6] = 2 * (xz + wy);     m[7] = 2 * (yz - wx);     m[8] = ww - xx - yy + zz;
  }
}

/// Zeroes forces and torques of all molecules and the (energy, virial) sums of all cells.
KERNEL void clearAccumulators(GLOBAL mixed4* RESTRICT forces, GLOBAL mixed4* RESTRICT torques, int numMolecules,
                              GLOBAL mixed2* RESTRICT cellStats, int numCells) {
  for (int i = GLOBAL_ID; i < numMolecules; i += GLOBAL_SIZE) {
    forces[i] = make_mixed4(0, 0, 0, 0);
    torques[i] = make_mixed4(0, 0, 0, 0);
  }
  for (int c = GLOBAL_ID; c < numCells; c += GLOBAL_SIZE)
    cellStats[c] = make_mixed2(0, 0);
}
