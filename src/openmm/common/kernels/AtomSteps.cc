// The per-atom pieces of the integration steps of the common-compute platforms, in the common kernel dialect,
// shared by the step kernels (Integration.cc, CustomIntegrator.cc), the steps fused with the constraints
// (Constraints.cc) and the clearing launch (Forces.cc): counter-based random numbers, each a hash of (seed, step,
// System atom, stream), so that a run does not depend on how atoms are ordered or which thread draws; the kick and
// the middle of a Langevin-middle step of one atom; the removal of the centre-of-mass momentum. Files that require
// it require Atoms.cc before it.
// mardyn-kernel: fragment

DEVICE mm_ulong mixBits(mm_ulong x) {
  x += 0x9e3779b97f4a7c15UL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9UL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebUL;
  return x ^ (x >> 31);
}

/// A uniform number in (0, 1] from (seed, counter, atom, stream).
DEVICE mixed randomUniform(mm_ulong seed, mm_ulong counter, int atom, int stream) {
  const mm_ulong h = mixBits(seed ^ mixBits(counter * 0x100000001b3UL + (mm_ulong) atom * 8 + (mm_ulong) stream));
  return ((mixed) (h >> 11) + (mixed) 1) * (mixed) (1.0 / 9007199254740992.0);
}

/// A standard normal number (Box-Muller on two uniforms of the streams 2 stream and 2 stream + 1).
DEVICE mixed randomGaussian(mm_ulong seed, mm_ulong counter, int atom, int stream) {
  const mixed u1 = randomUniform(seed, counter, atom, 2 * stream);
  const mixed u2 = randomUniform(seed, counter, atom, 2 * stream + 1);
  return sqrt((mixed) -2 * log(u1)) * cos((mixed) 6.283185307179586 * u2);
}

/// v += dt F/m for a massive atom.
DEVICE mixed4 kick(mixed4 v, mixed4 f, mixed dt) {
  const mixed scale = dt * v.w;
  v.x += f.x * scale; v.y += f.y * scale; v.z += f.z * scale;
  return v;
}

/// v -= (momentum / totalMass) for every massive atom of the work-item's share, the momentum summed from `groups`
/// blocks' partial sums (4 per block: kinetic energy, momentum; every work-item adds them in the same order).
DEVICE void subtractMomentum(int numAtoms, int groups, GLOBAL const mixed* RESTRICT partials, mixed totalMass,
                             GLOBAL mixed4* RESTRICT velm) {
  if (GLOBAL_ID >= numAtoms) return;  // (a launch may have more work-items than atoms)
  mixed px = 0, py = 0, pz = 0;
  for (int g = 0; g < groups; g++) {
    px += partials[4 * g + 1];
    py += partials[4 * g + 2];
    pz += partials[4 * g + 3];
  }
  const mixed vx = px / totalMass, vy = py / totalMass, vz = pz / totalMass;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    v.x -= vx; v.y -= vy; v.z -= vz;
    velm[s] = v;
  }
}

/// The middle of a Langevin-middle step for one atom: x += dt/2 v, v = a v + n sqrt(1/m) R, x += dt/2 v.
DEVICE void langevinMiddleDrift(mixed4* p, mixed4* v, mixed dt, mixed vscale, mixed noisescale, mm_ulong seed,
                                mm_ulong step, int a) {
  const mixed halfDt = (mixed) 0.5 * dt;
  p->x += v->x * halfDt; p->y += v->y * halfDt; p->z += v->z * halfDt;
  const mixed noise = noisescale * sqrt(v->w);
  v->x = v->x * vscale + noise * randomGaussian(seed, step, a, 0);
  v->y = v->y * vscale + noise * randomGaussian(seed, step, a, 1);
  v->z = v->z * vscale + noise * randomGaussian(seed, step, a, 2);
  p->x += v->x * halfDt; p->y += v->y * halfDt; p->z += v->z * halfDt;
}

/// v += dt F/m for the atom in `slot` where it has mass.
DEVICE void kickSlot(int slot, mixed dt, GLOBAL const mm_long* RESTRICT force, GLOBAL mixed4* RESTRICT velm) {
  const mixed4 v = velm[slot];
  if (v.w != 0) velm[slot] = kick(v, fixedForce(force, slot), dt);
}

/// The middle of a Langevin-middle step for System atom `atom` in `slot`, its position before it saved to reference
/// where saveReference is set.
DEVICE void driftSlot(int slot, int atom, mixed dt, mixed vscale, mixed noisescale, mm_ulong seed, mm_ulong step,
                      int saveReference, GLOBAL mixed4* RESTRICT reference, GLOBAL mixed4* RESTRICT posq,
                      GLOBAL mixed4* RESTRICT velm) {
  mixed4 p = posq[slot];
  if (saveReference) reference[slot] = p;
  mixed4 v = velm[slot];
  if (v.w == 0) return;
  langevinMiddleDrift(&p, &v, dt, vscale, noisescale, seed, step, atom);
  velm[slot] = v;
  posq[slot] = p;
}
