// GpuSettingsReader: what the input layer can judge of the GPU settings (backend and precision
// names) is checked here; the rest keeps its place in GpuConfig::sources for the decorator.
#include "io/GpuSettingsReader.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>

namespace mardyn {

void GpuSettingsReader::read(XmlInput& xml, const XmlNode& gpu, GpuConfig& config) {
  config.enabled = xml.boolean(gpu, "enabled", true);
  for (const auto& c : xml.children(gpu, "")) {
    const std::string name = c.element->Name();
    std::string value = c.element->GetText() ? c.element->GetText() : "";
    value.erase(0, value.find_first_not_of(" \t\r\n"));
    value.erase(value.find_last_not_of(" \t\r\n") + 1);
    std::string lower = value;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (name == "enabled") continue;
    if (name == "backend") {
      config.backend = value;
      config.sources["backend"] = XmlInput::source(c);
      const std::size_t colon = lower.find(':');
      const std::string kind = lower.substr(0, colon);
      const auto index = colon == std::string::npos ? std::optional<long>(0) : parseLong(lower.substr(colon + 1));
      if ((kind != "cuda" && kind != "opencl" && kind != "auto") || !index || *index < 0)
        xml.problem(c, "unknown GPU backend '" + value + "' (expected cuda, opencl or auto, optionally :N)");
    } else if (name == "cellprocessor" || name == "cellProcessor") {
      config.cellProcessor = value;
      config.sources["cellProcessor"] = XmlInput::source(c);
    } else if (name == "precision") {
      config.precision = value;
      config.sources["precision"] = XmlInput::source(c);
      if (lower != "single" && lower != "mixed" && lower != "double")
        xml.problem(c, "unknown precision '" + value + "' (expected single, mixed or double)");
    } else {
      config.options[name] = value;
      config.sources[name] = XmlInput::source(c);
    }
  }
}

}  // namespace mardyn
