// The bonded utility of the common-compute platforms in the common kernel dialect: every bonded term of
// every bonded force (harmonic bonds, harmonic angles, periodic torsions) and the NonbondedForce's
// exceptions in one launch, one thread per term. A term's atoms are System indices (slotOfAtom finds
// them); its force group decides whether the groups asked for include it. Forces and energies go into
// the force and energy accumulators.
//
// termAtoms[4 t ..]: the atoms (unused ones -1); termParams[t]: bond (length, k), angle (angle, k),
// torsion (periodicity, phase, k), exception (chargeProd * ONE_4PI_EPS0, sigma, 4 epsilon);
// termInfo[t] = kind + 4 * (minimum image) + 8 * forceGroup.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

#define TERM_BOND 0
#define TERM_ANGLE 1
#define TERM_TORSION 2
#define TERM_EXCEPTION 3

DEVICE mixed4 atomDelta(mixed4 to, mixed4 from, mixed4 box, mixed4 invBox, int periodic) {
  mixed4 d = make_mixed4(to.x - from.x, to.y - from.y, to.z - from.z, 0);
  if (periodic) {
    d.x -= box.x * floor(d.x * invBox.x + (mixed) 0.5);
    d.y -= box.y * floor(d.y * invBox.y + (mixed) 0.5);
    d.z -= box.z * floor(d.z * invBox.z + (mixed) 0.5);
  }
  return d;
}

