// SerializationNode: properties stored as text (doubles written so they read back exactly), typed reading with
// errors that say which element, line and property was wrong and what was expected.
#include "openmm/serialization/SerializationNode.h"

#include "openmm/OpenMMException.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace OpenMM {

std::string SerializationNode::describe() const {
  return "<" + _name + ">" + (_line > 0 ? " at line " + std::to_string(_line) : std::string());
}

const SerializationNode& SerializationNode::getChildNode(const std::string& name) const {
  for (const auto& child : _children)
    if (child.getName() == name)
      return child;
  throw OpenMMException("XmlSerializer: " + describe() + " has no child element <" + name + ">");
}

SerializationNode& SerializationNode::getChildNode(const std::string& name) {
  return const_cast<SerializationNode&>(static_cast<const SerializationNode*>(this)->getChildNode(name));
}

bool SerializationNode::hasChildNode(const std::string& name) const {
  for (const auto& child : _children)
    if (child.getName() == name)
      return true;
  return false;
}

SerializationNode& SerializationNode::createChildNode(const std::string& name) {
  _children.emplace_back(name);
  return _children.back();
}

const std::string& SerializationNode::getStringProperty(const std::string& name) const {
  auto it = _properties.find(name);
  if (it == _properties.end())
    throw OpenMMException("XmlSerializer: " + describe() + " lacks the attribute '" + name + "'");
  return it->second;
}

const std::string& SerializationNode::getStringProperty(const std::string& name, const std::string& defaultValue) const {
  auto it = _properties.find(name);
  return it == _properties.end() ? defaultValue : it->second;
}

SerializationNode& SerializationNode::setStringProperty(const std::string& name, const std::string& value) {
  _properties[name] = value;
  return *this;
}

namespace {
[[noreturn]] void badValue(const SerializationNode& node, const std::string& name, const std::string& text,
                           const char* expected) {
  throw OpenMMException("XmlSerializer: attribute '" + name + "' of " + node.describe() + " is '" + text +
                        "', expected " + expected);
}
} // namespace

long long SerializationNode::getLongProperty(const std::string& name) const {
  const std::string& text = getStringProperty(name);
  errno = 0;
  char* end = nullptr;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE)
    badValue(*this, name, text, "an integer");
  return value;
}

long long SerializationNode::getLongProperty(const std::string& name, long long defaultValue) const {
  return hasProperty(name) ? getLongProperty(name) : defaultValue;
}

SerializationNode& SerializationNode::setLongProperty(const std::string& name, long long value) {
  return setStringProperty(name, std::to_string(value));
}

int SerializationNode::getIntProperty(const std::string& name) const {
  long long value = getLongProperty(name);
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
    badValue(*this, name, getStringProperty(name), "an integer in the range of int");
  return static_cast<int>(value);
}

int SerializationNode::getIntProperty(const std::string& name, int defaultValue) const {
  return hasProperty(name) ? getIntProperty(name) : defaultValue;
}

SerializationNode& SerializationNode::setIntProperty(const std::string& name, int value) {
  return setStringProperty(name, std::to_string(value));
}

bool SerializationNode::getBoolProperty(const std::string& name) const {
  const std::string& text = getStringProperty(name);
  if (text == "1" || text == "true")
    return true;
  if (text == "0" || text == "false")
    return false;
  badValue(*this, name, text, "0 or 1");
}

bool SerializationNode::getBoolProperty(const std::string& name, bool defaultValue) const {
  return hasProperty(name) ? getBoolProperty(name) : defaultValue;
}

SerializationNode& SerializationNode::setBoolProperty(const std::string& name, bool value) {
  return setStringProperty(name, value ? "1" : "0");
}

double SerializationNode::getDoubleProperty(const std::string& name) const {
  const std::string& text = getStringProperty(name);
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0')
    badValue(*this, name, text, "a number");
  return value;
}

double SerializationNode::getDoubleProperty(const std::string& name, double defaultValue) const {
  return hasProperty(name) ? getDoubleProperty(name) : defaultValue;
}

SerializationNode& SerializationNode::setDoubleProperty(const std::string& name, double value) {
  // The shortest of 15 and 17 significant digits that reads back as the same double.
  char text[40];
  std::snprintf(text, sizeof(text), "%.15g", value);
  if (std::strtod(text, nullptr) != value)
    std::snprintf(text, sizeof(text), "%.17g", value);
  return setStringProperty(name, text);
}

} // namespace OpenMM
