// State in OpenMM's XML: time and step count, box vectors, and what the State holds of parameters, energies,
// positions, velocities and forces.
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/State.h"

#include <memory>

namespace OpenMM {
namespace serialization {

namespace {
void writeVectors(SerializationNode& node, const char* list, const char* item, const std::vector<Vec3>& values) {
  SerializationNode& parent = node.createChildNode(list);
  for (const Vec3& v : values)
    writeVec3(parent.createChildNode(item), v);
}

std::vector<Vec3> readVectors(const SerializationNode& node, const char* list, const char* item) {
  std::vector<Vec3> values;
  for (const auto& child : items(node, list, item))
    values.push_back(readVec3(child));
  return values;
}
} // namespace

void writeState(const State& state, SerializationNode& node) {
  node.setIntProperty("version", 1);
  node.setStringProperty("openmmVersion", "7.7");
  node.setDoubleProperty("time", state.getTime());
  node.setLongProperty("stepCount", state.getStepCount());
  Vec3 a, b, c;
  state.getPeriodicBoxVectors(a, b, c);
  SerializationNode& box = node.createChildNode("PeriodicBoxVectors");
  writeVec3(box.createChildNode("A"), a);
  writeVec3(box.createChildNode("B"), b);
  writeVec3(box.createChildNode("C"), c);
  const int types = state.getDataTypes();
  if (types & State::Parameters) {
    SerializationNode& parameters = node.createChildNode("Parameters");
    for (const auto& p : state.getParameters())
      parameters.setDoubleProperty(p.first, p.second);
  }
  if (types & State::ParameterDerivatives) {
    SerializationNode& derivatives = node.createChildNode("EnergyParameterDerivatives");
    for (const auto& p : state.getEnergyParameterDerivatives())
      derivatives.setDoubleProperty(p.first, p.second);
  }
  if (types & State::Energy)
    node.createChildNode("Energies")
        .setDoubleProperty("KineticEnergy", state.getKineticEnergy())
        .setDoubleProperty("PotentialEnergy", state.getPotentialEnergy());
  if (types & State::Positions)
    writeVectors(node, "Positions", "Position", state.getPositions());
  if (types & State::Velocities)
    writeVectors(node, "Velocities", "Velocity", state.getVelocities());
  if (types & State::Forces)
    writeVectors(node, "Forces", "Force", state.getForces());
}

State* readState(const SerializationNode& node) {
  checkVersion(node, 1);
  State::StateBuilder builder(node.getDoubleProperty("time"), node.getLongProperty("stepCount", 0));
  const SerializationNode& box = node.getChildNode("PeriodicBoxVectors");
  builder.setPeriodicBoxVectors(readVec3(box.getChildNode("A")), readVec3(box.getChildNode("B")),
                                readVec3(box.getChildNode("C")));
  auto readMap = [&](const char* name) {
    std::map<std::string, double> values;
    const SerializationNode& child = node.getChildNode(name);
    for (const auto& p : child.getProperties())
      values[p.first] = child.getDoubleProperty(p.first);
    return values;
  };
  if (node.hasChildNode("Parameters"))
    builder.setParameters(readMap("Parameters"));
  if (node.hasChildNode("EnergyParameterDerivatives"))
    builder.setEnergyParameterDerivatives(readMap("EnergyParameterDerivatives"));
  if (node.hasChildNode("Energies")) {
    const SerializationNode& energies = node.getChildNode("Energies");
    builder.setEnergy(energies.getDoubleProperty("KineticEnergy"), energies.getDoubleProperty("PotentialEnergy"));
  }
  if (node.hasChildNode("Positions"))
    builder.setPositions(readVectors(node, "Positions", "Position"));
  if (node.hasChildNode("Velocities"))
    builder.setVelocities(readVectors(node, "Velocities", "Velocity"));
  if (node.hasChildNode("Forces"))
    builder.setForces(readVectors(node, "Forces", "Force"));
  return new State(builder.getState());
}

} // namespace serialization
} // namespace OpenMM
