// The owned molecules of a region (a slab along y of some components) carried to the host for a plugin's
// hook and back: marked, gathered in owned order, written back; removed molecules leave the owned list.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// flags[k] = 1 for owned molecule k (slot ownedSlots[k]) with lower <= y < upper (as the host sees y)
/// of a marked component (every component when allComponents).
KERNEL void flagRegion(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                       GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                       GLOBAL const int* RESTRICT marked, int allComponents, mixed lower, mixed upper,
                       GLOBAL int* RESTRICT flags, mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const mixed y = hostPosition(pos[s], vel[s], boxMin, box).y;
    flags[k] = (allComponents || marked[type[s]]) && y >= lower && y < upper ? 1 : 0;
  }
}

/// The flagged molecules (offsets: the exclusive scan of the flags) into the compact arrays, in owned order.
KERNEL void gatherRegion(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT flags,
                         GLOBAL const int* RESTRICT offsets, GLOBAL const mixed4* RESTRICT pos,
                         GLOBAL const mixed4* RESTRICT vel, GLOBAL const mixed4* RESTRICT quat,
                         GLOBAL const mixed4* RESTRICT angmom, GLOBAL const mixed4* RESTRICT force,
                         GLOBAL const mixed4* RESTRICT torque, GLOBAL const int* RESTRICT type,
                         GLOBAL const mm_ulong* RESTRICT id, GLOBAL int* RESTRICT slotOut, GLOBAL mixed4* RESTRICT out,
                         GLOBAL int* RESTRICT typeOut, GLOBAL mm_ulong* RESTRICT idOut) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    if (!flags[k]) continue;
    const int s = ownedSlots[k], j = offsets[k];
    slotOut[j] = s;
    out[6 * j] = pos[s];
    out[6 * j + 1] = vel[s];
    out[6 * j + 2] = quat[s];
    out[6 * j + 3] = angmom[s];
    out[6 * j + 4] = force[s];
    out[6 * j + 5] = torque[s];
    typeOut[j] = type[s];
    idOut[j] = id[s];
  }
}

/// x, y, z of v with the w of the slot's own value (a position's w is its cell).
DEVICE mixed4 withW(mixed4 v, mixed4 own) { return make_mixed4(v.x, v.y, v.z, own.w); }

/// The n molecules back into their slots (the quaternion whole, the vectors' w kept).
KERNEL void scatterRegion(int n, GLOBAL const int* RESTRICT slots, GLOBAL const mixed4* RESTRICT in,
                          GLOBAL const int* RESTRICT typeIn, GLOBAL mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel,
                          GLOBAL mixed4* RESTRICT quat, GLOBAL mixed4* RESTRICT angmom, GLOBAL mixed4* RESTRICT force,
                          GLOBAL mixed4* RESTRICT torque, GLOBAL int* RESTRICT type) {
  for (int j = GLOBAL_ID; j < n; j += GLOBAL_SIZE) {
    const int s = slots[j];
    pos[s] = withW(in[6 * j], pos[s]);
    vel[s] = withW(in[6 * j + 1], vel[s]);
    quat[s] = in[6 * j + 2];
    angmom[s] = withW(in[6 * j + 3], angmom[s]);
    force[s] = withW(in[6 * j + 4], force[s]);
    torque[s] = withW(in[6 * j + 5], torque[s]);
    type[s] = typeIn[j];
  }
}

/// The n removed slots stop being owned (the next rebuild drops them; their images stay until then).
KERNEL void markRemoved(int n, GLOBAL const int* RESTRICT slots, GLOBAL int* RESTRICT haloSource) {
  for (int j = GLOBAL_ID; j < n; j += GLOBAL_SIZE) haloSource[slots[j]] = -2;
}

/// flags[k] = 1 for the owned molecules k still owned.
KERNEL void flagStillOwned(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT haloSource,
                           GLOBAL int* RESTRICT flags) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) flags[k] = haloSource[ownedSlots[k]] == -1 ? 1 : 0;
}

/// The owned list without the removed molecules (kept: ownedSlots compacted into kept), and their index.
KERNEL void compactOwned(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT flags,
                         GLOBAL const int* RESTRICT offsets, GLOBAL int* RESTRICT kept, GLOBAL int* RESTRICT ownedIndex) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    if (flags[k]) kept[offsets[k]] = s;
    ownedIndex[s] = flags[k] ? offsets[k] : -1;
  }
}

/// Every periodic image takes its source's component (what the host's exchange does to its halo copies).
KERNEL void imagesTakeSourceTypes(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL int* RESTRICT type) {
  for (int t = GLOBAL_ID; t < numSlots; t += GLOBAL_SIZE) {
    const int source = haloSource[t];
    if (source >= 0) type[t] = type[source];
  }
}

/// counts[2 c] = owned molecules of component c, counts[2 c + 1] their rotational degrees of freedom.
KERNEL void countComponents(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                            GLOBAL const int* RESTRICT rotationalDof, GLOBAL int* RESTRICT counts) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int c = type[ownedSlots[k]];
    ATOMIC_ADD(&counts[2 * c], 1);
    ATOMIC_ADD(&counts[2 * c + 1], rotationalDof[c]);
  }
}

/// dst[i] = src[i], i < n.
KERNEL void copyInts(int n, GLOBAL const int* RESTRICT src, GLOBAL int* RESTRICT dst) {
  for (int i = GLOBAL_ID; i < n; i += GLOBAL_SIZE) dst[i] = src[i];
}
