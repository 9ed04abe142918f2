// XyzFileReader: a frame is complete when its count line, its comment line and that many site
// lines are all there, each ending with a newline.
#include "io/XyzFileReader.h"

#include "config/XmlInput.h"

#include <fstream>

namespace mardyn {

XyzFileReader::Content XyzFileReader::read(const std::string& file) {
  Content c;
  std::ifstream in(file, std::ios::binary);
  if (!in) return c;
  c.exists = true;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t pos = 0;
  int line = 1;
  auto nextLine = [&](std::string& out) {  // false at the end or on an unterminated line
    if (pos >= text.size()) return false;
    const std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) return false;
    out = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    return true;
  };
  while (pos < text.size()) {
    Frame f;
    f.firstLine = line;
    const std::size_t start = pos;
    std::string count, comment, site;
    const bool haveCount = nextLine(count);
    const auto n = haveCount ? parseLong(count) : std::nullopt;
    if (haveCount && (!n || *n < 0)) {
      c.warnings.push_back(file + ":" + std::to_string(f.firstLine) + ": not a frame's site count, rest of the file skipped");
      break;
    }
    bool complete = haveCount && nextLine(comment);
    for (long i = 0; complete && i < n.value_or(0); ++i) complete = nextLine(site);
    if (!complete) {
      c.warnings.push_back(file + ":" + std::to_string(f.firstLine) +
                           ": incomplete last frame skipped (the run writing it was interrupted)");
      break;
    }
    f.sites = static_cast<std::size_t>(*n);
    const std::size_t at = comment.find("Step=");
    if (at != std::string::npos) {
      const std::size_t end = comment.find_first_of(" \t", at);
      const auto s = parseLong(comment.substr(at + 5, end == std::string::npos ? std::string::npos : end - at - 5));
      if (s && *s >= 0) f.step = static_cast<unsigned long>(*s);
    }
    f.text = text.substr(start, pos - start);
    c.frames.push_back(std::move(f));
  }
  return c;
}

}  // namespace mardyn
