// Atom reordering along a space-filling curve (common-compute platforms), in the common kernel dialect:
// every atom gets the Hilbert key of its grid cell (cells of about two atoms; GRID_BITS bits per axis), the
// atoms are counted per key, scattered and ordered by System index inside each key (the same order on every
// run), and gathered into the new slots. In a periodic box positions are wrapped into it on the way, their
// image counts (cellOffset) kept so that the unwrapped positions can be given back.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1 GRID_BITS=4

/// Spreads the low 10 bits of x three apart.
DEVICE unsigned int spreadBits(unsigned int x) {
  x &= 0x3ffu;
  x = (x | (x << 16)) & 0x030000ffu;
  x = (x | (x << 8)) & 0x0300f00fu;
  x = (x | (x << 4)) & 0x030c30c3u;
  x = (x | (x << 2)) & 0x09249249u;
  return x;
}

/// Position along a Hilbert curve through the 2^GRID_BITS cells per axis: consecutive keys are neighbouring
/// cells, so that runs of atoms (the nonbonded blocks of 32) stay compact. The axes are brought into the
/// curve's "transposed" form (each bit level rotated and reflected by the levels above it, then Gray-coded),
/// whose bits interleaved from the top level down are the key.
DEVICE unsigned int hilbertKey(unsigned int x, unsigned int y, unsigned int z) {
  unsigned int v[3] = {x, y, z};
  for (unsigned int q = 1u << (GRID_BITS - 1); q > 1; q >>= 1) {
    const unsigned int low = q - 1;
    for (int i = 0; i < 3; i++) {
      if (v[i] & q) {
        v[0] ^= low;
      } else {
        const unsigned int t = (v[0] ^ v[i]) & low;
        v[0] ^= t;
        v[i] ^= t;
      }
    }
  }
  v[1] ^= v[0];
  v[2] ^= v[1];
  unsigned int t = 0;
  for (unsigned int q = 1u << (GRID_BITS - 1); q > 1; q >>= 1)
    if (v[2] & q) t ^= q - 1;
  return (spreadBits(v[0] ^ t) << 2) | (spreadBits(v[1] ^ t) << 1) | spreadBits(v[2] ^ t);
}

DEVICE int gridCell(mixed x, mixed origin, mixed invCell) {
  const mixed u = (x - origin) * invCell;
  const int last = (1 << GRID_BITS) - 1;
  if (!(u >= 0)) return 0;
  if (!(u < (mixed) last)) return last;
  return (int) u;
}

/// key[slot] = Hilbert key of the cell of the atom's position wrapped into the box; counts[key] += 1
/// (counts zeroed before).
KERNEL void computeReorderKeys(int numAtoms, GLOBAL const mixed4* RESTRICT posq, mixed4 box, mixed4 invBox, mixed4 origin, mixed4 invCell, GLOBAL int* RESTRICT key,
                               GLOBAL int* counts) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 p = posq[s];
#if PERIODIC
    p.x -= floor(p.x * invBox.x) * box.x;
    p.y -= floor(p.y * invBox.y) * box.y;
    p.z -= floor(p.z * invBox.z) * box.z;
#endif
    const unsigned int k = hilbertKey((unsigned int) gridCell(p.x, origin.x, invCell.x),
                                      (unsigned int) gridCell(p.y, origin.y, invCell.y),
                                      (unsigned int) gridCell(p.z, origin.z, invCell.z));
    key[s] = (int) k;
    ATOMIC_ADD(&counts[k], 1);
  }
}

/// order[start[key] + k] = slot, k in the order the atomics give (fill zeroed before).
KERNEL void scatterReorder(int numAtoms, GLOBAL const int* RESTRICT key, GLOBAL const int* RESTRICT start,
                           GLOBAL int* fill, GLOBAL int* RESTRICT order) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const int k = key[s];
    order[start[k] + ATOMIC_ADD(&fill[k], 1)] = s;
  }
}

/// Orders the slots of every key by System index (insertion sort, one thread per key).
KERNEL void sortReorderBuckets(int numKeys, GLOBAL const int* RESTRICT start, GLOBAL int* RESTRICT order,
                               GLOBAL const int* RESTRICT atomIndex) {
  for (int k = GLOBAL_ID; k < numKeys; k += GLOBAL_SIZE) {
    const int first = start[k], end = start[k + 1];
    for (int i = first + 1; i < end; i++) {
      const int s = order[i];
      const int a = atomIndex[s];
      int j = i - 1;
      while (j >= first && atomIndex[order[j]] > a) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = s;
    }
  }
}

/// Slot t of the new order takes slot order[t] of the old one; slotOfAtom is updated. In a periodic box the
/// atom is shifted by the image of its molecule's anchor atom (its old position, so every atom of a molecule
/// gets the same shift).
KERNEL void gatherReorder(int numAtoms, GLOBAL const int* RESTRICT order, GLOBAL const int* RESTRICT anchor,
                          GLOBAL const int* RESTRICT oldSlotOfAtom, mixed4 box, mixed4 invBox,
                          GLOBAL const mixed4* RESTRICT oldPosq, GLOBAL const mixed4* RESTRICT oldVelm,
                          GLOBAL const int4* RESTRICT oldOffset, GLOBAL const int* RESTRICT oldIndex,
                          GLOBAL mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm, GLOBAL int4* RESTRICT cellOffset,
                          GLOBAL int* RESTRICT atomIndex, GLOBAL int* RESTRICT slotOfAtom) {
  for (int t = GLOBAL_ID; t < numAtoms; t += GLOBAL_SIZE) {
    const int s = order[t];
    const int a = oldIndex[s];
    mixed4 p = oldPosq[s];
    int4 o = oldOffset[s];
#if PERIODIC
    const mixed4 pa = oldPosq[oldSlotOfAtom[anchor[a]]];
    const int ix = (int) floor(pa.x * invBox.x), iy = (int) floor(pa.y * invBox.y), iz = (int) floor(pa.z * invBox.z);
    p.x -= ix * box.x;
    p.y -= iy * box.y;
    p.z -= iz * box.z;
    o.x += ix;
    o.y += iy;
    o.z += iz;
#endif
    posq[t] = p;
    velm[t] = oldVelm[s];
    cellOffset[t] = o;
    atomIndex[t] = a;
    slotOfAtom[a] = t;
  }
}
