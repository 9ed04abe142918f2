// The rotational leapfrog of the host's Leapfrog on the device, in the common kernel dialect, with the
// same operations in the same order: half kick and drift (translation; quaternion half step, angular
// momentum half kick, full quaternion step, each normalised) before the forces, the second half kick and
// the kinetic sums per component after them, and the velocity-scaling thermostat. All kernels walk the
// owned slots (ownedSlots[0 .. numOwned)).
//
// componentInertia[c] = (mass, Ixx, Iyy, Izz) of component c (ComponentDescriptor).
//
// The next step's rebuild is foreseen at the end of a step, so that the step needs no wait of its own for
// it: the half kick and drift will move a molecule by dt |v + dt/2 F/m| from where it is, which lies
// vel.w (written by the drift: |r - r at the last rebuild|) from where its cells were built; when that sum
// exceeds half the skin somewhere (less a relative margin for rounding), the cells are rebuilt after the
// drift. The sum bounds the distance the drift's own check measures, so that check never fires first.
// mardyn-kernel: requires compute/kernels/Reduction.cc gpu/kernels/Rotation.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 ORIENTATION_FREE=0 REDUCE_BLOCK=128 REDUCE_GROUPS=64

DEVICE int rotates(mixed4 inertia) { return inertia.y > 0 || inertia.z > 0 || inertia.w > 0; }

/// Body-frame angular velocity L_body / I (0 where I = 0); inertia = (m, Ixx, Iyy, Izz).
DEVICE mixed4 bodyAngularVelocity(mixed4 q, mixed4 L, mixed4 inertia) {
  const mixed4 b = toBody(q, L);
  return make_mixed4(inertia.y > 0 ? b.x / inertia.y : 0, inertia.z > 0 ? b.y / inertia.z : 0,
                     inertia.w > 0 ? b.z / inertia.w : 0, 0);
}

/// q + s dq/dt with dq/dt = q * (0, omega) / 2 (Hamilton product), normalised.
DEVICE mixed4 advanceQuaternion(mixed4 q, mixed4 base, mixed4 w, mixed s) {
  // d = base * (0, w): quaternions stored as (w, x, y, z) in (x, y, z, w).
  const mixed dw = -base.y * w.x - base.z * w.y - base.w * w.z;
  const mixed dx = base.x * w.x + base.z * w.z - base.w * w.y;
  const mixed dy = base.x * w.y - base.y * w.z + base.w * w.x;
  const mixed dz = base.x * w.z + base.y * w.y - base.z * w.x;
  mixed4 r = make_mixed4(q.x + s * ((mixed) 0.5 * dw), q.y + s * ((mixed) 0.5 * dx),
                             q.z + s * ((mixed) 0.5 * dy), q.w + s * ((mixed) 0.5 * dz));
  const mixed norm = 1 / sqrt(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
  r.x *= norm; r.y *= norm; r.z *= norm; r.w *= norm;
  return r;
}

#define PREDICTION_MARGIN ((mixed) 1e-3)

/// Whether the next half kick and drift may take the molecule (velocity v after this step, w: its distance
/// from where the cells were built; force f; mass m) farther than halfSkin from there.
DEVICE int mayLeaveSkin(mixed4 v, mixed4 f, mixed m, mixed dt, mixed halfSkin) {
  const mixed scale = (mixed) 0.5 * dt / m;
  const mixed hx = v.x + f.x * scale, hy = v.y + f.y * scale, hz = v.z + f.z * scale;
  return v.w + dt * sqrt(hx * hx + hy * hy + hz * hz) > halfSkin * (1 - PREDICTION_MARGIN);
}

/// Half kick and drift; orientation update of rotating molecules and their rotation matrices
/// (real, 9 per slot) for the cell processors. displaced[0] = 1 when a molecule moved more than
/// halfSkin from its position at the last rebuild; vel.w = that distance.
KERNEL void leapfrogPreForces(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                              GLOBAL const mixed4* RESTRICT componentInertia, mixed dt, mixed halfSkin2,
                              GLOBAL mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel, GLOBAL mixed4* RESTRICT quat,
                              GLOBAL mixed4* RESTRICT angmom, GLOBAL const mixed4* RESTRICT force,
                              GLOBAL const mixed4* RESTRICT torque, GLOBAL real* RESTRICT rotations,
                              GLOBAL const mixed4* RESTRICT refPos, GLOBAL int* RESTRICT displaced) {
  const mixed halfStep = (mixed) 0.5 * dt;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const mixed4 inertia = componentInertia[type[s]];
    const mixed4 f = force[s];
    mixed4 v = vel[s];
    const mixed scale = halfStep / inertia.x;
    v.x = v.x + f.x * scale;
    v.y = v.y + f.y * scale;
    v.z = v.z + f.z * scale;
    mixed4 r = pos[s];
    r.x = r.x + v.x * dt;
    r.y = r.y + v.y * dt;
    r.z = r.z + v.z * dt;
    pos[s] = r;
    const mixed4 r0 = refPos[s];
    const mixed dx = r.x - r0.x, dy = r.y - r0.y, dz = r.z - r0.z;
    const mixed d2 = dx * dx + dy * dy + dz * dz;
    if (d2 > halfSkin2) displaced[0] = 1;
    v.w = sqrt(d2);
    vel[s] = v;
    if (rotates(inertia)) {
      const mixed4 q = quat[s];
      const mixed4 qHalf = advanceQuaternion(q, q, bodyAngularVelocity(q, angmom[s], inertia), halfStep);
      const mixed4 m = torque[s];
      mixed4 L = angmom[s];
      L.x = L.x + m.x * halfStep;
      L.y = L.y + m.y * halfStep;
      L.z = L.z + m.z * halfStep;
      angmom[s] = L;
      quat[s] = advanceQuaternion(q, qHalf, bodyAngularVelocity(qHalf, L, inertia), dt);
    }
#if !ORIENTATION_FREE
    mixed rot[9];
    quaternionMatrix(quat[s], rot);
    for (int j = 0; j < 9; j++) rotations[9 * s + j] = (real) rot[j];
#endif
  }
}

