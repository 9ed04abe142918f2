// Distance constraints of the common-compute platforms in the common kernel dialect. Rigid three-atom
// clusters (water: a centre bonded to two atoms of equal mass at equal distances, and the two constrained
// to each other) are solved analytically by SETTLE, one work item per cluster; every other cluster of
// coupled constraints is iterated by SHAKE (positions) and its velocity analogue, one work item per
// cluster, constraint after constraint, until each holds to the tolerance (the Reference platform's
// criteria). Atoms are given by their System index and found through slotOfAtom, so that the tables
// survive reordering. Position corrections are displacements d: posq += d, and velm += d invDt (invDt = 0
// when only positions are constrained). A cluster that cannot be solved sets failed[0]: 1 SHAKE, 2 SETTLE,
// 3 the velocities. Where every cluster is a triangle or a star, the Langevin-middle step's kick and drift run
// in the constraint launches too (each work-group moves its atoms, one to a work-item, then constrains their
// clusters), so that the step takes two launches.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc openmm/common/kernels/AtomSteps.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

#if defined(MM_SINGLE_PRECISION)
/// Float positions hold a distance to a few parts in 10^6: tighter tolerances are met at this level.
#define CONSTRAINT_TOLERANCE_FLOOR 1e-5
#define VELOCITY_ROUNDOFF 2e-7
#else
#define CONSTRAINT_TOLERANCE_FLOOR 0
#define VELOCITY_ROUNDOFF 1e-12
#endif

