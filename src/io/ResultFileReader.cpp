// ResultFileReader: a row is complete when it ends with a newline and has every column as a
// number; an incomplete row can only be the last line (rows are flushed whole), else it is reported.
#include "io/ResultFileReader.h"

#include "config/XmlInput.h"

#include <fstream>
#include <sstream>

namespace mardyn {

ResultFileReader::Content ResultFileReader::read(const std::string& file) {
  Content c;
  std::ifstream in(file, std::ios::binary);
  if (!in) return c;
  c.exists = true;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t pos = 0;
  int number = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    const bool terminated = end != std::string::npos;
    Line l;
    l.number = ++number;
    l.text = text.substr(pos, terminated ? end - pos : std::string::npos);
    pos = terminated ? end + 1 : text.size();
    const std::string where = file + ":" + std::to_string(l.number) + ": ";
    if (!terminated) {
      c.warnings.push_back(where + "incomplete last line skipped (the run writing it was interrupted)");
      break;
    }
    const std::size_t first = l.text.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    if (l.text[first] == '#') {
      l.comment = true;
      c.lines.push_back(l);
      continue;
    }
    std::istringstream ss(l.text);
    bool ok = true;
    for (std::string w; ss >> w;) {
      const auto v = parseDouble(w);
      if (!v) ok = false;
      l.values.push_back(v.value_or(0.0));
    }
    if (!ok || l.values.size() != columns || !(l.values[0] >= 0)) {
      c.warnings.push_back(where + "malformed row skipped (expected " + std::to_string(columns) + " numbers)");
      continue;
    }
    l.step = static_cast<unsigned long>(l.values[0]);
    c.lines.push_back(l);
  }
  return c;
}

std::vector<ResultFileReader::Line> ResultFileReader::rows(const Content& content) {
  std::vector<Line> r;
  for (const auto& l : content.lines)
    if (!l.comment) r.push_back(l);
  return r;
}

}  // namespace mardyn
