// The integration utilities of the common-compute platforms in the common kernel dialect: the Verlet,
// Langevin, Langevin-middle and Brownian steps as the Reference platform takes them, kinetic energy and momentum sums
// (fixed-shape block sums, the same bits every run), the removal of the centre-of-mass motion, Andersen
// collisions, and counter-based random numbers: each number is a hash of (seed, step, System atom, stream),
// so a run does not depend on how atoms are ordered or which thread draws.
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc compute/kernels/Reduction.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1 REDUCE_BLOCK=128 REDUCE_GROUPS=16

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

/// Verlet (leapfrog): v += dt F/m, x += dt v (atoms of zero inverse mass stay put).
KERNEL void integrateVerlet(int numAtoms, mixed dt, GLOBAL mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm,
                            GLOBAL const mm_long* RESTRICT force) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    const mixed4 f = fixedForce(force, s);
    const mixed scale = dt * v.w;
    v.x += f.x * scale; v.y += f.y * scale; v.z += f.z * scale;
    velm[s] = v;
    mixed4 p = posq[s];
    p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
    posq[s] = p;
  }
}

/// Langevin leapfrog: v = a v + f F/m + n sqrt(1/m) R, x += dt v (a = exp(-gamma dt), f = (1 - a)/gamma,
/// n = sqrt(kT (1 - a^2))).
KERNEL void integrateLangevin(int numAtoms, mixed dt, mixed vscale, mixed fscale, mixed noisescale, mm_ulong seed,
                              mm_ulong step, GLOBAL const int* RESTRICT atomIndex, GLOBAL mixed4* RESTRICT posq,
                              GLOBAL mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    const int a = atomIndex[s];
    const mixed4 f = fixedForce(force, s);
    const mixed noise = noisescale * sqrt(v.w);
    v.x = v.x * vscale + f.x * (fscale * v.w) + noise * randomGaussian(seed, step, a, 0);
    v.y = v.y * vscale + f.y * (fscale * v.w) + noise * randomGaussian(seed, step, a, 1);
    v.z = v.z * vscale + f.z * (fscale * v.w) + noise * randomGaussian(seed, step, a, 2);
    velm[s] = v;
    mixed4 p = posq[s];
    p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
    posq[s] = p;
  }
}

/// v += dt F/m for a massive atom.
DEVICE mixed4 kick(mixed4 v, mixed4 f, mixed dt) {
  const mixed scale = dt * v.w;
  v.x += f.x * scale; v.y += f.y * scale; v.z += f.z * scale;
  return v;
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

/// Langevin middle: v += dt F/m, x += dt/2 v, v = a v + n sqrt(1/m) R, x += dt/2 v (no constraints).
KERNEL void integrateLangevinMiddle(int numAtoms, mixed dt, mixed vscale, mixed noisescale, mm_ulong seed, mm_ulong step,
                                    GLOBAL const int* RESTRICT atomIndex, GLOBAL mixed4* RESTRICT posq,
                                    GLOBAL mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    v = kick(v, fixedForce(force, s), dt);
    mixed4 p = posq[s];
    langevinMiddleDrift(&p, &v, dt, vscale, noisescale, seed, step, atomIndex[s]);
    velm[s] = v;
    posq[s] = p;
  }
}

/// The kick of a Langevin-middle step with constraints (the velocities are constrained after it).
KERNEL void kickVelocities(int numAtoms, mixed dt, GLOBAL mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 v = velm[s];
    if (v.w != 0) velm[s] = kick(v, fixedForce(force, s), dt);
  }
}

/// The drifts and the thermostat of a Langevin-middle step with constraints (positions constrained after it).
KERNEL void driftLangevinMiddle(int numAtoms, mixed dt, mixed vscale, mixed noisescale, mm_ulong seed, mm_ulong step,
                                GLOBAL const int* RESTRICT atomIndex, GLOBAL mixed4* RESTRICT posq,
                                GLOBAL mixed4* RESTRICT velm) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    mixed4 p = posq[s];
    langevinMiddleDrift(&p, &v, dt, vscale, noisescale, seed, step, atomIndex[s]);
    velm[s] = v;
    posq[s] = p;
  }
}

