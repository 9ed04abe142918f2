// What travels between processes in the common kernel dialect (DeviceHaloExchange, DeviceMigration), packed
// into and unpacked from the transfer buffers of one face (HaloTransport): when the cells are rebuilt, the
// owned molecules that left the region along an axis (four mixed4 states: position, velocity, quaternion,
// angular momentum; two tags: id, component) and the entries of the owned layers next to a face (two states:
// position with the periodic code in w, quaternion; two tags), appended on the other side as owned slots or
// received entries; between rebuilds the positions (and quaternions) of the same entries, now slots.
// mardyn-kernel: requires gpu/kernels/DeviceGrid.cc gpu/kernels/Rotation.cc
// mardyn-kernel: defines ORIENTATION_FREE=0

/// below[s] = 1 for an owned slot below `low` along `axis`, above[s] = 1 for one at or above `high`.
KERNEL void flagLeaversAlong(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL const mixed4* RESTRICT pos,
                             int axis, mixed low, mixed high, GLOBAL int* RESTRICT below, GLOBAL int* RESTRICT above) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    const mixed4 r = pos[s];
    const mixed x = axis == 0 ? r.x : (axis == 1 ? r.y : r.z);
    const int owned = haloSource[s] == -1;
    below[s] = owned && x < low ? 1 : 0;
    above[s] = owned && x >= high ? 1 : 0;
  }
}

/// lost[at] = 1 if an owned slot of [first, end) (the molecules that arrived in a migration and stayed) lies
/// outside [regionMin, regionMax) along an axis where check is set: it moved farther than a region.
KERNEL void findLostArrivals(int first, int end, GLOBAL const int* RESTRICT haloSource, GLOBAL const mixed4* RESTRICT pos,
                             mixed4 regionMin, mixed4 regionMax, int4 check, GLOBAL int* lost, int at) {
  for (int s = first + GLOBAL_ID; s < end; s += GLOBAL_SIZE) {
    const mixed4 r = pos[s];
    const int out = (check.x && (r.x < regionMin.x || r.x >= regionMax.x)) ||
                    (check.y && (r.y < regionMin.y || r.y >= regionMax.y)) ||
                    (check.z && (r.z < regionMin.z || r.z >= regionMax.z));
    if (haloSource[s] == -1 && out) lost[at] = 1;
  }
}

/// The slots flagged (offsets: the exclusive scan of the flags, numSlots + 1 entries) packed as four
/// states and two tags each; their haloSource becomes -3 (gone: CellBuilder leaves them out).
KERNEL void packLeavers(int numSlots, GLOBAL const int* RESTRICT offsets, GLOBAL int* RESTRICT haloSource,
                        GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                        GLOBAL const mixed4* RESTRICT quat, GLOBAL const mixed4* RESTRICT angmom,
                        GLOBAL const int* RESTRICT type, GLOBAL const mm_ulong* RESTRICT id,
                        GLOBAL mixed4* RESTRICT states, GLOBAL mm_ulong* RESTRICT tags) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    const int k = offsets[s];
    if (offsets[s + 1] == k) continue;
    states[4 * k] = pos[s];
    states[4 * k + 1] = vel[s];
    states[4 * k + 2] = quat[s];
    states[4 * k + 3] = angmom[s];
    tags[2 * k] = id[s];
    tags[2 * k + 1] = (mm_ulong) type[s];
    haloSource[s] = -3;
  }
}

