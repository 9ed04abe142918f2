// GBSAOBCForce: implicit solvent by the generalized Born model with the Onufriev-Bashford-Case (OBC II) Born radii
// and an ACE surface-area term: per particle a charge (e), a radius (nm) and a scale factor of the descreening
// radius. Solute and solvent dielectrics default to 1 and 78.3, the surface-area energy to 2.25936 kJ/mol/nm^2.
#pragma once

#include "openmm/Force.h"

#include <vector>

namespace OpenMM {

class GBSAOBCForce : public Force {
public:
  enum NonbondedMethod { NoCutoff = 0, CutoffNonPeriodic = 1, CutoffPeriodic = 2 };

  GBSAOBCForce() { setName("GBSAOBCForce"); }
  int getNumParticles() const { return static_cast<int>(_particles.size()); }
  int addParticle(double charge, double radius, double scalingFactor);
  void getParticleParameters(int index, double& charge, double& radius, double& scalingFactor) const;
  void setParticleParameters(int index, double charge, double radius, double scalingFactor);
  double getSolventDielectric() const { return _solventDielectric; }
  void setSolventDielectric(double dielectric) { _solventDielectric = dielectric; }
  double getSoluteDielectric() const { return _soluteDielectric; }
  void setSoluteDielectric(double dielectric) { _soluteDielectric = dielectric; }
  /** Energy per area of the ACE surface term (kJ/mol/nm^2); 0 switches the term off. */
  double getSurfaceAreaEnergy() const { return _surfaceAreaEnergy; }
  void setSurfaceAreaEnergy(double energy) { _surfaceAreaEnergy = energy; }
  NonbondedMethod getNonbondedMethod() const { return _method; }
  void setNonbondedMethod(NonbondedMethod method);
  double getCutoffDistance() const { return _cutoff; }
  void setCutoffDistance(double distance) { _cutoff = distance; }
  /** Copies changed particle parameters into a Context (the number of particles must not change). */
  void updateParametersInContext(Context& context);
  bool usesPeriodicBoundaryConditions() const override { return _method == CutoffPeriodic; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct ParticleInfo {
    double charge, radius, scalingFactor;
  };
  NonbondedMethod _method = NoCutoff;
  double _cutoff = 1.0, _solventDielectric = 78.3, _soluteDielectric = 1.0, _surfaceAreaEnergy = 2.25936;
  std::vector<ParticleInfo> _particles;
};

} // namespace OpenMM
