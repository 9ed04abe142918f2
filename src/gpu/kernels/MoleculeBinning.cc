// The observing plugins' sums where the molecules live (MoleculeBinning): ls1's per-molecule virial from the
// device's cells (every partner within the cutoff through the shared molecule-pair code, plus the planar
// correction's slab terms), then per owned molecule its bin, slots and fields (io/kernels/MoleculeSums.cc, as
// the host computes them) added to exact sums;
// MaxWriter's extremes, folded by each block into its own; RegionSampling's VDF counts; the RDF's pair counts
// from the same cells; and CavityWriter's neighbour counts of its grid points.
// mardyn-kernel: requires gpu/kernels/PotForce.cc gpu/kernels/MoleculePairHandler.cc io/kernels/MoleculeSums.cc gpu/kernels/PlanarSlab.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=0 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0 SUPPORTS_DOUBLE_PRECISION EXTREMES_BLOCK=128

/// ls1's virial (x, y, z) of owned molecule k (slot ownedSlots[k]): half the sum over its partners within the
/// cutoff of dcom_d F_d, plus `share` (the homogeneous correction's) per direction. dims: cells per axis and the
/// halo layers (the neighbourhood), positions' w: the slot's cell.
KERNEL void moleculeVirials(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT cellStart,
                            GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                            GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                            GLOBAL const int4* RESTRICT componentCounts, GLOBAL const real4* RESTRICT ljParams,
                            int4 dims, double share, GLOBAL double* RESTRICT virials) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    mixed4 pa;
    int ta;
    real4 sa[SITES_PER_MOLECULE];
    loadMolecule(i, positions, rotations, componentTypes, componentSites, &pa, &ta, sa);
    const int cell = (int) pa.w;
    const int cx = cell % dims.x, cy = (cell / dims.x) % dims.y, cz = cell / (dims.x * dims.y);
    double vx = 0, vy = 0, vz = 0;
    for (int z = max(0, cz - dims.w); z <= min(dims.z - 1, cz + dims.w); z++)
      for (int y = max(0, cy - dims.w); y <= min(dims.y - 1, cy + dims.w); y++)
        for (int x = max(0, cx - dims.w); x <= min(dims.x - 1, cx + dims.w); x++) {
          const int c = x + dims.x * (y + dims.y * z);
          for (int j = cellStart[c]; j < cellStart[c + 1]; j++) {
            if (j == i) continue;
            mixed4 pb;
            int tb;
            real4 sb[SITES_PER_MOLECULE];
            loadMolecule(j, positions, rotations, componentTypes, componentSites, &pb, &tb, sb);
            const preal dx = (preal) (pa.x - pb.x), dy = (preal) (pa.y - pb.y), dz = (preal) (pa.z - pb.z);
            MoleculePairResult r;
            if (!interactMolecules(dx, dy, dz, ta, sa, tb, sb, componentCounts, ljParams, &r)) continue;
            vx += 0.5 * MARDYN_MUL((double) dx, (double) r.fx);
            vy += 0.5 * MARDYN_MUL((double) dy, (double) r.fy);
            vz += 0.5 * MARDYN_MUL((double) dz, (double) r.fz);
          }
        }
    virials[3 * k] = vx + share;
    virials[3 * k + 1] = vy + share;
    virials[3 * k + 2] = vz + share;
  }
}