/// With kick: the second half kick of v and L. Then the kinetic sums of the owned molecules per
/// component: partials[(2 NUM_COMPONENTS + 1) g + c] = sum m v^2, [.. + NUM_COMPONENTS + c] = sum over axes
/// with I > 0 of L_body^2 / I, of block g (launched as REDUCE_GROUPS blocks of REDUCE_BLOCK threads), and
/// [.. + 2 NUM_COMPONENTS] = how many may leave the skin in the next step (mayLeaveSkin; halfSkin 0: none
/// counted).
KERNEL void leapfrogPostForces(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                               GLOBAL const mixed4* RESTRICT componentInertia, mixed dt, int kick, mixed halfSkin,
                               GLOBAL mixed4* RESTRICT vel, GLOBAL const mixed4* RESTRICT quat,
                               GLOBAL mixed4* RESTRICT angmom, GLOBAL const mixed4* RESTRICT force,
                               GLOBAL const mixed4* RESTRICT torque, GLOBAL mixed* RESTRICT partials) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  const mixed halfStep = (mixed) 0.5 * dt;
  mixed leaving = 0;
  mixed mv2[NUM_COMPONENTS], iw2[NUM_COMPONENTS];
  for (int c = 0; c < NUM_COMPONENTS; c++) {
    mv2[c] = 0;
    iw2[c] = 0;
  }
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed4 inertia = componentInertia[c];
    mixed4 v = vel[s];
    mixed4 L = angmom[s];
    const mixed4 f = force[s];
    if (kick) {
      const mixed scale = halfStep / inertia.x;
      v.x = v.x + f.x * scale;
      v.y = v.y + f.y * scale;
      v.z = v.z + f.z * scale;
      vel[s] = v;
#if !ORIENTATION_FREE
      const mixed4 m = torque[s];
      L.x = L.x + m.x * halfStep;
      L.y = L.y + m.y * halfStep;
      L.z = L.z + m.z * halfStep;
      angmom[s] = L;
#endif
    }
    mv2[c] += inertia.x * (v.x * v.x + v.y * v.y + v.z * v.z);
    if (halfSkin > 0 && mayLeaveSkin(v, f, inertia.x, dt, halfSkin)) leaving += 1;
    if (rotates(inertia)) {
      const mixed4 b = toBody(quat[s], L);
      mixed e = 0;
      if (inertia.y > 0) e += b.x * b.x / inertia.y;
      if (inertia.z > 0) e += b.y * b.y / inertia.z;
      if (inertia.w > 0) e += b.z * b.z / inertia.w;
      iw2[c] += e;
    }
  }
  const int width = 2 * NUM_COMPONENTS + 1;
  for (int c = 0; c < NUM_COMPONENTS; c++) {
    const mixed a = blockSum(buffer, mv2[c]);
    if (LOCAL_ID == 0) partials[width * GROUP_ID + c] = a;
    const mixed b = blockSum(buffer, iw2[c]);
    if (LOCAL_ID == 0) partials[width * GROUP_ID + NUM_COMPONENTS + c] = b;
  }
  leaving = blockSum(buffer, leaving);
  if (LOCAL_ID == 0) partials[width * GROUP_ID + 2 * NUM_COMPONENTS] = leaving;
}

/// Velocity scaling: v *= beta[c].x, L *= beta[c].y for the owned molecules of component c; the next
/// step's rebuild foreseen again with the new velocities (leaving[0] = 1, halfSkin 0: not foreseen).
KERNEL void scaleVelocities(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                            GLOBAL const mixed2* RESTRICT beta, GLOBAL mixed4* RESTRICT vel,
                            GLOBAL mixed4* RESTRICT angmom, GLOBAL const mixed4* RESTRICT componentInertia,
                            GLOBAL const mixed4* RESTRICT force, mixed dt, mixed halfSkin,
                            GLOBAL int* RESTRICT leaving) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed2 b = beta[c];
    mixed4 v = vel[s];
    v.x *= b.x; v.y *= b.x; v.z *= b.x;
    vel[s] = v;
    if (halfSkin > 0 && mayLeaveSkin(v, force[s], componentInertia[c].x, dt, halfSkin)) leaving[0] = 1;
    mixed4 L = angmom[s];
    L.x *= b.y; L.y *= b.y; L.z *= b.y;
    angmom[s] = L;
  }
}
