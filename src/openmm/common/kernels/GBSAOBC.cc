// GBSAOBCForce on the common-compute platforms (ComputeCalcGBSAOBCForceKernel), in the common kernel dialect, as the
// Reference platform computes it: with rho_i = radius_i - 0.009 nm and scaled radii s_j = rho_j scale_j, the OBC II
// Born radii 1/R_i = 1/rho_i - tanh(I - 0.8 I^2 + 4.85 I^3)/radius_i of the descreening sums I_i = 1/2 rho_i sum_j
// H(r_ij, rho_i, s_j); the pair energies f q_i q_j / sqrt(r^2 + R_i R_j exp(-r^2 / 4 R_i R_j)) (shifted by the value
// at the cutoff with one), the self energies, the ACE surface term 4 pi gamma (radius + 0.14)^2 (radius / R)^6, and
// the forces through the Born radii. Three passes over all pairs, one thread per slot i computing everything of
// atom i, so that no force is shared between threads. params[atom] = (charge, radius, scale).
// mardyn-kernel: requires openmm/common/kernels/Atoms.cc
// OBC_PERIODIC: the force takes minimum images (CutoffPeriodic); without it, in a periodic System, the positions are
// the System's (posq + cellOffset * box: posq is wrapped molecule by molecule).
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 NUM_ATOMS=60 PERIODIC=1 OBC_PERIODIC=1 USE_CUTOFF=1 CUTOFF=1.0

#define OBC_OFFSET ((real) 0.009)
#define OBC_ALPHA ((real) 1.0)
#define OBC_BETA ((real) 0.8)
#define OBC_GAMMA ((real) 4.85)
#define OBC_PROBE ((real) 0.14)

/// The position of slot s as the force sees it.
DEVICE mixed4 obcPosition(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset, mixed4 box, int s) {
  mixed4 p = posq[s];
#if PERIODIC && !OBC_PERIODIC
  const int4 o = cellOffset[s];
  p.x += o.x * box.x;
  p.y += o.y * box.y;
  p.z += o.z * box.z;
#endif
  return p;
}

/// x_j - x_i, by the minimum image with OBC_PERIODIC.
DEVICE real4 obcDelta(mixed4 pi, mixed4 pj, mixed4 box, mixed4 invBox) {
  mixed4 d = make_mixed4(pj.x - pi.x, pj.y - pi.y, pj.z - pi.z, 0);
#if OBC_PERIODIC
  d.x -= box.x * floor(d.x * invBox.x + (mixed) 0.5);
  d.y -= box.y * floor(d.y * invBox.y + (mixed) 0.5);
  d.z -= box.z * floor(d.z * invBox.z + (mixed) 0.5);
#endif
  return make_real4((real) d.x, (real) d.y, (real) d.z, 0);
}

/// The descreening integral H of a sphere of radius s at distance r from a sphere of radius rho, and dH/dr.
DEVICE real obcDescreening(real r, real rho, real s, real* dHdr) {
  const real u = 1 / (r + s), du = -u * u;
  real l, dl;
  if (rho > fabs(r - s)) {
    l = 1 / rho;
    dl = 0;
  } else {
    l = 1 / fabs(r - s);
    dl = (r > s ? (real) -1 : (real) 1) * l * l;
  }
  const real logRatio = log(u / l), s2 = s * s;
  real h = l - u + (real) 0.25 * r * (u * u - l * l) + (real) 0.5 / r * logRatio + (real) 0.25 * s2 / r * (l * l - u * u);
  real d = dl - du + (real) 0.25 * (u * u - l * l) + (real) 0.5 * r * (u * du - l * dl) - (real) 0.5 / (r * r) * logRatio +
           (real) 0.5 / r * (du / u - dl / l) - (real) 0.25 * s2 / (r * r) * (l * l - u * u) +
           (real) 0.5 * s2 / r * (l * dl - u * du);
  if (rho < s - r) {  // the sphere i lies inside the descreening sphere
    h += 2 * (1 / rho - l);
    d -= 2 * dl;
  }
  *dHdr = d;
  return h;
}

/// Whether atom j (scaled radius s) at distance r descreens atom i (rho_i).
DEVICE int obcDescreens(real r, real rhoI, real s) {
#if USE_CUTOFF
  if (!(r < (real) CUTOFF)) return 0;
#endif
  return r > 0 && rhoI < r + s;
}

/// The Born radius of each slot and dR/dI.
KERNEL void obcBornRadii(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset, GLOBAL const int* RESTRICT atomIndex,
                         GLOBAL const real4* RESTRICT params, mixed4 box, mixed4 invBox, GLOBAL real* RESTRICT bornRadius,
                         GLOBAL real* RESTRICT dRdI) {
  for (int i = GLOBAL_ID; i < NUM_ATOMS; i += GLOBAL_SIZE) {
    const real4 pi = params[atomIndex[i]];
    const real rho = pi.y - OBC_OFFSET;
    const mixed4 xi = obcPosition(posq, cellOffset, box, i);
    real sum = 0, unused;
    for (int j = 0; j < NUM_ATOMS; j++) {
      if (j == i) continue;
      const real4 pj = params[atomIndex[j]];
      const real4 d = obcDelta(xi, obcPosition(posq, cellOffset, box, j), box, invBox);
      const real r = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
      const real s = (pj.y - OBC_OFFSET) * pj.z;
      if (obcDescreens(r, rho, s)) sum += obcDescreening(r, rho, s, &unused);
    }
    const real integral = (real) 0.5 * rho * sum;
    const real t = tanh(OBC_ALPHA * integral - OBC_BETA * integral * integral + OBC_GAMMA * integral * integral * integral);
    const real radius = 1 / (1 / rho - t / pi.y);
    bornRadius[i] = radius;
    dRdI[i] = radius * radius * (1 - t * t) * (OBC_ALPHA - 2 * OBC_BETA * integral + 3 * OBC_GAMMA * integral * integral) / pi.y;
  }
}