/// ls1's planar long-range correction's share of each owned molecule's virial (PlanarLongRange::moleculeVirial),
/// added to the pair pass's: per LJ centre the (vT, vN, vT) of its type's entry at the centre's slab, and those of
/// the molecule's dipole type at the slab of its centre. typeOf: per component its first LJ type and its dipole
/// type (or -1); terms: (vN, vT) per entry (the LJ types' slabs, then the dipole types' from ljEntries).
KERNEL void planarMoleculeVirials(int numOwned, GLOBAL const int* RESTRICT ownedSlots,
                                  GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                                  GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                                  GLOBAL const int4* RESTRICT componentCounts, GLOBAL const int* RESTRICT typeOf,
                                  GLOBAL const double* RESTRICT terms, int slabs, double delta, int ljEntries,
                                  GLOBAL double* RESTRICT virials) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    mixed4 p;
    int t;
    real4 sites[SITES_PER_MOLECULE];
    loadMolecule(i, positions, rotations, componentTypes, componentSites, &p, &t, sites);
    const int firstLJ = typeOf[2 * t], dipole = typeOf[2 * t + 1];
    double vx = 0, vy = 0, vz = 0;
    for (int s = 0; s < componentCounts[t].x; s++) {
      const int e = (firstLJ + s) * slabs + planarSlab(p.y + (mixed) sites[SLOT_LJ + s].y, delta, slabs);
      vx += terms[2 * e + 1];
      vy += terms[2 * e];
      vz += terms[2 * e + 1];
    }
    if (dipole >= 0) {
      const int e = ljEntries + dipole * slabs + planarSlab(p.y, delta, slabs);
      vx += terms[2 * e + 1];
      vy += terms[2 * e];
      vz += terms[2 * e + 1];
    }
    virials[3 * k] += vx;
    virials[3 * k + 1] += vy;
    virials[3 * k + 2] += vz;
  }
}

/// Adds every owned molecule to the exact sums of one request (MoleculeBinning's layout, SUMS_LIMBS words per
/// value). Positions wrapped into the box first; geometry and its parameters as binOf; slots 1 or components + 1;
/// inertia: (m, Ixx, Iyy, Izz).
KERNEL void binMolecules(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const mixed4* RESTRICT positions,
                         GLOBAL const mixed4* RESTRICT velocities, GLOBAL const mixed4* RESTRICT quaternions,
                         GLOBAL const mixed4* RESTRICT angularMomenta, GLOBAL const mixed4* RESTRICT forces,
                         GLOBAL const int* RESTRICT componentTypes, GLOBAL const mixed4* RESTRICT inertia,
                         GLOBAL const int* RESTRICT rotDof, GLOBAL const double* RESTRICT virials, int useVirials, double boxX,
                         double boxY, double boxZ, int geometry,
                         double lower, double width, double upper, int bins, double inv0, double inv1, double inv2,
                         int u0, int u1, int u2, double cx, double cz, int slots, int singleComponent,
                         int onlyComponent, int directions, int fieldMask, int numFields, GLOBAL mm_long* RESTRICT sums) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    const int type = componentTypes[i];
    if (onlyComponent >= 0 && type != onlyComponent) continue;
    const mixed4 p = positions[i];
    const double x = wrapInto((double) p.x, boxX), y = wrapInto((double) p.y, boxY), z = wrapInto((double) p.z, boxZ);
    const long bin = binOf(geometry, x, y, z, lower, width, upper, (long) bins, inv0, inv1, inv2, (long) u0, (long) u1,
                           (long) u2, cx, cz);
    if (bin < 0) continue;
    const mixed4 v = velocities[i], f = forces[i], q = quaternions[i], L = angularMomenta[i], in = inertia[type];
    // quaternions are stored (w, x, y, z) in (x, y, z, w)
    const double twiceErot = twiceRotationalEnergy((double) q.x, (double) q.y, (double) q.z, (double) q.w, (double) L.x,
                                                   (double) L.y, (double) L.z, (double) in.y, (double) in.z, (double) in.w);
    const double vix = useVirials ? virials[3 * k] : 0, viy = useVirials ? virials[3 * k + 1] : 0,
                 viz = useVirials ? virials[3 * k + 2] : 0;
    const int slot = slots > 1 ? (singleComponent ? 1 : type + 1) : 0;
    for (int dir = 0; dir < (directions ? 3 : 1); dir++) {
      if ((dir == 1 && v.y < 0) || (dir == 2 && v.y > 0)) continue;
      for (int pass = 0; pass < 2; pass++) {
        const int s = pass == 0 ? 0 : slot;
        if (pass == 1 && slot == 0) break;
        const long base = (((long) dir * slots + s) * bins + bin) * numFields;
        int n = 0;
        for (int field = 0; field < 19; field++) {
          if (!(fieldMask & (1 << field))) continue;
          const double value = fieldValue(field, (double) in.x, (double) rotDof[type], (double) v.x, (double) v.y,
                                          (double) v.z, (double) f.x, (double) f.y, (double) f.z, vix, viy, viz, twiceErot);
          sums_long chunk[SUMS_LIMBS];
          exactChunks(value, chunk);
          for (int l = 0; l < SUMS_LIMBS; l++)
            if (chunk[l] != 0) atomicAddFixedPoint(&sums[(base + n) * SUMS_LIMBS + l], chunk[l]);
          n++;
        }
      }
    }
  }
}

