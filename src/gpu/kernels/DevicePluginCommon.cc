// What the physics plugins' device code shares: a molecule's position as the host plugin would see it at
// its hook (wrapped into the box as the host's exchange leaves it), a site's arm in the space frame, and
// sums in a fixed order: per work-group (a tree, blockSum) or per thread (each into its own slice: binned
// sums), which the host or foldThreadSums adds in a fixed order: the same bits every run.
// mardyn-kernel: fragment
// mardyn-kernel: requires compute/kernels/Reduction.cc gpu/kernels/DeviceGrid.cc gpu/kernels/Rotation.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// One coordinate as the host sees it: wrapped into the box [lo, lo + length) at the last exchange (the host's
/// exchange wraps a molecule that left the box, on one process or many; the device keeps it unwrapped until
/// the next rebuild) and moved by `drift` time since (the time step before the exchange, else 0).
DEVICE mixed hostCoordinate(mixed x, mixed v, mixed drift, mixed lo, mixed length) {
  if (drift == 0) return lo + wrapPeriodic(x - lo, length);
  const mixed before = x - v * drift;
  return lo + wrapPeriodic(before - lo, length) + v * drift;
}

/// The position of a molecule (r, v) as the host sees it; boxMin.w: the drift time.
DEVICE mixed4 hostPosition(mixed4 r, mixed4 v, mixed4 boxMin, mixed4 box) {
  return make_mixed4(hostCoordinate(r.x, v.x, boxMin.w, boxMin.x, box.x),
                     hostCoordinate(r.y, v.y, boxMin.w, boxMin.y, box.y),
                     hostCoordinate(r.z, v.z, boxMin.w, boxMin.z, box.z), 0);
}

/// A body-frame site position in the space frame of orientation q (the host's Quaternion::rotateInv).
DEVICE mixed4 siteArm(mixed4 q, real4 body) {
  mixed m[9];
  quaternionMatrix(q, m);
  return make_mixed4(m[0] * body.x + m[3] * body.y + m[6] * body.z, m[1] * body.x + m[4] * body.y + m[7] * body.z,
                     m[2] * body.x + m[5] * body.y + m[8] * body.z, 0);
}

/// The block's sum of x (a tree in a fixed order, blockSum) as value k of the group's `width` sums; every
/// thread of the block calls it.
DEVICE void blockToGroupSum(LOCAL_ARG mixed* buffer, GLOBAL mixed* sums, int width, int k, mixed x) {
  const mixed total = blockSum(buffer, x);
  if (LOCAL_ID == 0) sums[GROUP_ID * width + k] = total;
}

/// Adds x to value k of this thread's own `width` sums (a launch of a fixed number of threads).
DEVICE void addToThreadSum(GLOBAL mixed* sums, int width, int k, mixed x) { sums[GLOBAL_ID * width + k] += x; }

/// out[k] = the sum over the threads t of sums[t width + k], in the order of t.
KERNEL void foldThreadSums(GLOBAL const mixed* RESTRICT sums, int threads, int width, GLOBAL mixed* RESTRICT out) {
  for (int k = GLOBAL_ID; k < width; k += GLOBAL_SIZE) {
    mixed s = 0;
    for (int t = 0; t < threads; t++) s += sums[t * width + k];
    out[k] = s;
  }
}
