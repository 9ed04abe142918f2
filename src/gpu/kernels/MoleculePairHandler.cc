// Molecule-pair interaction in the common kernel dialect: the centre-of-mass cutoff test, then
// every site pair of the two molecules through PotForce, with space-frame site offsets.
//
// Needs (from ComponentDescriptor): NUM_COMPONENTS, MAX_LJ, MAX_CHARGES, MAX_DIPOLES,
// MAX_QUADRUPOLES, CUTOFF2, EPS_RF_INV_RC3, USE_CUTOFF_SWITCH (0/1), SWITCH_START, SWITCH_INV_WIDTH,
// ORIENTATION_FREE (1: every site sits at the centre and has no axis, so neither rotations nor torques
// are computed). A molecule's sites are SITES_PER_MOLECULE real4 slots:
// LJ centres, charges, dipoles, dipole axes, quadrupoles, quadrupole axes; position slots carry the
// site parameter in w (charge q, |mu|, |Q|), axis slots are unit vectors.
// mardyn-kernel: requires gpu/kernels/PotForce.cc
// mardyn-kernel: defines NUM_COMPONENTS=2 MAX_LJ=2 MAX_CHARGES=1 MAX_DIPOLES=1 MAX_QUADRUPOLES=1 CUTOFF2=6.25 EPS_RF_INV_RC3=0.01 USE_CUTOFF_SWITCH=1 SWITCH_START=2.0 SWITCH_INV_WIDTH=2.0

#define SLOT_LJ 0
#define SLOT_CHARGE (SLOT_LJ + MAX_LJ)
#define SLOT_DIPOLE (SLOT_CHARGE + MAX_CHARGES)
#define SLOT_DIPOLE_AXIS (SLOT_DIPOLE + MAX_DIPOLES)
#define SLOT_QUADRUPOLE (SLOT_DIPOLE_AXIS + MAX_DIPOLES)
#define SLOT_QUADRUPOLE_AXIS (SLOT_QUADRUPOLE + MAX_QUADRUPOLES)
#define SITES_PER_MOLECULE (SLOT_QUADRUPOLE_AXIS + MAX_QUADRUPOLES)

/// Result of one molecule pair: force on A (B gets the opposite), torques on A and B, energy and
/// virial (r_AB . F_A plus the reaction-field term 3 uRF).
typedef struct {
  preal fx, fy, fz;
  preal tax, tay, taz;
  preal tbx, tby, tbz;
  preal u, virial;
} MoleculePairResult;

/// Shared-memory staging of molecules by the block processors: STAGED_SITE_SLOTS real4 per staged
/// molecule, and site s of the staged molecule at entry j of component `type`. Orientation-free sites
/// are the component's own (body frame = space frame), so nothing is staged for them.
#if ORIENTATION_FREE
#define STAGED_SITE_SLOTS 1
#define STAGE_SITES(staged, j, sites)
#define STAGED_SITE(staged, j, type, s) componentSites[(type) * SITES_PER_MOLECULE + (s)]
#else
#define STAGED_SITE_SLOTS SITES_PER_MOLECULE
#define STAGE_SITES(staged, j, sites) \
  for (int st = 0; st < SITES_PER_MOLECULE; st++) (staged)[(j) * SITES_PER_MOLECULE + st] = (sites)[st];
#define STAGED_SITE(staged, j, type, s) (staged)[(j) * SITES_PER_MOLECULE + (s)]
#endif

/// Rotates the body-frame sites of component `type` into the space frame with the row-major
/// matrix rot (space -> body, ls1-mardyn's convention), i.e. offset = rot^T * body.
DEVICE void rotateSites(const real* rot, int type, GLOBAL const real4* RESTRICT componentSites, real4* sites) {
  for (int s = 0; s < SITES_PER_MOLECULE; s++) {
    const real4 b = componentSites[type * SITES_PER_MOLECULE + s];
    sites[s] = make_real4(rot[0] * b.x + rot[3] * b.y + rot[6] * b.z, rot[1] * b.x + rot[4] * b.y + rot[7] * b.z,
                          rot[2] * b.x + rot[5] * b.y + rot[8] * b.z, b.w);
  }
}

