// Finding HOST_CONSTANT declarations in device source and laying them out as one struct.
#include "compute/HostConstantLayout.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "compute/ComputeException.h"

namespace mardyn::compute {

namespace {

std::string stripComments(const std::string& source) {
  std::string out;
  out.reserve(source.size());
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (source.compare(i, 2, "//") == 0) {
      while (i < source.size() && source[i] != '\n') ++i;
      out += '\n';
    } else if (source.compare(i, 2, "/*") == 0) {
      const auto end = source.find("*/", i + 2);
      i = (end == std::string::npos) ? source.size() : end + 1;
      out += ' ';
    } else {
      out += source[i];
    }
  }
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\n");
  const auto e = s.find_last_not_of(" \t\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::size_t resolveCount(const std::string& text, const std::map<std::string, std::string>& defines, int depth = 0) {
  const std::string t = trim(text);
  if (!t.empty() && std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::stoul(t);
  auto it = defines.find(t);
  if (it != defines.end() && depth < 8) return resolveCount(it->second, defines, depth + 1);
  throw ComputeException("HOST_CONSTANT_ARRAY count '" + t + "' is neither a number nor a define with a number");
}

}  // namespace

bool HostConstantLayout::typeLayout(const std::string& type, Precision precision, std::size_t& size,
                                    std::size_t& align) {
  static const std::map<std::string, std::size_t> scalars = {
      {"char", 1},  {"uchar", 1}, {"short", 2},   {"ushort", 2},  {"int", 4},    {"uint", 4},    {"float", 4},
      {"long", 8},  {"ulong", 8}, {"double", 8},  {"mm_long", 8}, {"mm_ulong", 8}, {"unsigned int", 4}};
  std::string base = type;
  std::size_t lanes = 1;
  if (!base.empty() && (base.back() == '2' || base.back() == '3' || base.back() == '4')) {
    lanes = static_cast<std::size_t>(base.back() - '0');
    base.pop_back();
  }
  if (base == "real") base = realSize(precision) == 8 ? "double" : "float";
  if (base == "mixed") base = mixedSize(precision) == 8 ? "double" : "float";
  auto it = scalars.find(base);
  if (it == scalars.end()) return false;
  size = it->second * (lanes == 3 ? 4 : lanes);
  align = size;
  return true;
}

HostConstantLayout HostConstantLayout::parse(const std::string& source,
                                             const std::map<std::string, std::string>& defines, Precision precision) {
  static const std::regex declaration(
      R"(HOST_CONSTANT(_ARRAY)?\s*\(\s*([A-Za-z_][A-Za-z_0-9 ]*?)\s*,\s*([A-Za-z_]\w*)\s*(?:,\s*([^)]+?)\s*)?\))");
  HostConstantLayout layout;
  const std::string text = stripComments(source);
  static const std::string keyword = "HOST_CONSTANT";
  // Only the few declarations go through the regular expression, not the whole source.
  for (std::size_t pos = text.find(keyword); pos != std::string::npos; pos = text.find(keyword, pos + 1)) {
    if (pos > 0 && (std::isalnum(static_cast<unsigned char>(text[pos - 1])) || text[pos - 1] == '_')) continue;
    const std::size_t close = text.find(')', pos);
    if (close == std::string::npos) break;
    const std::string candidate = text.substr(pos, close - pos + 1);
    if (candidate.compare(0, 14, "HOST_CONSTANTS") == 0) continue;
    std::smatch m;
    if (!std::regex_match(candidate, m, declaration))
      throw ComputeException("malformed host constant declaration '" + candidate +
                             "': expected HOST_CONSTANT(type, name) or HOST_CONSTANT_ARRAY(type, name, count)");
    Field field;
    field.isArray = m[1].matched;
    field.type = m[2].str();
    field.name = m[3].str();
    if (field.isArray != m[4].matched)
      throw ComputeException("host constant '" + field.name + "': HOST_CONSTANT(type, name) or " +
                             "HOST_CONSTANT_ARRAY(type, name, count) expected");
    field.count = field.isArray ? resolveCount(m[4].str(), defines) : 1;
    std::size_t size = 0, align = 1;
    if (!typeLayout(field.type, precision, size, align))
      throw ComputeException("host constant '" + field.name + "' has type '" + field.type +
                             "': only built-in scalar and vector types (int, float4, real, mm_long, ...) are "
                             "portable host constants");
    if (layout.find(field.name)) throw ComputeException("host constant '" + field.name + "' declared twice");
    field.offset = (layout._totalBytes + align - 1) / align * align;
    field.bytes = size * field.count;
    layout._totalBytes = field.offset + field.bytes;
    layout._fields.push_back(field);
  }
  return layout;
}

const HostConstantLayout::Field* HostConstantLayout::find(const std::string& name) const {
  for (const auto& f : _fields)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace mardyn::compute