/// The generalized Born and surface energies, the pair forces at fixed Born radii, and dE/dR of each slot.
KERNEL void obcPairForces(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset, GLOBAL const int* RESTRICT atomIndex,
                          GLOBAL const real4* RESTRICT params, mixed4 box, mixed4 invBox, real prefactor,
                          real surfaceFactor, GLOBAL const real* RESTRICT bornRadius, GLOBAL real* RESTRICT dEdR,
                          GLOBAL mm_long* force, GLOBAL mm_long* energy) {
  for (int i = GLOBAL_ID; i < NUM_ATOMS; i += GLOBAL_SIZE) {
    const real4 pi = params[atomIndex[i]];
    const real ri = bornRadius[i], qi = prefactor * pi.x;
    const mixed4 xi = obcPosition(posq, cellOffset, box, i);
    mixed e = 0;
    real dedr = 0, fx = 0, fy = 0, fz = 0;
    if (surfaceFactor != 0 && ri > 0) {
      const real rr = pi.y + OBC_PROBE, ratio = pi.y / ri;
      const real ratio3 = ratio * ratio * ratio;
      const real term = surfaceFactor * rr * rr * ratio3 * ratio3;
      e += term;
      dedr -= 6 * term / ri;
    }
    e += (real) 0.5 * qi * pi.x / ri;
    dedr -= (real) 0.5 * qi * pi.x / (ri * ri);
    for (int j = 0; j < NUM_ATOMS; j++) {
      if (j == i) continue;
      const real4 pj = params[atomIndex[j]];
      const real4 d = obcDelta(xi, obcPosition(posq, cellOffset, box, j), box, invBox);
      const real r2 = d.x * d.x + d.y * d.y + d.z * d.z;
#if USE_CUTOFF
      if (r2 > (real) (CUTOFF * CUTOFF)) continue;
#endif
      const real rj = bornRadius[j];
      const real a2 = ri * rj, dTerm = r2 / (4 * a2), ex = exp(-dTerm);
      const real den2 = r2 + a2 * ex, den = sqrt(den2);
      const real g = qi * pj.x / den;
      e += (real) 0.5 * g;
#if USE_CUTOFF
      e -= (real) 0.5 * qi * pj.x / (real) CUTOFF;
#endif
      const real dGdr2 = (real) -0.5 * g / den2 * (1 - (real) 0.25 * ex);
      const real dGda2 = (real) -0.5 * g / den2 * ex * (1 + dTerm);
      dedr += dGda2 * rj;
      fx += 2 * dGdr2 * d.x;
      fy += 2 * dGdr2 * d.y;
      fz += 2 * dGdr2 * d.z;
    }
    dEdR[i] = dedr;
    addForce(force, i, fx, fy, fz);
    accumulate(energy, e);
  }
}

/// The forces through the Born radii: on slot i, sum_j (chain_i dH_ij/dr + chain_j dH_ji/dr) (x_j - x_i) / r with
/// chain_k = dE/dR_k dR_k/dI_k rho_k / 2.
KERNEL void obcBornForces(GLOBAL const mixed4* RESTRICT posq, GLOBAL const int4* RESTRICT cellOffset, GLOBAL const int* RESTRICT atomIndex,
                          GLOBAL const real4* RESTRICT params, mixed4 box, mixed4 invBox,
                          GLOBAL const real* RESTRICT dRdI, GLOBAL const real* RESTRICT dEdR, GLOBAL mm_long* force) {
  for (int i = GLOBAL_ID; i < NUM_ATOMS; i += GLOBAL_SIZE) {
    const real4 pi = params[atomIndex[i]];
    const real rhoI = pi.y - OBC_OFFSET, sI = rhoI * pi.z;
    const real chainI = dEdR[i] * dRdI[i] * (real) 0.5 * rhoI;
    const mixed4 xi = obcPosition(posq, cellOffset, box, i);
    real fx = 0, fy = 0, fz = 0;
    for (int j = 0; j < NUM_ATOMS; j++) {
      if (j == i) continue;
      const real4 pj = params[atomIndex[j]];
      const real rhoJ = pj.y - OBC_OFFSET, sJ = rhoJ * pj.z;
      const real4 d = obcDelta(xi, obcPosition(posq, cellOffset, box, j), box, invBox);
      const real r = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
      real scale = 0, dHdr;
      if (obcDescreens(r, rhoI, sJ)) {
        obcDescreening(r, rhoI, sJ, &dHdr);
        scale += chainI * dHdr;
      }
      if (obcDescreens(r, rhoJ, sI)) {
        obcDescreening(r, rhoJ, sI, &dHdr);
        scale += dEdR[j] * dRdI[j] * (real) 0.5 * rhoJ * dHdr;
      }
      if (r > 0) {
        fx += scale * d.x / r;
        fy += scale * d.y / r;
        fz += scale * d.z / r;
      }
    }
    addForce(force, i, fx, fy, fz);
  }
}
