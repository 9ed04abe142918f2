// What travels between processes in the common kernel dialect (DeviceHaloExchange): the owned molecules
// that left the region (packed when the cells are rebuilt), the entries of the owned layers next to a
// face (packed for the neighbour on that side, with the periodic shift where the face is the box's), the
// entries received in return (appended to CellBuilder's entries), and between rebuilds the positions and
// orientations of the same entries, now slots, both ways.
// mardyn-kernel: requires gpu/kernels/DeviceGrid.cc gpu/kernels/Rotation.cc
// mardyn-kernel: defines ORIENTATION_FREE=0

/// flags[s] = 1 for an owned slot outside [regionMin, regionMax) along an axis where check is set.
KERNEL void flagLeavers(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL const mixed4* RESTRICT pos,
                        mixed4 regionMin, mixed4 regionMax, int4 check, GLOBAL int* RESTRICT flags) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    const mixed4 r = pos[s];
    const int out = (check.x && (r.x < regionMin.x || r.x >= regionMax.x)) ||
                    (check.y && (r.y < regionMin.y || r.y >= regionMax.y)) ||
                    (check.z && (r.z < regionMin.z || r.z >= regionMax.z));
    flags[s] = haloSource[s] == -1 && out ? 1 : 0;
  }
}

/// The slots flagged by flagLeavers (offsets: their exclusive scan, numSlots + 1 entries) packed as
/// position, velocity, quaternion and angular momentum (4 mixed4 each), component and id; their
/// haloSource becomes -3 (gone: CellBuilder leaves them out).
KERNEL void packLeavers(int numSlots, GLOBAL const int* RESTRICT offsets, GLOBAL int* RESTRICT haloSource,
                        GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                        GLOBAL const mixed4* RESTRICT quat, GLOBAL const mixed4* RESTRICT angmom,
                        GLOBAL const int* RESTRICT type, GLOBAL const mm_ulong* RESTRICT id,
                        GLOBAL mixed4* RESTRICT out, GLOBAL int* RESTRICT outType, GLOBAL mm_ulong* RESTRICT outId) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    const int k = offsets[s];
    if (offsets[s + 1] == k) continue;
    out[4 * k] = pos[s];
    out[4 * k + 1] = vel[s];
    out[4 * k + 2] = quat[s];
    out[4 * k + 3] = angmom[s];
    outType[k] = type[s];
    outId[k] = id[s];
    haloSource[s] = -3;
  }
}

/// flags[e] = 1 for the entries in the owned layers next to the lower (side 0) or upper (side 1) face
/// along `axis`.
KERNEL void flagFaceEntries(int numEntries, GLOBAL const int4* RESTRICT eCoord, int axis, int side, int4 dims,
                            GLOBAL int* RESTRICT flags) {
  const int h = dims.w;
  const int n = (axis == 0 ? dims.x : (axis == 1 ? dims.y : dims.z)) - 2 * h;
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int4 c = eCoord[e];
    const int k = (axis == 0 ? c.x : (axis == 1 ? c.y : c.z)) - h;
    flags[e] = side == 0 ? (k >= 0 && k < h) : (k >= n - h && k < n);
  }
}

/// The entries flagged by flagFaceEntries (offsets: their exclusive scan) packed for the neighbour:
/// position + shift (w: the periodic code + codeStep), quaternion, component, id; sendList[k] = the entry.
KERNEL void packFaceEntries(int numEntries, GLOBAL const int* RESTRICT offsets, mixed4 shift, int codeStep,
                            GLOBAL const mixed4* RESTRICT ePos, GLOBAL const mixed4* RESTRICT eQuat,
                            GLOBAL const int* RESTRICT eType, GLOBAL const mm_ulong* RESTRICT eId,
                            GLOBAL const int* RESTRICT eCode, GLOBAL mixed4* RESTRICT outPos,
                            GLOBAL mixed4* RESTRICT outQuat, GLOBAL int* RESTRICT outType,
                            GLOBAL mm_ulong* RESTRICT outId, GLOBAL int* RESTRICT sendList) {
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int k = offsets[e];
    if (offsets[e + 1] == k) continue;
    mixed4 r = ePos[e];
    r.x += shift.x;
    r.y += shift.y;
    r.z += shift.z;
    r.w = (mixed) (eCode[e] + codeStep);
    outPos[k] = r;
    outQuat[k] = eQuat[e];
    outType[k] = eType[e];
    outId[k] = eId[e];
    sendList[k] = e;
  }
}

