// ReferenceCalcGBSAOBCForceKernel: with rho_i = radius_i - 0.009 nm and the scaled radii s_j = rho_j * scale_j,
// I_i = 1/2 rho_i sum_j H(r_ij, rho_i, s_j) (the OBC descreening integral), 1/R_i = 1/rho_i - tanh(I - 0.8 I^2 +
// 4.85 I^3)/radius_i; E = sum_{i<=j} f q_i q_j / sqrt(r^2 + R_i R_j exp(-r^2/(4 R_i R_j))) (halved for i = j), with
// f = -1/(4 pi eps0) (1/eps_solute - 1/eps_solvent), plus 4 pi gamma (radius_i + 0.14)^2 (radius_i/R_i)^6.
#include "ReferenceCalcGBSAOBCForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

namespace {

const double dielectricOffset = 0.009, probeRadius = 0.14;
const double obcAlpha = 1.0, obcBeta = 0.8, obcGamma = 4.85;

/** The descreening integral H of a sphere of radius s at distance r from a sphere of radius rho, and dH/dr. */
double descreening(double r, double rho, double s, double& dHdr) {
  double u = 1.0 / (r + s), du = -u * u;
  double l, dl;
  if (rho > std::fabs(r - s)) {
    l = 1.0 / rho;
    dl = 0.0;
  } else {
    l = 1.0 / std::fabs(r - s);
    dl = (r > s ? -1.0 : 1.0) * l * l;
  }
  double logRatio = std::log(u / l), s2 = s * s;
  double h = l - u + 0.25 * r * (u * u - l * l) + 0.5 / r * logRatio + 0.25 * s2 / r * (l * l - u * u);
  dHdr = dl - du + 0.25 * (u * u - l * l) + 0.5 * r * (u * du - l * dl) - 0.5 / (r * r) * logRatio +
         0.5 / r * (du / u - dl / l) - 0.25 * s2 / (r * r) * (l * l - u * u) + 0.5 * s2 / r * (l * dl - u * du);
  if (rho < s - r) { // the sphere i lies inside the descreening sphere
    h += 2.0 * (1.0 / rho - l);
    dHdr -= 2.0 * dl;
  }
  return h;
}

} // namespace

void ReferenceCalcGBSAOBCForceKernel::initialize(const System&, const GBSAOBCForce& force) {
  int n = force.getNumParticles();
  _charges.resize(n);
  _radii.resize(n);
  _scales.resize(n);
  for (int i = 0; i < n; i++)
    force.getParticleParameters(i, _charges[i], _radii[i], _scales[i]);
  double solute = force.getSoluteDielectric(), solvent = force.getSolventDielectric();
  _prefactor = (solute != 0.0 && solvent != 0.0) ? -ONE_4PI_EPS0 * (1.0 / solute - 1.0 / solvent) : 0.0;
  _surfaceFactor = 4.0 * M_PI * force.getSurfaceAreaEnergy();
  _method = force.getNonbondedMethod();
  _cutoff = force.getCutoffDistance();
}

double ReferenceCalcGBSAOBCForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _method == GBSAOBCForce::CutoffPeriodic ? data.box() : nullptr;
  const bool cutoff = _method != GBSAOBCForce::NoCutoff;
  const int n = static_cast<int>(_charges.size());
  const std::vector<Vec3>& x = data.positions;
  auto displacement = [&](int i, int j) { return ReferenceGeometry::delta(x[i], x[j], box); }; // x_j - x_i
  auto descreens = [&](int i, int j, double r) {
    double s = (_radii[j] - dielectricOffset) * _scales[j];
    return r > 0.0 && (!cutoff || r < _cutoff) && _radii[i] - dielectricOffset < r + s;
  };

  // Born radii and dR/dI.
  std::vector<double> bornRadius(n), dRdI(n);
  for (int i = 0; i < n; i++) {
    double rho = _radii[i] - dielectricOffset, sum = 0.0, unused;
    for (int j = 0; j < n; j++) {
      if (j == i)
        continue;
      Vec3 d = displacement(i, j);
      double r = std::sqrt(d.dot(d));
      if (descreens(i, j, r))
        sum += descreening(r, rho, (_radii[j] - dielectricOffset) * _scales[j], unused);
    }
    double integral = 0.5 * rho * sum;
    double t = std::tanh(obcAlpha * integral - obcBeta * integral * integral + obcGamma * integral * integral * integral);
    bornRadius[i] = 1.0 / (1.0 / rho - t / _radii[i]);
    dRdI[i] = bornRadius[i] * bornRadius[i] * (1.0 - t * t) *
              (obcAlpha - 2.0 * obcBeta * integral + 3.0 * obcGamma * integral * integral) / _radii[i];
  }

  // Surface term and generalized Born energy, with dE/dR.
  double energy = 0.0;
  std::vector<double> dEdR(n, 0.0);
  if (_surfaceFactor != 0.0)
    for (int i = 0; i < n; i++)
      if (bornRadius[i] > 0.0) {
        double rr = _radii[i] + probeRadius, ratio = _radii[i] / bornRadius[i];
        double term = _surfaceFactor * rr * rr * std::pow(ratio, 6.0);
        energy += term;
        dEdR[i] -= 6.0 * term / bornRadius[i];
      }
  for (int i = 0; i < n; i++) {
    double qi = _prefactor * _charges[i];
    energy += 0.5 * qi * _charges[i] / bornRadius[i];
    dEdR[i] -= 0.5 * qi * _charges[i] / (bornRadius[i] * bornRadius[i]);
    for (int j = i + 1; j < n; j++) {
      Vec3 d = displacement(i, j);
      double r2 = d.dot(d);
      if (cutoff && r2 > _cutoff * _cutoff)
        continue;
      double a2 = bornRadius[i] * bornRadius[j], dTerm = r2 / (4.0 * a2), e = std::exp(-dTerm);
      double den2 = r2 + a2 * e, den = std::sqrt(den2);
      double g = qi * _charges[j] / den;
      energy += g;
      if (cutoff)
        energy -= qi * _charges[j] / _cutoff;
      double dGdr2 = -0.5 * g / den2 * (1.0 - 0.25 * e);
      double dGda2 = -0.5 * g / den2 * e * (1.0 + dTerm);
      dEdR[i] += dGda2 * bornRadius[j];
      dEdR[j] += dGda2 * bornRadius[i];
      if (includeForces) {
        Vec3 f = d * (2.0 * dGdr2); // -dG/dx_i, with d = x_j - x_i
        data.forces[i] += f;
        data.forces[j] -= f;
      }
    }
  }

  // Forces through the Born radii: dE/dx = sum_i dE/dR_i dR_i/dI_i 1/2 rho_i dH_ij/dr dr/dx.
  if (includeForces)
    for (int i = 0; i < n; i++) {
      double rho = _radii[i] - dielectricOffset, chain = dEdR[i] * dRdI[i] * 0.5 * rho;
      if (chain == 0.0)
        continue;
      for (int j = 0; j < n; j++) {
        if (j == i)
          continue;
        Vec3 d = displacement(i, j);
        double r = std::sqrt(d.dot(d)), dHdr;
        if (!descreens(i, j, r))
          continue;
        descreening(r, rho, (_radii[j] - dielectricOffset) * _scales[j], dHdr);
        Vec3 f = d * (chain * dHdr / r); // -dE/dx_i (dr/dx_i = -d/r)
        data.forces[i] += f;
        data.forces[j] -= f;
      }
    }
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcGBSAOBCForceKernel::copyParametersToContext(ContextImpl& context, const GBSAOBCForce& force) {
  if (force.getNumParticles() != static_cast<int>(_charges.size()))
    throw OpenMMException("GBSAOBCForce: updateParametersInContext() cannot change the number of particles");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
