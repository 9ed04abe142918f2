// XmlInput: TinyXML-2 documents of one configuration with located, problem-collecting getters.
// Includes follow ls1-mardyn: <include query="/root/child">file</include>, file relative to the includer.
#include "config/XmlInput.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace mardyn {

namespace {
std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::vector<std::string> splitPath(const std::string& query) {
  std::vector<std::string> parts;
  std::stringstream ss(query);
  std::string part;
  while (std::getline(ss, part, '/'))
    if (!part.empty()) parts.push_back(part);
  return parts;
}
}  // namespace

std::optional<double> parseDouble(const std::string& text) {
  const std::string s = trim(text);
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE) return std::nullopt;
  return v;
}

std::optional<double> parseFinite(const std::string& text) {
  const auto v = parseDouble(text);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

std::optional<long> parseLong(const std::string& text) {
  const std::string s = trim(text);
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE) return std::nullopt;
  return v;
}

int XmlNode::line() const { return element ? element->GetLineNum() : 0; }

XmlInput::XmlInput() = default;
XmlInput::~XmlInput() = default;

XmlNode XmlInput::load(const std::string& file) {
  auto doc = std::make_unique<tinyxml2::XMLDocument>();
  const tinyxml2::XMLError err = doc->LoadFile(file.c_str());
  if (err == tinyxml2::XML_ERROR_FILE_NOT_FOUND || err == tinyxml2::XML_ERROR_FILE_COULD_NOT_BE_OPENED ||
      err == tinyxml2::XML_ERROR_FILE_READ_ERROR) {
    problem(file, 0, "", "cannot read the file (expected a readable XML file)");
    return {};
  }
  if (err != tinyxml2::XML_SUCCESS) {
    problem(file, doc->ErrorLineNum(), "", std::string("malformed XML: ") + doc->ErrorStr());
    return {};
  }
  const tinyxml2::XMLElement* root = doc->RootElement();
  if (!root) {
    problem(file, 0, "", "no root element (expected <mardyn>)");
    return {};
  }
  XmlNode node{root, file, std::string("/") + root->Name()};
  if (const tinyxml2::XMLElement* second = root->NextSiblingElement()) {
    problem(file, second->GetLineNum(), std::string("/") + second->Name(),
            std::string("second root element <") + second->Name() + "> (expected one root element <" + root->Name() +
                "> and nothing after it)");
    return {};
  }
  _documents.push_back(std::move(doc));
  return node;
}

std::vector<XmlNode> XmlInput::expandInclude(const XmlNode& include, const std::string& name) {
  std::vector<XmlNode> result;
  const char* t = include.element->GetText();
  const std::string rel = t ? trim(t) : "";
  if (rel.empty()) {
    problem(include, "empty <include> (expected a file name)");
    return result;
  }
  std::filesystem::path p(rel);
  if (p.is_relative()) p = std::filesystem::path(include.file).parent_path() / p;
  const auto query = attribute(include, "query");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec)) {
    problem(include, "cannot read the included file '" + p.string() + "' (expected a readable XML file)");
    return result;
  }
  XmlNode root = load(p.string());
  if (!root) return result;
  const std::vector<std::string> parts = splitPath(query ? *query : "");
  if (!parts.empty() && parts[0] != root.element->Name()) {
    problem(root, "include query '" + *query + "' does not match the root element <" +
                      std::string(root.element->Name()) + ">");
    return result;
  }
  // Walk the query below the root; the last level's elements are the included ones.
  std::vector<const tinyxml2::XMLElement*> level{root.element};
  for (std::size_t i = 1; i < parts.size(); ++i) {
    std::vector<const tinyxml2::XMLElement*> next;
    for (const auto* e : level)
      for (const auto* c = e->FirstChildElement(parts[i].c_str()); c; c = c->NextSiblingElement(parts[i].c_str()))
        next.push_back(c);
    level = std::move(next);
  }
  if (parts.size() <= 1) {  // whole root: include its children
    std::vector<const tinyxml2::XMLElement*> next;
    for (const auto* c = root.element->FirstChildElement(); c; c = c->NextSiblingElement()) next.push_back(c);
    level = std::move(next);
  }
  const std::string parentPath = include.path.substr(0, include.path.rfind('/'));
  for (const auto* e : level)
    if (name.empty() || name == e->Name()) result.push_back({e, p.string(), parentPath + "/" + e->Name()});
  return result;
}

std::vector<XmlNode> XmlInput::children(const XmlNode& parent, const std::string& name) {
  std::vector<XmlNode> result;
  if (!parent) return result;
  for (const auto* c = parent.element->FirstChildElement(); c; c = c->NextSiblingElement()) {
    const std::string cname = c->Name();
    XmlNode node{c, parent.file, parent.path + "/" + cname};
    if (cname == "include" && attribute(node, "query")) {
      auto inc = expandInclude(node, name);
      result.insert(result.end(), inc.begin(), inc.end());
    } else if (name.empty() || cname == name) {
      result.push_back(node);
    }
  }
  return result;
}

