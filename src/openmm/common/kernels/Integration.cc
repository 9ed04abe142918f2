// The integration utilities of the common-compute platforms in the common kernel dialect: the Verlet,
// Langevin, Langevin-middle and Brownian steps as the Reference platform takes them, kinetic energy and momentum sums
// (fixed-shape block sums, the same bits every run), the removal of the centre-of-mass motion and Andersen
// collisions (the random numbers and the per-atom pieces of the steps: AtomSteps.cc).
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc openmm/common/kernels/AtomSteps.cc compute/kernels/Reduction.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1 REDUCE_BLOCK=128 REDUCE_GROUPS=16 MOMENTUM_GROUPS=32

/// Verlet (leapfrog): v += kick F/m, x += dt v (atoms of zero inverse mass stay put). kick = dt for the
/// leapfrog, (dt_previous + dt)/2 for the variable step, dt/2 for the first half of a velocity-Verlet step.
/// With saveReference the positions before the step go to reference too (the constraints' reference, saved in
/// the same pass instead of a copy of its own).
KERNEL void integrateVerlet(int numAtoms, mixed kick, mixed dt, GLOBAL mixed4* RESTRICT posq, GLOBAL mixed4* RESTRICT velm,
                            GLOBAL const mm_long* RESTRICT force, int saveReference, GLOBAL mixed4* RESTRICT reference) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    mixed4 p = posq[s];
    if (saveReference) reference[s] = p;
    mixed4 v = velm[s];
    if (v.w == 0) continue;
    const mixed4 f = fixedForce(force, s);
    const mixed scale = kick * v.w;
    v.x += f.x * scale; v.y += f.y * scale; v.z += f.z * scale;
    velm[s] = v;
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
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) kickSlot(s, dt, force, velm);
}

/// The drifts and the thermostat of a Langevin-middle step with constraints (positions constrained after it); the
/// positions before it saved to reference where saveReference is set.
KERNEL void driftLangevinMiddle(int numAtoms, mixed dt, mixed vscale, mixed noisescale, mm_ulong seed, mm_ulong step,
                                GLOBAL const int* RESTRICT atomIndex, GLOBAL mixed4* RESTRICT posq,
                                GLOBAL mixed4* RESTRICT velm, int saveReference, GLOBAL mixed4* RESTRICT reference) {
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE)
    driftSlot(s, atomIndex[s], dt, vscale, noisescale, seed, step, saveReference, reference, posq, velm);
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

/// Per block: the sum of |F/m|^2 over the massive atoms (the error estimate of the variable-step integrators) into
/// partials[4 g] (launched as REDUCE_GROUPS blocks of REDUCE_BLOCK threads).
KERNEL void sumSquaredAcceleration(int numAtoms, GLOBAL const mixed4* RESTRICT velm, GLOBAL const mm_long* RESTRICT force,
                                   GLOBAL mixed* RESTRICT partials) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed sum = 0;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 v = velm[s];
    if (v.w == 0) continue;
    const mixed4 f = fixedForce(force, s);
    const mixed ax = f.x * v.w, ay = f.y * v.w, az = f.z * v.w;
    sum += ax * ax + ay * ay + az * az;
  }
  sum = blockSum(buffer, sum);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID] = sum;
}

/// Per block: the number of slots whose position differs from `kept` into partials[4 g] (launched as REDUCE_GROUPS
/// blocks of REDUCE_BLOCK threads).
KERNEL void countMovedPositions(int numAtoms, GLOBAL const mixed4* RESTRICT posq, GLOBAL const mixed4* RESTRICT kept,
                                GLOBAL mixed* RESTRICT partials) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed moved = 0;
  for (int s = GLOBAL_ID; s < numAtoms; s += GLOBAL_SIZE) {
    const mixed4 p = posq[s], k = kept[s];
    if (!(p.x == k.x && p.y == k.y && p.z == k.z)) moved += 1;
  }
  moved = blockSum(buffer, moved);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID] = moved;
}

/// The mass of a slot (0 for a massless atom).
DEVICE mixed slotMass(mixed4 v) { return v.w == 0 ? (mixed) 0 : (mixed) 1 / v.w; }

