// ls1's Mirror types 1 and 2 on the device: beyond the plane (y >= coord for a right mirror, y < coord for
// a left one), v_y of molecules moving outwards is reversed (type 1), or a spring force pulls them back (2).
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

KERNEL void mirrorMolecules(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                            GLOBAL const mixed4* RESTRICT pos, GLOBAL mixed4* RESTRICT vel, GLOBAL mixed4* RESTRICT force,
                            int mirrorType, int right, mixed coord, mixed forceConstant, int component, mixed4 boxMin,
                            mixed4 box) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    if (component != 0 && type[s] + 1 != component) continue;
    mixed4 v = vel[s];
    const mixed y = hostPosition(pos[s], v, boxMin, box).y;
    if (right ? y < coord : y >= coord) continue;
    if (mirrorType == 1) {
      if ((right && v.y > 0) || (!right && v.y < 0)) v.y = -v.y;
      vel[s] = v;
    } else {
      mixed4 f = force[s];
      f.y = f.y + forceConstant * (coord - y);
      force[s] = f;
    }
  }
}
