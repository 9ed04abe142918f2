// CustomBondForce, CustomAngleForce, CustomTorsionForce, CustomExternalForce and CustomNonbondedForce in OpenMM's
// XML: energy expression, per-term parameter names, global parameters, energy-parameter derivative requests
// (<EnergyParameterDerivatives>, written by CustomExternalForce only when it has some, as OpenMM 7.7 has none for
// it), terms with param1..paramN. CustomCompoundBondForce and
// CustomCentroidBondForce (version 3) and CustomNonbondedForce carry their tabulated functions in <Functions>.
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/CustomAngleForce.h"
#include "openmm/CustomBondForce.h"
#include "openmm/CustomCentroidBondForce.h"
#include "openmm/CustomCompoundBondForce.h"
#include "openmm/CustomExternalForce.h"
#include "openmm/CustomNonbondedForce.h"
#include "openmm/CustomTorsionForce.h"
#include "openmm/OpenMMException.h"

#include <memory>

namespace OpenMM {
namespace serialization {

namespace {

/** Energy, parameter names and globals of a custom force; `listName` is e.g. "PerBondParameters". */
template <class F>
void writeCustomHeader(const F& force, SerializationNode& node, int version, bool usesPeriodic,
                       const std::string& listName, bool derivatives) {
  writeForceBase(force, node, version, usesPeriodic);
  node.setStringProperty("energy", force.getEnergyFunction());
  writeNames(node, listName, force.parameterList().perTermNames());
  writeGlobals(node, force.parameterList().globals());
  const auto& names = force.parameterList().derivativeNames();
  if (derivatives || !names.empty())
    writeNames(node, "EnergyParameterDerivatives", names);
}

template <class F>
int readCustomHeader(const SerializationNode& node, F& force, const std::string& listName,
                     int (F::*addPerTerm)(const std::string&)) {
  readForceBase(node, force);
  for (const auto& name : readNames(node, listName))
    (force.*addPerTerm)(name);
  for (const auto& global : readGlobals(node))
    force.addGlobalParameter(global.first, global.second);
  for (const auto& item : optionalItems(node, "EnergyParameterDerivatives", "Parameter"))
    force.addEnergyParameterDerivative(item.getStringProperty("name"));
  return static_cast<int>(readNames(node, listName).size());
}

} // namespace

void writeCustomBondForce(const CustomBondForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 3, true, "PerBondParameters", true);
  SerializationNode& bonds = node.createChildNode("Bonds");
  for (int i = 0; i < force.getNumBonds(); i++) {
    int p1, p2;
    std::vector<double> values;
    force.getBondParameters(i, p1, p2, values);
    SerializationNode& bond = bonds.createChildNode("Bond").setIntProperty("p1", p1).setIntProperty("p2", p2);
    writeParameters(bond, values);
  }
}

CustomBondForce* readCustomBondForce(const SerializationNode& node) {
  checkVersion(node, 3);
  auto force = std::make_unique<CustomBondForce>(node.getStringProperty("energy"));
  int count = readCustomHeader(node, *force, "PerBondParameters", &CustomBondForce::addPerBondParameter);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& b : items(node, "Bonds", "Bond"))
    force->addBond(b.getIntProperty("p1"), b.getIntProperty("p2"), readParameters(b, count));
  return force.release();
}

void writeCustomAngleForce(const CustomAngleForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 3, true, "PerAngleParameters", true);
  SerializationNode& angles = node.createChildNode("Angles");
  for (int i = 0; i < force.getNumAngles(); i++) {
    int p1, p2, p3;
    std::vector<double> values;
    force.getAngleParameters(i, p1, p2, p3, values);
    SerializationNode& angle =
        angles.createChildNode("Angle").setIntProperty("p1", p1).setIntProperty("p2", p2).setIntProperty("p3", p3);
    writeParameters(angle, values);
  }
}

CustomAngleForce* readCustomAngleForce(const SerializationNode& node) {
  checkVersion(node, 3);
  auto force = std::make_unique<CustomAngleForce>(node.getStringProperty("energy"));
  int count = readCustomHeader(node, *force, "PerAngleParameters", &CustomAngleForce::addPerAngleParameter);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& a : items(node, "Angles", "Angle"))
    force->addAngle(a.getIntProperty("p1"), a.getIntProperty("p2"), a.getIntProperty("p3"), readParameters(a, count));
  return force.release();
}

void writeCustomTorsionForce(const CustomTorsionForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 3, true, "PerTorsionParameters", true);
  SerializationNode& torsions = node.createChildNode("Torsions");
  for (int i = 0; i < force.getNumTorsions(); i++) {
    int p1, p2, p3, p4;
    std::vector<double> values;
    force.getTorsionParameters(i, p1, p2, p3, p4, values);
    SerializationNode& torsion = torsions.createChildNode("Torsion").setIntProperty("p1", p1).setIntProperty("p2", p2)
        .setIntProperty("p3", p3).setIntProperty("p4", p4);
    writeParameters(torsion, values);
  }
}

