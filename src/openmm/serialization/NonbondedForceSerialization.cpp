// NonbondedForce in OpenMM's XML (version 4): method and cutoff settings, Ewald/PME/LJPME parameters, global
// parameters, particle and exception parameter offsets, particles and exceptions; GBSAOBCForce (version 2: method,
// cutoff, dielectrics, surface-area energy, particles with q, r, scale).
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/GBSAOBCForce.h"
#include "openmm/NonbondedForce.h"
#include "openmm/OpenMMException.h"

#include <memory>

namespace OpenMM {
namespace serialization {

void writeNonbondedForce(const NonbondedForce& force, SerializationNode& node) {
  writeForceBase(force, node, 4, false);
  node.setIntProperty("method", static_cast<int>(force.getNonbondedMethod()));
  node.setDoubleProperty("cutoff", force.getCutoffDistance());
  node.setBoolProperty("useSwitchingFunction", force.getUseSwitchingFunction());
  node.setDoubleProperty("switchingDistance", force.getSwitchingDistance());
  node.setDoubleProperty("ewaldTolerance", force.getEwaldErrorTolerance());
  node.setDoubleProperty("rfDielectric", force.getReactionFieldDielectric());
  node.setBoolProperty("dispersionCorrection", force.getUseDispersionCorrection());
  node.setBoolProperty("exceptionsUsePeriodic", force.getExceptionsUsePeriodicBoundaryConditions());
  node.setBoolProperty("includeDirectSpace", force.getIncludeDirectSpace());
  node.setIntProperty("recipForceGroup", force.getReciprocalSpaceForceGroup());
  double alpha;
  int nx, ny, nz;
  force.getPMEParameters(alpha, nx, ny, nz);
  node.setDoubleProperty("alpha", alpha).setIntProperty("nx", nx).setIntProperty("ny", ny).setIntProperty("nz", nz);
  force.getLJPMEParameters(alpha, nx, ny, nz);
  node.setDoubleProperty("ljAlpha", alpha).setIntProperty("ljnx", nx).setIntProperty("ljny", ny).setIntProperty(
      "ljnz", nz);
  std::vector<std::pair<std::string, double>> globals;
  for (int i = 0; i < force.getNumGlobalParameters(); i++)
    globals.emplace_back(force.getGlobalParameterName(i), force.getGlobalParameterDefaultValue(i));
  writeGlobals(node, globals);
  SerializationNode& particleOffsets = node.createChildNode("ParticleOffsets");
  for (int i = 0; i < force.getNumParticleParameterOffsets(); i++) {
    std::string parameter;
    int index;
    double q, sig, eps;
    force.getParticleParameterOffset(i, parameter, index, q, sig, eps);
    particleOffsets.createChildNode("Offset").setStringProperty("parameter", parameter).setIntProperty("particle", index)
        .setDoubleProperty("q", q).setDoubleProperty("sig", sig).setDoubleProperty("eps", eps);
  }
  SerializationNode& exceptionOffsets = node.createChildNode("ExceptionOffsets");
  for (int i = 0; i < force.getNumExceptionParameterOffsets(); i++) {
    std::string parameter;
    int index;
    double q, sig, eps;
    force.getExceptionParameterOffset(i, parameter, index, q, sig, eps);
    exceptionOffsets.createChildNode("Offset").setStringProperty("parameter", parameter)
        .setIntProperty("exception", index).setDoubleProperty("q", q).setDoubleProperty("sig", sig)
        .setDoubleProperty("eps", eps);
  }
  SerializationNode& particles = node.createChildNode("Particles");
  for (int i = 0; i < force.getNumParticles(); i++) {
    double q, sig, eps;
    force.getParticleParameters(i, q, sig, eps);
    particles.createChildNode("Particle").setDoubleProperty("q", q).setDoubleProperty("sig", sig).setDoubleProperty(
        "eps", eps);
  }
  SerializationNode& exceptions = node.createChildNode("Exceptions");
  for (int i = 0; i < force.getNumExceptions(); i++) {
    int p1, p2;
    double q, sig, eps;
    force.getExceptionParameters(i, p1, p2, q, sig, eps);
    exceptions.createChildNode("Exception").setIntProperty("p1", p1).setIntProperty("p2", p2)
        .setDoubleProperty("q", q).setDoubleProperty("sig", sig).setDoubleProperty("eps", eps);
  }
}

NonbondedForce* readNonbondedForce(const SerializationNode& node) {
  checkVersion(node, 4);
  auto force = std::make_unique<NonbondedForce>();
  readForceBase(node, *force);
  const int method = node.getIntProperty("method");
  if (method < NonbondedForce::NoCutoff || method > NonbondedForce::LJPME)
    throw OpenMMException("XmlSerializer: attribute 'method' of " + node.describe() + " is " +
                          std::to_string(method) + ", expected 0 (NoCutoff) to 5 (LJPME)");
  force->setNonbondedMethod(static_cast<NonbondedForce::NonbondedMethod>(method));
  force->setCutoffDistance(node.getDoubleProperty("cutoff"));
  force->setUseSwitchingFunction(node.getBoolProperty("useSwitchingFunction", false));
  force->setSwitchingDistance(node.getDoubleProperty("switchingDistance", -1.0));
  force->setEwaldErrorTolerance(node.getDoubleProperty("ewaldTolerance"));
  force->setReactionFieldDielectric(node.getDoubleProperty("rfDielectric"));
  force->setUseDispersionCorrection(node.getBoolProperty("dispersionCorrection"));
  force->setExceptionsUsePeriodicBoundaryConditions(node.getBoolProperty("exceptionsUsePeriodic", false));
  force->setIncludeDirectSpace(node.getBoolProperty("includeDirectSpace", true));
  force->setReciprocalSpaceForceGroup(node.getIntProperty("recipForceGroup", -1));
  force->setPMEParameters(node.getDoubleProperty("alpha", 0.0), node.getIntProperty("nx", 0),
                          node.getIntProperty("ny", 0), node.getIntProperty("nz", 0));
  force->setLJPMEParameters(node.getDoubleProperty("ljAlpha", 0.0), node.getIntProperty("ljnx", 0),
                            node.getIntProperty("ljny", 0), node.getIntProperty("ljnz", 0));
  for (const auto& global : readGlobals(node))
    force->addGlobalParameter(global.first, global.second);
  for (const auto& p : items(node, "Particles", "Particle"))
    force->addParticle(p.getDoubleProperty("q"), p.getDoubleProperty("sig"), p.getDoubleProperty("eps"));
  for (const auto& e : items(node, "Exceptions", "Exception"))
    force->addException(e.getIntProperty("p1"), e.getIntProperty("p2"), e.getDoubleProperty("q"),
                        e.getDoubleProperty("sig"), e.getDoubleProperty("eps"));
  for (const auto& o : optionalItems(node, "ParticleOffsets", "Offset"))
    force->addParticleParameterOffset(o.getStringProperty("parameter"), o.getIntProperty("particle"),
                                      o.getDoubleProperty("q"), o.getDoubleProperty("sig"), o.getDoubleProperty("eps"));
  for (const auto& o : optionalItems(node, "ExceptionOffsets", "Offset"))
    force->addExceptionParameterOffset(o.getStringProperty("parameter"), o.getIntProperty("exception"),
                                       o.getDoubleProperty("q"), o.getDoubleProperty("sig"),
                                       o.getDoubleProperty("eps"));
  return force.release();
}

void writeGBSAOBCForce(const GBSAOBCForce& force, SerializationNode& node) {
  writeForceBase(force, node, 2, false);
  node.setIntProperty("method", static_cast<int>(force.getNonbondedMethod()));
  node.setDoubleProperty("cutoff", force.getCutoffDistance());
  node.setDoubleProperty("soluteDielectric", force.getSoluteDielectric());
  node.setDoubleProperty("solventDielectric", force.getSolventDielectric());
  node.setDoubleProperty("surfaceAreaEnergy", force.getSurfaceAreaEnergy());
  SerializationNode& particles = node.createChildNode("Particles");
  for (int i = 0; i < force.getNumParticles(); i++) {
    double charge, radius, scale;
    force.getParticleParameters(i, charge, radius, scale);
    particles.createChildNode("Particle").setDoubleProperty("q", charge).setDoubleProperty("r", radius)
        .setDoubleProperty("scale", scale);
  }
}

GBSAOBCForce* readGBSAOBCForce(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<GBSAOBCForce>();
  readForceBase(node, *force);
  const int method = node.getIntProperty("method", GBSAOBCForce::NoCutoff);
  if (method < GBSAOBCForce::NoCutoff || method > GBSAOBCForce::CutoffPeriodic)
    throw OpenMMException("XmlSerializer: attribute 'method' of " + node.describe() + " is " +
                          std::to_string(method) + ", expected 0 (NoCutoff) to 2 (CutoffPeriodic)");
  force->setNonbondedMethod(static_cast<GBSAOBCForce::NonbondedMethod>(method));
  force->setCutoffDistance(node.getDoubleProperty("cutoff", 1.0));
  force->setSoluteDielectric(node.getDoubleProperty("soluteDielectric"));
  force->setSolventDielectric(node.getDoubleProperty("solventDielectric"));
  // Version 1 has no surface-area energy; OpenMM's default applies.
  if (node.hasProperty("surfaceAreaEnergy"))
    force->setSurfaceAreaEnergy(node.getDoubleProperty("surfaceAreaEnergy"));
  for (const auto& p : items(node, "Particles", "Particle"))
    withContext(p, [&] {
      force->addParticle(p.getDoubleProperty("q"), p.getDoubleProperty("r"), p.getDoubleProperty("scale"));
    });
  return force.release();
}

} // namespace serialization
} // namespace OpenMM
