// The device's linked cells in the common kernel dialect: rebuilding them from the molecules (periodic
// wrap, halo images, binning and a deterministic order inside each cell) and refreshing the halo images
// between rebuilds.
//
// A rebuild works on "entries" in unsorted arrays: the owned molecules first (collectOwnedEntries), then
// the halo entries that the axes add one after another (writeFaceImages: periodic images where the
// process is its own neighbour; entries received from neighbour processes otherwise). Each entry has
// grid coordinates (int4, halo layers included) and
//   haloSource: -1 owned; >= 0 a periodic image of that entry (always an owned or a received entry,
//               never an image); <= -2 received from a neighbour process,
//   haloCode:   its periodic shift (DeviceGrid.cc's image code; 13 for the molecule itself),
// so that (id, haloCode) names an entry uniquely. The entries are then counted per cell, scattered
// (countEntriesPerCell, scatterEntries), ordered by (id, haloCode) inside every cell (sortEntriesInCells:
// the same order on every run, whatever order the atomics gave) and gathered into slots in cell order
// (invertOrder, gatherEntries), with the image sources renumbered to slots.
// mardyn-kernel: requires gpu/kernels/DeviceGrid.cc
// mardyn-kernel: defines ORIENTATION_FREE=0

/// flags[s] = 1 for the owned slots (haloSource -1) of the current slot order, 0 for halo slots.
KERNEL void flagOwnedSlots(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL int* RESTRICT flags) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) flags[s] = haloSource[s] == -1 ? 1 : 0;
}

/// ownedSlots[offsets[s]] = s and ownedIndex[s] = offsets[s] for every owned slot s, ownedIndex[s] = -1 for
/// the others (offsets: the exclusive scan of flagOwnedSlots).
KERNEL void compactOwnedSlots(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL const int* RESTRICT offsets,
                              GLOBAL int* RESTRICT ownedSlots, GLOBAL int* RESTRICT ownedIndex) {
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    const int owned = haloSource[s] == -1;
    if (owned) ownedSlots[offsets[s]] = s;
    ownedIndex[s] = owned ? offsets[s] : -1;
  }
}

/// The owned molecule of slot s (offsets as for compactOwnedSlots) becomes entry offsets[s]: wrapped
/// periodically into [boxMin, boxMin + box) along the axes where selfPeriodic is set (this process is its
/// own neighbour there),
/// with its owned-cell coordinates (clamped to the owned layers).
KERNEL void collectOwnedEntries(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL const int* RESTRICT offsets,
                                GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                                GLOBAL const mixed4* RESTRICT quat, GLOBAL const mixed4* RESTRICT angmom,
                                GLOBAL const int* RESTRICT type, GLOBAL const mm_ulong* RESTRICT id,
                                GLOBAL mixed4* RESTRICT ePos, GLOBAL mixed4* RESTRICT eVel, GLOBAL mixed4* RESTRICT eQuat,
                                GLOBAL mixed4* RESTRICT eAngmom, GLOBAL int* RESTRICT eType, GLOBAL mm_ulong* RESTRICT eId,
                                GLOBAL int* RESTRICT eSource, GLOBAL int* RESTRICT eCode, GLOBAL int4* RESTRICT eCoord,
                                int4 dims, mixed4 origin, mixed4 cellLength, mixed4 boxMin, mixed4 box,
                                int4 selfPeriodic) {
  const int h = dims.w;
  for (int s = GLOBAL_ID; s < numSlots; s += GLOBAL_SIZE) {
    if (haloSource[s] != -1) continue;
    const int e = offsets[s];
    mixed4 r = pos[s];
    if (selfPeriodic.x) r.x = boxMin.x + wrapPeriodic(r.x - boxMin.x, box.x);
    if (selfPeriodic.y) r.y = boxMin.y + wrapPeriodic(r.y - boxMin.y, box.y);
    if (selfPeriodic.z) r.z = boxMin.z + wrapPeriodic(r.z - boxMin.z, box.z);
    ePos[e] = r;
    eVel[e] = vel[s];
    eQuat[e] = quat[s];
    eAngmom[e] = angmom[s];
    eType[e] = type[s];
    eId[e] = id[s];
    eSource[e] = -1;
    eCode[e] = IMAGE_SELF;
    eCoord[e] = make_int4(gridCoordinate(r.x, origin.x, cellLength.x, h, dims.x - 1 - h),
                          gridCoordinate(r.y, origin.y, cellLength.y, h, dims.y - 1 - h),
                          gridCoordinate(r.z, origin.z, cellLength.z, h, dims.z - 1 - h), 0);
  }
}