/// MaxWriter's extremes (MoleculeBinning::foldExtremes): the threads of each block fold the owned molecules they
/// stride over, the block folds its threads' extremes into its own, kept between steps in
/// partials[value * NUM_GROUPS + block] (value: MoleculeBinning's index of slot, quantity and extreme), and the host
/// folds the blocks' extremes when it takes them. Slot s > 0 takes component s - 1 only.
KERNEL void foldMoleculeExtremes(int numOwned, GLOBAL const int* RESTRICT ownedSlots,
                                 GLOBAL const mixed4* RESTRICT velocities, GLOBAL const mixed4* RESTRICT angularMomenta,
                                 GLOBAL const mixed4* RESTRICT forces, GLOBAL const mixed4* RESTRICT torques,
                                 GLOBAL const int* RESTRICT componentTypes, int slots,
                                 GLOBAL double* RESTRICT partials) {
  LOCAL double threadExtremes[28 * EXTREMES_BLOCK];  // 4 quantities (v, L, F, M) x 7 extremes, per thread
  for (int s = 0; s < slots; s++) {
    double e[28];
    for (int j = 0; j < 28; j++) e[j] = 0;  // the extremes start from 0: folding them in changes nothing
    for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
      const int i = ownedSlots[k];
      if (s > 0 && componentTypes[i] + 1 != s) continue;
      const mixed4 v = velocities[i], L = angularMomenta[i], f = forces[i], m = torques[i];
      foldExtremes(e, (double) v.x, (double) v.y, (double) v.z);
      foldExtremes(e + 7, (double) L.x, (double) L.y, (double) L.z);
      foldExtremes(e + 14, (double) f.x, (double) f.y, (double) f.z);
      foldExtremes(e + 21, (double) m.x, (double) m.y, (double) m.z);
    }
    for (int j = 0; j < 28; j++) threadExtremes[j * EXTREMES_BLOCK + LOCAL_ID] = e[j];
    SYNC_THREADS;
    if ((int) LOCAL_ID < 28) {  // one thread per extreme
      const int j = LOCAL_ID;
      const bool minimum = j % 7 >= 4;
      const int at = (s * 28 + j) * NUM_GROUPS + GROUP_ID;
      double r = partials[at];
      for (int t = 0; t < EXTREMES_BLOCK; t++) {
        const double x = threadExtremes[j * EXTREMES_BLOCK + t];
        if (minimum ? x < r : r < x) r = x;
      }
      partials[at] = r;
    }
    SYNC_THREADS;
  }
}

