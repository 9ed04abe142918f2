// The point functions of CustomCompoundBondForce and CustomCentroidBondForce on the common-compute platforms, in the
// common kernel dialect: pointdistance, pointangle and pointdihedral of explicit coordinates (the minimum image where
// `periodic`), and their first derivatives by one coordinate (orders: one per coordinate, at most one of them 1), as
// the host's point functions give them; and the gradients of distance(), angle() and dihedral() of points.
// mardyn-kernel: requires openmm/common/kernels/BondedGeometry.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

/// The distance, angle or dihedral of `count` points p[0 ..] and its gradient by each point in grad[0 ..].
DEVICE mixed pointGeometry(int count, const mixed4* p, mixed4 box, mixed4 invBox, int periodic, mixed4* grad) {
  if (count == 2) {
    const mixed4 d = atomDelta(p[0], p[1], box, invBox, periodic);  // p0 - p1
    const mixed r = sqrt(dot3(d, d));
    grad[0] = r > 0 ? scale3(d, 1 / r) : make_mixed4(0, 0, 0, 0);
    grad[1] = scale3(grad[0], -1);
    return r;
  }
  if (count == 3) {
    const mixed4 a = atomDelta(p[0], p[1], box, invBox, periodic), b = atomDelta(p[2], p[1], box, invBox, periodic);
    mixed4 f0, f1, f2;
    angleForces(a, b, 1, &f0, &f1, &f2);
    grad[0] = scale3(f0, -1);
    grad[1] = scale3(f1, -1);
    grad[2] = scale3(f2, -1);
    return angleBetween(a, b);
  }
  const mixed4 b1 = atomDelta(p[1], p[0], box, invBox, periodic), b2 = atomDelta(p[2], p[1], box, invBox, periodic),
               b3 = atomDelta(p[3], p[2], box, invBox, periodic);
  mixed4 f0, f1, f2, f3;
  dihedralForces(b1, b2, b3, 1, &f0, &f1, &f2, &f3);
  grad[0] = scale3(f0, -1);
  grad[1] = scale3(f1, -1);
  grad[2] = scale3(f2, -1);
  grad[3] = scale3(f3, -1);
  return dihedralOf(b1, b2, b3);
}

/// A point function of `count` points at coordinates c[0 .. 3 count - 1]: its value, or its derivative by the
/// coordinate whose order is 1.
DEVICE real pointFunction(int count, const real* c, const int* order, mixed4 box, mixed4 invBox, int periodic) {
  mixed4 p[4], grad[4];
  for (int k = 0; k < count; k++) p[k] = make_mixed4(c[3 * k], c[3 * k + 1], c[3 * k + 2], 0);
  const mixed value = pointGeometry(count, p, box, invBox, periodic, grad);
  for (int k = 0; k < 3 * count; k++)
    if (order[k] != 0) {
      const mixed4 g = grad[k / 3];
      return (real) (k % 3 == 0 ? g.x : k % 3 == 1 ? g.y : g.z);
    }
  return (real) value;
}

DEVICE real pointDistance(real x1, real y1, real z1, real x2, real y2, real z2, int o1, int o2, int o3, int o4, int o5,
                          int o6, mixed4 box, mixed4 invBox, int periodic) {
  const real c[6] = {x1, y1, z1, x2, y2, z2};
  const int o[6] = {o1, o2, o3, o4, o5, o6};
  return pointFunction(2, c, o, box, invBox, periodic);
}

DEVICE real pointAngle(real x1, real y1, real z1, real x2, real y2, real z2, real x3, real y3, real z3, int o1, int o2,
                       int o3, int o4, int o5, int o6, int o7, int o8, int o9, mixed4 box, mixed4 invBox, int periodic) {
  const real c[9] = {x1, y1, z1, x2, y2, z2, x3, y3, z3};
  const int o[9] = {o1, o2, o3, o4, o5, o6, o7, o8, o9};
  return pointFunction(3, c, o, box, invBox, periodic);
}

DEVICE real pointDihedral(real x1, real y1, real z1, real x2, real y2, real z2, real x3, real y3, real z3, real x4,
                          real y4, real z4, int o1, int o2, int o3, int o4, int o5, int o6, int o7, int o8, int o9,
                          int o10, int o11, int o12, mixed4 box, mixed4 invBox, int periodic) {
  const real c[12] = {x1, y1, z1, x2, y2, z2, x3, y3, z3, x4, y4, z4};
  const int o[12] = {o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12};
  return pointFunction(4, c, o, box, invBox, periodic);
}
