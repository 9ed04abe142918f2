// ls1's COMaligner on the device: the mass-weighted sums of the positions (per work-group), and
// the shift of every owned molecule by the move the host computed from them.
// mardyn-kernel: requires gpu/kernels/DevicePluginCommon.cc
// mardyn-kernel: defines REDUCE_BLOCK=128 REDUCE_GROUPS=64

/// Group sums (sum m x, sum m y, sum m z, sum m); inertia[c].x: the mass of component c. Launched as blocks of
/// REDUCE_BLOCK threads.
KERNEL void centreOfMassSums(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL const int* RESTRICT type,
                             GLOBAL const mixed4* RESTRICT inertia, GLOBAL const mixed4* RESTRICT pos,
                             GLOBAL const mixed4* RESTRICT vel, GLOBAL mixed* RESTRICT sums, mixed4 boxMin,
                             mixed4 box) {
  LOCAL mixed buffer[REDUCE_BLOCK];
  mixed x = 0, y = 0, z = 0, mass = 0;
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    const mixed m = inertia[type[s]].x;
    const mixed4 r = hostPosition(pos[s], vel[s], boxMin, box);
    x += m * r.x;
    y += m * r.y;
    z += m * r.z;
    mass += m;
  }
  blockToGroupSum(buffer, sums, 4, 0, x);
  blockToGroupSum(buffer, sums, 4, 1, y);
  blockToGroupSum(buffer, sums, 4, 2, z);
  blockToGroupSum(buffer, sums, 4, 3, mass);
}

KERNEL void shiftOwned(int numOwned, GLOBAL const int* RESTRICT ownedSlots, GLOBAL mixed4* RESTRICT pos, mixed4 move) {
  for (int k = GLOBAL_ID; k < numOwned; k += GLOBAL_SIZE) {
    const int s = ownedSlots[k];
    mixed4 r = pos[s];
    r.x = r.x + move.x;
    r.y = r.y + move.y;
    r.z = r.z + move.z;
    pos[s] = r;
  }
}
