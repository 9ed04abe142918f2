// XmlSerializer: writes a node tree as XML the way OpenMM lays it out (declaration, tab indentation, attributes in
// name order) and reads XML with TinyXML-2 into a node tree keeping each element's line for error messages.
#include "openmm/serialization/XmlSerializer.h"

#include <tinyxml2.h>

#include <istream>
#include <iterator>
#include <ostream>

namespace OpenMM {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\n': out += "&#10;"; break;
    default: out += c;
    }
  }
  return out;
}

void writeNode(const SerializationNode& node, std::ostream& stream, int depth) {
  const std::string indent(static_cast<size_t>(depth), '\t');
  stream << indent << '<' << node.getName();
  for (const auto& property : node.getProperties())
    stream << ' ' << property.first << "=\"" << escape(property.second) << '"';
  if (node.getChildren().empty()) {
    stream << "/>\n";
    return;
  }
  stream << ">\n";
  for (const auto& child : node.getChildren())
    writeNode(child, stream, depth + 1);
  stream << indent << "</" << node.getName() << ">\n";
}

SerializationNode toNode(const tinyxml2::XMLElement& element) {
  SerializationNode node(element.Name(), element.GetLineNum());
  for (const tinyxml2::XMLAttribute* a = element.FirstAttribute(); a != nullptr; a = a->Next())
    node.setStringProperty(a->Name(), a->Value());
  for (const tinyxml2::XMLElement* child = element.FirstChildElement(); child != nullptr;
       child = child->NextSiblingElement())
    node.getChildren().push_back(toNode(*child));
  return node;
}

} // namespace

void XmlSerializer::write(const SerializationNode& node, std::ostream& stream) {
  stream << "<?xml version=\"1.0\" ?>\n";
  writeNode(node, stream, 0);
  if (!stream)
    throw OpenMMException("XmlSerializer: writing to the stream failed");
}

SerializationNode XmlSerializer::read(std::istream& stream) {
  std::string text((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  tinyxml2::XMLDocument document;
  if (document.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS)
    throw OpenMMException(std::string("XmlSerializer: malformed XML at line ") +
                          std::to_string(document.ErrorLineNum()) + ": " + document.ErrorStr());
  const tinyxml2::XMLElement* root = document.RootElement();
  if (root == nullptr)
    throw OpenMMException("XmlSerializer: the input holds no XML element");
  return toNode(*root);
}

} // namespace OpenMM