CustomTorsionForce* readCustomTorsionForce(const SerializationNode& node) {
  checkVersion(node, 3);
  auto force = std::make_unique<CustomTorsionForce>(node.getStringProperty("energy"));
  int count = readCustomHeader(node, *force, "PerTorsionParameters", &CustomTorsionForce::addPerTorsionParameter);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& t : items(node, "Torsions", "Torsion"))
    force->addTorsion(t.getIntProperty("p1"), t.getIntProperty("p2"), t.getIntProperty("p3"), t.getIntProperty("p4"),
                      readParameters(t, count));
  return force.release();
}

void writeCustomExternalForce(const CustomExternalForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 1, false, "PerParticleParameters", false);
  SerializationNode& particles = node.createChildNode("Particles");
  for (int i = 0; i < force.getNumParticles(); i++) {
    int index;
    std::vector<double> values;
    force.getParticleParameters(i, index, values);
    SerializationNode& particle = particles.createChildNode("Particle").setIntProperty("index", index);
    writeParameters(particle, values);
  }
}

CustomExternalForce* readCustomExternalForce(const SerializationNode& node) {
  checkVersion(node, 1);
  auto force = std::make_unique<CustomExternalForce>(node.getStringProperty("energy"));
  int count =
      readCustomHeader(node, *force, "PerParticleParameters", &CustomExternalForce::addPerParticleParameter);
  for (const auto& p : items(node, "Particles", "Particle"))
    force->addParticle(p.getIntProperty("index"), readParameters(p, count));
  return force.release();
}

void writeCustomNonbondedForce(const CustomNonbondedForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 2, false, "PerParticleParameters", true);
  node.setIntProperty("method", static_cast<int>(force.getNonbondedMethod()));
  node.setDoubleProperty("cutoff", force.getCutoffDistance());
  node.setBoolProperty("useSwitchingFunction", force.getUseSwitchingFunction());
  node.setDoubleProperty("switchingDistance", force.getSwitchingDistance());
  node.setBoolProperty("useLongRangeCorrection", force.getUseLongRangeCorrection());
  SerializationNode& particles = node.createChildNode("Particles");
  for (int i = 0; i < force.getNumParticles(); i++) {
    std::vector<double> values;
    force.getParticleParameters(i, values);
    writeParameters(particles.createChildNode("Particle"), values);
  }
  SerializationNode& exclusions = node.createChildNode("Exclusions");
  for (int i = 0; i < force.getNumExclusions(); i++) {
    int p1, p2;
    force.getExclusionParticles(i, p1, p2);
    exclusions.createChildNode("Exclusion").setIntProperty("p1", p1).setIntProperty("p2", p2);
  }
  writeFunctions(node, force.tabulatedFunctions());
  SerializationNode& groups = node.createChildNode("InteractionGroups");
  for (int i = 0; i < force.getNumInteractionGroups(); i++) {
    std::set<int> set1, set2;
    force.getInteractionGroupParameters(i, set1, set2);
    SerializationNode& group = groups.createChildNode("InteractionGroup");
    SerializationNode& first = group.createChildNode("Set1");
    for (int p : set1)
      first.createChildNode("Particle").setIntProperty("index", p);
    SerializationNode& second = group.createChildNode("Set2");
    for (int p : set2)
      second.createChildNode("Particle").setIntProperty("index", p);
  }
}

CustomNonbondedForce* readCustomNonbondedForce(const SerializationNode& node) {
  checkVersion(node, 3);
  auto force = std::make_unique<CustomNonbondedForce>(node.getStringProperty("energy"));
  int count =
      readCustomHeader(node, *force, "PerParticleParameters", &CustomNonbondedForce::addPerParticleParameter);
  const int method = node.getIntProperty("method");
  if (method < CustomNonbondedForce::NoCutoff || method > CustomNonbondedForce::CutoffPeriodic)
    throw OpenMMException("XmlSerializer: attribute 'method' of " + node.describe() + " is " +
                          std::to_string(method) + ", expected 0 (NoCutoff) to 2 (CutoffPeriodic)");
  force->setNonbondedMethod(static_cast<CustomNonbondedForce::NonbondedMethod>(method));
  force->setCutoffDistance(node.getDoubleProperty("cutoff"));
  force->setUseSwitchingFunction(node.getBoolProperty("useSwitchingFunction", false));
  force->setSwitchingDistance(node.getDoubleProperty("switchingDistance", -1.0));
  force->setUseLongRangeCorrection(node.getBoolProperty("useLongRangeCorrection", false));
  for (const auto& p : items(node, "Particles", "Particle"))
    force->addParticle(readParameters(p, count));
  for (const auto& e : optionalItems(node, "Exclusions", "Exclusion"))
    force->addExclusion(e.getIntProperty("p1"), e.getIntProperty("p2"));
  readFunctions(node, [&](const std::string& name, TabulatedFunction* f) { force->addTabulatedFunction(name, f); });
  for (const auto& group : optionalItems(node, "InteractionGroups", "InteractionGroup")) {
    std::set<int> sets[2];
    const char* names[2] = {"Set1", "Set2"};
    for (int s = 0; s < 2; s++)
      for (const auto& p : items(group, names[s], "Particle"))
        sets[s].insert(p.getIntProperty("index"));
    force->addInteractionGroup(sets[0], sets[1]);
  }
  return force.release();
}

