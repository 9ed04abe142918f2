// Virtual sites of the common-compute platforms in the common kernel dialect. A site is a massless atom
// placed from other atoms (its parents; a parent may be a site of an earlier level, as each launch covers the
// rows first .. end - 1 of one level): info = (site, kind, first parent, parent count) with the parents'
// System indices in parents[first ..] and their weights (origin, x, y) in weights[first ..]; kind 0 is a
// weighted average of the parents (two- and three-particle averages), kind 1 an out-of-plane site (params: w12,
// w13, wCross), kind 2 a site at local coordinates params.xyz in the frame of its parents; params.w is the sum of
// the origin weights. computeVirtualSites places the sites;
// distributeVirtualSiteForces hands each site's force to its parents (the chain rule of its position) and
// clears it.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

DEVICE mixed3 siteCross(mixed3 a, mixed3 b) {
  return make_mixed3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
DEVICE mixed siteDot(mixed3 a, mixed3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/// The weighted sums of the parents' positions relative to the first parent (`which`: 0 origin, 1 x, 2 y).
DEVICE mixed3 weightedParents(int4 info, int which, GLOBAL const int* RESTRICT parents,
                              GLOBAL const mixed4* RESTRICT weights, GLOBAL const int* RESTRICT slotOfAtom,
                              GLOBAL const mixed4* RESTRICT posq) {
  const mixed4 base = posq[slotOfAtom[parents[info.z]]];
  mixed3 sum = make_mixed3(0, 0, 0);
  for (int k = info.z; k < info.z + info.w; k++) {
    const mixed4 p = posq[slotOfAtom[parents[k]]];
    const mixed4 w4 = weights[k];
    const mixed w = which == 0 ? w4.x : which == 1 ? w4.y : w4.z;
    sum.x += w * (p.x - base.x); sum.y += w * (p.y - base.y); sum.z += w * (p.z - base.z);
  }
  return sum;
}

/// 1 / |v|, or 0 for a zero vector (an axis of zero length stays zero, as in OpenMM).
DEVICE mixed siteInverseLength(mixed3 v) {
  const mixed length = sqrt(siteDot(v, v));
  return length > 0 ? 1 / length : 0;
}

/// The frame of a local-coordinates site: unit vectors ex, ey, ez (zero where their axis is) and the inverse
/// lengths of a (x sum) and c = a x b (zero for a zero vector).
DEVICE void localFrame(mixed3 a, mixed3 b, mixed3* ex, mixed3* ey, mixed3* ez, mixed* aInverse, mixed* cInverse) {
  const mixed3 c = siteCross(a, b);
  *aInverse = siteInverseLength(a);
  *cInverse = siteInverseLength(c);
  *ex = make_mixed3(a.x * *aInverse, a.y * *aInverse, a.z * *aInverse);
  *ez = make_mixed3(c.x * *cInverse, c.y * *cInverse, c.z * *cInverse);
  *ey = siteCross(*ez, *ex);
}

KERNEL void computeVirtualSites(int first, int end, GLOBAL const int4* RESTRICT info,
                                GLOBAL const mixed4* RESTRICT params, GLOBAL const int* RESTRICT parents,
                                GLOBAL const mixed4* RESTRICT weights, GLOBAL const int* RESTRICT slotOfAtom,
                                GLOBAL mixed4* RESTRICT posq) {
  for (int i = first + GLOBAL_ID; i < end; i += GLOBAL_SIZE) {
    const int4 site = info[i];
    const mixed4 base = posq[slotOfAtom[parents[site.z]]];
    mixed3 r;
    if (site.y == 1) {
      const mixed4 p2 = posq[slotOfAtom[parents[site.z + 1]]], p3 = posq[slotOfAtom[parents[site.z + 2]]];
      const mixed3 v12 = make_mixed3(p2.x - base.x, p2.y - base.y, p2.z - base.z);
      const mixed3 v13 = make_mixed3(p3.x - base.x, p3.y - base.y, p3.z - base.z);
      const mixed3 c = siteCross(v12, v13);
      const mixed4 w = params[i];
      r = make_mixed3(v12.x * w.x + v13.x * w.y + c.x * w.z, v12.y * w.x + v13.y * w.y + c.y * w.z,
                      v12.z * w.x + v13.z * w.y + c.z * w.z);
    } else {
      r = weightedParents(site, 0, parents, weights, slotOfAtom, posq);
      if (site.y == 2) {
        mixed3 ex, ey, ez;
        mixed aInverse, cInverse;
        localFrame(weightedParents(site, 1, parents, weights, slotOfAtom, posq),
                   weightedParents(site, 2, parents, weights, slotOfAtom, posq), &ex, &ey, &ez, &aInverse, &cInverse);
        const mixed4 l = params[i];
        r.x += ex.x * l.x + ey.x * l.y + ez.x * l.z;
        r.y += ex.y * l.x + ey.y * l.y + ez.y * l.z;
        r.z += ex.z * l.x + ey.z * l.y + ez.z * l.z;
      }
    }
    // r is relative to the first parent; params.w is the sum of the origin weights (1 for out-of-plane sites).
    const mixed scale = params[i].w;
    const int slot = slotOfAtom[site.x];
    mixed4 p = posq[slot];
    p.x = base.x * scale + r.x; p.y = base.y * scale + r.y; p.z = base.z * scale + r.z;
    posq[slot] = p;
  }
}

KERNEL void distributeVirtualSiteForces(int first, int end, GLOBAL const int4* RESTRICT info,
                                        GLOBAL const mixed4* RESTRICT params, GLOBAL const int* RESTRICT parents,
                                        GLOBAL const mixed4* RESTRICT weights, GLOBAL const int* RESTRICT slotOfAtom,
                                        GLOBAL const mixed4* RESTRICT posq, GLOBAL mm_long* RESTRICT force) {
  for (int i = first + GLOBAL_ID; i < end; i += GLOBAL_SIZE) {
    const int4 site = info[i];
    const int slot = slotOfAtom[site.x];
    const mixed4 f4 = fixedForce(force, slot);
    const mixed3 f = make_mixed3(f4.x, f4.y, f4.z);
    force[slot] = 0;
    force[slot + PADDED_ATOMS] = 0;
    force[slot + 2 * PADDED_ATOMS] = 0;
    if (site.y == 1) {
      const int s1 = slotOfAtom[parents[site.z]], s2 = slotOfAtom[parents[site.z + 1]];
      const int s3 = slotOfAtom[parents[site.z + 2]];
      const mixed4 p1 = posq[s1], p2 = posq[s2], p3 = posq[s3];
      const mixed3 v12 = make_mixed3(p2.x - p1.x, p2.y - p1.y, p2.z - p1.z);
      const mixed3 v13 = make_mixed3(p3.x - p1.x, p3.y - p1.y, p3.z - p1.z);
      const mixed4 w = params[i];
      // (v12 x v13) . f changes with v12 as v13 x f and with v13 as f x v12.
      const mixed3 a = siteCross(v13, f), b = siteCross(f, v12);
      const mixed3 f2 = make_mixed3(f.x * w.x + a.x * w.z, f.y * w.x + a.y * w.z, f.z * w.x + a.z * w.z);
      const mixed3 f3 = make_mixed3(f.x * w.y + b.x * w.z, f.y * w.y + b.y * w.z, f.z * w.y + b.z * w.z);
      addForce(force, s1, f.x - f2.x - f3.x, f.y - f2.y - f3.y, f.z - f2.z - f3.z);
      addForce(force, s2, f2.x, f2.y, f2.z);
      addForce(force, s3, f3.x, f3.y, f3.z);
      continue;
    }
    mixed3 forceA = make_mixed3(0, 0, 0), forceB = make_mixed3(0, 0, 0);
    if (site.y == 2) {
      // f . dr = f . d(origin) + da . (ga + b x gc) + db . (gc x a), ga and gc the parts of
      // gx = lx f + ly (f x ez) and gz = lz f + ly (ex x f) normal to ex and ez, over |a| and |c| (a zero axis drops
      // its terms, as on the host).
      const mixed3 a = weightedParents(site, 1, parents, weights, slotOfAtom, posq);
      const mixed3 b = weightedParents(site, 2, parents, weights, slotOfAtom, posq);
      mixed3 ex, ey, ez;
      mixed aInverse, cInverse;
      localFrame(a, b, &ex, &ey, &ez, &aInverse, &cInverse);
      const mixed4 l = params[i];
      const mixed3 fz = siteCross(f, ez), xf = siteCross(ex, f);
      const mixed3 gx = make_mixed3(f.x * l.x + fz.x * l.y, f.y * l.x + fz.y * l.y, f.z * l.x + fz.z * l.y);
      const mixed3 gz = make_mixed3(f.x * l.z + xf.x * l.y, f.y * l.z + xf.y * l.y, f.z * l.z + xf.z * l.y);
      const mixed gxx = siteDot(gx, ex), gzz = siteDot(gz, ez);
      const mixed3 ga = make_mixed3((gx.x - ex.x * gxx) * aInverse, (gx.y - ex.y * gxx) * aInverse,
                                    (gx.z - ex.z * gxx) * aInverse);
      const mixed3 gc = make_mixed3((gz.x - ez.x * gzz) * cInverse, (gz.y - ez.y * gzz) * cInverse,
                                    (gz.z - ez.z * gzz) * cInverse);
      const mixed3 bgc = siteCross(b, gc);
      forceA = make_mixed3(ga.x + bgc.x, ga.y + bgc.y, ga.z + bgc.z);
      forceB = siteCross(gc, a);
    }
    for (int k = site.z; k < site.z + site.w; k++) {
      const mixed4 w = weights[k];
      addForce(force, slotOfAtom[parents[k]], f.x * w.x + forceA.x * w.y + forceB.x * w.z,
               f.y * w.x + forceA.y * w.y + forceB.y * w.z, f.z * w.x + forceA.z * w.y + forceB.z * w.z);
    }
  }
}
