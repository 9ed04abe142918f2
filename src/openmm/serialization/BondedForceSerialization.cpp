// HarmonicBondForce, HarmonicAngleForce, PeriodicTorsionForce, RBTorsionForce and CMAPTorsionForce in OpenMM's
// XML (version 2: forceGroup, name, usesPeriodic; one element per term; CMAP maps as <Map size=...> of <Energy e=...>).
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/CMAPTorsionForce.h"
#include "openmm/HarmonicAngleForce.h"
#include "openmm/HarmonicBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/PeriodicTorsionForce.h"
#include "openmm/RBTorsionForce.h"

#include <memory>

namespace OpenMM {
namespace serialization {

void writeHarmonicBondForce(const HarmonicBondForce& force, SerializationNode& node) {
  writeForceBase(force, node, 2, true);
  SerializationNode& bonds = node.createChildNode("Bonds");
  for (int i = 0; i < force.getNumBonds(); i++) {
    int p1, p2;
    double d, k;
    force.getBondParameters(i, p1, p2, d, k);
    bonds.createChildNode("Bond").setIntProperty("p1", p1).setIntProperty("p2", p2).setDoubleProperty("d", d)
        .setDoubleProperty("k", k);
  }
}

HarmonicBondForce* readHarmonicBondForce(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<HarmonicBondForce>();
  readForceBase(node, *force);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& bond : items(node, "Bonds", "Bond"))
    force->addBond(bond.getIntProperty("p1"), bond.getIntProperty("p2"), bond.getDoubleProperty("d"),
                   bond.getDoubleProperty("k"));
  return force.release();
}

void writeHarmonicAngleForce(const HarmonicAngleForce& force, SerializationNode& node) {
  writeForceBase(force, node, 2, true);
  SerializationNode& angles = node.createChildNode("Angles");
  for (int i = 0; i < force.getNumAngles(); i++) {
    int p1, p2, p3;
    double a, k;
    force.getAngleParameters(i, p1, p2, p3, a, k);
    angles.createChildNode("Angle").setIntProperty("p1", p1).setIntProperty("p2", p2).setIntProperty("p3", p3)
        .setDoubleProperty("a", a).setDoubleProperty("k", k);
  }
}

HarmonicAngleForce* readHarmonicAngleForce(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<HarmonicAngleForce>();
  readForceBase(node, *force);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& angle : items(node, "Angles", "Angle"))
    force->addAngle(angle.getIntProperty("p1"), angle.getIntProperty("p2"), angle.getIntProperty("p3"),
                    angle.getDoubleProperty("a"), angle.getDoubleProperty("k"));
  return force.release();
}

void writePeriodicTorsionForce(const PeriodicTorsionForce& force, SerializationNode& node) {
  writeForceBase(force, node, 2, true);
  SerializationNode& torsions = node.createChildNode("Torsions");
  for (int i = 0; i < force.getNumTorsions(); i++) {
    int p1, p2, p3, p4, periodicity;
    double phase, k;
    force.getTorsionParameters(i, p1, p2, p3, p4, periodicity, phase, k);
    torsions.createChildNode("Torsion").setIntProperty("p1", p1).setIntProperty("p2", p2).setIntProperty("p3", p3)
        .setIntProperty("p4", p4).setIntProperty("periodicity", periodicity).setDoubleProperty("phase", phase)
        .setDoubleProperty("k", k);
  }
}

PeriodicTorsionForce* readPeriodicTorsionForce(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<PeriodicTorsionForce>();
  readForceBase(node, *force);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& t : items(node, "Torsions", "Torsion"))
    force->addTorsion(t.getIntProperty("p1"), t.getIntProperty("p2"), t.getIntProperty("p3"), t.getIntProperty("p4"),
                      t.getIntProperty("periodicity"), t.getDoubleProperty("phase"), t.getDoubleProperty("k"));
  return force.release();
}

void writeRBTorsionForce(const RBTorsionForce& force, SerializationNode& node) {
  writeForceBase(force, node, 2, true);
  SerializationNode& torsions = node.createChildNode("Torsions");
  for (int i = 0; i < force.getNumTorsions(); i++) {
    int p[4];
    double c[6];
    force.getTorsionParameters(i, p[0], p[1], p[2], p[3], c[0], c[1], c[2], c[3], c[4], c[5]);
    SerializationNode& t = torsions.createChildNode("Torsion");
    for (int k = 0; k < 4; k++)
      t.setIntProperty("p" + std::to_string(k + 1), p[k]);
    for (int k = 0; k < 6; k++)
      t.setDoubleProperty("c" + std::to_string(k), c[k]);
  }
}

RBTorsionForce* readRBTorsionForce(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<RBTorsionForce>();
  readForceBase(node, *force);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& t : items(node, "Torsions", "Torsion"))
    force->addTorsion(t.getIntProperty("p1"), t.getIntProperty("p2"), t.getIntProperty("p3"), t.getIntProperty("p4"),
                      t.getDoubleProperty("c0"), t.getDoubleProperty("c1"), t.getDoubleProperty("c2"),
                      t.getDoubleProperty("c3"), t.getDoubleProperty("c4"), t.getDoubleProperty("c5"));
  return force.release();
}

void writeCMAPTorsionForce(const CMAPTorsionForce& force, SerializationNode& node) {
  writeForceBase(force, node, 2, true);
  SerializationNode& maps = node.createChildNode("Maps");
  for (int i = 0; i < force.getNumMaps(); i++) {
    int size;
    std::vector<double> energy;
    force.getMapParameters(i, size, energy);
    SerializationNode& map = maps.createChildNode("Map").setIntProperty("size", size);
    for (double e : energy)
      map.createChildNode("Energy").setDoubleProperty("e", e);
  }
  SerializationNode& torsions = node.createChildNode("Torsions");
  for (int i = 0; i < force.getNumTorsions(); i++) {
    int map, p[8];
    force.getTorsionParameters(i, map, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
    SerializationNode& t = torsions.createChildNode("Torsion").setIntProperty("map", map);
    for (int k = 0; k < 4; k++) {
      t.setIntProperty("a" + std::to_string(k + 1), p[k]);
      t.setIntProperty("b" + std::to_string(k + 1), p[k + 4]);
    }
  }
}

CMAPTorsionForce* readCMAPTorsionForce(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<CMAPTorsionForce>();
  readForceBase(node, *force);
  force->setUsesPeriodicBoundaryConditions(node.getBoolProperty("usesPeriodic", false));
  for (const auto& m : items(node, "Maps", "Map")) {
    std::vector<double> energy;
    for (const auto& e : m.getChildren()) {
      if (e.getName() != "Energy")
        throw OpenMMException("XmlSerializer: " + e.describe() + " inside <Map>, expected <Energy>");
      energy.push_back(e.getDoubleProperty("e"));
    }
    withContext(m, [&] { force->addMap(m.getIntProperty("size"), energy); });
  }
  for (const auto& t : items(node, "Torsions", "Torsion")) {
    int p[8];
    for (int k = 0; k < 4; k++) {
      p[k] = t.getIntProperty("a" + std::to_string(k + 1));
      p[k + 4] = t.getIntProperty("b" + std::to_string(k + 1));
    }
    const int map = t.getIntProperty("map");
    if (map < 0 || map >= force->getNumMaps())
      throw OpenMMException("XmlSerializer: attribute 'map' of " + t.describe() + " is " + std::to_string(map) +
                            ", expected a map index from 0 to " + std::to_string(force->getNumMaps() - 1));
    force->addTorsion(map, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
  }
  return force.release();
}

} // namespace serialization
} // namespace OpenMM