XmlNode XmlInput::child(const XmlNode& parent, const std::string& name) {
  if (!parent) return {};
  // Plain children first (cheap, no include loading), then includes.
  if (const auto* c = parent.element->FirstChildElement(name.c_str()))
    return {c, parent.file, parent.path + "/" + name};
  for (const auto* c = parent.element->FirstChildElement("include"); c; c = c->NextSiblingElement("include")) {
    XmlNode inc{c, parent.file, parent.path + "/include"};
    if (!attribute(inc, "query")) continue;
    auto found = expandInclude(inc, name);
    if (!found.empty()) return found.front();
  }
  return {};
}

XmlNode XmlInput::requiredChild(const XmlNode& parent, const std::string& name, const std::string& expected) {
  XmlNode c = child(parent, name);
  if (!c && parent) problem(parent.file, parent.line(), parent.path + "/" + name, "missing element <" + name + "> (expected " + expected + ")");
  return c;
}

std::optional<std::string> XmlInput::text(const XmlNode& parent, const std::string& name) {
  XmlNode c = child(parent, name);
  if (!c) return std::nullopt;
  const char* t = c.element->GetText();
  return trim(t ? t : "");
}

std::optional<std::string> XmlInput::attribute(const XmlNode& node, const std::string& name) const {
  if (!node) return std::nullopt;
  const char* a = node.element->Attribute(name.c_str());
  if (!a) return std::nullopt;
  return trim(a);
}

std::optional<double> XmlInput::number(const XmlNode& parent, const std::string& name, bool required,
                                       const std::string& expected) {
  XmlNode c = child(parent, name);
  if (!c) {
    if (required && parent)
      problem(parent.file, parent.line(), parent.path + "/" + name, "missing element <" + name + "> (expected " + expected + ")");
    return std::nullopt;
  }
  const char* t = c.element->GetText();
  const std::string s = t ? t : "";
  auto v = parseDouble(s);
  if (!v) {
    problem(c, "wrong type: '" + trim(s) + "' is not " + expected);
  } else if (!std::isfinite(*v)) {
    problem(c, "not a finite number: '" + trim(s) + "' (expected " + expected + ")");
    return std::nullopt;
  }
  return v;
}

double XmlInput::number(const XmlNode& parent, const std::string& name, double fallback) {
  return number(parent, name, false).value_or(fallback);
}

std::optional<long> XmlInput::integer(const XmlNode& parent, const std::string& name, bool required,
                                      const std::string& expected) {
  XmlNode c = child(parent, name);
  if (!c) {
    if (required && parent)
      problem(parent.file, parent.line(), parent.path + "/" + name, "missing element <" + name + "> (expected " + expected + ")");
    return std::nullopt;
  }
  const char* t = c.element->GetText();
  const std::string s = t ? t : "";
  auto v = parseLong(s);
  if (!v) problem(c, "wrong type: '" + trim(s) + "' is not " + expected);
  return v;
}

long XmlInput::integer(const XmlNode& parent, const std::string& name, long fallback) {
  return integer(parent, name, false).value_or(fallback);
}

bool XmlInput::boolean(const XmlNode& parent, const std::string& name, bool fallback) {
  XmlNode c = child(parent, name);
  if (!c) return fallback;
  const char* t = c.element->GetText();
  std::string s = trim(t ? t : "");
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return std::tolower(ch); });
  if (s == "true" || s == "1" || s == "yes") return true;
  if (s == "false" || s == "0" || s == "no") return false;
  problem(c, "wrong type: '" + s + "' is not a boolean (expected true or false)");
  return fallback;
}

std::optional<long> XmlInput::integerAttribute(const XmlNode& node, const std::string& name, bool required) {
  auto a = attribute(node, name);
  if (!a) {
    if (required) problem(node, "missing attribute " + name + " (expected an integer)");
    return std::nullopt;
  }
  auto v = parseLong(*a);
  if (!v) problem(node, "wrong type: attribute " + name + "='" + *a + "' is not an integer");
  return v;
}

Vec3 XmlInput::vec3(const XmlNode& parent, const std::string& name, bool required) {
  XmlNode c = required ? requiredChild(parent, name, "<x>, <y>, <z>") : child(parent, name);
  if (!c) return {};
  return {number(c, "x", 0.0), number(c, "y", 0.0), number(c, "z", 0.0)};
}

void XmlInput::problem(const XmlNode& node, const std::string& message) {
  problem(node.file, node.line(), node.path, message);
}

void XmlInput::problem(const std::string& file, int line, const std::string& element, const std::string& message) {
  for (const auto& p : _problems)  // an include read twice reports its problem once
    if (p.file == file && p.line == line && p.element == element && p.message == message) return;
  _problems.push_back({file, line, element, message});
}

void XmlInput::warning(const XmlNode& node, const std::string& message) {
  for (const auto& p : _warnings)
    if (p.file == node.file && p.line == node.line() && p.element == node.path && p.message == message) return;
  _warnings.push_back({node.file, node.line(), node.path, message});
}

void XmlInput::throwIfProblems() const {
  if (!_problems.empty()) throw InputError(_problems);
}

}  // namespace mardyn
