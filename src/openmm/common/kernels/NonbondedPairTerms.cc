// The pair terms of NonbondedForce on the common-compute platforms, in the common kernel dialect: device
// functions that the force's interaction code (ComputeNonbondedInteraction) calls inside the nonbonded utility's
// pair loop. Each returns the pair's energy (0 unless withEnergy, a constant at every call, so that the
// force-only kernel compiles without the energy's arithmetic) and adds dE/dr to *dEdR; r2 and invR are the
// squared distance and its inverse root (r the distance). Charges are scaled by sqrt(ONE_4PI_EPS0), so qq is the
// Coulomb prefactor itself.
// mardyn-kernel: defines PADDED_ATOMS=64

/// Coulomb without cutoff: qq / r.
DEVICE real coulombPair(const int withEnergy, real invR, real qq, real* dEdR) {
  *dEdR -= qq * invR * invR;
  return withEnergy ? qq * invR : (real) 0;
}

/// Coulomb with reaction field: qq (1/r + krf r^2 - crf).
DEVICE real coulombReactionFieldPair(const int withEnergy, real r2, real invR, real qq, real krf, real crf,
                                     real* dEdR) {
  *dEdR += qq * (-invR * invR + (real) 2 * krf * r2 * invR);
  return withEnergy ? qq * (invR + krf * r2 - crf) : (real) 0;
}

/// Ewald's direct space: qq erfc(alpha r) / r. In single precision erfc is Abramowitz and Stegun's 7.1.26
/// (absolute error below 1.5e-7) on the exponential the derivative needs anyway, with the hardware's e^x and 1/x
/// (their errors, a few ulp, lie below the approximation's).
DEVICE real coulombEwaldPair(const int withEnergy, real r, real invR, real qq, real alpha, real* dEdR) {
  const real ar = alpha * r;
#if defined(MM_DOUBLE_PRECISION)
  const real expTerm = exp(-ar * ar);
  const real erfcTerm = erfc(ar);
#else
  const real expTerm = FAST_EXP(-ar * ar);
  const real t = FAST_RECIP((real) 1 + (real) 0.3275911 * ar);
  const real erfcTerm =
      ((((((real) 1.061405429 * t + (real) -1.453152027) * t + (real) 1.421413741) * t + (real) -0.284496736) * t +
        (real) 0.254829592) *
       t) *
      expTerm;
#endif
  *dEdR -= qq * invR * (erfcTerm * invR + alpha * (real) 1.1283791670955126 * expTerm);
  return withEnergy ? qq * erfcTerm * invR : (real) 0;
}

/// Lennard-Jones 4 eps ((sigma/r)^12 - (sigma/r)^6), eps4 = 4 eps.
DEVICE real lennardJonesPair(const int withEnergy, real invR, real sigma, real eps4, real* dEdR) {
  const real sr = sigma * invR;
  const real s2 = sr * sr;
  const real sr6 = s2 * s2 * s2;
  const real e6 = eps4 * sr6;
  *dEdR += e6 * ((real) 6 - (real) 12 * sr6) * invR;
  return withEnergy ? e6 * (sr6 - (real) 1) : (real) 0;
}

/// Lennard-Jones switched to zero between switchDistance and switchDistance + switchWidth (OpenMM's quintic).
DEVICE real lennardJonesSwitchedPair(const int withEnergy, real r2, real invR, real sigma, real eps4,
                                     real switchDistance, real switchWidth, real* dEdR) {
  const real s2 = sigma * sigma * invR * invR;
  const real sr6 = s2 * s2 * s2;
  real dlj = eps4 * ((real) -12 * sr6 * sr6 + (real) 6 * sr6) * invR;
  real lj = eps4 * (sr6 * sr6 - sr6);
  const real r = r2 * invR;
  if (r > switchDistance) {
    const real t = (r - switchDistance) / switchWidth;
    const real s = 1 + t * t * t * ((real) -10 + t * ((real) 15 - (real) 6 * t));
    const real dsdr = t * t * ((real) -30 + t * ((real) 60 - (real) 30 * t)) / switchWidth;
    dlj = dlj * s + lj * dsdr;
    lj *= s;
  }
  *dEdR += dlj;
  return lj;
}

/// (1 - g(beta r)) / r^6 with g(x) = exp(-x^2)(1 + x^2 + x^4/2) (LJPME's grid share of the dispersion r^-6), and
/// its r-derivative in *derivative. Below x^2 = 1/2 by its series (no cancellation).
DEVICE real dispersionGridShare(real beta, real r2, real invR, real* derivative) {
  const real x2 = beta * beta * r2;
  const real invR2 = invR * invR;
  const real invR6 = invR2 * invR2 * invR2;
  if (x2 < (real) 0.5) {
    // 1 - g = sum_k (-1)^k y^(k+3) / (2 k! (k+3)), y = x^2.
    const real b2 = beta * beta, b6 = b2 * b2 * b2;
    real value = 0, slope = 0, term = 1;
#if defined(MM_DOUBLE_PRECISION)
    const int terms = 14;
#else
    const int terms = 8;
#endif
    for (int k = 0; k < terms; k++) {
      value += term / (real) (2 * (k + 3));
      slope += (real) k * term / (real) (k + 3);
      term *= -x2 / (real) (k + 1);
    }
    *derivative = b6 * slope * invR;
    return b6 * value;
  }
  const real e = exp(-x2);
  *derivative = (real) -6 * ((real) 1 - e * ((real) 1 + x2 + (real) 0.5 * x2 * x2 + x2 * x2 * x2 / (real) 6)) *
                invR6 * invR;
  return ((real) 1 - e * ((real) 1 + x2 + (real) 0.5 * x2 * x2)) * invR6;
}

/// LJPME within the cutoff: Lorentz-Berthelot LJ plus the dispersion the grid computes, c6 (1 - g(beta r))/r^6,
/// backed out; both shifted by their values at the cutoff (ljShift = (sigma/rc)^12 - (sigma/rc)^6 is per pair, so
/// it is computed here from invCutoff; gridShift the grid share at the cutoff).
DEVICE real ljpmePair(const int withEnergy, real r2, real invR, real sigma, real eps4, real c6, real beta,
                      real invCutoff, real gridShift, real* dEdR) {
  const real s2 = sigma * sigma * invR * invR;
  const real sr6 = s2 * s2 * s2;
  const real sc2 = sigma * sigma * invCutoff * invCutoff;
  const real sc6 = sc2 * sc2 * sc2;
  real gridDerivative;
  const real grid = dispersionGridShare(beta, r2, invR, &gridDerivative);
  *dEdR += eps4 * ((real) -12 * sr6 * sr6 + (real) 6 * sr6) * invR + c6 * gridDerivative;
  return withEnergy ? eps4 * (sr6 * sr6 - sr6 - sc6 * sc6 + sc6) + c6 * (grid - gridShift) : (real) 0;
}
