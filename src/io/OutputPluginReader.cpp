// OutputPluginReader: <outputplugin name="..."> with simple child elements as settings, each kept
// with its file and line; ls1's nested <writecontrol><writefrequency> is read too.
#include "io/OutputPluginReader.h"

#include "io/OutputPluginRegistry.h"

#include <tinyxml2.h>

namespace mardyn {

std::vector<OutputPluginConfig> OutputPluginReader::read(XmlInput& xml, const XmlNode& sim, const ElementReaders& readers) {
  std::vector<OutputPluginConfig> result;
  std::vector<XmlNode> plugins = xml.children(xml.child(sim, "output"), "outputplugin");
  const auto more = xml.children(sim, "plugin");
  plugins.insert(plugins.end(), more.begin(), more.end());
  for (const auto& p : plugins) {
    OutputPluginConfig c;
    c.name = xml.attribute(p, "name").value_or("");
    c.type = xml.attribute(p, "type").value_or("");
    c.file = p.file;
    c.line = p.line();
    if (c.name.empty()) {
      xml.problem(p, "missing attribute name (expected the plugin's name)");
      continue;
    }
    if (readers.plugin(c.name)) continue;  // a physics plugin: read (or refused) by its own reader
    for (const auto* e = p.element->FirstChildElement(); e; e = e->NextSiblingElement())
      if (!e->FirstChildElement() && e->GetText()) {
        std::string v = e->GetText();
        v.erase(0, v.find_first_not_of(" \t\r\n"));
        v.erase(v.find_last_not_of(" \t\r\n") + 1);
        c.params[e->Name()] = v;
        c.sources[e->Name()] = {p.file, e->GetLineNum(), p.path + "/" + e->Name()};
      }
    if (const XmlNode wc = xml.child(p, "writecontrol"))  // ls1's nested form
      if (const auto f = xml.text(wc, "writefrequency")) {
        c.params.emplace("writefrequency", *f);
        c.sources.emplace("writefrequency", XmlInput::source(xml.child(wc, "writefrequency")));
      }
    if (c.params.count("writefrequency")) {
      const auto f = parseLong(c.params["writefrequency"]);
      if (!f || *f < 1)
        xml.problems().push_back(c.sources["writefrequency"].problem(
            "wrong type: writefrequency '" + c.params["writefrequency"] + "' (expected a positive integer)"));
      else
        c.writeFrequency = static_cast<unsigned long>(*f);
    }
    if (c.params.count("outputprefix")) c.outputPrefix = c.params["outputprefix"];
    if (c.type.empty() && c.params.count("type")) c.type = c.params["type"];
    OutputPluginRegistry::check(c, xml.problems(), xml.warnings());
    result.push_back(c);
  }
  return result;
}

}  // namespace mardyn
