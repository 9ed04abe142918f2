// CMMotionRemover, AndersenThermostat, MonteCarloBarostat and MonteCarloAnisotropicBarostat in OpenMM's XML.
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/AndersenThermostat.h"
#include "openmm/CMMotionRemover.h"
#include "openmm/MonteCarloAnisotropicBarostat.h"
#include "openmm/MonteCarloBarostat.h"

#include <memory>

namespace OpenMM {
namespace serialization {

void writeCMMotionRemover(const CMMotionRemover& force, SerializationNode& node) {
  writeForceBase(force, node, 1, false);
  node.setIntProperty("frequency", force.getFrequency());
}

CMMotionRemover* readCMMotionRemover(const SerializationNode& node) {
  checkVersion(node, 1);
  auto force = std::make_unique<CMMotionRemover>(node.getIntProperty("frequency"));
  readForceBase(node, *force);
  return force.release();
}

void writeAndersenThermostat(const AndersenThermostat& force, SerializationNode& node) {
  writeForceBase(force, node, 1, false);
  node.setDoubleProperty("temperature", force.getDefaultTemperature());
  node.setDoubleProperty("frequency", force.getDefaultCollisionFrequency());
  node.setIntProperty("randomSeed", force.getRandomNumberSeed());
}

AndersenThermostat* readAndersenThermostat(const SerializationNode& node) {
  checkVersion(node, 1);
  auto force = std::make_unique<AndersenThermostat>(node.getDoubleProperty("temperature"),
                                                    node.getDoubleProperty("frequency"));
  readForceBase(node, *force);
  force->setRandomNumberSeed(node.getIntProperty("randomSeed", 0));
  return force.release();
}

void writeMonteCarloBarostat(const MonteCarloBarostat& force, SerializationNode& node) {
  writeForceBase(force, node, 1, false);
  node.setDoubleProperty("pressure", force.getDefaultPressure());
  node.setDoubleProperty("temperature", force.getDefaultTemperature());
  node.setIntProperty("frequency", force.getFrequency());
  node.setIntProperty("randomSeed", force.getRandomNumberSeed());
}

MonteCarloBarostat* readMonteCarloBarostat(const SerializationNode& node) {
  checkVersion(node, 2);
  auto force = std::make_unique<MonteCarloBarostat>(node.getDoubleProperty("pressure"),
                                                    node.getDoubleProperty("temperature"),
                                                    node.getIntProperty("frequency"));
  readForceBase(node, *force);
  force->setRandomNumberSeed(node.getIntProperty("randomSeed", 0));
  return force.release();
}

void writeMonteCarloAnisotropicBarostat(const MonteCarloAnisotropicBarostat& force, SerializationNode& node) {
  writeForceBase(force, node, 1, false);
  const Vec3& p = force.getDefaultPressure();
  node.setDoubleProperty("pressurex", p[0]).setDoubleProperty("pressurey", p[1]).setDoubleProperty("pressurez", p[2]);
  node.setDoubleProperty("temperature", force.getDefaultTemperature());
  node.setBoolProperty("scalex", force.getScaleX()).setBoolProperty("scaley", force.getScaleY()).setBoolProperty(
      "scalez", force.getScaleZ());
  node.setIntProperty("frequency", force.getFrequency());
  node.setIntProperty("randomSeed", force.getRandomNumberSeed());
}

MonteCarloAnisotropicBarostat* readMonteCarloAnisotropicBarostat(const SerializationNode& node) {
  checkVersion(node, 1);
  auto force = std::make_unique<MonteCarloAnisotropicBarostat>(
      Vec3(node.getDoubleProperty("pressurex"), node.getDoubleProperty("pressurey"),
           node.getDoubleProperty("pressurez")),
      node.getDoubleProperty("temperature"), node.getBoolProperty("scalex"), node.getBoolProperty("scaley"),
      node.getBoolProperty("scalez"), node.getIntProperty("frequency"));
  readForceBase(node, *force);
  force->setRandomNumberSeed(node.getIntProperty("randomSeed", 0));
  return force.release();
}

} // namespace serialization
} // namespace OpenMM
