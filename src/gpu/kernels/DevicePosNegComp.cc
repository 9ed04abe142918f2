// ls1's PosNegComp on the device: every molecule, owned or halo copy, with left < y < right that is not of
// the ignored component takes component pos while its v_y > 0, else neg (a periodic image with its
// source's velocity, as the host's halo copies carry it).
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// comps = (pos, neg, ignore) 0-based (ignore -1: none), slab = (left, right).
KERNEL void posNegComponents(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL const int* RESTRICT haloCode,
                             GLOBAL int* RESTRICT type, GLOBAL const mixed4* RESTRICT pos,
                             GLOBAL const mixed4* RESTRICT vel, int4 comps, mixed4 slab, mixed4 boxMin, mixed4 box) {
  for (int t = GLOBAL_ID; t < numSlots; t += GLOBAL_SIZE) {
    if (type[t] == comps.z) continue;
    const int source = haloSource[t];
    const int from = source >= 0 ? source : t;
    const mixed4 v = vel[from];
    mixed y = hostPosition(pos[from], v, boxMin, box).y;
    if (source >= 0) y += imageShift(haloCode[t], box).y - imageShift(haloCode[source], box).y;
    if (y <= slab.x || y >= slab.y) continue;
    type[t] = v.y > 0 ? comps.x : comps.y;
  }
}