/// Arrived molecules k < count become owned slots firstSlot + k, their position wrapped periodically along
/// the axis they came (the box's own wrap: DeviceGrid.cc), forces and torques zero until computed.
KERNEL void appendArrivals(int count, int firstSlot, int axis, mixed boxLength, GLOBAL const mixed4* RESTRICT states,
                           GLOBAL const mm_ulong* RESTRICT tags, GLOBAL mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel,
                           GLOBAL mixed4* RESTRICT quat, GLOBAL mixed4* RESTRICT angmom, GLOBAL mixed4* RESTRICT forces,
                           GLOBAL mixed4* RESTRICT torques, GLOBAL int* RESTRICT type, GLOBAL mm_ulong* RESTRICT id,
                           GLOBAL int* RESTRICT haloSource, GLOBAL int* RESTRICT haloCode) {
  for (int k = GLOBAL_ID; k < count; k += GLOBAL_SIZE) {
    const int s = firstSlot + k;
    mixed4 r = states[4 * k];
    if (axis == 0) r.x = wrapPeriodic(r.x, boxLength);
    if (axis == 1) r.y = wrapPeriodic(r.y, boxLength);
    if (axis == 2) r.z = wrapPeriodic(r.z, boxLength);
    r.w = 0;
    pos[s] = r;
    vel[s] = states[4 * k + 1];
    quat[s] = states[4 * k + 2];
    angmom[s] = states[4 * k + 3];
    forces[s] = make_mixed4(0, 0, 0, 0);
    torques[s] = make_mixed4(0, 0, 0, 0);
    id[s] = tags[2 * k];
    type[s] = (int) tags[2 * k + 1];
    haloSource[s] = -1;
    haloCode[s] = IMAGE_SELF;
  }
}

/// delta[c] += sign for each of the `count` molecules of component c in `tags` (two per molecule: id,
/// component): the departures (-1) and arrivals (+1) of a migration, a few hundred atomics.
KERNEL void countTagComponents(int count, GLOBAL const mm_ulong* RESTRICT tags, int sign, GLOBAL int* delta) {
  for (int k = GLOBAL_ID; k < count; k += GLOBAL_SIZE) ATOMIC_ADD(&delta[(int) tags[2 * k + 1]], sign);
}

/// lower[e] = 1 for the entries in the owned layers next to the lower face along `axis`, upper[e] = 1 for
/// those next to the upper face.
KERNEL void flagFaceEntries(int numEntries, GLOBAL const int4* RESTRICT eCoord, int axis, int4 dims,
                            GLOBAL int* RESTRICT lower, GLOBAL int* RESTRICT upper) {
  const int h = dims.w;
  const int n = (axis == 0 ? dims.x : (axis == 1 ? dims.y : dims.z)) - 2 * h;
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int4 c = eCoord[e];
    const int k = (axis == 0 ? c.x : (axis == 1 ? c.y : c.z)) - h;
    lower[e] = k >= 0 && k < h;
    upper[e] = k >= n - h && k < n;
  }
}

/// The entries flagged by flagFaceEntries (offsets: their exclusive scan) packed for the neighbour: states
/// position + shift (w: the periodic code + codeStep) and quaternion, tags id and component; sendList[k] =
/// the entry.
KERNEL void packFaceEntries(int numEntries, GLOBAL const int* RESTRICT offsets, mixed4 shift, int codeStep,
                            GLOBAL const mixed4* RESTRICT ePos, GLOBAL const mixed4* RESTRICT eQuat,
                            GLOBAL const int* RESTRICT eType, GLOBAL const mm_ulong* RESTRICT eId,
                            GLOBAL const int* RESTRICT eCode, GLOBAL mixed4* RESTRICT states,
                            GLOBAL mm_ulong* RESTRICT tags, GLOBAL int* RESTRICT sendList) {
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int k = offsets[e];
    if (offsets[e + 1] == k) continue;
    mixed4 r = ePos[e];
    r.x += shift.x;
    r.y += shift.y;
    r.z += shift.z;
    r.w = (mixed) (eCode[e] + codeStep);
    states[2 * k] = r;
    states[2 * k + 1] = eQuat[e];
    tags[2 * k] = eId[e];
    tags[2 * k + 1] = (mm_ulong) eType[e];
    sendList[k] = e;
  }
}

