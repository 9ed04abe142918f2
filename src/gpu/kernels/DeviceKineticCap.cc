// ls1's explosion heuristic of the velocity scaling on the device: every owned molecule's translational
// kinetic energy capped at 10 T and its rotational one at 3 f_rot T, the force and torque scaled with them, as
// the host's VelocityScalingThermostat::capKineticEnergies.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// inertia[c] = (m, Ixx, Iyy, Izz), rotationalDof[c]: of component c.
KERNEL void capKineticEnergies(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                               GLOBAL const mixed4* RESTRICT inertia, GLOBAL const int* RESTRICT rotationalDof,
                               GLOBAL mixed4* RESTRICT vel, GLOBAL const mixed4* RESTRICT quat,
                               GLOBAL mixed4* RESTRICT angmom, GLOBAL mixed4* RESTRICT force,
                               GLOBAL mixed4* RESTRICT torque, mixed T) {
  const mixed limit = 10 * T;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed4 I = inertia[c];
    mixed4 v = vel[s];
    const mixed uTrans = (mixed) 0.5 * (I.x * (v.x * v.x + v.y * v.y + v.z * v.z));
    if (uTrans > limit) {
      const mixed f = sqrt(limit / uTrans);
      v.x *= f;
      v.y *= f;
      v.z *= f;
      vel[s] = v;
      mixed4 F = force[s];
      F.x *= f;
      F.y *= f;
      F.z *= f;
      force[s] = F;
    }
    const int dof = rotationalDof[c];
    if (dof > 0) {
      const mixed4 b = toBody(quat[s], angmom[s]);
      mixed e = 0;
      if (I.y > 0) e += b.x * b.x / I.y;
      if (I.z > 0) e += b.y * b.y / I.z;
      if (I.w > 0) e += b.z * b.z / I.w;
      const mixed limitRot = 3 * (mixed) dof * T, uRot = (mixed) 0.5 * e;
      if (uRot > limitRot) {
        const mixed f = sqrt(limitRot / uRot);
        mixed4 L = angmom[s];
        L.x *= f;
        L.y *= f;
        L.z *= f;
        angmom[s] = L;
        mixed4 M = torque[s];
        M.x *= f;
        M.y *= f;
        M.z *= f;
        torque[s] = M;
      }
    }
  }
}