/// RegionSampling's VDF (or FDF) counts (MoleculeBinning::accumulateVdf): per owned molecule the counts vdfCounts
/// names, each added by one atomic; y wrapped into the box first. Per slot: classes (0: not sampled), 1 / class
/// width, first value.
KERNEL void vdfMolecules(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const mixed4* RESTRICT positions,
                         GLOBAL const mixed4* RESTRICT sampled, GLOBAL const int* RESTRICT componentTypes, double boxY,
                         double lowerY, double invBinWidth, int bins, int singleComponent, int slots,
                         GLOBAL const int* RESTRICT slotClasses, GLOBAL const double* RESTRICT slotInvWidths,
                         GLOBAL const int* RESTRICT slotOffsets, int sumSlot, int numValues,
                         GLOBAL mm_long* RESTRICT counts) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    const int slot = singleComponent ? 1 : componentTypes[i] + 1;
    if (slot >= slots || slotClasses[slot] == 0) continue;
    const mixed4 v = sampled[i];
    long at[8];
    const int n = vdfCounts(wrapInto((double) positions[i].y, boxY), (double) v.x, (double) v.y, (double) v.z, lowerY,
                            invBinWidth, (long) bins, (long) slotClasses[slot], slotInvWidths[slot],
                            (long) slotOffsets[slot], sumSlot, (long) numValues, at);
    for (int j = 0; j < n; j++) atomicAddFixedPoint(&counts[at[j]], 1);
  }
}

/// Slot (MoleculePairHandler's layout) of site k in ls1's order (LJ centres, charges, dipoles, quadrupoles) of a
/// component with n = (LJ centres, charges, dipoles, quadrupoles).
DEVICE int rdfSiteSlot(int4 n, int k) {
  if (k < n.x) return SLOT_LJ + k;
  k -= n.x;
  if (k < n.y) return SLOT_CHARGE + k;
  k -= n.y;
  if (k < n.z) return SLOT_DIPOLE + k;
  return SLOT_QUADRUPOLE + (k - n.z);
}

/// RDF's counts (MoleculeBinning::accumulateRdf): per owned molecule A, every molecule B of its neighbourhood (the
/// cells within dims.w layers, the halo included) with a larger id whose centre lies closer than sqrt(cutoff2),
/// so each pair once; the pair in its molecule histogram (rdfBin of the centres' distance) and, where the component
/// pair has site histograms, every pair of their sites; A in its component's count (counts[numValues + type]).
/// pairBase, siteBase: RdfLayout's per component pair (i * NUM_COMPONENTS + j); allCounts: `copies` copies, `stride`
/// apart, of the numValues + NUM_COMPONENTS counts, which the host adds.
KERNEL void rdfMolecules(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT cellStart,
                         GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                         GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                         GLOBAL const int4* RESTRICT componentCounts, GLOBAL const mm_ulong* RESTRICT ids, int4 dims,
                         double cutoff2, double maxDist2, double interval, int bins,
                         GLOBAL const mm_long* RESTRICT pairBase, GLOBAL const mm_long* RESTRICT siteBase,
                         mm_long numValues, mm_long stride, int copies, GLOBAL mm_long* RESTRICT allCounts) {
  // Neighbouring threads count into different copies: a few hot bins (and the component counts) would otherwise
  // take every thread's atomics one after another.
  GLOBAL mm_long* counts = allCounts + (mm_long) (GLOBAL_ID % copies) * stride;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    const mixed4 pa = positions[i];
    const int ta = componentTypes[i];
    const mm_ulong idA = ids[i];
    atomicAddFixedPoint(&counts[numValues + ta], 1);
    const int cell = (int) pa.w;
    const int cx = cell % dims.x, cy = (cell / dims.x) % dims.y, cz = cell / (dims.x * dims.y);
    for (int z = max(0, cz - dims.w); z <= min(dims.z - 1, cz + dims.w); z++)
      for (int y = max(0, cy - dims.w); y <= min(dims.y - 1, cy + dims.w); y++)
        for (int x = max(0, cx - dims.w); x <= min(dims.x - 1, cx + dims.w); x++) {
          const int c = x + dims.x * (y + dims.y * z);
          for (int j = cellStart[c]; j < cellStart[c + 1]; j++) {
            if (ids[j] <= idA) continue;
            const mixed4 pb = positions[j];
            const double dd = squaredNorm((double) pa.x - (double) pb.x, (double) pa.y - (double) pb.y,
                                          (double) pa.z - (double) pb.z);
            if (!(dd < cutoff2)) continue;
            const long bin = rdfBin(dd, maxDist2, interval, (long) bins);
            if (bin < 0) continue;
            const int tb = componentTypes[j];
            // the histograms' component i <= j: the first molecule of the pair is the one of the smaller component
            const int first = ta <= tb ? i : j, second = ta <= tb ? j : i;
            const int ti = min(ta, tb), tj = max(ta, tb);
            const int pair = ti * NUM_COMPONENTS + tj;
            atomicAddFixedPoint(&counts[pairBase[pair] + bin], 1);
            const mm_long base = siteBase[pair];
            if (base < 0) continue;
            mixed4 p1, p2;
            int t1, t2;
            real4 s1[SITES_PER_MOLECULE], s2[SITES_PER_MOLECULE];
            loadMolecule(first, positions, rotations, componentTypes, componentSites, &p1, &t1, s1);
            loadMolecule(second, positions, rotations, componentTypes, componentSites, &p2, &t2, s2);
            const int4 n1 = componentCounts[ti], n2 = componentCounts[tj];
            const int ni = n1.x + n1.y + n1.z + n1.w, nj = n2.x + n2.y + n2.z + n2.w;
            for (int m = 0; m < ni; m++) {
              const real4 a = s1[rdfSiteSlot(n1, m)];
              const double ax = (double) p1.x + (double) a.x, ay = (double) p1.y + (double) a.y,
                           az = (double) p1.z + (double) a.z;
              for (int n = 0; n < nj; n++) {
                const real4 b = s2[rdfSiteSlot(n2, n)];
                const double bx = (double) p2.x + (double) b.x, by = (double) p2.y + (double) b.y,
                             bz = (double) p2.z + (double) b.z;
                const long b2 = rdfBin(squaredNorm(ax - bx, ay - by, az - bz), maxDist2, interval, (long) bins);
                if (b2 < 0) continue;
                atomicAddFixedPoint(&counts[base + (long) (m * nj + n) * bins + b2], 1);
                if (ti == tj && m != n) atomicAddFixedPoint(&counts[base + (long) (n * nj + m) * bins + b2], 1);
              }
            }
          }
        }
  }
}

