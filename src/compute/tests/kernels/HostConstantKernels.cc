// mardyn-kernel: defines TABLE_SIZE=4
// Host-set program constants: out[i] = scale * table[i % TABLE_SIZE] + offset.x.

HOST_CONSTANT(float, scale)
HOST_CONSTANT(float4, offset)
HOST_CONSTANT_ARRAY(int, table, TABLE_SIZE)

KERNEL void applyConstants(GLOBAL float* RESTRICT out, int n HOST_CONSTANTS) {
  const int i = (int)GLOBAL_ID;
  if (i < n) out[i] = scale * (float)table[i % TABLE_SIZE] + offset.x;
}

KERNEL void withoutConstants(GLOBAL float* RESTRICT out) {
  if (GLOBAL_ID == 0) out[0] = 7.0f;
}
