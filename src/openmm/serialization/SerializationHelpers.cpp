// SerializationHelpers: the shared element layouts of OpenMM's XML (see SerializationHelpers.h).
#include "SerializationHelpers.h"

#include "openmm/Force.h"
#include "openmm/OpenMMException.h"

namespace OpenMM {
namespace serialization {

void writeForceBase(const Force& force, SerializationNode& node, int version, bool writeUsesPeriodic) {
  node.setIntProperty("version", version);
  node.setIntProperty("forceGroup", force.getForceGroup());
  node.setStringProperty("name", force.getName());
  if (writeUsesPeriodic)
    node.setBoolProperty("usesPeriodic", force.usesPeriodicBoundaryConditions());
}

void readForceBase(const SerializationNode& node, Force& force) {
  force.setForceGroup(node.getIntProperty("forceGroup", 0));
  if (node.hasProperty("name"))
    force.setName(node.getStringProperty("name"));
}

void writeVec3(SerializationNode& node, const Vec3& v) {
  node.setDoubleProperty("x", v[0]).setDoubleProperty("y", v[1]).setDoubleProperty("z", v[2]);
}

Vec3 readVec3(const SerializationNode& node) {
  return Vec3(node.getDoubleProperty("x"), node.getDoubleProperty("y"), node.getDoubleProperty("z"));
}

const std::vector<SerializationNode>& items(const SerializationNode& parent, const std::string& listName,
                                            const std::string& itemName) {
  const SerializationNode& list = parent.getChildNode(listName);
  for (const auto& child : list.getChildren())
    if (child.getName() != itemName)
      throw OpenMMException("XmlSerializer: " + child.describe() + " inside <" + listName + ">, expected <" +
                            itemName + ">");
  return list.getChildren();
}

const std::vector<SerializationNode>& optionalItems(const SerializationNode& parent, const std::string& listName,
                                                    const std::string& itemName) {
  static const std::vector<SerializationNode> none;
  return parent.hasChildNode(listName) ? items(parent, listName, itemName) : none;
}

void writeParameters(SerializationNode& node, const std::vector<double>& values) {
  for (size_t i = 0; i < values.size(); i++)
    node.setDoubleProperty("param" + std::to_string(i + 1), values[i]);
}

std::vector<double> readParameters(const SerializationNode& node, int count) {
  std::vector<double> values;
  for (int i = 0; i < count; i++)
    values.push_back(node.getDoubleProperty("param" + std::to_string(i + 1)));
  return values;
}

void writeNames(SerializationNode& parent, const std::string& listName, const std::vector<std::string>& names) {
  SerializationNode& list = parent.createChildNode(listName);
  for (const auto& name : names)
    list.createChildNode("Parameter").setStringProperty("name", name);
}

std::vector<std::string> readNames(const SerializationNode& parent, const std::string& listName) {
  std::vector<std::string> names;
  for (const auto& item : items(parent, listName, "Parameter"))
    names.push_back(item.getStringProperty("name"));
  return names;
}

void writeGlobals(SerializationNode& parent, const std::vector<std::pair<std::string, double>>& globals) {
  SerializationNode& list = parent.createChildNode("GlobalParameters");
  for (const auto& global : globals)
    list.createChildNode("Parameter").setStringProperty("name", global.first).setDoubleProperty("default",
                                                                                                global.second);
}

std::vector<std::pair<std::string, double>> readGlobals(const SerializationNode& parent) {
  std::vector<std::pair<std::string, double>> globals;
  for (const auto& item : optionalItems(parent, "GlobalParameters", "Parameter"))
    globals.emplace_back(item.getStringProperty("name"), item.getDoubleProperty("default"));
  return globals;
}

void checkVersion(const SerializationNode& node, int newest) {
  int version = node.getIntProperty("version", 1);
  if (version < 1 || version > newest)
    throw OpenMMException("XmlSerializer: " + node.describe() + " is version " + std::to_string(version) + " of " +
                          node.getStringProperty("type", node.getName()) + "; this library reads versions 1 to " +
                          std::to_string(newest));
}

} // namespace serialization
} // namespace OpenMM
