// ls1's TemperatureControl on the device: per region and slab the sums of the measurement (each thread its
// own, added in a fixed order), and the scaling of the controlled velocity components and the angular momenta by the factors
// the host computed from them, region after region as the host's TemperatureControl::apply.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// The slab of molecule r (component c) in a region: strictly inside (lower, upper), of its component
/// (info.x: 0 all, else 1-based), slabs of equal height along y (info.y of them); -1 otherwise.
DEVICE int regionSlab(mixed4 r, int c, mixed4 lower, mixed4 upper, int4 info) {
  if (info.x != 0 && c + 1 != info.x) return -1;
  if (r.x <= lower.x || r.x >= upper.x || r.y <= lower.y || r.y >= upper.y || r.z <= lower.z || r.z >= upper.z)
    return -1;
  const mixed width = (upper.y - lower.y) / info.y;
  const mixed s = floor((r.y - lower.y) / width);
  return s >= 0 && s < info.y ? (int) s : -1;
}

/// Per measured slab k (info.w + slab): sums at 4 k: sum m v_dirs^2, sum I w^2, N, rotational DOF;
/// info.z: the controlled directions (bit d), inertia[c] = (m, Ixx, Iyy, Izz).
KERNEL void regionSums(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                       GLOBAL const mixed4* RESTRICT inertia, GLOBAL const int* RESTRICT rotationalDof,
                       GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                       GLOBAL const mixed4* RESTRICT quat, GLOBAL const mixed4* RESTRICT angmom, GLOBAL mixed* RESTRICT sums,
                       int width, int numRegions, GLOBAL const mixed4* RESTRICT lower, GLOBAL const mixed4* RESTRICT upper,
                       GLOBAL const int4* RESTRICT info, mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed4 v = vel[s];
    const mixed4 r = hostPosition(pos[s], v, boxMin, box);
    for (int i = 0; i < numRegions; i++) {
      const int4 in = info[i];
      const int slab = regionSlab(r, c, lower[i], upper[i], in);
      if (slab < 0) continue;
      const mixed4 I = inertia[c];
      mixed mv2 = 0;
      if (in.z & 1) mv2 += v.x * v.x;
      if (in.z & 2) mv2 += v.y * v.y;
      if (in.z & 4) mv2 += v.z * v.z;
      const mixed4 b = toBody(quat[s], angmom[s]);
      mixed e = 0;
      if (I.y > 0) e += b.x * b.x / I.y;
      if (I.z > 0) e += b.y * b.y / I.z;
      if (I.w > 0) e += b.z * b.z / I.w;
      const int at = 4 * (in.w + slab);
      addToThreadSum(sums, width, at, I.x * mv2);
      addToThreadSum(sums, width, at + 1, e);
      addToThreadSum(sums, width, at + 2, 1);
      addToThreadSum(sums, width, at + 3, rotationalDof[c]);
    }
  }
}

/// factors[info.w + slab] = (scale of the controlled velocity components, scale of L).
KERNEL void regionScale(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                        GLOBAL const mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel, GLOBAL mixed4* RESTRICT angmom,
                        int numRegions, GLOBAL const mixed4* RESTRICT lower, GLOBAL const mixed4* RESTRICT upper,
                        GLOBAL const int4* RESTRICT info, GLOBAL const mixed2* RESTRICT factors, mixed4 boxMin,
                        mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    mixed4 v = vel[s];
    const mixed4 r = hostPosition(pos[s], v, boxMin, box);
    for (int i = 0; i < numRegions; i++) {
      const int4 in = info[i];
      const int slab = regionSlab(r, c, lower[i], upper[i], in);
      if (slab < 0) continue;
      const mixed2 f = factors[in.w + slab];
      if (in.z & 1) v.x *= f.x;
      if (in.z & 2) v.y *= f.x;
      if (in.z & 4) v.z *= f.x;
      mixed4 L = angmom[s];
      L.x *= f.y;
      L.y *= f.y;
      L.z *= f.y;
      angmom[s] = L;
    }
    vel[s] = v;
  }
}
