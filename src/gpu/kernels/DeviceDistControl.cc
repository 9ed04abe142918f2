// ls1's DistControl sample on the device: the owned molecules counted per bin along y, for all components
// and per component (integer atomics); the host evaluates the profile.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// counts[g bins + bin] += 1 for g = 0 and g = component + 1; bins of `width` from y = 0.
KERNEL void distControlSample(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                              GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                              GLOBAL int* RESTRICT counts, int bins, mixed width, mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const mixed b = floor(hostPosition(pos[s], vel[s], boxMin, box).y / width);
    if (!(b >= 0 && b < bins)) continue;
    ATOMIC_ADD(&counts[(int) b], 1);
    ATOMIC_ADD(&counts[(type[s] + 1) * bins + (int) b], 1);
  }
}