/// Received entries k < count become entries firstEntry + k: haloSource -2 - (firstRemote + k), the
/// sender's periodic code, grid coordinates of the position (clamped to the grid).
KERNEL void appendReceivedEntries(int count, int firstEntry, int firstRemote, GLOBAL const mixed4* RESTRICT states,
                                  GLOBAL const mm_ulong* RESTRICT tags, int4 dims, mixed4 origin, mixed4 cellLength,
                                  GLOBAL mixed4* RESTRICT ePos, GLOBAL mixed4* RESTRICT eVel,
                                  GLOBAL mixed4* RESTRICT eQuat, GLOBAL mixed4* RESTRICT eAngmom,
                                  GLOBAL int* RESTRICT eType, GLOBAL mm_ulong* RESTRICT eId,
                                  GLOBAL int* RESTRICT eSource, GLOBAL int* RESTRICT eCode,
                                  GLOBAL int4* RESTRICT eCoord) {
  for (int k = GLOBAL_ID; k < count; k += GLOBAL_SIZE) {
    const int e = firstEntry + k;
    mixed4 r = states[2 * k];
    const int code = (int) r.w;
    r.w = 0;
    ePos[e] = r;
    eVel[e] = make_mixed4(0, 0, 0, 0);
    eQuat[e] = states[2 * k + 1];
    eAngmom[e] = make_mixed4(0, 0, 0, 0);
    eId[e] = tags[2 * k];
    eType[e] = (int) tags[2 * k + 1];
    eSource[e] = -2 - (firstRemote + k);
    eCode[e] = code;
    eCoord[e] = make_int4(gridCoordinate(r.x, origin.x, cellLength.x, 0, dims.x - 1),
                          gridCoordinate(r.y, origin.y, cellLength.y, 0, dims.y - 1),
                          gridCoordinate(r.z, origin.z, cellLength.z, 0, dims.z - 1), 0);
  }
}

/// list[k] = slotOf[list[k]] for k < n (entries renumbered to slots after a rebuild).
KERNEL void entriesToSlots(int n, GLOBAL int* RESTRICT list, GLOBAL const int* RESTRICT slotOf) {
  for (int k = GLOBAL_ID; k < n; k += GLOBAL_SIZE) list[k] = slotOf[list[k]];
}

/// list[k] = slotOf[firstEntry + k] for k < n.
KERNEL void entryRangeToSlots(int n, int firstEntry, GLOBAL int* RESTRICT list, GLOBAL const int* RESTRICT slotOf) {
  for (int k = GLOBAL_ID; k < n; k += GLOBAL_SIZE) list[k] = slotOf[firstEntry + k];
}

/// Between rebuilds: the positions (+ shift) of the send list's slots and, withOrientation, their
/// quaternions (then two states per entry).
KERNEL void packFaceSlots(int n, GLOBAL const int* RESTRICT sendList, mixed4 shift, int withOrientation,
                          GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT quat,
                          GLOBAL mixed4* RESTRICT states) {
  for (int k = GLOBAL_ID; k < n; k += GLOBAL_SIZE) {
    const int s = sendList[k];
    mixed4 r = pos[s];
    r.x += shift.x;
    r.y += shift.y;
    r.z += shift.z;
    if (withOrientation) {
      states[2 * k] = r;
      states[2 * k + 1] = quat[s];
    } else {
      states[k] = r;
    }
  }
}

/// The received positions into their slots (the slot's cell in w is kept) and, withOrientation, the
/// quaternions with the rotation matrices.
KERNEL void unpackFaceSlots(int n, GLOBAL const int* RESTRICT recvList, int withOrientation,
                            GLOBAL const mixed4* RESTRICT states, GLOBAL mixed4* RESTRICT pos,
                            GLOBAL mixed4* RESTRICT quat, GLOBAL real* RESTRICT rotations) {
  for (int k = GLOBAL_ID; k < n; k += GLOBAL_SIZE) {
    const int s = recvList[k];
    const mixed4 r = states[withOrientation ? 2 * k : k];
    mixed4 p = pos[s];
    p.x = r.x;
    p.y = r.y;
    p.z = r.z;
    pos[s] = p;
    if (!withOrientation) continue;
    const mixed4 q = states[2 * k + 1];
    quat[s] = q;
#if !ORIENTATION_FREE
    mixed m[9];
    quaternionMatrix(q, m);
    for (int j = 0; j < 9; j++) rotations[9 * s + j] = (real) m[j];
#endif
  }
}
