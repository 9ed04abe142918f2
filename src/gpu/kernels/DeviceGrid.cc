// Positions on the device's cell grid, written once: the cell binning and the conditions check call the
// same functions on the same stored coordinates, so they always agree on which cell a molecule is in.
// mardyn-kernel: fragment

/// Coordinate of x on the grid axis that starts at `origin` with cells `length` wide, clamped to
/// [lo, hi]; a NaN goes to lo (the conditions check reports it).
DEVICE int gridCoordinate(mixed x, mixed origin, mixed length, int lo, int hi) {
  const mixed u = (x - origin) / length;
  if (!(u >= (mixed) lo)) return lo;
  if (!(u < (mixed) (hi + 1))) return hi;
  return (int) floor(u);
}

/// Index x + nx (y + ny z) of grid coordinates.
DEVICE int gridCellIndex(int x, int y, int z, int4 dims) { return x + dims.x * (y + dims.y * z); }

/// x wrapped into [0, length) as the host's periodic wrap does it.
DEVICE mixed wrapPeriodic(mixed x, mixed length) {
  if (x >= 0 && x < length) return x;
  mixed y = x - length * floor(x / length);
  if (y >= length) y -= length;
  if (y < 0) y = 0;
  return y;
}

/// The shift of a periodic image code: code = (sx + 1) + 3 (sy + 1) + 9 (sz + 1) with s in {-1, 0, 1}
/// box lengths; 13 is the molecule itself.
#define IMAGE_SELF 13
DEVICE mixed4 imageShift(int code, mixed4 box) {
  return make_mixed4((code % 3 - 1) * box.x, (code / 3 % 3 - 1) * box.y, (code / 9 - 1) * box.z, 0);
}
