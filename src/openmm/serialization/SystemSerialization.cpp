// System in OpenMM's XML: <PeriodicBoxVectors> A/B/C, <Particles> (mass, a virtual site as the particle's child
// element), <Constraints>, <Forces> (each Force through the proxy of its type).
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/Force.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/VirtualSite.h"
#include "openmm/serialization/SerializationProxy.h"

#include <memory>
#include <typeinfo>

namespace OpenMM {
namespace serialization {

namespace {

void writeVirtualSite(const VirtualSite& site, SerializationNode& particle) {
  if (auto* two = dynamic_cast<const TwoParticleAverageSite*>(&site)) {
    particle.createChildNode("TwoParticleAverageSite")
        .setIntProperty("p1", two->getParticle(0))
        .setIntProperty("p2", two->getParticle(1))
        .setDoubleProperty("w1", two->getWeight(0))
        .setDoubleProperty("w2", two->getWeight(1));
  } else if (auto* three = dynamic_cast<const ThreeParticleAverageSite*>(&site)) {
    SerializationNode& node = particle.createChildNode("ThreeParticleAverageSite");
    for (int i = 0; i < 3; i++)
      node.setIntProperty("p" + std::to_string(i + 1), three->getParticle(i))
          .setDoubleProperty("w" + std::to_string(i + 1), three->getWeight(i));
  } else if (auto* plane = dynamic_cast<const OutOfPlaneSite*>(&site)) {
    particle.createChildNode("OutOfPlaneSite")
        .setIntProperty("p1", plane->getParticle(0))
        .setIntProperty("p2", plane->getParticle(1))
        .setIntProperty("p3", plane->getParticle(2))
        .setDoubleProperty("w12", plane->getWeight12())
        .setDoubleProperty("w13", plane->getWeight13())
        .setDoubleProperty("wc", plane->getWeightCross());
  } else if (auto* local = dynamic_cast<const LocalCoordinatesSite*>(&site)) {
    SerializationNode& node = particle.createChildNode("LocalCoordinatesSite");
    std::vector<double> wo, wx, wy;
    local->getOriginWeights(wo);
    local->getXWeights(wx);
    local->getYWeights(wy);
    for (int i = 0; i < local->getNumParticles(); i++) {
      const std::string k = std::to_string(i + 1);
      node.setIntProperty("p" + k, local->getParticle(i))
          .setDoubleProperty("wo" + k, wo[i])
          .setDoubleProperty("wx" + k, wx[i])
          .setDoubleProperty("wy" + k, wy[i]);
    }
    const Vec3& p = local->getLocalPosition();
    node.setDoubleProperty("pos1", p[0]).setDoubleProperty("pos2", p[1]).setDoubleProperty("pos3", p[2]);
  } else {
    throw OpenMMException("XmlSerializer: no serialization for this kind of virtual site");
  }
}

VirtualSite* readVirtualSite(const SerializationNode& node) {
  const std::string& kind = node.getName();
  if (kind == "TwoParticleAverageSite")
    return new TwoParticleAverageSite(node.getIntProperty("p1"), node.getIntProperty("p2"),
                                      node.getDoubleProperty("w1"), node.getDoubleProperty("w2"));
  if (kind == "ThreeParticleAverageSite")
    return new ThreeParticleAverageSite(node.getIntProperty("p1"), node.getIntProperty("p2"),
                                        node.getIntProperty("p3"), node.getDoubleProperty("w1"),
                                        node.getDoubleProperty("w2"), node.getDoubleProperty("w3"));
  if (kind == "OutOfPlaneSite")
    return new OutOfPlaneSite(node.getIntProperty("p1"), node.getIntProperty("p2"), node.getIntProperty("p3"),
                              node.getDoubleProperty("w12"), node.getDoubleProperty("w13"),
                              node.getDoubleProperty("wc"));
  if (kind == "LocalCoordinatesSite") {
    std::vector<int> particles;
    std::vector<double> wo, wx, wy;
    for (int i = 1; node.hasProperty("p" + std::to_string(i)); i++) {
      const std::string k = std::to_string(i);
      particles.push_back(node.getIntProperty("p" + k));
      wo.push_back(node.getDoubleProperty("wo" + k));
      wx.push_back(node.getDoubleProperty("wx" + k));
      wy.push_back(node.getDoubleProperty("wy" + k));
    }
    if (particles.size() < 2)
      throw OpenMMException("XmlSerializer: " + node.describe() + " names fewer than two particles");
    return new LocalCoordinatesSite(particles, wo, wx, wy,
                                    Vec3(node.getDoubleProperty("pos1"), node.getDoubleProperty("pos2"),
                                         node.getDoubleProperty("pos3")));
  }
  throw OpenMMException("XmlSerializer: " + node.describe() + " is not a kind of virtual site this library knows");
}

} // namespace

void writeSystem(const System& system, SerializationNode& node) {
  node.setIntProperty("version", 1);
  // The level of OpenMM's format the file follows (OpenMM writes its own version here).
  node.setStringProperty("openmmVersion", "7.7");
  Vec3 a, b, c;
  system.getDefaultPeriodicBoxVectors(a, b, c);
  SerializationNode& box = node.createChildNode("PeriodicBoxVectors");
  writeVec3(box.createChildNode("A"), a);
  writeVec3(box.createChildNode("B"), b);
  writeVec3(box.createChildNode("C"), c);
  SerializationNode& particles = node.createChildNode("Particles");
  for (int i = 0; i < system.getNumParticles(); i++) {
    SerializationNode& particle = particles.createChildNode("Particle");
    particle.setDoubleProperty("mass", system.getParticleMass(i));
    if (system.isVirtualSite(i))
      writeVirtualSite(system.getVirtualSite(i), particle);
  }
  SerializationNode& constraints = node.createChildNode("Constraints");
  for (int i = 0; i < system.getNumConstraints(); i++) {
    int p1, p2;
    double d;
    system.getConstraintParameters(i, p1, p2, d);
    constraints.createChildNode("Constraint").setIntProperty("p1", p1).setIntProperty("p2", p2).setDoubleProperty(
        "d", d);
  }
  SerializationNode& forces = node.createChildNode("Forces");
  for (int i = 0; i < system.getNumForces(); i++) {
    const Force& force = system.getForce(i);
    const SerializationProxy& proxy = SerializationProxy::getProxy(typeid(force));
    SerializationNode& child = forces.createChildNode("Force");
    child.setStringProperty("type", proxy.getTypeName());
    proxy.serialize(static_cast<const void*>(&force), child);
  }
}

System* readSystem(const SerializationNode& node) {
  checkVersion(node, 1);
  auto system = std::make_unique<System>();
  const SerializationNode& box = node.getChildNode("PeriodicBoxVectors");
  system->setDefaultPeriodicBoxVectors(readVec3(box.getChildNode("A")), readVec3(box.getChildNode("B")),
                                       readVec3(box.getChildNode("C")));
  for (const auto& particle : items(node, "Particles", "Particle")) {
    int index = system->addParticle(particle.getDoubleProperty("mass"));
    if (particle.getChildren().size() > 1)
      throw OpenMMException("XmlSerializer: " + particle.describe() + " has more than one virtual site");
    if (!particle.getChildren().empty()) {
      try {
        system->setVirtualSite(index, readVirtualSite(particle.getChildren().front()));
      } catch (const OpenMMException& e) {
        const std::string message = e.what();
        if (message.rfind("XmlSerializer:", 0) == 0)
          throw;
        throw OpenMMException("XmlSerializer: " + particle.getChildren().front().describe() + ": " + message);
      }
    }
  }
  for (const auto& constraint : optionalItems(node, "Constraints", "Constraint")) {
    try {
      system->addConstraint(constraint.getIntProperty("p1"), constraint.getIntProperty("p2"),
                            constraint.getDoubleProperty("d"));
    } catch (const OpenMMException& e) {
      const std::string message = e.what();
      if (message.rfind("XmlSerializer:", 0) == 0)
        throw;
      throw OpenMMException("XmlSerializer: " + constraint.describe() + ": " + message);
    }
  }
  for (const auto& child : optionalItems(node, "Forces", "Force")) {
    const std::string& type = child.getStringProperty("type");
    const SerializationProxy& proxy = SerializationProxy::getProxy(type);
    if (proxy.getFamily() != typeid(Force))
      throw OpenMMException("XmlSerializer: " + child.describe() + " has type " + type + ", which is not a Force");
    std::unique_ptr<Force> force;
    try {
      force.reset(static_cast<Force*>(proxy.deserialize(child)));
    } catch (const OpenMMException& e) {
      const std::string message = e.what();
      if (message.rfind("XmlSerializer:", 0) == 0)
        throw;
      throw OpenMMException("XmlSerializer: " + child.describe() + " (" + type + "): " + message);
    }
    system->addForce(force.release());
  }
  return system.release();
}

} // namespace serialization
} // namespace OpenMM
