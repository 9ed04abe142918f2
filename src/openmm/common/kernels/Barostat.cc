// The Monte Carlo barostats' trial moves on the common-compute platforms (ComputeApplyMonteCarloBarostatKernel), in
// the common kernel dialect: every molecule moves rigidly so that its geometric centre (of the System's, unwrapped,
// positions: posq + cellOffset * box) scales with the box; the positions before the move are kept per atom so that
// a rejected move restores them whatever the slots' order meanwhile.
// mardyn-kernel: defines PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1

/// saved[atomIndex[s]] = the unwrapped position and charge of slot s.
KERNEL void saveUnwrappedPositions(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset,
                                   GLOBAL const int* RESTRICT atomIndex, mixed4 box, GLOBAL mixed4* RESTRICT saved) {
  for (int s = GLOBAL_ID; s < NUM_ATOMS; s += GLOBAL_SIZE) {
    const mixed4 p = posq[s];
    const int4 o = cellOffset[s];
    saved[atomIndex[s]] = make_mixed4(p.x + o.x * box.x, p.y + o.y * box.y, p.z + o.z * box.z, p.w);
  }
}

/// Moves molecule m (atoms start[m] .. start[m + 1] - 1 of `atoms`, System indices) by its centre times (scale - 1),
/// from the saved positions, into the new box.
KERNEL void scaleMolecules(int numMolecules, GLOBAL const int* RESTRICT start, GLOBAL const int* RESTRICT atoms,
                           GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT saved,
                           GLOBAL const int4* RESTRICT cellOffset, mixed4 newBox, mixed4 scale,
                           GLOBAL mixed4* RESTRICT posq) {
  for (int m = GLOBAL_ID; m < numMolecules; m += GLOBAL_SIZE) {
    mixed cx = 0, cy = 0, cz = 0;
    for (int k = start[m]; k < start[m + 1]; k++) {
      const mixed4 p = saved[atoms[k]];
      cx += p.x;
      cy += p.y;
      cz += p.z;
    }
    const mixed inv = (mixed) 1 / (mixed) (start[m + 1] - start[m]);
    const mixed sx = cx * inv * (scale.x - 1), sy = cy * inv * (scale.y - 1), sz = cz * inv * (scale.z - 1);
    for (int k = start[m]; k < start[m + 1]; k++) {
      const int a = atoms[k], s = slotOfAtom[a];
      const mixed4 p = saved[a];
      const int4 o = cellOffset[s];
      posq[s] = make_mixed4(p.x + sx - o.x * newBox.x, p.y + sy - o.y * newBox.y, p.z + sz - o.z * newBox.z, p.w);
    }
  }
}

/// posq of every slot from the saved positions (a rejected move), in the box they were saved in.
KERNEL void restorePositions(GLOBAL const mixed4* RESTRICT saved, GLOBAL const int4* RESTRICT cellOffset,
                             GLOBAL const int* RESTRICT atomIndex, mixed4 box, GLOBAL mixed4* RESTRICT posq) {
  for (int s = GLOBAL_ID; s < NUM_ATOMS; s += GLOBAL_SIZE) {
    const mixed4 p = saved[atomIndex[s]];
    const int4 o = cellOffset[s];
    posq[s] = make_mixed4(p.x - o.x * box.x, p.y - o.y * box.y, p.z - o.z * box.z, p.w);
  }
}