DEVICE int coordinateOn(int4 c, int axis) { return axis == 0 ? c.x : (axis == 1 ? c.y : c.z); }
DEVICE int dimensionOn(int4 d, int axis) { return axis == 0 ? d.x : (axis == 1 ? d.y : d.z); }

/// Periodic images along `axis` of entries in the owned layers next to a face: one shifted up a box
/// length for the first h owned layers, one shifted down for the last h. counts[e] = how many (0..2).
KERNEL void countFaceImages(int numEntries, GLOBAL const int4* RESTRICT eCoord, int axis, int4 dims,
                            GLOBAL int* RESTRICT counts) {
  const int h = dims.w, n = dimensionOn(dims, axis) - 2 * dims.w;
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int k = coordinateOn(eCoord[e], axis) - h;
    counts[e] = (k >= 0 && k < h ? 1 : 0) + (k >= n - h && k < n ? 1 : 0);
  }
}

/// Writes the images counted by countFaceImages as entries numEntries + offsets[e] (+1): the image of
/// an image refers to the same source; position = source position + the difference of the shifts.
KERNEL void writeFaceImages(int numEntries, GLOBAL const int* RESTRICT offsets, int axis, int4 dims, mixed4 box,
                            GLOBAL mixed4* RESTRICT ePos, GLOBAL mixed4* RESTRICT eVel, GLOBAL mixed4* RESTRICT eQuat,
                            GLOBAL mixed4* RESTRICT eAngmom, GLOBAL int* RESTRICT eType, GLOBAL mm_ulong* RESTRICT eId,
                            GLOBAL int* RESTRICT eSource, GLOBAL int* RESTRICT eCode, GLOBAL int4* RESTRICT eCoord) {
  const int h = dims.w, n = dimensionOn(dims, axis) - 2 * dims.w;
  const int step = axis == 0 ? 1 : (axis == 1 ? 3 : 9);
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int4 c = eCoord[e];
    const int k = coordinateOn(c, axis) - h;
    int out = numEntries + offsets[e];
    const int source = eSource[e] >= 0 ? eSource[e] : e;
    for (int side = 0; side < 2; side++) {
      // side 0: the first h layers, imaged up; side 1: the last h layers, imaged down.
      const int hit = side == 0 ? (k >= 0 && k < h) : (k >= n - h && k < n);
      if (!hit) continue;
      const int sign = side == 0 ? 1 : -1;
      const int code = eCode[e] + sign * step;
      const mixed4 shift = imageShift(code, box) - imageShift(eCode[source], box);
      mixed4 r = ePos[source];
      r.x += shift.x;
      r.y += shift.y;
      r.z += shift.z;
      ePos[out] = r;
      eVel[out] = eVel[e];
      eQuat[out] = eQuat[e];
      eAngmom[out] = eAngmom[e];
      eType[out] = eType[e];
      eId[out] = eId[e];
      eSource[out] = source;
      eCode[out] = code;
      int4 cc = c;
      if (axis == 0) cc.x += sign * n;
      else if (axis == 1) cc.y += sign * n;
      else cc.z += sign * n;
      eCoord[out] = cc;
      out++;
    }
  }
}

/// cellCount[cell of e] += 1 (cellCount zeroed before).
KERNEL void countEntriesPerCell(int numEntries, GLOBAL const int4* RESTRICT eCoord, int4 dims,
                                GLOBAL int* cellCount) {
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int4 c = eCoord[e];
    ATOMIC_ADD(&cellCount[gridCellIndex(c.x, c.y, c.z, dims)], 1);
  }
}

/// order[cellStart[cell] + k] = e for the entries of each cell, k in the order the atomics give
/// (cellFill zeroed before).
KERNEL void scatterEntries(int numEntries, GLOBAL const int4* RESTRICT eCoord, int4 dims,
                           GLOBAL const int* RESTRICT cellStart, GLOBAL int* cellFill, GLOBAL int* RESTRICT order) {
  for (int e = GLOBAL_ID; e < numEntries; e += GLOBAL_SIZE) {
    const int4 c = eCoord[e];
    const int cell = gridCellIndex(c.x, c.y, c.z, dims);
    order[cellStart[cell] + ATOMIC_ADD(&cellFill[cell], 1)] = e;
  }
}

