// The bonded utility of the common-compute platforms in the common kernel dialect: every term of every bonded
// interaction the forces injected (ComputeBondedUtilities writes bondedTerm() ahead of this file, with
// BONDED_GENERATED defined) in one launch, one thread per term; the host passes the interactions an evaluation
// computes (their force groups) as a bit mask. Forces go into the force accumulators; the energy of each term is converted to
// fixed point (the sum does not depend on which thread took which term), summed over the work-group and added
// with one atomic add per group, the energy derivatives by global parameters likewise into energy[1 ..].
// Without BONDED_GENERATED (this file compiled on its own) a placeholder term stands in.
// mardyn-kernel: requires openmm/common/kernels/BondedGeometry.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1 NUM_ENERGY_DERIVS=0 BONDED_GROUP=128

#ifndef BONDED_GENERATED
// Placeholder: one harmonic spring per term between two atoms.
#define BONDED_TERMS 1
#define BONDED_ARGS , GLOBAL const int* RESTRICT termAtoms0
#define BONDED_NAMES , termAtoms0
DEVICE mixed bondedTerm(int t, int interactions, GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT posq,
                        GLOBAL const int4* RESTRICT cellOffset, mixed4 box, mixed4 invBox, GLOBAL mm_long* force,
                        mixed* derivs BONDED_ARGS) {
  const int s1 = slotOfAtom[termAtoms0[2 * t]], s2 = slotOfAtom[termAtoms0[2 * t + 1]];
  const mixed4 d = atomDelta(posq[s2], posq[s1], box, invBox, 1);
  addForce(force, s1, d.x, d.y, d.z);
  addForce(force, s2, -d.x, -d.y, -d.z);
  return (mixed) 0.5 * dot3(d, d);
}
#endif

#if NUM_ENERGY_DERIVS > 0
#define BONDED_DERIV_SLOTS NUM_ENERGY_DERIVS
#else
#define BONDED_DERIV_SLOTS 1
#endif
#if FORCE_FIXED_POINT
#define BONDED_SUM mm_long
#define TO_BONDED_SUM(x) ((mm_long) ((x) * (mixed) FIXED_POINT_SCALE))
#else
#define BONDED_SUM double
#define TO_BONDED_SUM(x) ((double) (x))
#endif

/// The work-group's sum of one per-thread value, added to *target by thread 0.
DEVICE void addBondedGroupSum(LOCAL_ARG BONDED_SUM* scratch, BONDED_SUM value, GLOBAL mm_long* target) {
  scratch[LOCAL_ID] = value;
  SYNC_THREADS
  for (int stride = BONDED_GROUP / 2; stride > 0; stride /= 2) {
    if ((int) LOCAL_ID < stride) scratch[LOCAL_ID] += scratch[LOCAL_ID + stride];
    SYNC_THREADS
  }
  if (LOCAL_ID == 0 && scratch[0] != 0) {
#if FORCE_FIXED_POINT
    atomicAddFixedPoint(target, scratch[0]);
#else
    atomicAddDouble((GLOBAL double*) target, scratch[0]);
#endif
  }
  SYNC_THREADS
}

/// Terms [0, BONDED_TERMS) of the interactions whose bits are set in `interactions`, in work-groups of BONDED_GROUP
/// threads.
KERNEL void computeBondedTerms(int interactions, GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT posq,
                               GLOBAL const int4* RESTRICT cellOffset, mixed4 box, mixed4 invBox, GLOBAL mm_long* force, GLOBAL mm_long* energy BONDED_ARGS) {
  LOCAL BONDED_SUM energySum[BONDED_GROUP];
  BONDED_SUM threadEnergy = 0;
  BONDED_SUM threadDerivs[BONDED_DERIV_SLOTS];
  for (int d = 0; d < BONDED_DERIV_SLOTS; d++) threadDerivs[d] = 0;
  for (int t = GLOBAL_ID; t < BONDED_TERMS; t += GLOBAL_SIZE) {
    mixed derivs[BONDED_DERIV_SLOTS];
    for (int d = 0; d < BONDED_DERIV_SLOTS; d++) derivs[d] = 0;
    const mixed e = bondedTerm(t, interactions, slotOfAtom, posq, cellOffset, box, invBox, force, derivs BONDED_NAMES);
    threadEnergy += TO_BONDED_SUM(e);
#if NUM_ENERGY_DERIVS > 0
    for (int d = 0; d < NUM_ENERGY_DERIVS; d++) threadDerivs[d] += TO_BONDED_SUM(derivs[d]);
#endif
  }
#if NUM_ENERGY_DERIVS > 0
  for (int d = 0; d < NUM_ENERGY_DERIVS; d++) addBondedGroupSum(energySum, threadDerivs[d], energy + 1 + d);
#endif
  addBondedGroupSum(energySum, threadEnergy, energy);
}
