// ls1's DriftCtrl on the device: the sample (count and velocity sums per group and bin along y, each thread
// its own, added in a fixed order) and the correction of the velocities by the changes the host computed from the samples.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// bins = (number of bins, groups, 0, 0); range = (yl, yr, bin width); the host's DriftCtrl::binOf.
DEVICE int driftBin(mixed y, mixed4 range, int bins) {
  if (y <= range.x || y > range.y) return -1;
  const int b = (int) floor((y - range.x) / range.z);
  return b < bins - 1 ? b : bins - 1;
}

/// Sums (count, vx, vy, vz) of (group g, bin b) at 4 (g bins + b): group 0 every molecule, c + 1 component c.
KERNEL void driftSample(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                        GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel, GLOBAL mixed* RESTRICT sums,
                        int bins, int width, mixed4 range, mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const mixed4 v = vel[s];
    const int b = driftBin(hostPosition(pos[s], v, boxMin, box).y, range, bins);
    if (b < 0) continue;
    for (int pass = 0; pass < 2; pass++) {
      const int g = pass == 0 ? 0 : type[s] + 1;
      const int at = 4 * (g * bins + b);
      addToThreadSum(sums, width, at, 1);
      addToThreadSum(sums, width, at + 1, v.x);
      addToThreadSum(sums, width, at + 2, v.y);
      addToThreadSum(sums, width, at + 3, v.z);
    }
  }
}

/// v += delta[(g bins + b)] for the molecules of the target component (target 0: all, group 0) in bin b.
KERNEL void driftCorrect(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                         GLOBAL const mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel, GLOBAL const mixed4* RESTRICT delta,
                         int bins, int target, mixed4 range, mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    mixed4 v = vel[s];
    const int b = driftBin(hostPosition(pos[s], v, boxMin, box).y, range, bins);
    const int g = target == 0 ? 0 : (type[s] + 1 == target ? target : -1);
    if (b < 0 || g < 0) continue;
    const mixed4 d = delta[g * bins + b];
    v.x = v.x + d.x;
    v.y = v.y + d.y;
    v.z = v.z + d.z;
    vel[s] = v;
  }
}
