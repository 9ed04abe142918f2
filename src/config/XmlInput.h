// XmlInput: TinyXML-2 documents of one configuration (the main file and everything it includes)
// with typed, located getters that collect InputProblems instead of stopping at the first one.
#pragma once

#include "config/SimulationConfig.h"
#include "utils/MardynException.h"
#include "utils/Vec3.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tinyxml2 {
class XMLDocument;
class XMLElement;
}  // namespace tinyxml2

namespace mardyn {

/// An element together with where it came from: its file and its logical element path
/// (included elements get the path of the element that includes them).
struct XmlNode {
  const tinyxml2::XMLElement* element = nullptr;
  std::string file;
  std::string path;
  int line() const;
  explicit operator bool() const { return element != nullptr; }
};

class XmlInput {
 public:
  XmlInput();
  ~XmlInput();

  /// Loads a file; returns its root element (empty node and a problem when unreadable).
  XmlNode load(const std::string& file);

  /// Direct children named `name` (every child if name is empty), with `<include query=...>`
  /// children expanded in place: the query's elements whose name matches are returned.
  std::vector<XmlNode> children(const XmlNode& parent, const std::string& name);
  /// First child named `name`, or an empty node.
  XmlNode child(const XmlNode& parent, const std::string& name);
  /// First child named `name`; records "missing element" when absent.
  XmlNode requiredChild(const XmlNode& parent, const std::string& name, const std::string& expected);

  /// Text of a child element, if present.
  std::optional<std::string> text(const XmlNode& parent, const std::string& name);
  std::optional<std::string> attribute(const XmlNode& node, const std::string& name) const;

  /// Numbers of child elements. `required`: absence is a problem. Wrong type always is, and so is a
  /// number that is not finite (inf, nan) or out of double's range.
  std::optional<double> number(const XmlNode& parent, const std::string& name, bool required,
                               const std::string& expected = "a number");
  double number(const XmlNode& parent, const std::string& name, double fallback);
  std::optional<long> integer(const XmlNode& parent, const std::string& name, bool required,
                              const std::string& expected = "an integer");
  long integer(const XmlNode& parent, const std::string& name, long fallback);
  bool boolean(const XmlNode& parent, const std::string& name, bool fallback);
  /// Number of an attribute.
  std::optional<long> integerAttribute(const XmlNode& node, const std::string& name, bool required);
  /// x, y, z children of a child element (e.g. coords), each defaulting to 0.
  Vec3 vec3(const XmlNode& parent, const std::string& name, bool required);

  void problem(const XmlNode& node, const std::string& message);
  void problem(const std::string& file, int line, const std::string& element, const std::string& message);
  std::vector<InputProblem>& problems() { return _problems; }
  /// Inconsistencies that do not stop the run (e.g. what ls1-mardyn tolerates).
  void warning(const XmlNode& node, const std::string& message);
  std::vector<InputProblem>& warnings() { return _warnings; }
  /// Where a node is, for checks made after reading.
  static SettingSource source(const XmlNode& node) { return {node.file, node.line(), node.path}; }
  /// Throws InputError with everything collected, if anything was.
  void throwIfProblems() const;

 private:
  std::vector<XmlNode> expandInclude(const XmlNode& include, const std::string& name);
  std::vector<std::unique_ptr<tinyxml2::XMLDocument>> _documents;
  std::vector<InputProblem> _problems;
  std::vector<InputProblem> _warnings;
};

/// Parses a whole string as a double / integer (no trailing characters). parseDouble accepts inf
/// and nan (strtod's forms); parseFinite does not.
std::optional<double> parseDouble(const std::string& s);
std::optional<long> parseLong(const std::string& s);
std::optional<double> parseFinite(const std::string& s);

}  // namespace mardyn
