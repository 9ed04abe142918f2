// Site-pair formula shared by the CPU and the device: the optional smooth switch of whole molecule-pair
// interactions near the centre-of-mass cutoff (a C2-continuous polynomial from full to zero).
// mardyn-kernel: fragment
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCommon.cc

/// The switch S at a centre-of-mass distance R and its derivative divided by R.
typedef struct CutoffSwitch {
  preal s;          ///< S(R)
  preal dsdrOverR;  ///< dS/dR / R
} CutoffSwitch;

/// S(R) = 1 - x^3 (10 - 15 x + 6 x^2), x = (R - rs) / w clamped to [0, 1], at R^2 = r2: S = 1 below
/// rs = rc - w, 0 at rc, with continuous first and second derivatives. A molecule pair with site
/// terms u_k, f_k, torques t_k then has energy S sum u_k, site forces S f_k, torques S t_k, and an
/// additional centre-of-mass force -sum u_k dS/dR R_vec/R on molecule i (opposite on j) with
/// virial contribution -sum u_k R dS/dR. invWidth = 0 disables the switch (S = 1, dS/dR = 0),
/// which is ls1-mardyn's plain truncation.
MARDYN_POTFORCE_FN CutoffSwitch cutoffSwitchAt(preal r2, preal rs, preal invWidth) {
  CutoffSwitch sw;
  const preal r = MARDYN_POTFORCE_SQRT(r2);
  preal x = (r - rs) * invWidth;
  x = x < 0 ? 0 : (x > 1 ? 1 : x);
  const preal x2 = x * x;
  sw.s = 1 - x2 * x * (10 - 15 * x + 6 * x2);
  const preal omx = 1 - x;
  sw.dsdrOverR = -30 * x2 * omx * omx * invWidth / r;
  return sw;
}