/// Per block: the kinetic energies of one Nose-Hoover thermostat's absolute motion (its atoms and its pairs' centres
/// of mass) and of its pairs' relative motion into partials[4 g] and [4 g + 1]. entries[first .. first + count):
/// x a System atom, y its partner in a pair or -1 (launched as REDUCE_GROUPS blocks of REDUCE_BLOCK threads).
KERNEL void sumNoseHooverKinetic(int first, int count, GLOBAL const int2* RESTRICT entries,
                                 GLOBAL const int* RESTRICT slotOfAtom, GLOBAL const mixed4* RESTRICT velm,
                                 GLOBAL mixed* RESTRICT partials) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed keAbsolute = 0, keRelative = 0;
  for (int k = GLOBAL_ID; k < count; k += GLOBAL_SIZE) {
    const int2 e = entries[first + k];
    const mixed4 v1 = velm[slotOfAtom[e.x]];
    const mixed m1 = slotMass(v1);
    if (e.y < 0) {
      keAbsolute += (mixed) 0.5 * m1 * (v1.x * v1.x + v1.y * v1.y + v1.z * v1.z);
      continue;
    }
    const mixed4 v2 = velm[slotOfAtom[e.y]];
    const mixed m2 = slotMass(v2), total = m1 + m2;
    if (total == 0) continue;
    const mixed cx = (m1 * v1.x + m2 * v2.x) / total, cy = (m1 * v1.y + m2 * v2.y) / total,
                cz = (m1 * v1.z + m2 * v2.z) / total;
    const mixed rx = v2.x - v1.x, ry = v2.y - v1.y, rz = v2.z - v1.z;
    keAbsolute += (mixed) 0.5 * total * (cx * cx + cy * cy + cz * cz);
    keRelative += (mixed) 0.5 * (m1 * m2 / total) * (rx * rx + ry * ry + rz * rz);
  }
  keAbsolute = blockSum(buffer, keAbsolute);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID] = keAbsolute;
  keRelative = blockSum(buffer, keRelative);
  if (LOCAL_ID == 0) partials[4 * GROUP_ID + 1] = keRelative;
}

/// Scales the velocities of one Nose-Hoover thermostat's entries (as sumNoseHooverKinetic's): atoms and the pairs'
/// centre-of-mass velocities by absoluteScale, the pairs' relative velocities by relativeScale.
KERNEL void scaleNoseHoover(int first, int count, GLOBAL const int2* RESTRICT entries,
                            GLOBAL const int* RESTRICT slotOfAtom, GLOBAL mixed4* RESTRICT velm, mixed absoluteScale,
                            mixed relativeScale) {
  for (int k = GLOBAL_ID; k < count; k += GLOBAL_SIZE) {
    const int2 e = entries[first + k];
    const int s1 = slotOfAtom[e.x];
    mixed4 v1 = velm[s1];
    if (e.y < 0) {
      v1.x *= absoluteScale; v1.y *= absoluteScale; v1.z *= absoluteScale;
      velm[s1] = v1;
      continue;
    }
    const int s2 = slotOfAtom[e.y];
    mixed4 v2 = velm[s2];
    const mixed m1 = slotMass(v1), m2 = slotMass(v2), total = m1 + m2;
    if (total == 0) continue;
    const mixed cx = (m1 * v1.x + m2 * v2.x) / total * absoluteScale, cy = (m1 * v1.y + m2 * v2.y) / total * absoluteScale,
                cz = (m1 * v1.z + m2 * v2.z) / total * absoluteScale;
    const mixed rx = (v2.x - v1.x) * relativeScale, ry = (v2.y - v1.y) * relativeScale, rz = (v2.z - v1.z) * relativeScale;
    const mixed w1 = m2 / total, w2 = m1 / total;
    v1.x = cx - rx * w1; v1.y = cy - ry * w1; v1.z = cz - rz * w1;
    v2.x = cx + rx * w2; v2.y = cy + ry * w2; v2.z = cz + rz * w2;
    velm[s1] = v1;
    velm[s2] = v2;
  }
}