void writeCustomCompoundBondForce(const CustomCompoundBondForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 3, true, "PerBondParameters", true);
  node.setIntProperty("particles", force.getNumParticlesPerBond());
  SerializationNode& bonds = node.createChildNode("Bonds");
  for (int i = 0; i < force.getNumBonds(); i++) {
    std::vector<int> particles;
    std::vector<double> values;
    force.getBondParameters(i, particles, values);
    SerializationNode& bond = bonds.createChildNode("Bond");
    for (size_t j = 0; j < particles.size(); j++)
      bond.setIntProperty("p" + std::to_string(j + 1), particles[j]);
    writeParameters(bond, values);
  }
  writeFunctions(node, force.tabulatedFunctions());
}

CustomCompoundBondForce* readCustomCompoundBondForce(const SerializationNode& node) {
  checkVersion(node, 3);
  std::unique_ptr<CustomCompoundBondForce> force;
  withContext(node, [&] {
    force = std::make_unique<CustomCompoundBondForce>(node.getIntProperty("particles"),
                                                      node.getStringProperty("energy"));
  });
  int count = readCustomHeader(node, *force, "PerBondParameters", &CustomCompoundBondForce::addPerBondParameter);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& b : items(node, "Bonds", "Bond")) {
    std::vector<int> particles;
    for (int j = 0; j < force->getNumParticlesPerBond(); j++)
      particles.push_back(b.getIntProperty("p" + std::to_string(j + 1)));
    withContext(b, [&] { force->addBond(particles, readParameters(b, count)); });
  }
  readFunctions(node, [&](const std::string& name, TabulatedFunction* f) { force->addTabulatedFunction(name, f); });
  return force.release();
}

void writeCustomCentroidBondForce(const CustomCentroidBondForce& force, SerializationNode& node) {
  writeCustomHeader(force, node, 3, true, "PerBondParameters", true);
  node.setIntProperty("groups", force.getNumGroupsPerBond());
  SerializationNode& groups = node.createChildNode("Groups");
  for (int i = 0; i < force.getNumGroups(); i++) {
    std::vector<int> particles;
    std::vector<double> weights;
    force.getGroupParameters(i, particles, weights);
    SerializationNode& group = groups.createChildNode("Group");
    for (size_t j = 0; j < particles.size(); j++) {
      SerializationNode& particle = group.createChildNode("Particle").setIntProperty("p", particles[j]);
      // Without weights a group is weighted by mass, and its particles carry no weight attribute.
      if (!weights.empty())
        particle.setDoubleProperty("weight", weights[j]);
    }
  }
  SerializationNode& bonds = node.createChildNode("Bonds");
  for (int i = 0; i < force.getNumBonds(); i++) {
    std::vector<int> groupIndices;
    std::vector<double> values;
    force.getBondParameters(i, groupIndices, values);
    SerializationNode& bond = bonds.createChildNode("Bond");
    for (size_t j = 0; j < groupIndices.size(); j++)
      bond.setIntProperty("g" + std::to_string(j + 1), groupIndices[j]);
    writeParameters(bond, values);
  }
  writeFunctions(node, force.tabulatedFunctions());
}

CustomCentroidBondForce* readCustomCentroidBondForce(const SerializationNode& node) {
  checkVersion(node, 3);
  std::unique_ptr<CustomCentroidBondForce> force;
  withContext(node, [&] {
    force = std::make_unique<CustomCentroidBondForce>(node.getIntProperty("groups"), node.getStringProperty("energy"));
  });
  int count = readCustomHeader(node, *force, "PerBondParameters", &CustomCentroidBondForce::addPerBondParameter);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& g : items(node, "Groups", "Group")) {
    std::vector<int> particles;
    std::vector<double> weights;
    for (const auto& p : g.getChildren()) {
      if (p.getName() != "Particle")
        throw OpenMMException("XmlSerializer: " + p.describe() + " inside <Group>, expected <Particle>");
      particles.push_back(p.getIntProperty("p"));
      if (p.hasProperty("weight"))
        weights.push_back(p.getDoubleProperty("weight"));
    }
    if (!weights.empty() && weights.size() != particles.size())
      throw OpenMMException("XmlSerializer: " + g.describe() + " gives a weight to " + std::to_string(weights.size()) +
                            " of its " + std::to_string(particles.size()) +
                            " particles, expected all of them or none (none: weighted by mass)");
    withContext(g, [&] { force->addGroup(particles, weights); });
  }
  for (const auto& b : items(node, "Bonds", "Bond")) {
    std::vector<int> groupIndices;
    for (int j = 0; j < force->getNumGroupsPerBond(); j++)
      groupIndices.push_back(b.getIntProperty("g" + std::to_string(j + 1)));
    withContext(b, [&] { force->addBond(groupIndices, readParameters(b, count)); });
  }
  readFunctions(node, [&](const std::string& name, TabulatedFunction* f) { force->addTabulatedFunction(name, f); });
  return force.release();
}

} // namespace serialization
} // namespace OpenMM