DEVICE mixed3 diff3(mixed4 a, mixed4 b) { return make_mixed3(a.x - b.x, a.y - b.y, a.z - b.z); }
DEVICE mixed dot3(mixed3 a, mixed3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
DEVICE mixed3 cross3(mixed3 a, mixed3 b) {
  return make_mixed3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
DEVICE mixed3 scale3(mixed3 a, mixed s) { return make_mixed3(a.x * s, a.y * s, a.z * s); }
DEVICE mixed3 normalized3(mixed3 a) { return scale3(a, (mixed) 1 / sqrt(dot3(a, a))); }

/// Moves the atom in `slot` by d and adds d invDt to its velocity.
DEVICE void displaceAtom(GLOBAL mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm, int slot, mixed3 d, mixed invDt) {
  mixed4 p = posq[slot];
  p.x += d.x; p.y += d.y; p.z += d.z;
  posq[slot] = p;
  mixed4 v = velm[slot];
  v.x += d.x * invDt; v.y += d.y * invDt; v.z += d.z * invDt;
  velm[slot] = v;
}

/// SETTLE on cluster c: atoms (centre, a, b), params (centre-atom distance, a-b distance). The
/// unconstrained positions posq are moved to the rigid triangle whose displacements lie along the
/// reference (pre-step) bonds: in a frame whose z axis is normal to the reference plane the z coordinates
/// are kept, two angles (phi, psi) follow from them and a rotation theta about z from the torque balance.
DEVICE void settleCluster(int c, GLOBAL const int4* RESTRICT atoms, GLOBAL const mixed2* RESTRICT params, mixed invDt,
                          GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT reference,
                          GLOBAL mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  const int4 atom = atoms[c];
  const int s0 = slotOfAtom[atom.x], s1 = slotOfAtom[atom.y], s2 = slotOfAtom[atom.z];
  const mixed dCenter = params[c].x, dOuter = params[c].y;
  const mixed mCenter = (mixed) 1 / velm[s0].w, mOuter = (mixed) 1 / velm[s1].w;
  const mixed totalMass = mCenter + 2 * mOuter;
  const mixed rc = (mixed) 0.5 * dOuter;
  const mixed height = sqrt(dCenter * dCenter - rc * rc);
  const mixed ra = 2 * mOuter * height / totalMass;  // centre of mass to the centre atom
  const mixed rb = height - ra;                       // centre of mass to the line of the outer atoms
  // Reference bonds and unconstrained positions, relative to the centre atom's (precision near the box edge).
  const mixed4 p0 = posq[s0];
  const mixed3 old1 = diff3(reference[s1], reference[s0]), old2 = diff3(reference[s2], reference[s0]);
  const mixed3 new1 = diff3(posq[s1], p0), new2 = diff3(posq[s2], p0);
  const mixed3 com = scale3(make_mixed3(new1.x + new2.x, new1.y + new2.y, new1.z + new2.z), mOuter / totalMass);
  const mixed3 a1 = scale3(com, (mixed) -1);
  const mixed3 b1 = make_mixed3(new1.x - com.x, new1.y - com.y, new1.z - com.z);
  const mixed3 c1 = make_mixed3(new2.x - com.x, new2.y - com.y, new2.z - com.z);
  const mixed3 zAxis = normalized3(cross3(old1, old2));
  const mixed3 xAxis = normalized3(cross3(a1, zAxis));
  const mixed3 yAxis = cross3(zAxis, xAxis);
  const mixed xb0 = dot3(old1, xAxis), yb0 = dot3(old1, yAxis);
  const mixed xc0 = dot3(old2, xAxis), yc0 = dot3(old2, yAxis);
  const mixed za1 = dot3(a1, zAxis);
  const mixed xb1 = dot3(b1, xAxis), yb1 = dot3(b1, yAxis), zb1 = dot3(b1, zAxis);
  const mixed xc1 = dot3(c1, xAxis), yc1 = dot3(c1, yAxis), zc1 = dot3(c1, zAxis);
  const mixed sinPhi = za1 / ra;
  const mixed cosPhi2 = 1 - sinPhi * sinPhi;
  const mixed cosPhi = sqrt(cosPhi2 > 0 ? cosPhi2 : (mixed) 0);
  const mixed sinPsi = (zb1 - zc1) / (2 * rc * cosPhi);
  const mixed cosPsi2 = 1 - sinPsi * sinPsi;
  const mixed cosPsi = sqrt(cosPsi2 > 0 ? cosPsi2 : (mixed) 0);
  // The canonical triangle turned by phi and psi, in the plane z = const of each atom.
  const mixed ya2 = ra * cosPhi;
  const mixed xb2 = -rc * cosPsi;
  const mixed yb2 = -rb * cosPhi - rc * sinPsi * sinPhi;
  const mixed yc2 = -rb * cosPhi + rc * sinPsi * sinPhi;
  // Rotation theta about z: alpha sin + beta cos = gamma (no torque of the constraint forces).
  const mixed alpha = xb2 * (xb0 - xc0) + yb0 * yb2 + yc0 * yc2;
  const mixed beta = xb2 * (yc0 - yb0) + xb0 * yb2 + xc0 * yc2;
  const mixed gamma = xb0 * yb1 - xb1 * yb0 + xc0 * yc1 - xc1 * yc0;
  const mixed ab2 = alpha * alpha + beta * beta;
  const mixed root2 = ab2 - gamma * gamma;
  // Beyond rounding: the step moved the atoms too far for the triangle to be reached.
  if (!(cosPhi2 > (mixed) -1e-4) || !(cosPsi2 > (mixed) -1e-4) || !(root2 > (mixed) -1e-4 * ab2)) failed[0] = 2;
  const mixed sinTheta = (alpha * gamma - beta * sqrt(root2 > 0 ? root2 : (mixed) 0)) / ab2;
  const mixed cosTheta = sqrt(1 - sinTheta * sinTheta);
  const mixed xa3 = -ya2 * sinTheta, ya3 = ya2 * cosTheta;
  const mixed xb3 = xb2 * cosTheta - yb2 * sinTheta, yb3 = xb2 * sinTheta + yb2 * cosTheta;
  const mixed xc3 = -xb2 * cosTheta - yc2 * sinTheta, yc3 = -xb2 * sinTheta + yc2 * cosTheta;
  // Displacements (in-plane only: z is kept) back in the lab frame.
  const mixed3 da = make_mixed3(xa3 * xAxis.x + (ya3 - dot3(a1, yAxis)) * yAxis.x,
                                xa3 * xAxis.y + (ya3 - dot3(a1, yAxis)) * yAxis.y,
                                xa3 * xAxis.z + (ya3 - dot3(a1, yAxis)) * yAxis.z);
  const mixed dxb = xb3 - xb1, dyb = yb3 - yb1, dxc = xc3 - xc1, dyc = yc3 - yc1;
  displaceAtom(posq, velm, s0, da, invDt);
  displaceAtom(posq, velm, s1,
               make_mixed3(dxb * xAxis.x + dyb * yAxis.x, dxb * xAxis.y + dyb * yAxis.y, dxb * xAxis.z + dyb * yAxis.z),
               invDt);
  displaceAtom(posq, velm, s2,
               make_mixed3(dxc * xAxis.x + dyc * yAxis.x, dxc * xAxis.y + dyc * yAxis.y, dxc * xAxis.z + dyc * yAxis.z),
               invDt);
}

/// The velocities of SETTLE cluster c with no component along its three bonds: the 3x3 linear system of
/// the bond impulses solved exactly (Cramer's rule).
DEVICE void settleClusterVelocities(int c, GLOBAL const int4* RESTRICT atoms, GLOBAL const int* RESTRICT slotOfAtom,
                                    GLOBAL const mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm) {
  const int4 atom = atoms[c];
  const int s0 = slotOfAtom[atom.x], s1 = slotOfAtom[atom.y], s2 = slotOfAtom[atom.z];
  const mixed4 v0 = velm[s0], v1 = velm[s1], v2 = velm[s2];
  const mixed w0 = v0.w, w1 = v1.w, w2 = v2.w;
  // Bonds r0 = x0 - x1, r1 = x0 - x2, r2 = x1 - x2; impulse g_k moves v_i by g_k r_k w_i, v_j by -g_k r_k w_j.
  const mixed3 r0 = diff3(posq[s0], posq[s1]), r1 = diff3(posq[s0], posq[s2]), r2 = diff3(posq[s1], posq[s2]);
  const mixed3 u0 = diff3(v0, v1), u1 = diff3(v0, v2), u2 = diff3(v1, v2);
  const mixed d01 = dot3(r0, r1), d02 = dot3(r0, r2), d12 = dot3(r1, r2);
  const mixed a00 = (w0 + w1) * dot3(r0, r0), a01 = w0 * d01, a02 = -w1 * d02;
  const mixed a10 = w0 * d01, a11 = (w0 + w2) * dot3(r1, r1), a12 = w2 * d12;
  const mixed a20 = -w1 * d02, a21 = w2 * d12, a22 = (w1 + w2) * dot3(r2, r2);
  const mixed b0 = -dot3(r0, u0), b1 = -dot3(r1, u1), b2 = -dot3(r2, u2);
  const mixed det = a00 * (a11 * a22 - a12 * a21) - a01 * (a10 * a22 - a12 * a20) + a02 * (a10 * a21 - a11 * a20);
  const mixed g0 = (b0 * (a11 * a22 - a12 * a21) - a01 * (b1 * a22 - a12 * b2) + a02 * (b1 * a21 - a11 * b2)) / det;
  const mixed g1 = (a00 * (b1 * a22 - a12 * b2) - b0 * (a10 * a22 - a12 * a20) + a02 * (a10 * b2 - b1 * a20)) / det;
  const mixed g2 = (a00 * (a11 * b2 - b1 * a21) - a01 * (a10 * b2 - b1 * a20) + b0 * (a10 * a21 - a11 * a20)) / det;
  mixed4 n0 = v0, n1 = v1, n2 = v2;
  n0.x += (g0 * r0.x + g1 * r1.x) * w0; n0.y += (g0 * r0.y + g1 * r1.y) * w0; n0.z += (g0 * r0.z + g1 * r1.z) * w0;
  n1.x += (g2 * r2.x - g0 * r0.x) * w1; n1.y += (g2 * r2.y - g0 * r0.y) * w1; n1.z += (g2 * r2.z - g0 * r0.z) * w1;
  n2.x -= (g1 * r1.x + g2 * r2.x) * w2; n2.y -= (g1 * r1.y + g2 * r2.y) * w2; n2.z -= (g1 * r1.z + g2 * r2.z) * w2;
  velm[s0] = n0;
  velm[s1] = n1;
  velm[s2] = n2;
}

/// SHAKE on each cluster of coupled constraints (constraints clusterStart[c] .. clusterStart[c + 1] - 1,
/// atoms pairs[k] as System indices, distances length[k]): corrections along the reference bonds until
/// |d^2 - r^2| <= 2 tol d^2 for every constraint; the displacements gather in delta (per System atom) and
/// are applied at the end.
KERNEL void applyShake(int numClusters, GLOBAL const int* RESTRICT clusterStart, GLOBAL const int2* RESTRICT pairs,
                       GLOBAL const mixed* RESTRICT length, mixed tol, mixed invDt, int maxIterations,
                       GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT reference,
                       GLOBAL mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm, GLOBAL mixed4* RESTRICT delta,
                       GLOBAL int* RESTRICT failed) {
  if (tol < (mixed) CONSTRAINT_TOLERANCE_FLOOR) tol = (mixed) CONSTRAINT_TOLERANCE_FLOOR;
  for (int c = GLOBAL_ID; c < numClusters; c += GLOBAL_SIZE) {
    const int first = clusterStart[c], last = clusterStart[c + 1];
    for (int k = first; k < last; k++) {
      delta[pairs[k].x] = make_mixed4(0, 0, 0, 0);
      delta[pairs[k].y] = make_mixed4(0, 0, 0, 0);
    }
    bool converged = false;
    for (int iteration = 0; iteration < maxIterations && !converged; iteration++) {
      converged = true;
      for (int k = first; k < last; k++) {
        const int a1 = pairs[k].x, a2 = pairs[k].y;
        const int s1 = slotOfAtom[a1], s2 = slotOfAtom[a2];
        const mixed w1 = velm[s1].w, w2 = velm[s2].w;
        if (w1 + w2 == 0) continue;
        const mixed3 rRef = diff3(reference[s1], reference[s2]);
        const mixed3 rPos = diff3(posq[s1], posq[s2]);
        const mixed4 d1 = delta[a1], d2 = delta[a2];
        const mixed3 rNew = make_mixed3(rPos.x + (d1.x - d2.x), rPos.y + (d1.y - d2.y), rPos.z + (d1.z - d2.z));
        const mixed target = length[k] * length[k];
        const mixed error = target - dot3(rNew, rNew);
        if (fabs(error) <= 2 * tol * target) continue;
        converged = false;
        const mixed denominator = 2 * (w1 + w2) * dot3(rRef, rNew);
        if (fabs(denominator) < (mixed) 1e-12 * target) {
          failed[0] = 1;
          continue;
        }
        const mixed g = error / denominator;
        delta[a1] = make_mixed4(d1.x + rRef.x * g * w1, d1.y + rRef.y * g * w1, d1.z + rRef.z * g * w1, 0);
        delta[a2] = make_mixed4(d2.x - rRef.x * g * w2, d2.y - rRef.y * g * w2, d2.z - rRef.z * g * w2, 0);
      }
    }
    // Rounding may keep the last digits from settling: only an error well above the tolerance is a failure.
    for (int k = first; k < last && !converged; k++) {
      const int a1 = pairs[k].x, a2 = pairs[k].y;
      const int s1 = slotOfAtom[a1], s2 = slotOfAtom[a2];
      if (velm[s1].w + velm[s2].w == 0) continue;
      const mixed3 rPos = diff3(posq[s1], posq[s2]);
      const mixed4 d1 = delta[a1], d2 = delta[a2];
      const mixed3 rNew = make_mixed3(rPos.x + (d1.x - d2.x), rPos.y + (d1.y - d2.y), rPos.z + (d1.z - d2.z));
      const mixed target = length[k] * length[k];
      if (!(fabs(target - dot3(rNew, rNew)) <= 20 * tol * target)) failed[0] = 1;
    }
    // Each atom's displacement once: applied, then cleared, so that a second constraint on it adds nothing.
    for (int k = first; k < last; k++) {
      for (int e = 0; e < 2; e++) {
        const int a = e == 0 ? pairs[k].x : pairs[k].y;
        const mixed4 d = delta[a];
        if (d.x == 0 && d.y == 0 && d.z == 0) continue;
        displaceAtom(posq, velm, slotOfAtom[a], make_mixed3(d.x, d.y, d.z), invDt);
        delta[a] = make_mixed4(0, 0, 0, 0);
      }
    }
  }
}

/// SHAKE on cluster c of those that are one centre atom constrained to one, two or three others (bonds to
/// hydrogen): atoms (centre, up to three others; -1 where none), lengths (one per other atom). The same
/// corrections, order and criteria as applyShake, each constraint taken with the centre first, but the
/// atoms held in registers: one load and one store per atom instead of global traffic every iteration.
DEVICE void shakeStarCluster(int c, GLOBAL const int4* RESTRICT atoms, GLOBAL const mixed4* RESTRICT lengths, mixed tol,
                             mixed invDt, int maxIterations, GLOBAL const int* RESTRICT slotOfAtom,
                             GLOBAL const mixed4* RESTRICT reference, GLOBAL mixed4* RESTRICT posq,
                             GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  if (tol < (mixed) CONSTRAINT_TOLERANCE_FLOOR) tol = (mixed) CONSTRAINT_TOLERANCE_FLOOR;
  const int4 a = atoms[c];
  const mixed4 len = lengths[c];
  const int other[3] = {a.y, a.z, a.w};
  const mixed length[3] = {len.x, len.y, len.z};
  const int s0 = slotOfAtom[a.x];
  const mixed4 p0 = posq[s0], q0 = reference[s0];
  const mixed w0 = velm[s0].w;
  int slot[3];
  mixed w[3], target[3];
  mixed3 rRef[3], rPos[3], d[3];
  mixed3 d0 = make_mixed3(0, 0, 0);
  for (int k = 0; k < 3; k++) {
    slot[k] = other[k] >= 0 ? slotOfAtom[other[k]] : -1;
    w[k] = 0;
    target[k] = length[k] * length[k];
    rRef[k] = rPos[k] = d[k] = make_mixed3(0, 0, 0);
    if (slot[k] >= 0) {
      w[k] = velm[slot[k]].w;
      rRef[k] = diff3(q0, reference[slot[k]]);
      rPos[k] = diff3(p0, posq[slot[k]]);
    }
  }
  bool converged = false;
  for (int iteration = 0; iteration < maxIterations && !converged; iteration++) {
    converged = true;
    for (int k = 0; k < 3; k++) {
      if (slot[k] < 0 || w0 + w[k] == 0) continue;
      const mixed3 rNew = make_mixed3(rPos[k].x + (d0.x - d[k].x), rPos[k].y + (d0.y - d[k].y), rPos[k].z + (d0.z - d[k].z));
      const mixed error = target[k] - dot3(rNew, rNew);
      if (fabs(error) <= 2 * tol * target[k]) continue;
      converged = false;
      const mixed denominator = 2 * (w0 + w[k]) * dot3(rRef[k], rNew);
      if (fabs(denominator) < (mixed) 1e-12 * target[k]) {
        failed[0] = 1;
        continue;
      }
      const mixed g = error / denominator;
      d0 = make_mixed3(d0.x + rRef[k].x * g * w0, d0.y + rRef[k].y * g * w0, d0.z + rRef[k].z * g * w0);
      d[k] = make_mixed3(d[k].x - rRef[k].x * g * w[k], d[k].y - rRef[k].y * g * w[k], d[k].z - rRef[k].z * g * w[k]);
    }
  }
  // Rounding may keep the last digits from settling: only an error well above the tolerance is a failure.
  for (int k = 0; k < 3 && !converged; k++) {
    if (slot[k] < 0 || w0 + w[k] == 0) continue;
    const mixed3 rNew = make_mixed3(rPos[k].x + (d0.x - d[k].x), rPos[k].y + (d0.y - d[k].y), rPos[k].z + (d0.z - d[k].z));
    if (!(fabs(target[k] - dot3(rNew, rNew)) <= 20 * tol * target[k])) failed[0] = 1;
  }
  if (d0.x != 0 || d0.y != 0 || d0.z != 0) displaceAtom(posq, velm, s0, d0, invDt);
  for (int k = 0; k < 3; k++)
    if (slot[k] >= 0 && (d[k].x != 0 || d[k].y != 0 || d[k].z != 0)) displaceAtom(posq, velm, slot[k], d[k], invDt);
}

/// The velocity analogue of SHAKE (RATTLE's second half): removes the relative velocity along each bond of
/// posq until |r . v| <= 1e-3 tol r^2 for every constraint of the cluster.
KERNEL void constrainShakeVelocities(int numClusters, GLOBAL const int* RESTRICT clusterStart,
                                     GLOBAL const int2* RESTRICT pairs, mixed tol, int maxIterations,
                                     GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT posq,
                                     GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  for (int c = GLOBAL_ID; c < numClusters; c += GLOBAL_SIZE) {
    const int first = clusterStart[c], last = clusterStart[c + 1];
    bool converged = false;
    for (int iteration = 0; iteration < maxIterations && !converged; iteration++) {
      converged = true;
      for (int k = first; k < last; k++) {
        const int s1 = slotOfAtom[pairs[k].x], s2 = slotOfAtom[pairs[k].y];
        mixed4 v1 = velm[s1], v2 = velm[s2];
        if (v1.w + v2.w == 0) continue;
        const mixed3 r = diff3(posq[s1], posq[s2]);
        const mixed3 u = diff3(v1, v2);
        const mixed r2 = dot3(r, r), rv = dot3(r, u);
        if (fabs(rv) <= (mixed) 1e-3 * tol * r2 || fabs(rv) <= (mixed) VELOCITY_ROUNDOFF * sqrt(r2 * dot3(u, u))) continue;
        converged = false;
        const mixed g = -rv / (r2 * (v1.w + v2.w));
        v1.x += r.x * g * v1.w; v1.y += r.y * g * v1.w; v1.z += r.z * g * v1.w;
        v2.x -= r.x * g * v2.w; v2.y -= r.y * g * v2.w; v2.z -= r.z * g * v2.w;
        velm[s1] = v1;
        velm[s2] = v2;
      }
    }
    if (converged) continue;
    // Rounding may keep the last digits of r . v from settling: only a residual well above it is a failure.
    for (int k = first; k < last; k++) {
      const int s1 = slotOfAtom[pairs[k].x], s2 = slotOfAtom[pairs[k].y];
      const mixed4 v1 = velm[s1], v2 = velm[s2];
      if (v1.w + v2.w == 0) continue;
      const mixed3 r = diff3(posq[s1], posq[s2]), u = diff3(v1, v2);
      if (!(fabs(dot3(r, u)) <= (mixed) (500 * VELOCITY_ROUNDOFF) * sqrt(dot3(r, r) * dot3(u, u)))) failed[0] = 3;
    }
  }
}

/// The velocity analogue of shakeStarCluster: constrainShakeVelocities on a star cluster, in registers.
DEVICE void shakeStarClusterVelocities(int c, GLOBAL const int4* RESTRICT atoms, mixed tol, int maxIterations,
                                       GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT posq,
                                       GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  const int4 a = atoms[c];
  const int other[3] = {a.y, a.z, a.w};
  const int s0 = slotOfAtom[a.x];
  const mixed4 p0 = posq[s0];
  mixed4 v0 = velm[s0];
  int slot[3];
  mixed4 v[3];
  mixed3 r[3];
  for (int k = 0; k < 3; k++) {
    slot[k] = other[k] >= 0 ? slotOfAtom[other[k]] : -1;
    v[k] = make_mixed4(0, 0, 0, 0);
    r[k] = make_mixed3(0, 0, 0);
    if (slot[k] >= 0) {
      v[k] = velm[slot[k]];
      r[k] = diff3(p0, posq[slot[k]]);
    }
  }
  bool converged = false;
  for (int iteration = 0; iteration < maxIterations && !converged; iteration++) {
    converged = true;
    for (int k = 0; k < 3; k++) {
      if (slot[k] < 0 || v0.w + v[k].w == 0) continue;
      const mixed3 u = diff3(v0, v[k]);
      const mixed r2 = dot3(r[k], r[k]), rv = dot3(r[k], u);
      if (fabs(rv) <= (mixed) 1e-3 * tol * r2 || fabs(rv) <= (mixed) VELOCITY_ROUNDOFF * sqrt(r2 * dot3(u, u))) continue;
      converged = false;
      const mixed g = -rv / (r2 * (v0.w + v[k].w));
      v0.x += r[k].x * g * v0.w; v0.y += r[k].y * g * v0.w; v0.z += r[k].z * g * v0.w;
      v[k].x -= r[k].x * g * v[k].w; v[k].y -= r[k].y * g * v[k].w; v[k].z -= r[k].z * g * v[k].w;
    }
  }
  velm[s0] = v0;
  for (int k = 0; k < 3; k++)
    if (slot[k] >= 0) velm[slot[k]] = v[k];
  if (converged) return;
  // Rounding may keep the last digits of r . v from settling: only a residual well above it is a failure.
  for (int k = 0; k < 3; k++) {
    if (slot[k] < 0 || v0.w + v[k].w == 0) continue;
    const mixed3 u = diff3(v0, v[k]);
    if (!(fabs(dot3(r[k], u)) <= (mixed) (500 * VELOCITY_ROUNDOFF) * sqrt(dot3(r[k], r[k]) * dot3(u, u)))) failed[0] = 3;
  }
}

/// One launch for the rigid triangles (SETTLE, clusters 0 .. numSettle - 1) and the star clusters (SHAKE in
/// registers, the next numStar): the fewer launches of a step, the less a small System waits for the host.
KERNEL void applySettleAndShakeStar(int numSettle, GLOBAL const int4* RESTRICT settleAtoms,
                                    GLOBAL const mixed2* RESTRICT settleParams, int numStar,
                                    GLOBAL const int4* RESTRICT starAtoms, GLOBAL const mixed4* RESTRICT starLengths,
                                    mixed tol, mixed invDt, int maxIterations, GLOBAL const int* RESTRICT slotOfAtom,
                                    GLOBAL const mixed4* RESTRICT reference, GLOBAL mixed4* RESTRICT posq,
                                    GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  for (int c = GLOBAL_ID; c < numSettle + numStar; c += GLOBAL_SIZE) {
    if (c < numSettle)
      settleCluster(c, settleAtoms, settleParams, invDt, slotOfAtom, reference, posq, velm, failed);
    else
      shakeStarCluster(c - numSettle, starAtoms, starLengths, tol, invDt, maxIterations, slotOfAtom, reference, posq,
                       velm, failed);
  }
}

/// The velocity constraints of the same clusters in one launch.
KERNEL void constrainSettleAndStarVelocities(int numSettle, GLOBAL const int4* RESTRICT settleAtoms, int numStar,
                                             GLOBAL const int4* RESTRICT starAtoms, mixed tol, int maxIterations,
                                             GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT posq,
                                             GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  for (int c = GLOBAL_ID; c < numSettle + numStar; c += GLOBAL_SIZE) {
    if (c < numSettle)
      settleClusterVelocities(c, settleAtoms, slotOfAtom, posq, velm);
    else
      shakeStarClusterVelocities(c - numSettle, starAtoms, tol, maxIterations, slotOfAtom, posq, velm, failed);
  }
}

/// The kick of a Langevin-middle step and the velocity constraints in one launch. Work-group g takes the atoms
/// groupStart[g].x .. groupStart[g + 1].x - 1 of groupAtoms (System indices), one to a work-item, then the clusters
/// groupStart[g].y .. groupStart[g + 1].y - 1 (the triangles, then the stars), one to a work-item: every atom of
/// those clusters is among the group's atoms, and the atoms of no cluster come last. The same arithmetic, atom by
/// atom, as kickVelocities followed by constrainSettleAndStarVelocities.
KERNEL void kickAndConstrainVelocities(int numGroups, GLOBAL const int2* RESTRICT groupStart,
                                       GLOBAL const int* RESTRICT groupAtoms, int numSettle,
                                       GLOBAL const int4* RESTRICT settleAtoms, int numStar,
                                       GLOBAL const int4* RESTRICT starAtoms, mixed dt, mixed tol, int maxIterations,
                                       GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT posq,
                                       GLOBAL mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force,
                                       GLOBAL int* RESTRICT failed) {
  for (int g = GROUP_ID; g < numGroups; g += NUM_GROUPS) {
    const int2 first = groupStart[g], next = groupStart[g + 1];
    const int a = first.x + LOCAL_ID;
    if (a < next.x) kickSlot(slotOfAtom[groupAtoms[a]], dt, force, velm);
    SYNC_THREADS
    const int c = first.y + LOCAL_ID;
    if (c < next.y) {
      if (c < numSettle)
        settleClusterVelocities(c, settleAtoms, slotOfAtom, posq, velm);
      else
        shakeStarClusterVelocities(c - numSettle, starAtoms, tol, maxIterations, slotOfAtom, posq, velm, failed);
    }
    SYNC_THREADS
  }
}

/// The drift and thermostat of a Langevin-middle step and the position constraints in one launch, the work-groups
/// as in kickAndConstrainVelocities: the same arithmetic as driftLangevinMiddle (the positions before it saved to
/// reference) followed by applySettleAndShakeStar.
KERNEL void driftAndConstrainPositions(int numGroups, GLOBAL const int2* RESTRICT groupStart,
                                       GLOBAL const int* RESTRICT groupAtoms, int numSettle,
                                       GLOBAL const int4* RESTRICT settleAtoms, GLOBAL const mixed2* RESTRICT settleParams,
                                       int numStar, GLOBAL const int4* RESTRICT starAtoms,
                                       GLOBAL const mixed4* RESTRICT starLengths, mixed dt, mixed vscale,
                                       mixed noisescale, mm_ulong seed, mm_ulong step, mixed tol, mixed invDt,
                                       int maxIterations, GLOBAL const int* RESTRICT slotOfAtom,
                                       GLOBAL mixed4* RESTRICT reference, GLOBAL mixed4* RESTRICT posq,
                                       GLOBAL mixed4* RESTRICT velm, GLOBAL int* RESTRICT failed) {
  for (int g = GROUP_ID; g < numGroups; g += NUM_GROUPS) {
    const int2 first = groupStart[g], next = groupStart[g + 1];
    const int a = first.x + LOCAL_ID;
    if (a < next.x) {
      const int atom = groupAtoms[a];
      driftSlot(slotOfAtom[atom], atom, dt, vscale, noisescale, seed, step, 1, reference, posq, velm);
    }
    SYNC_THREADS
    const int c = first.y + LOCAL_ID;
    if (c < next.y) {
      if (c < numSettle)
        settleCluster(c, settleAtoms, settleParams, invDt, slotOfAtom, reference, posq, velm, failed);
      else
        shakeStarCluster(c - numSettle, starAtoms, starLengths, tol, invDt, maxIterations, slotOfAtom, reference, posq,
                         velm, failed);
    }
    SYNC_THREADS
  }
}