DEVICE mixed dot3(mixed4 a, mixed4 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

DEVICE mixed4 cross3(mixed4 a, mixed4 b) {
  return make_mixed4(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x, 0);
}

DEVICE void addForce4(GLOBAL mm_long* force, int slot, mixed4 f) {
  accumulate(force + slot, f.x);
  accumulate(force + slot + PADDED_ATOMS, f.y);
  accumulate(force + slot + 2 * PADDED_ATOMS, f.z);
}

#ifndef BONDED_GROUP
#define BONDED_GROUP 128
#endif

/// Terms [0, numTerms) in the groups of groupMask, in work-groups of BONDED_GROUP threads; energy[0] receives
/// the energy: each term's converted to fixed point (the sum does not depend on which thread took which
/// term), summed over the work-group, one atomic add per group.
KERNEL void computeBondedTerms(int numTerms, GLOBAL const int4* RESTRICT termAtoms, GLOBAL const mixed4* RESTRICT termParams,
                               GLOBAL const int* RESTRICT termInfo, int groupMask, GLOBAL const int* RESTRICT slotOfAtom,
                               GLOBAL const mixed4* RESTRICT posq, mixed4 box, mixed4 invBox, GLOBAL mm_long* force,
                               GLOBAL mm_long* energy) {
#if FORCE_FIXED_POINT
  LOCAL mm_long energySum[BONDED_GROUP];
  mm_long threadEnergy = 0;
#else
  LOCAL double energySum[BONDED_GROUP];
  double threadEnergy = 0;
#endif
  for (int t = GLOBAL_ID; t < numTerms; t += GLOBAL_SIZE) {
    const int info = termInfo[t];
    if (((groupMask >> (info >> 3)) & 1) == 0) continue;
    const int kind = info & 3;
    const int periodicBonds = (info >> 2) & 1;
    const int4 atoms = termAtoms[t];
    const mixed4 par = termParams[t];
    const int s0 = slotOfAtom[atoms.x], s1 = slotOfAtom[atoms.y];
    const mixed4 p0 = posq[s0], p1 = posq[s1];
    mixed e = 0;
    if (kind == TERM_BOND || kind == TERM_EXCEPTION) {
      const mixed4 d = atomDelta(p1, p0, box, invBox, periodicBonds);  // from atom 0 to atom 1
      const mixed r = sqrt(dot3(d, d));
      mixed dEdr;
      if (kind == TERM_BOND) {
        const mixed dr = r - par.x;
        e = (mixed) 0.5 * par.y * dr * dr;
        dEdr = par.y * dr;
      } else {
        const mixed sr = par.y / r;
        const mixed sr2 = sr * sr, sr6 = sr2 * sr2 * sr2;
        e = par.x / r + par.z * (sr6 * sr6 - sr6);
        dEdr = -par.x / (r * r) + par.z * ((mixed) -12 * sr6 * sr6 + (mixed) 6 * sr6) / r;
      }
      const mixed s = r > 0 ? dEdr / r : 0;
      const mixed4 f = make_mixed4(s * d.x, s * d.y, s * d.z, 0);  // force on atom 0
      addForce4(force, s0, f);
      addForce4(force, s1, make_mixed4(-f.x, -f.y, -f.z, 0));
    } else if (kind == TERM_ANGLE) {
      const int s2 = slotOfAtom[atoms.z];
      const mixed4 p2 = posq[s2];
      const mixed4 a = atomDelta(p0, p1, box, invBox, periodicBonds);  // from the centre to atom 0
      const mixed4 b = atomDelta(p2, p1, box, invBox, periodicBonds);  // from the centre to atom 2
      const mixed ra2 = dot3(a, a), rb2 = dot3(b, b);
      const mixed4 n = cross3(a, b);
      const mixed rn = max(sqrt(dot3(n, n)), (mixed) 1e-6);
      const mixed cosTheta = max((mixed) -1, min((mixed) 1, dot3(a, b) / sqrt(ra2 * rb2)));
      const mixed theta = acos(cosTheta);
      const mixed dTheta = theta - par.x;
      e = (mixed) 0.5 * par.y * dTheta * dTheta;
      const mixed dEdTheta = par.y * dTheta;
      // Gradients of theta: d theta / d a = (a x n) / (|a|^2 |n|), d theta / d b = (n x b) / (|b|^2 |n|);
      // the force is minus dE/dtheta times them.
      const mixed4 ga = cross3(a, n), gb = cross3(n, b);
      const mixed sa = -dEdTheta / (ra2 * rn), sb = -dEdTheta / (rb2 * rn);
      const mixed4 f0 = make_mixed4(sa * ga.x, sa * ga.y, sa * ga.z, 0);
      const mixed4 f2 = make_mixed4(sb * gb.x, sb * gb.y, sb * gb.z, 0);
      addForce4(force, s0, f0);
      addForce4(force, s2, f2);
      addForce4(force, s1, make_mixed4(-f0.x - f2.x, -f0.y - f2.y, -f0.z - f2.z, 0));
    } else {
      const int s2 = slotOfAtom[atoms.z], s3 = slotOfAtom[atoms.w];
      const mixed4 p2 = posq[s2], p3 = posq[s3];
      const mixed4 b1 = atomDelta(p1, p0, box, invBox, periodicBonds);
      const mixed4 b2 = atomDelta(p2, p1, box, invBox, periodicBonds);
      const mixed4 b3 = atomDelta(p3, p2, box, invBox, periodicBonds);
      const mixed4 n1 = cross3(b1, b2), n2 = cross3(b2, b3);
      const mixed n1n = dot3(n1, n1), n2n = dot3(n2, n2);
      const mixed b2n = sqrt(dot3(b2, b2));
      const mixed x = dot3(n1, n2);
      const mixed y = b2n * dot3(b1, n2);
      const mixed phi = atan2(y, x);
      const mixed periodicity = par.x;
      e = par.z * (1 + cos(periodicity * phi - par.y));
      const mixed dEdPhi = -par.z * periodicity * sin(periodicity * phi - par.y);
      // Gradients of the dihedral: d phi / d r0 = -|b2| / |n1|^2 n1, d phi / d r3 = |b2| / |n2|^2 n2, and the
      // middle atoms from these two (Blondel and Karplus); the forces are minus dE/dphi times them.
      const mixed4 f0 = make_mixed4(dEdPhi * b2n / n1n * n1.x, dEdPhi * b2n / n1n * n1.y, dEdPhi * b2n / n1n * n1.z, 0);
      const mixed4 f3 = make_mixed4(-dEdPhi * b2n / n2n * n2.x, -dEdPhi * b2n / n2n * n2.y, -dEdPhi * b2n / n2n * n2.z, 0);
      const mixed c1 = dot3(b1, b2) / (b2n * b2n), c3 = dot3(b3, b2) / (b2n * b2n);
      const mixed4 f1 = make_mixed4(-f0.x - c1 * f0.x + c3 * f3.x, -f0.y - c1 * f0.y + c3 * f3.y, -f0.z - c1 * f0.z + c3 * f3.z, 0);
      const mixed4 f2 = make_mixed4(-f3.x + c1 * f0.x - c3 * f3.x, -f3.y + c1 * f0.y - c3 * f3.y, -f3.z + c1 * f0.z - c3 * f3.z, 0);
      addForce4(force, s0, f0);
      addForce4(force, s1, f1);
      addForce4(force, s2, f2);
      addForce4(force, s3, f3);
    }
#if FORCE_FIXED_POINT
    threadEnergy += (mm_long) (e * (mixed) FIXED_POINT_SCALE);
#else
    threadEnergy += (double) e;
#endif
  }
  energySum[LOCAL_ID] = threadEnergy;
  SYNC_THREADS
  for (int stride = BONDED_GROUP / 2; stride > 0; stride /= 2) {
    if ((int) LOCAL_ID < stride) energySum[LOCAL_ID] += energySum[LOCAL_ID + stride];
    SYNC_THREADS
  }
  if (LOCAL_ID == 0 && energySum[0] != 0) {
#if FORCE_FIXED_POINT
    atomicAddFixedPoint(energy, energySum[0]);
#else
    atomicAddDouble((GLOBAL double*) energy, energySum[0]);
#endif
  }
}
