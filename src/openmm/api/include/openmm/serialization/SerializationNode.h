// SerializationNode: one element of a serialized object (name, string-valued properties, ordered children), what
// the proxies write and read and XmlSerializer turns into XML. Typed getters throw an OpenMMException naming the
// element, its line in the input and the property when a property is missing or not a number of the kind asked.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class SerializationNode {
public:
  SerializationNode() = default;
  explicit SerializationNode(std::string name, int line = 0) : _name(std::move(name)), _line(line) {}
  const std::string& getName() const { return _name; }
  void setName(const std::string& name) { _name = name; }
  /** Line of the element in the XML it was read from (0 when built in memory). */
  int getLine() const { return _line; }
  const std::vector<SerializationNode>& getChildren() const { return _children; }
  std::vector<SerializationNode>& getChildren() { return _children; }
  /** The first child of that name; throws if there is none. */
  const SerializationNode& getChildNode(const std::string& name) const;
  SerializationNode& getChildNode(const std::string& name);
  bool hasChildNode(const std::string& name) const;
  SerializationNode& createChildNode(const std::string& name);
  const std::map<std::string, std::string>& getProperties() const { return _properties; }
  bool hasProperty(const std::string& name) const { return _properties.count(name) != 0; }
  const std::string& getStringProperty(const std::string& name) const;
  const std::string& getStringProperty(const std::string& name, const std::string& defaultValue) const;
  SerializationNode& setStringProperty(const std::string& name, const std::string& value);
  int getIntProperty(const std::string& name) const;
  int getIntProperty(const std::string& name, int defaultValue) const;
  SerializationNode& setIntProperty(const std::string& name, int value);
  long long getLongProperty(const std::string& name) const;
  long long getLongProperty(const std::string& name, long long defaultValue) const;
  SerializationNode& setLongProperty(const std::string& name, long long value);
  bool getBoolProperty(const std::string& name) const;
  bool getBoolProperty(const std::string& name, bool defaultValue) const;
  SerializationNode& setBoolProperty(const std::string& name, bool value);
  double getDoubleProperty(const std::string& name) const;
  double getDoubleProperty(const std::string& name, double defaultValue) const;
  SerializationNode& setDoubleProperty(const std::string& name, double value);
  /** "<Name> at line N" (or "<Name>"), for error messages. */
  std::string describe() const;

private:
  std::string _name;
  int _line = 0;
  std::map<std::string, std::string> _properties;
  std::vector<SerializationNode> _children;
};

} // namespace OpenMM
