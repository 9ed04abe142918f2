// Geometry of bonded terms on the common-compute platforms, in the common kernel dialect: differences by the
// minimum image, distances, angles and dihedrals with their gradients (the forces of dE/dtheta and
// dE/dphi), shared by every bonded term the forces inject (ComputeBondedUtilities).
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

/// to - from, by the minimum image where `periodic` is set.
DEVICE mixed4 atomDelta(mixed4 to, mixed4 from, mixed4 box, mixed4 invBox, int periodic) {
  mixed4 d = make_mixed4(to.x - from.x, to.y - from.y, to.z - from.z, 0);
  if (periodic) {
    d.x -= box.x * floor(d.x * invBox.x + (mixed) 0.5);
    d.y -= box.y * floor(d.y * invBox.y + (mixed) 0.5);
    d.z -= box.z * floor(d.z * invBox.z + (mixed) 0.5);
  }
  return d;
}

/// The position of the atom in `slot` as the System has it: the stored one (wrapped into a periodic box molecule by
/// molecule) plus its image counts.
DEVICE mixed4 unwrappedPosition(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset, mixed4 box,
                                int slot) {
  mixed4 p = posq[slot];
#if PERIODIC
  const int4 o = cellOffset[slot];
  p.x += (mixed) o.x * box.x;
  p.y += (mixed) o.y * box.y;
  p.z += (mixed) o.z * box.z;
#endif
  return p;
}

DEVICE mixed dot3(mixed4 a, mixed4 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

DEVICE mixed4 cross3(mixed4 a, mixed4 b) {
  return make_mixed4(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x, 0);
}

DEVICE mixed4 scale3(mixed4 a, mixed s) { return make_mixed4(s * a.x, s * a.y, s * a.z, 0); }

/// The forces of a pair term with derivative dEdr at d = pos2 - pos1 (length r): on atom 1 and atom 2.
DEVICE void pairForces(mixed4 d, mixed r, mixed dEdr, mixed4* f1, mixed4* f2) {
  const mixed s = r > 0 ? dEdr / r : 0;
  *f1 = scale3(d, s);
  *f2 = scale3(d, -s);
}

/// The angle between a = pos1 - pos2 and b = pos3 - pos2 (in [0, pi]).
DEVICE mixed angleBetween(mixed4 a, mixed4 b) {
  const mixed cosTheta = max((mixed) -1, min((mixed) 1, dot3(a, b) / sqrt(dot3(a, a) * dot3(b, b))));
  return acos(cosTheta);
}

/// The forces of an angle term with derivative dEdTheta: d theta / d a = (a x n) / (|a|^2 |n|),
/// d theta / d b = (n x b) / (|b|^2 |n|) with n = a x b; the force is minus dE/dtheta times them.
DEVICE void angleForces(mixed4 a, mixed4 b, mixed dEdTheta, mixed4* f1, mixed4* f2, mixed4* f3) {
  const mixed4 n = cross3(a, b);
  const mixed rn = max(sqrt(dot3(n, n)), (mixed) 1e-6);
  *f1 = scale3(cross3(a, n), -dEdTheta / (dot3(a, a) * rn));
  *f3 = scale3(cross3(n, b), -dEdTheta / (dot3(b, b) * rn));
  *f2 = make_mixed4(-f1->x - f3->x, -f1->y - f3->y, -f1->z - f3->z, 0);
}

/// The dihedral of b1 = pos2 - pos1, b2 = pos3 - pos2, b3 = pos4 - pos3 (in -pi .. pi, OpenMM's sign).
DEVICE mixed dihedralOf(mixed4 b1, mixed4 b2, mixed4 b3) {
  const mixed4 n1 = cross3(b1, b2), n2 = cross3(b2, b3);
  return atan2(sqrt(dot3(b2, b2)) * dot3(b1, n2), dot3(n1, n2));
}

/// The forces of a dihedral term with derivative dEdPhi (Blondel and Karplus): d phi / d r1 = -|b2| / |n1|^2 n1,
/// d phi / d r4 = |b2| / |n2|^2 n2, the middle atoms from these two; the forces are minus dE/dphi times them.
DEVICE void dihedralForces(mixed4 b1, mixed4 b2, mixed4 b3, mixed dEdPhi, mixed4* f1, mixed4* f2, mixed4* f3,
                           mixed4* f4) {
  const mixed4 n1 = cross3(b1, b2), n2 = cross3(b2, b3);
  const mixed b2n2 = dot3(b2, b2), b2n = sqrt(b2n2);
  *f1 = scale3(n1, dEdPhi * b2n / dot3(n1, n1));
  *f4 = scale3(n2, -dEdPhi * b2n / dot3(n2, n2));
  const mixed c1 = dot3(b1, b2) / b2n2, c3 = dot3(b3, b2) / b2n2;
  *f2 = make_mixed4(-f1->x - c1 * f1->x + c3 * f4->x, -f1->y - c1 * f1->y + c3 * f4->y,
                    -f1->z - c1 * f1->z + c3 * f4->z, 0);
  *f3 = make_mixed4(-f4->x + c1 * f1->x - c3 * f4->x, -f4->y + c1 * f1->y - c3 * f4->y,
                    -f4->z + c1 * f1->z - c3 * f4->z, 0);
}