/// Loads molecule i: centre, component and space-frame sites.
DEVICE void loadMolecule(int i, GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                         GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                         mixed4* pos, int* type, real4* sites) {
  *pos = positions[i];
  *type = componentTypes[i];
#if ORIENTATION_FREE
  for (int s = 0; s < SITES_PER_MOLECULE; s++)
    sites[s] = componentSites[*type * SITES_PER_MOLECULE + s];
#else
  real rot[9];
  for (int k = 0; k < 9; k++)
    rot[k] = rotations[9 * i + k];
  rotateSites(rot, *type, componentSites, sites);
#endif
}

/// Adds one site-pair result, acting on site offsets (ax, ay, az) of A and (bx, by, bz) of B.
DEVICE void addSitePair(const SitePairResult* r, real4 sa, real4 sb, MoleculePairResult* m, preal* uRF) {
  m->fx += r->fx; m->fy += r->fy; m->fz += r->fz;
  m->u += r->u + r->uRF;
  *uRF += r->uRF;
#if !ORIENTATION_FREE
  m->tax += sa.y * r->fz - sa.z * r->fy + r->mix;
  m->tay += sa.z * r->fx - sa.x * r->fz + r->miy;
  m->taz += sa.x * r->fy - sa.y * r->fx + r->miz;
  m->tbx -= sb.y * r->fz - sb.z * r->fy - r->mjx;
  m->tby -= sb.z * r->fx - sb.x * r->fz - r->mjy;
  m->tbz -= sb.x * r->fy - sb.y * r->fx - r->mjz;
#endif
}

