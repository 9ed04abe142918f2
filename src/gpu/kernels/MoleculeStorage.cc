// Per-slot device data in the common kernel dialect: quaternions turned into rotation matrices, and the
// force, torque and per-cell statistics buffers cleared before a traversal.
// mardyn-kernel: requires gpu/kernels/Rotation.cc

/// rotations of slots [0, numSlots) from their quaternions (after a rebuild, images included).
KERNEL void quaternionsToRotations(int numSlots, GLOBAL const mixed4* RESTRICT quat, GLOBAL real* RESTRICT rotations) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    mixed rot[9];
    quaternionMatrix(quat[s], rot);
    for (int j = 0; j < 9; j++) rotations[9 * s + j] = (real) rot[j];
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
