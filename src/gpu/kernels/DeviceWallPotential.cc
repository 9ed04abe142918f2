// ls1's WallPotential on the device: the integrated Lennard-Jones 9-3 (or 10-4-3) force of the wall at
// y = yoff on every LJ centre within ycut of its surface, with its torque, as the host's WallPotential.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines SITES_PER_MOLECULE=1 REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// The force along y on a centre at signed distance rel from the wall surface (the host's
/// WallPotential::force); wall = (density, ycut, delta, potential 93 or 104).
DEVICE mixed wallForce(mixed eps, mixed sigma, mixed rel, mixed4 wall) {
  const mixed y = fabs(rel);
  if (!(y < wall.y) || y == 0) return 0;
  const mixed pi = (mixed) 3.14159265358979323846;
  const mixed s = sigma, s3 = s * s * s, rho = wall.x, e = eps;
  mixed f;
  if (wall.w == 93) {
    f = 4 * pi * rho * e * s3 * (s3 * s3 * s3 / 5 / pow(y, (mixed) 9) - s3 / 2 / (y * y * y)) / y;
  } else {
    const mixed s2 = s * s, s4 = s2 * s2, s10 = s4 * s4 * s2, d = wall.z;
    const mixed bracket = y + (mixed) 0.61 * d;
    const mixed term3 = s4 / (3 * d * bracket * bracket * bracket);
    f = 2 * pi * e * rho * s2 * d * (4 * s10 / pow(y, (mixed) 11) - 4 * s4 / pow(y, (mixed) 5) - term3 * 3 / bracket);
  }
  return rel < 0 ? -f : f;
}

/// mixing[c] = (epsilon, sigma, considered, 0) of the wall with component c's first LJ centre;
/// place = (yoff, width / 2).
KERNEL void wallForces(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                       GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                       GLOBAL const mixed4* RESTRICT quat, GLOBAL mixed4* RESTRICT force, GLOBAL mixed4* RESTRICT torque,
                       GLOBAL const real4* RESTRICT componentSites, GLOBAL const int4* RESTRICT componentCounts,
                       GLOBAL const mixed4* RESTRICT mixing, mixed4 wall, mixed4 place, mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const mixed4 mix = mixing[c];
    if (mix.z == 0) continue;
    const mixed4 r = hostPosition(pos[s], vel[s], boxMin, box);
    const mixed4 q = quat[s];
    mixed4 F = force[s], M = torque[s];
    const int n = componentCounts[c].x;
    for (int i = 0; i < n; i++) {
      const mixed4 arm = siteArm(q, componentSites[c * SITES_PER_MOLECULE + i]);
      const mixed y = r.y + arm.y;
      const mixed rel = y > place.x ? y - (place.x + place.y) : y - (place.x - place.y);
      const mixed fy = wallForce(mix.x, mix.y, rel, wall);
      if (fy == 0) continue;
      F.x = F.x + 0;
      F.y = F.y + fy;
      F.z = F.z + 0;
      M.x = M.x + (arm.y * 0 - arm.z * fy);
      M.y = M.y + (arm.z * 0 - arm.x * 0);
      M.z = M.z + (arm.x * fy - arm.y * 0);
    }
    force[s] = F;
    torque[s] = M;
  }
}
