// CustomCentroidBondForce on the common-compute platforms (ComputeCalcCustomCentroidBondForceKernel), in the common
// kernel dialect: the group centres sum_i w_i x_i (the weights normalised, of the System's positions), the bonds'
// energy at the centres (centroidBond(), generated ahead of this file with CENTROID_GENERATED), each bond's
// gradient by its centres added to the groups' force words, and those forces passed to the groups' particles in
// proportion to their weights. The energy and its parameter derivatives go to energy[0] and energy[1 ..].
// mardyn-kernel: requires openmm/common/kernels/PointGeometry.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1 NUM_ENERGY_DERIVS=0 GROUPS_PER_BOND=2

#ifndef CENTROID_GENERATED
// Placeholder: a harmonic spring between the two centres of each bond.
#define CENTROID_ARGS
#define CENTROID_NAMES
DEVICE mixed centroidBond(int index, const mixed4* points, mixed4 box, mixed4 invBox, mixed4* grad, mixed* derivs) {
  const mixed4 d = atomDelta(points[1], points[0], box, invBox, 0);
  grad[0] = scale3(d, -1);
  grad[1] = d;
  return (mixed) 0.5 * dot3(d, d);
}
#endif

#if NUM_ENERGY_DERIVS > 0
#define CENTROID_DERIV_SLOTS NUM_ENERGY_DERIVS
#else
#define CENTROID_DERIV_SLOTS 1
#endif

/// centers[g] = sum_k weights[k] x(atoms[k]) over the group's members start[g] .. start[g + 1] - 1.
KERNEL void centroidCenters(int numGroups, GLOBAL const int* RESTRICT start, GLOBAL const int* RESTRICT atoms,
                            GLOBAL const mixed* RESTRICT weights, GLOBAL const int* RESTRICT slotOfAtom,
                            GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset, mixed4 box,
                            GLOBAL mixed4* RESTRICT centers) {
  for (int g = GLOBAL_ID; g < numGroups; g += GLOBAL_SIZE) {
    mixed4 c = make_mixed4(0, 0, 0, 0);
    for (int k = start[g]; k < start[g + 1]; k++) {
      const mixed4 p = unwrappedPosition(posq, cellOffset, box, slotOfAtom[atoms[k]]);
      c.x += weights[k] * p.x;
      c.y += weights[k] * p.y;
      c.z += weights[k] * p.z;
    }
    centers[g] = c;
  }
}

/// Each bond's energy, parameter derivatives and gradient by its centres (added to groupForce, three words per group).
KERNEL void centroidBonds(int numBonds, GLOBAL const int* RESTRICT bondGroups, GLOBAL const mixed4* RESTRICT centers,
                          mixed4 box, mixed4 invBox, GLOBAL mm_long* groupForce, GLOBAL mm_long* energy CENTROID_ARGS) {
  for (int index = GLOBAL_ID; index < numBonds; index += GLOBAL_SIZE) {
    mixed4 points[GROUPS_PER_BOND], grad[GROUPS_PER_BOND];
    for (int k = 0; k < GROUPS_PER_BOND; k++) points[k] = centers[bondGroups[GROUPS_PER_BOND * index + k]];
    mixed derivs[CENTROID_DERIV_SLOTS];
    for (int d = 0; d < CENTROID_DERIV_SLOTS; d++) derivs[d] = 0;
    accumulate(energy, centroidBond(index, points, box, invBox, grad, derivs CENTROID_NAMES));
#if NUM_ENERGY_DERIVS > 0
    for (int d = 0; d < NUM_ENERGY_DERIVS; d++) accumulate(energy + 1 + d, derivs[d]);
#endif
    for (int k = 0; k < GROUPS_PER_BOND; k++) {
      GLOBAL mm_long* f = groupForce + 3 * bondGroups[GROUPS_PER_BOND * index + k];
      accumulate(f, -grad[k].x);
      accumulate(f + 1, -grad[k].y);
      accumulate(f + 2, -grad[k].z);
    }
  }
}

/// Each group's force to its members, weight by weight; the group's words are cleared for the next evaluation.
KERNEL void centroidDistribute(int numGroups, GLOBAL const int* RESTRICT start, GLOBAL const int* RESTRICT atoms,
                               GLOBAL const mixed* RESTRICT weights, GLOBAL const int* RESTRICT slotOfAtom,
                               GLOBAL mm_long* groupForce, GLOBAL mm_long* force) {
  for (int g = GLOBAL_ID; g < numGroups; g += GLOBAL_SIZE) {
    const mixed fx = accumulated(groupForce + 3 * g), fy = accumulated(groupForce + 3 * g + 1),
                fz = accumulated(groupForce + 3 * g + 2);
    groupForce[3 * g] = 0;
    groupForce[3 * g + 1] = 0;
    groupForce[3 * g + 2] = 0;
    for (int k = start[g]; k < start[g + 1]; k++)
      addForce(force, slotOfAtom[atoms[k]], (real) (weights[k] * fx), (real) (weights[k] * fy), (real) (weights[k] * fz));
  }
}