DEVICE int entryBefore(int a, int b, GLOBAL const mm_ulong* RESTRICT eId, GLOBAL const int* RESTRICT eCode) {
  const mm_ulong ia = eId[a], ib = eId[b];
  return ia < ib || (ia == ib && eCode[a] < eCode[b]);
}

/// Orders the entries of every cell by (id, haloCode): insertion sort, one thread per cell.
KERNEL void sortEntriesInCells(int numCells, GLOBAL const int* RESTRICT cellStart, GLOBAL int* RESTRICT order,
                               GLOBAL const mm_ulong* RESTRICT eId, GLOBAL const int* RESTRICT eCode) {
  for (int cell = GLOBAL_ID; cell < numCells; cell += GLOBAL_SIZE) {
    const int first = cellStart[cell], end = cellStart[cell + 1];
    for (int i = first + 1; i < end; i++) {
      const int e = order[i];
      int j = i - 1;
      while (j >= first && entryBefore(e, order[j], eId, eCode)) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = e;
    }
  }
}

/// slotOf[order[t]] = t.
KERNEL void invertOrder(int numEntries, GLOBAL const int* RESTRICT order, GLOBAL int* RESTRICT slotOf) {
  for (int t = GLOBAL_ID; t < numEntries; t += GLOBAL_SIZE) slotOf[order[t]] = t;
}

/// Slot t takes entry order[t]: position (w = its cell index), velocity (w = 0), orientation, angular
/// momentum, component, id, halo source (as a slot) and code; the reference position of the
/// displacement check is the position.
KERNEL void gatherEntries(int numEntries, GLOBAL const int* RESTRICT order, GLOBAL const int* RESTRICT slotOf, int4 dims,
                          GLOBAL const mixed4* RESTRICT ePos, GLOBAL const mixed4* RESTRICT eVel,
                          GLOBAL const mixed4* RESTRICT eQuat, GLOBAL const mixed4* RESTRICT eAngmom,
                          GLOBAL const int* RESTRICT eType, GLOBAL const mm_ulong* RESTRICT eId,
                          GLOBAL const int* RESTRICT eSource, GLOBAL const int* RESTRICT eCode,
                          GLOBAL const int4* RESTRICT eCoord, GLOBAL mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel,
                          GLOBAL mixed4* RESTRICT quat, GLOBAL mixed4* RESTRICT angmom, GLOBAL int* RESTRICT type,
                          GLOBAL mm_ulong* RESTRICT id, GLOBAL int* RESTRICT haloSource, GLOBAL int* RESTRICT haloCode,
                          GLOBAL mixed4* RESTRICT refPos) {
  for (int t = GLOBAL_ID; t < numEntries; t += GLOBAL_SIZE) {
    const int e = order[t];
    const int4 c = eCoord[e];
    mixed4 r = ePos[e];
    r.w = (mixed) gridCellIndex(c.x, c.y, c.z, dims);
    pos[t] = r;
    refPos[t] = r;
    mixed4 v = eVel[e];
    v.w = 0;  // its distance from where the cells are built (Leapfrog.cc)
    vel[t] = v;
    quat[t] = eQuat[e];
    angmom[t] = eAngmom[e];
    type[t] = eType[e];
    id[t] = eId[e];
    const int source = eSource[e];
    haloSource[t] = source >= 0 ? slotOf[source] : source;
    haloCode[t] = eCode[e];
  }
}

/// Between rebuilds: every image slot takes its source's position (plus the shift, as writeFaceImages
/// formed it) and rotation matrix.
KERNEL void refreshImages(int numSlots, GLOBAL const int* RESTRICT haloSource, GLOBAL const int* RESTRICT haloCode,
                          mixed4 box, GLOBAL mixed4* RESTRICT pos, GLOBAL real* RESTRICT rotations) {
  for (int t = GLOBAL_ID; t < numSlots; t += GLOBAL_SIZE) {
    const int source = haloSource[t];
    if (source < 0) continue;
    const mixed4 shift = imageShift(haloCode[t], box) - imageShift(haloCode[source], box);
    const mixed4 r = pos[source];
    mixed4 p = pos[t];
    p.x = r.x + shift.x;
    p.y = r.y + shift.y;
    p.z = r.z + shift.z;
    pos[t] = p;
#if !ORIENTATION_FREE
    for (int k = 0; k < 9; k++) rotations[9 * t + k] = rotations[9 * source + k];
#endif
  }
}