/// Received entries k < count become entries firstEntry + k: haloSource -2 - (firstRemote + k), the
/// sender's periodic code, grid coordinates of the position (clamped to the grid).
KERNEL void appendReceivedEntries(int count, int firstEntry, int firstRemote, GLOBAL const mixed4* RESTRICT inPos,
                                  GLOBAL const mixed4* RESTRICT inQuat, GLOBAL const int* RESTRICT inType,
                                  GLOBAL const mm_ulong* RESTRICT inId, int4 dims, mixed4 origin, mixed4 cellLength,
                                  GLOBAL mixed4* RESTRICT ePos, GLOBAL mixed4* RESTRICT eVel,
                                  GLOBAL mixed4* RESTRICT eQuat, GLOBAL mixed4* RESTRICT eAngmom,
                                  GLOBAL int* RESTRICT eType, GLOBAL mm_ulong* RESTRICT eId,
                                  GLOBAL int* RESTRICT eSource, GLOBAL int* RESTRICT eCode,
                                  GLOBAL int4* RESTRICT eCoord) {
  for (int k = GLOBAL_ID; k < count; k += GLOBAL_SIZE) {
    const int e = firstEntry + k;
    mixed4 r = inPos[k];
    const int code = (int) r.w;
    r.w = 0;
    ePos[e] = r;
    eVel[e] = make_mixed4(0, 0, 0, 0);
    eQuat[e] = inQuat[k];
    eAngmom[e] = make_mixed4(0, 0, 0, 0);
    eType[e] = inType[k];
    eId[e] = inId[k];
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

/// Between rebuilds: the positions (+ shift) and, withOrientation, the quaternions of the send list's slots.
KERNEL void packFaceSlots(int n, GLOBAL const int* RESTRICT sendList, mixed4 shift, int withOrientation,
                          GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT quat,
                          GLOBAL mixed4* RESTRICT outPos, GLOBAL mixed4* RESTRICT outQuat) {
  for (int k = GLOBAL_ID; k < n; k += GLOBAL_SIZE) {
    const int s = sendList[k];
    mixed4 r = pos[s];
    r.x += shift.x;
    r.y += shift.y;
    r.z += shift.z;
    outPos[k] = r;
    if (withOrientation) outQuat[k] = quat[s];
  }
}

/// The received positions into their slots (the slot's cell in w is kept) and, withOrientation, the
/// quaternions with the rotation matrices.
KERNEL void unpackFaceSlots(int n, GLOBAL const int* RESTRICT recvList, int withOrientation,
                            GLOBAL const mixed4* RESTRICT inPos, GLOBAL const mixed4* RESTRICT inQuat,
                            GLOBAL mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT quat, GLOBAL real* RESTRICT rotations) {
  for (int k = GLOBAL_ID; k < n; k += GLOBAL_SIZE) {
    const int s = recvList[k];
    const mixed4 r = inPos[k];
    mixed4 p = pos[s];
    p.x = r.x;
    p.y = r.y;
    p.z = r.z;
    pos[s] = p;
    if (!withOrientation) continue;
    quat[s] = inQuat[k];
#if !ORIENTATION_FREE
    mixed m[9];
    quaternionMatrix(inQuat[k], m);
    for (int j = 0; j < 9; j++) rotations[9 * s + j] = (real) m[j];
#endif
  }
}