/// Brownian dynamics: x += tau F/m + noise sqrt(1/m) R (tau = dt/gamma, noise = sqrt(2 kT tau)), v = dx/dt.
KERNEL void integrateBrownian(int numAtoms, mixed dt, mixed tau, mixed noisescale, mm_ulong seed, mm_ulong step,
                              GLOBAL const int* RESTRICT atomIndex, GLOBAL mixed4* RESTRICT posq,
                              GLOBAL mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force) {
  const mixed invDt = (mixed) 1 / dt;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    const int a = atomIndex[s];
    const mixed4 f = fixedForce(force, s);
    const mixed noise = noisescale * sqrt(v.w);
    const mixed dx = tau * v.w * f.x + noise * randomGaussian(seed, step, a, 0);
    const mixed dy = tau * v.w * f.y + noise * randomGaussian(seed, step, a, 1);
    const mixed dz = tau * v.w * f.z + noise * randomGaussian(seed, step, a, 2);
    mixed4 p = posq[s];
    p.x += dx; p.y += dy; p.z += dz;
    posq[s] = p;
    v.x = dx * invDt; v.y = dy * invDt; v.z = dz * invDt;
    velm[s] = v;
  }
}

/// v += shift F/m (velocities at a shifted time, for the kinetic energy with constraints).
KERNEL void shiftVelocities(int numAtoms, mixed shift, GLOBAL mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 v = velm[s];
    if (v.w != 0) velm[s] = kick(v, fixedForce(force, s), shift);
  }
}

/// Per block: the sums of m (v + shift F/m)^2 / 2 (kinetic energy at a shifted time) and of m v (momentum)
/// into partials[4 g .. 4 g + 3] (launched as REDUCE_GROUPS blocks of REDUCE_BLOCK threads).
KERNEL void sumKineticAndMomentum(int numAtoms, mixed shift, GLOBAL const mixed4* RESTRICT velm,
                                  GLOBAL const mm_long* RESTRICT force, GLOBAL mixed* RESTRICT partials) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed ke = 0, px = 0, py = 0, pz = 0;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 v = velm[s];
    if (v.w == 0) continue;
    const mixed m = 1 / v.w;
    mixed4 u = v;
    if (shift != 0) {
      const mixed4 f = fixedForce(force, s);
      u.x += f.x * shift * v.w; u.y += f.y * shift * v.w; u.z += f.z * shift * v.w;
    }
    ke += (mixed) 0.5 * m * (u.x * u.x + u.y * u.y + u.z * u.z);
    px += m * v.x; py += m * v.y; pz += m * v.z;
  }
  ke = blockSum(buffer, ke);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID] = ke;
  px = blockSum(buffer, px);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID + 1] = px;
  py = blockSum(buffer, py);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID + 2] = py;
  pz = blockSum(buffer, pz);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID + 3] = pz;
}

/// v -= (momentum / mass) for every massive atom; sums[1..3] = the momentum, totalMass its mass.
KERNEL void removeMomentum(int numAtoms, GLOBAL const mixed* RESTRICT sums, mixed totalMass, GLOBAL mixed4* RESTRICT velm) {
  const mixed vx = sums[1] / totalMass, vy = sums[2] / totalMass, vz = sums[3] / totalMass;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    v.x -= vx; v.y -= vy; v.z -= vz;
    velm[s] = v;
  }
}

/// Andersen collisions: with probability p a group of constraint-linked atoms (collisionGroup: its first
/// System atom, per System atom) gets velocities from the Maxwell distribution at kT.
KERNEL void applyAndersen(int numAtoms, mixed probability, mixed kT, mm_ulong seed, mm_ulong step,
                          GLOBAL const int* RESTRICT atomIndex, GLOBAL const int* RESTRICT collisionGroup,
                          GLOBAL mixed4* RESTRICT velm) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    const int a = atomIndex[s];
    if (randomUniform(seed, step, collisionGroup[a], 7) >= probability) continue;
    const mixed scale = sqrt(kT * v.w);
    v.x = scale * randomGaussian(seed, step, a, 4);
    v.y = scale * randomGaussian(seed, step, a, 5);
    v.z = scale * randomGaussian(seed, step, a, 6);
    velm[s] = v;
  }
}
