// The tabulated functions of the Custom forces on the common-compute platforms, in the common kernel dialect, as
// the host's TabulatedFunctionEvaluator computes them: Continuous functions are tensor products of cubic Hermite
// patches whose knot values and mixed first derivatives come from the host (tabulatedFunctionTable: per grid point
// 2^D entries, entry `mask` differentiated along the axes of its bits), zero outside the grid unless periodic;
// Discrete functions return the entry at the rounded arguments (zero outside the table, where the host throws).
// Arguments beyond the function's dimension are ignored; order: the derivative order along each axis.
// mardyn-kernel: defines PADDED_ATOMS=64

/// The weights of (f0, f0', f1, f1') of a cell of width h at the fraction t, or of their derivative of `order`.
DEVICE void tabulatedHermiteBasis(real t, real h, int order, real* basis) {
  const real t2 = t * t, t3 = t2 * t;
  if (order == 0) {
    basis[0] = 2 * t3 - 3 * t2 + 1;
    basis[1] = t3 - 2 * t2 + t;
    basis[2] = -2 * t3 + 3 * t2;
    basis[3] = t3 - t2;
  } else if (order == 1) {
    basis[0] = 6 * t2 - 6 * t;
    basis[1] = 3 * t2 - 4 * t + 1;
    basis[2] = -6 * t2 + 6 * t;
    basis[3] = 3 * t2 - 2 * t;
  } else if (order == 2) {
    basis[0] = 12 * t - 6;
    basis[1] = 6 * t - 4;
    basis[2] = -12 * t + 6;
    basis[3] = 6 * t - 2;
  } else if (order == 3) {
    basis[0] = 12;
    basis[1] = 6;
    basis[2] = -12;
    basis[3] = 6;
  } else {
    basis[0] = basis[1] = basis[2] = basis[3] = 0;
  }
  basis[1] *= h;
  basis[3] *= h;
  real scale = 1;
  for (int k = 0; k < order; k++) scale /= h;
  for (int k = 0; k < 4; k++) basis[k] *= scale;
}

/// A Continuous function of `dims` arguments on a grid of sizes (x, y, z) spanning [lo, hi] per axis.
DEVICE real tabulatedSpline(GLOBAL const real* RESTRICT data, int dims, int4 sizes, real4 lo, real4 hi, int periodic,
                            real x, real y, real z, int ox, int oy, int oz) {
  const real args[3] = {x, y, z};
  const int order[3] = {ox, oy, oz};
  const int size[3] = {sizes.x, sizes.y, sizes.z};
  const real low[3] = {lo.x, lo.y, lo.z}, high[3] = {hi.x, hi.y, hi.z};
  const int corners = 1 << dims;
  real basis[3][4];
  int origin = 0, stride = 1;
  int strides[3];
  for (int a = 0; a < dims; a++) {
    real v = args[a];
    const real period = high[a] - low[a];
    if (periodic)
      v = low[a] + (v - low[a]) - period * floor((v - low[a]) / period);
    else if (!(v >= low[a] && v <= high[a]))
      return 0;
    const real h = period / (real) (size[a] - 1);
    const real s = (v - low[a]) / h;
    const int cell = min(max((int) floor(s), 0), size[a] - 2);
    tabulatedHermiteBasis(s - (real) cell, h, order[a], basis[a]);
    origin += cell * stride;
    strides[a] = stride;
    stride *= size[a];
  }
  real sum = 0;
  for (int corner = 0; corner < corners; corner++) {
    int point = origin;
    for (int a = 0; a < dims; a++) point += ((corner >> a) & 1) * strides[a];
    for (int mask = 0; mask < corners; mask++) {
      real weight = data[point * corners + mask];
      for (int a = 0; a < dims; a++) weight *= basis[a][2 * ((corner >> a) & 1) + ((mask >> a) & 1)];
      sum += weight;
    }
  }
  return sum;
}

/// A Discrete function: the entry at the rounded arguments (any derivative is zero).
DEVICE real tabulatedDiscrete(GLOBAL const real* RESTRICT data, int dims, int4 sizes, real x, real y, real z, int ox,
                              int oy, int oz) {
  if (ox != 0 || oy != 0 || oz != 0) return 0;
  const real args[3] = {x, y, z};
  const int size[3] = {sizes.x, sizes.y, sizes.z};
  int index = 0, stride = 1;
  for (int a = 0; a < dims; a++) {
    const real r = floor(args[a] + (real) 0.5);
    if (!(r >= 0 && r < (real) size[a])) return 0;
    index += (int) r * stride;
    stride *= size[a];
  }
  return data[index];
}