/// CavityWriter's neighbour counts (MoleculeBinning::accumulateCavity): per owned molecule (wrapped into the box)
/// one count at every grid point within sqrt(r2) of it but that of its id (cavityHit), points k from first to last
/// per axis, x outermost.
KERNEL void cavityMolecules(int numOwned, GLOBAL const int* RESTRICT ownedSlots,
                            GLOBAL const mixed4* RESTRICT positions, GLOBAL const mm_ulong* RESTRICT ids, double boxX, double boxY, double boxZ, double lx,
                            double ly, double lz, double sx, double sy, double sz, long fx, long fy, long fz, long tx,
                            long ty, long tz, long n1, long n2, double radius, GLOBAL mm_long* RESTRICT counts) {
  const double r2 = radius * radius;
  const long ny = ty - fy + 1, nz = tz - fz + 1;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int i = ownedSlots[k];
    const mixed4 p = positions[i];
    const double x = wrapInto((double) p.x, boxX), y = wrapInto((double) p.y, boxY), z = wrapInto((double) p.z, boxZ);
    const long id = (long) ids[i];
    long ax, bx, ay, by, az, bz;
    cavityRange(x, lx, sx, radius, fx, tx, &ax, &bx);
    cavityRange(y, ly, sy, radius, fy, ty, &ay, &by);
    cavityRange(z, lz, sz, radius, fz, tz, &az, &bz);
    for (long kx = ax; kx <= bx; kx++)
      for (long ky = ay; ky <= by; ky++)
        for (long kz = az; kz <= bz; kz++)
          if (cavityHit(x, y, z, id, lx, ly, lz, sx, sy, sz, n1, n2, kx, ky, kz, r2))
            atomicAddFixedPoint(&counts[((kx - fx) * ny + ky - fy) * nz + kz - fz], 1);
  }
}
