// Orientation quaternions (w, x, y, z), stored in mixed4 as (x, y, z, w) = (w, x, y, z), turned into the
// host's rotation matrices (space -> body frame, row-major), in the common kernel dialect.
// mardyn-kernel: fragment

/// Row-major rotation matrix of q = (w, x, y, z) (space -> body), as the host's Quaternion::matrix().
DEVICE void quaternionMatrix(mixed4 q, mixed* m) {
  const mixed ww = q.x * q.x, xx = q.y * q.y, yy = q.z * q.z, zz = q.w * q.w;
  const mixed wx = q.x * q.y, wy = q.x * q.z, wz = q.x * q.w;
  const mixed xy = q.y * q.z, xz = q.y * q.w, yz = q.z * q.w;
  m[0] = ww + xx - yy - zz; m[1] = 2 * (xy + wz);     m[2] = 2 * (xz - wy);
  m[3] = 2 * (xy - wz);     m[4] = ww - xx + yy - zz; m[5] = 2 * (yz + wx);
  m[6] = 2 * (xz + wy);     m[7] = 2 * (yz - wx);     m[8] = ww - xx - yy + zz;
}

/// L (space frame) in the body frame of q.
DEVICE mixed4 toBody(mixed4 q, mixed4 v) {
  mixed m[9];
  quaternionMatrix(q, m);
  return make_mixed4(m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
                     m[6] * v.x + m[7] * v.y + m[8] * v.z, 0);
}