/// Interaction of molecules A and B whose centres are m = r_A - r_B apart. Returns 0 (and a zero
/// result) when |m| >= cutoff.
DEVICE int interactMolecules(preal mx, preal my, preal mz, int typeA, const real4* sa, int typeB, const real4* sb,
                             GLOBAL const int4* RESTRICT componentCounts, GLOBAL const real4* RESTRICT ljParams,
                             MoleculePairResult* res) {
  res->fx = 0; res->fy = 0; res->fz = 0;
  res->tax = 0; res->tay = 0; res->taz = 0;
  res->tbx = 0; res->tby = 0; res->tbz = 0;
  res->u = 0; res->virial = 0;
  if (mx * mx + my * my + mz * mz >= (preal) CUTOFF2)
    return 0;
  const int4 ca = componentCounts[typeA];
  const int4 cb = componentCounts[typeB];
  preal uRF = 0;
  SitePairResult r;
  for (int i = 0; i < MAX_LJ; i++) {
    if (i >= ca.x) break;
    const real4 pa = sa[SLOT_LJ + i];
    for (int j = 0; j < MAX_LJ; j++) {
      if (j >= cb.x) break;
      const real4 pb = sb[SLOT_LJ + j];
      const real4 p = ljParams[((typeA * NUM_COMPONENTS + typeB) * MAX_LJ + i) * MAX_LJ + j];
      r = pfLennardJones(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, p.x, p.y, p.z);
      addSitePair(&r, pa, pb, res, &uRF);
    }
  }
  for (int i = 0; i < MAX_CHARGES; i++) {
    if (i >= ca.y) break;
    const real4 pa = sa[SLOT_CHARGE + i];
    for (int j = 0; j < MAX_CHARGES; j++) {
      if (j >= cb.y) break;
      const real4 pb = sb[SLOT_CHARGE + j];
      r = pfChargeCharge(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
    for (int j = 0; j < MAX_DIPOLES; j++) {
      if (j >= cb.z) break;
      const real4 pb = sb[SLOT_DIPOLE + j];
      const real4 eb = sb[SLOT_DIPOLE_AXIS + j];
      r = pfChargeDipole(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, eb.x, eb.y, eb.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
    for (int j = 0; j < MAX_QUADRUPOLES; j++) {
      if (j >= cb.w) break;
      const real4 pb = sb[SLOT_QUADRUPOLE + j];
      const real4 eb = sb[SLOT_QUADRUPOLE_AXIS + j];
      r = pfChargeQuadrupole(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, eb.x, eb.y, eb.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
  }
  for (int i = 0; i < MAX_DIPOLES; i++) {
    if (i >= ca.z) break;
    const real4 pa = sa[SLOT_DIPOLE + i];
    const real4 ea = sa[SLOT_DIPOLE_AXIS + i];
    for (int j = 0; j < MAX_CHARGES; j++) {
      if (j >= cb.y) break;
      const real4 pb = sb[SLOT_CHARGE + j];
      r = pfDipoleCharge(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, ea.x, ea.y, ea.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
    for (int j = 0; j < MAX_DIPOLES; j++) {
      if (j >= cb.z) break;
      const real4 pb = sb[SLOT_DIPOLE + j];
      const real4 eb = sb[SLOT_DIPOLE_AXIS + j];
      r = pfDipoleDipole(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, ea.x, ea.y, ea.z, eb.x, eb.y, eb.z,
                         pa.w * pb.w, (preal) EPS_RF_INV_RC3);
      addSitePair(&r, pa, pb, res, &uRF);
    }
    for (int j = 0; j < MAX_QUADRUPOLES; j++) {
      if (j >= cb.w) break;
      const real4 pb = sb[SLOT_QUADRUPOLE + j];
      const real4 eb = sb[SLOT_QUADRUPOLE_AXIS + j];
      r = pfDipoleQuadrupole(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, ea.x, ea.y, ea.z, eb.x, eb.y,
                             eb.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
  }
  for (int i = 0; i < MAX_QUADRUPOLES; i++) {
    if (i >= ca.w) break;
    const real4 pa = sa[SLOT_QUADRUPOLE + i];
    const real4 ea = sa[SLOT_QUADRUPOLE_AXIS + i];
    for (int j = 0; j < MAX_CHARGES; j++) {
      if (j >= cb.y) break;
      const real4 pb = sb[SLOT_CHARGE + j];
      r = pfQuadrupoleCharge(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, ea.x, ea.y, ea.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
    for (int j = 0; j < MAX_DIPOLES; j++) {
      if (j >= cb.z) break;
      const real4 pb = sb[SLOT_DIPOLE + j];
      const real4 eb = sb[SLOT_DIPOLE_AXIS + j];
      r = pfQuadrupoleDipole(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, ea.x, ea.y, ea.z, eb.x, eb.y,
                             eb.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
    for (int j = 0; j < MAX_QUADRUPOLES; j++) {
      if (j >= cb.w) break;
      const real4 pb = sb[SLOT_QUADRUPOLE + j];
      const real4 eb = sb[SLOT_QUADRUPOLE_AXIS + j];
      r = pfQuadrupoleQuadrupole(mx + pa.x - pb.x, my + pa.y - pb.y, mz + pa.z - pb.z, ea.x, ea.y, ea.z, eb.x,
                                 eb.y, eb.z, pa.w * pb.w);
      addSitePair(&r, pa, pb, res, &uRF);
    }
  }
  res->virial = mx * res->fx + my * res->fy + mz * res->fz + 3 * uRF;
#if USE_CUTOFF_SWITCH
  // Smooth switch of the whole pair over [SWITCH_START, rc] (potforce/kernels/PotForceSwitch.cc): site terms
  // scaled by S(R), plus the centre force -u dS/dR R/|R| and its virial.
  const preal r2 = mx * mx + my * my + mz * mz;
  if (r2 > (preal) (SWITCH_START * SWITCH_START)) {
    const CutoffSwitch sw = cutoffSwitchAt(r2, (preal) SWITCH_START, (preal) SWITCH_INV_WIDTH);
    const preal s = sw.s;
    const preal dsOverR = sw.dsdrOverR;
    const preal fsx = -res->u * dsOverR * mx, fsy = -res->u * dsOverR * my, fsz = -res->u * dsOverR * mz;
    res->fx = res->fx * s + fsx; res->fy = res->fy * s + fsy; res->fz = res->fz * s + fsz;
    res->tax *= s; res->tay *= s; res->taz *= s;
    res->tbx *= s; res->tby *= s; res->tbz *= s;
    res->u *= s;
    res->virial = s * res->virial + mx * fsx + my * fsy + mz * fsz;
  }
#endif
  return 1;
}

/// Reaction-field self energy of a molecule's dipoles: -1/2 EPS_RF_INV_RC3 |sum_k mu_k e_k|^2 (added
/// once per owned molecule, in the intra-cell pass).
DEVICE real rfSelfEnergy(int type, const real4* sites, GLOBAL const int4* RESTRICT componentCounts) {
  const int n = componentCounts[type].z;
  real mx = 0, my = 0, mz = 0;
  for (int i = 0; i < MAX_DIPOLES; i++) {
    if (i >= n) break;
    const real4 e = sites[SLOT_DIPOLE_AXIS + i];
    const real mu = sites[SLOT_DIPOLE + i].w;
    mx += mu * e.x;
    my += mu * e.y;
    mz += mu * e.z;
  }
  return (real) -0.5 * (real) EPS_RF_INV_RC3 * (mx * mx + my * my + mz * mz);
}

/// Stages molecule i at entry j of a block's shared-memory arrays: centre, component and (unless
/// orientation-free) the space-frame sites.
DEVICE void stageMolecule(int i, int j, GLOBAL const mixed4* RESTRICT positions, GLOBAL const real* RESTRICT rotations,
                          GLOBAL const int* RESTRICT componentTypes, GLOBAL const real4* RESTRICT componentSites,
                          LOCAL_ARG mixed4* stagedPos, LOCAL_ARG int* stagedType, LOCAL_ARG real4* stagedSites) {
  mixed4 p;
  int t;
  real4 sites[SITES_PER_MOLECULE];
  loadMolecule(i, positions, rotations, componentTypes, componentSites, &p, &t, sites);
  stagedPos[j] = p;
  stagedType[j] = t;
  STAGE_SITES(stagedSites, j, sites)
}

/// interactMolecules of molecule A (centre pa, component ta, space-frame sites sa) with the molecule
/// staged at entry j.
DEVICE int interactStaged(mixed4 pa, int ta, const real4* sa, int j, LOCAL_ARG const mixed4* stagedPos,
                          LOCAL_ARG const int* stagedType, LOCAL_ARG const real4* stagedSites,
                          GLOBAL const real4* RESTRICT componentSites, GLOBAL const int4* RESTRICT componentCounts,
                          GLOBAL const real4* RESTRICT ljParams, MoleculePairResult* r) {
  const int tb = stagedType[j];
  real4 sb[SITES_PER_MOLECULE];
  for (int s = 0; s < SITES_PER_MOLECULE; s++) sb[s] = STAGED_SITE(stagedSites, j, tb, s);
  const mixed4 pb = stagedPos[j];
  return interactMolecules((preal) (pa.x - pb.x), (preal) (pa.y - pb.y), (preal) (pa.z - pb.z), ta, sa, tb, sb,
                           componentCounts, ljParams, r);
}

/// Newton's third law into a shared-memory cache: the partner's force (the opposite of A's) and its
/// torque into entry j.
DEVICE void addToPartnerCache(const MoleculePairResult* r, int j, LOCAL_ARG mixed4* cachedForce,
                              LOCAL_ARG mixed4* cachedTorque) {
  mixed4 f = cachedForce[j];
  f.x -= r->fx; f.y -= r->fy; f.z -= r->fz;
  cachedForce[j] = f;
#if !ORIENTATION_FREE
  mixed4 t = cachedTorque[j];
  t.x += r->tbx; t.y += r->tby; t.z += r->tbz;
  cachedTorque[j] = t;
#endif
}