/// The hard wall of a NoseHooverIntegrator's maximum pair distance: a thermostated pair (System atoms x, y) found
/// farther apart than `limit` is reflected back inside it, its relative speed along the pair set to the thermal speed
/// sqrt(kT / m1) of its relative temperature (pairKT), shared in inverse proportion to the masses; a massless partner
/// stays and the first atom alone comes back. Distances are those of the System's positions (posq + cellOffset box).
KERNEL void noseHooverHardWall(int numPairs, GLOBAL const int2* RESTRICT pairs, GLOBAL const mixed* RESTRICT pairKT,
                               mixed limit, mixed dt, GLOBAL const int* RESTRICT slotOfAtom,
                               GLOBAL const int4* RESTRICT cellOffset, mixed4 boxSize, GLOBAL mixed4* RESTRICT posq,
                               GLOBAL mixed4* RESTRICT velm) {
  for (int k = GLOBAL_ID; k < numPairs; k += GLOBAL_SIZE) {
    const int2 pair = pairs[k];
    const int s1 = slotOfAtom[pair.x], s2 = slotOfAtom[pair.y];
    mixed4 p1 = posq[s1], p2 = posq[s2], v1 = velm[s1], v2 = velm[s2];
    const int4 o1 = cellOffset[s1], o2 = cellOffset[s2];
    const mixed dx = p1.x - p2.x + (mixed) (o1.x - o2.x) * boxSize.x, dy = p1.y - p2.y + (mixed) (o1.y - o2.y) * boxSize.y,
                dz = p1.z - p2.z + (mixed) (o1.z - o2.z) * boxSize.z;
    const mixed r = sqrt(dx * dx + dy * dy + dz * dz);
    if (!(r > limit)) continue;
    const mixed ux = dx / r, uy = dy / r, uz = dz / r;  // from the second atom to the first
    const mixed m1 = slotMass(v1), m2 = slotMass(v2), excess = r - limit;
    const mixed thermalSpeed = sqrt(pairKT[k] / m1);
    const mixed along1 = v1.x * ux + v1.y * uy + v1.z * uz, along2 = v2.x * ux + v2.y * uy + v2.z * uz;
    if (m2 == 0) {
      const mixed since = along1 != 0 ? min(dt, excess / fabs(along1)) : dt;
      const mixed inward = -thermalSpeed * (along1 > 0 ? (mixed) 1 : (along1 < 0 ? (mixed) -1 : (mixed) 1));
      const mixed shift = -excess + since * inward, change = inward - along1;
      p1.x += ux * shift; p1.y += uy * shift; p1.z += uz * shift;
      v1.x += ux * change; v1.y += uy * change; v1.z += uz * change;
      posq[s1] = p1;
      velm[s1] = v1;
      continue;
    }
    const mixed total = m1 + m2, centre = (m1 * along1 + m2 * along2) / total;
    const mixed rel1 = along1 - centre, rel2 = along2 - centre;
    const mixed since = rel1 != rel2 ? min(dt, excess / fabs(rel1 - rel2)) : dt;
    const mixed sign1 = rel1 > 0 ? (mixed) 1 : (rel1 < 0 ? (mixed) -1 : (mixed) 0);
    const mixed sign2 = rel2 > 0 ? (mixed) 1 : (rel2 < 0 ? (mixed) -1 : (mixed) 0);
    const mixed new1 = -sign1 * thermalSpeed * m2 / total, new2 = -sign2 * thermalSpeed * m1 / total;
    const mixed shift1 = -excess * m2 / total + since * new1, shift2 = excess * m1 / total + since * new2;
    const mixed change1 = new1 + centre - along1, change2 = new2 + centre - along2;
    p1.x += ux * shift1; p1.y += uy * shift1; p1.z += uz * shift1;
    p2.x += ux * shift2; p2.y += uy * shift2; p2.z += uz * shift2;
    v1.x += ux * change1; v1.y += uy * change1; v1.z += uz * change1;
    v2.x += ux * change2; v2.y += uy * change2; v2.z += uz * change2;
    posq[s1] = p1; posq[s2] = p2;
    velm[s1] = v1; velm[s2] = v2;
  }
}

/// v -= (momentum / mass) for every massive atom, the momentum summed from the MOMENTUM_GROUPS blocks' partial sums
/// of sumKineticAndMomentum (every work-item in the same order), totalMass its mass.
KERNEL void removeMomentum(int numAtoms, GLOBAL const mixed* RESTRICT partials, mixed totalMass, GLOBAL mixed4* RESTRICT velm) {
  subtractMomentum(numAtoms, MOMENTUM_GROUPS, partials, totalMass, velm);
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
