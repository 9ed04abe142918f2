// ls1's MaxCheck on the device, as the host's MaxCheck::apply: the molecules in (or outside) the range that exceed
// a maximum of their component removed (method 3), the forces, velocities, torques and angular momenta of the
// others limited to the maxima (methods 1 and 2).
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// |x|^2 rounded after each operation as the host rounds it (no fused multiply-add): a vector capped at the
/// last step lies on the limit, and only the same rounding decides it the same way.
DEVICE mixed hostLength2(mixed4 x) {
  volatile mixed xx = x.x * x.x, yy = x.y * x.y, zz = x.z * x.z;
  volatile mixed xy = xx + yy;
  return xy + zz;
}

/// Whether a vector of squared length n2 exceeds max (max < 0: no limit).
DEVICE int overLimit(mixed n2, mixed max) {
  volatile mixed max2 = max * max;
  return max >= 0 && n2 > max2;
}

/// x scaled back to length `max` if longer (max < 0: not limited); sets *changed then.
DEVICE mixed4 limitLength(mixed4 x, mixed max, int* changed) {
  const mixed n2 = hostLength2(x);
  if (!overLimit(n2, max)) return x;
  *changed = 1;
  const mixed f = max / sqrt(n2);
  return make_mixed4(x.x * f, x.y * f, x.z * f, x.w);
}

/// Whether molecule r lies where MaxCheck acts: inside [lower, upper) (inclusive) or outside it.
DEVICE int maxCheckActsOn(mixed4 r, mixed4 lower, mixed4 upper, int inclusive) {
  const int inside = r.x >= lower.x && r.x < upper.x && r.y >= lower.y && r.y < upper.y && r.z >= lower.z &&
                     r.z < upper.z;
  return inside == inclusive;
}

/// Method 3: the molecules over any of their component's maxima are marked removed (haloSource -2) and
/// counted in removed[0].
KERNEL void maxCheckRemove(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                           GLOBAL const mixed4* RESTRICT pos, GLOBAL const mixed4* RESTRICT vel,
                           GLOBAL const mixed4* RESTRICT angmom, GLOBAL const mixed4* RESTRICT force,
                           GLOBAL const mixed4* RESTRICT torque, GLOBAL const mixed4* RESTRICT limits, mixed4 lower,
                           mixed4 upper, int inclusive, GLOBAL int* RESTRICT haloSource, GLOBAL int* RESTRICT removed,
                           mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    if ((int) limits[2 * c + 1].x != 3) continue;
    if (!maxCheckActsOn(hostPosition(pos[s], vel[s], boxMin, box), lower, upper, inclusive)) continue;
    const mixed4 lim = limits[2 * c];
    if (overLimit(hostLength2(force[s]), lim.x) || overLimit(hostLength2(vel[s]), lim.y) ||
        overLimit(hostLength2(torque[s]), lim.z) || overLimit(hostLength2(angmom[s]), lim.w)) {
      haloSource[s] = -2;
      ATOMIC_ADD(&removed[0], 1);
    }
  }
}

/// limits[2 c] = (Fmax, vmax, Mmax, Lmax) of component c, limits[2 c + 1].x its method (0: no target).
KERNEL void maxCheckLimit(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                          GLOBAL const mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel, GLOBAL mixed4* RESTRICT angmom,
                          GLOBAL mixed4* RESTRICT force, GLOBAL mixed4* RESTRICT torque,
                          GLOBAL const mixed4* RESTRICT limits, mixed4 lower, mixed4 upper, int inclusive,
                          mixed4 boxMin, mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const int c = type[s];
    const int method = (int) limits[2 * c + 1].x;
    if (method != 1 && method != 2) continue;
    if (!maxCheckActsOn(hostPosition(pos[s], vel[s], boxMin, box), lower, upper, inclusive)) continue;
    const mixed4 lim = limits[2 * c];
    int fChanged = 0, mChanged = 0, unused = 0;
    force[s] = limitLength(force[s], lim.x, &fChanged);
    torque[s] = limitLength(torque[s], lim.z, &mChanged);
    if (method == 1 || fChanged) vel[s] = limitLength(vel[s], lim.y, &unused);  // method 2: v only with F
    if (method == 1 || mChanged) angmom[s] = limitLength(angmom[s], lim.w, &unused);  // L only with M
  }
}
