// TemperatureControlReader: the XML of ls1's TemperatureControl:
//   <thermostat type="TemperatureControl">
//     <control> <start/> <frequency/> <stop/> </control>
//     <regions> <region>
//       <coords> <lcx/> <lcy/> <lcz/> <ucx/> <ucy/> <ucz/> </coords>   (uc: a number or "box")
//       <target> <temperature/> <component>0 = all, else 1-based</component>
//                <ramp> <start/> <end/> <update> <start/> <stop/> <freq/> </update> </ramp> </target>
//       <settings> <numslabs/> <exponent/> <directions>x|y|z|xy|xz|yz|xyz</directions> <nu/> </settings>
//       <method>VelocityScaling|Andersen</method> <writefreq/> <fileprefix/>
//     </region>... </regions>
//   </thermostat>
#include "io/TemperatureControlReader.h"

#include <tinyxml2.h>

namespace mardyn {

namespace {
std::string trimmedText(const XmlNode& n) {
  std::string t = n && n.element->GetText() ? n.element->GetText() : "";
  t.erase(0, t.find_first_not_of(" \t\r\n"));
  t.erase(t.find_last_not_of(" \t\r\n") + 1);
  return t;
}
unsigned long nonNegative(XmlInput& xml, const XmlNode& parent, const char* name, unsigned long fallback) {
  const long v = xml.integer(parent, name, static_cast<long>(fallback));
  if (v < 0) {
    xml.problem(xml.child(parent, name), std::string(name) + " must not be negative (expected an integer >= 0)");
    return fallback;
  }
  return static_cast<unsigned long>(v);
}
}  // namespace

TemperatureControlConfig TemperatureControlReader::read(XmlInput& xml, const XmlNode& th, const Vec3& box,
                                                        std::size_t numComponents) {
  TemperatureControlConfig c;
  c.enabled = true;
  c.source = XmlInput::source(th);
  if (const XmlNode control = xml.child(th, "control")) {
    c.start = nonNegative(xml, control, "start", 0);
    c.frequency = nonNegative(xml, control, "frequency", 1);
    c.stop = nonNegative(xml, control, "stop", 1000000000);
    if (c.frequency == 0) {
      xml.problem(xml.child(control, "frequency"), "frequency must be positive (expected an integer >= 1)");
      c.frequency = 1;
    }
  }
  const XmlNode regions = xml.requiredChild(th, "regions", "<regions> with <region>s");
  const auto list = xml.children(regions, "region");
  if (regions && list.empty()) xml.problem(regions, "no <region> (expected at least one)");
  for (const auto& r : list) {
    TemperatureControlRegion reg;
    const XmlNode coords = xml.requiredChild(r, "coords", "<coords> with <lcx>..<ucz>");
    const char* lo[3] = {"lcx", "lcy", "lcz"};
    const char* hi[3] = {"ucx", "ucy", "ucz"};
    for (int d = 0; coords && d < 3; ++d) {
      reg.lower[d] = xml.number(coords, lo[d], 0.0);
      const XmlNode u = xml.child(coords, hi[d]);
      if (trimmedText(u) == "box") reg.upper[d] = box[d];
      else reg.upper[d] = xml.number(coords, hi[d], true, "a coordinate or box").value_or(box[d]);
      // refcoordsID 1 or 2: the number is an offset from DistControl's left or right interface (ls1)
      const XmlNode corner[2] = {xml.child(coords, lo[d]), u};
      for (int k = 0; k < 2; ++k) {
        const XmlNode& n = corner[k];
        if (!n || !n.element->Attribute("refcoordsID")) continue;
        const auto id = xml.integerAttribute(n, "refcoordsID", true);
        if (!id || *id < 0 || *id > 2)
          xml.problem(n, "unknown refcoordsID (expected 0 absolute, 1 DistControl's left or 2 its right interface)");
        else
          reg.refCoords[3 * k + d] = static_cast<int>(*id);
      }
      if (reg.refCoords[d] == 0 && reg.refCoords[3 + d] == 0 && reg.upper[d] < reg.lower[d])
        xml.problem(coords, std::string("upper corner below lower corner along ") + "xyz"[d]);
    }
    const XmlNode target = xml.requiredChild(r, "target", "<target> with <temperature> and <component>");
    if (target) {
      const auto T = xml.number(target, "temperature", true, "a positive temperature");
      if (T && !(*T > 0)) xml.problem(xml.child(target, "temperature"), "temperature must be positive (expected > 0)");
      reg.temperature = T.value_or(1.0);
      const long cid = xml.integer(target, "component", 0L);
      if (cid < 0 || cid > static_cast<long>(numComponents))
        xml.problem(xml.child(target, "component"), "unknown component " + std::to_string(cid) + " (expected 0 for all or 1.." +
                                                        std::to_string(numComponents) + ")");
      else reg.component = static_cast<unsigned>(cid);
      if (const XmlNode ramp = xml.child(target, "ramp")) {
        reg.ramp = true;
        reg.rampStart = xml.number(ramp, "start", true, "a temperature").value_or(reg.temperature);
        reg.rampEnd = xml.number(ramp, "end", true, "a temperature").value_or(reg.temperature);
        const XmlNode up = xml.requiredChild(ramp, "update", "<update> with <start>, <stop>, <freq>");
        if (up) {
          reg.rampUpdateStart = nonNegative(xml, up, "start", 0);
          reg.rampUpdateStop = nonNegative(xml, up, "stop", 0);
          reg.rampUpdateFreq = nonNegative(xml, up, "freq", 1);
          if (reg.rampUpdateStop <= reg.rampUpdateStart || reg.rampUpdateFreq == 0)
            xml.problem(up, "ramp update needs start < stop and freq >= 1");
        }
      }
    }
    const std::string method = xml.text(r, "method").value_or("VelocityScaling");
    if (method == "Andersen") reg.andersen = true;
    else if (method != "VelocityScaling")
      xml.problem(xml.child(r, "method"), "unknown method '" + method + "' (expected VelocityScaling or Andersen)");
    const XmlNode settings = reg.andersen ? xml.requiredChild(r, "settings", "<settings> with <nu>") : xml.child(r, "settings");
    if (reg.andersen && settings) {
      reg.nu = xml.number(settings, "nu", true, "a collision frequency >= 0").value_or(0.0);
      if (reg.nu < 0) xml.problem(xml.child(settings, "nu"), "nu must not be negative");
    } else if (!reg.andersen) {
      const long slabs = settings ? xml.integer(settings, "numslabs", 1L) : 1L;
      if (slabs < 1 || slabs > 1000000) xml.problem(xml.child(settings, "numslabs"), "numslabs out of range (expected 1..1000000)");
      else reg.numSlabs = static_cast<unsigned>(slabs);
      reg.exponent = settings ? xml.number(settings, "exponent", 0.0) : 0.0;
      const std::string dirs = settings ? xml.text(settings, "directions").value_or("xyz") : "xyz";
      if (dirs.empty() || dirs.find_first_not_of("xyz") != std::string::npos || dirs.size() > 3)
        xml.problem(xml.child(settings, "directions"), "directions '" + dirs + "' (expected x, y, z, xy, xz, yz or xyz)");
      for (int d = 0; d < 3; ++d) reg.directions[d] = dirs.find("xyz"[d]) != std::string::npos;
      reg.writeFrequency = nonNegative(xml, r, "writefreq", 1000);
      if (reg.writeFrequency == 0) reg.writeFrequency = 1000;  // as ls1
      reg.filePrefix = xml.text(r, "fileprefix").value_or("beta_log");
    }
    c.regions.push_back(reg);
  }
  return c;
}

}  // namespace mardyn
