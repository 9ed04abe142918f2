// MmpldWriter: the MMPLD layout as ls1 writes it: header (magic, version, frame count, bounding and clipping
// box, seek table), then per frame the list count and per list vertex type, colour type, radius, colour and
// the spheres. Each frame is flushed before the seek table and the count name it, so a killed run leaves a
// readable file of its complete frames.
#include "io/MmpldWriter.h"

#include "io/StreamingFile.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace mardyn {

namespace {
constexpr std::uint64_t kHeaderBytes = 60;  // magic 6, version 2, frames 4, two boxes of 6 floats

template <class T>
void put(std::string& out, T v) {  // little-endian hosts only (as ls1)
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
}  // namespace

std::shared_ptr<const PluginSettings> MmpldWriter::read(XmlInput& xml, const XmlNode& e, const SimulationConfig& config,
                                                        OutputPluginConfig& plugin) {
  auto s = std::make_shared<Settings>();
  const std::string type = xml.attribute(e, "type").value_or("simple");
  if (type == "multi") s->multi = true;
  else if (type != "simple") xml.problem(e, "wrong value: type=\"" + type + "\" (expected simple or multi)");
  if (const auto c = xml.integerAttribute(e, "ctype", false)) {
    if (*c != 0 && *c != 4)
      xml.problem(e, "ctype=\"" + std::to_string(*c) + "\" not supported (expected 0: a colour per sphere list, or 4: "
                     "the velocity as three floats; ls1-mardyn leaves the other colour types' values unset)");
    else s->colorType = static_cast<std::uint8_t>(*c);
  }
  auto count = [&](const XmlNode& parent, const char* name, std::uint64_t& out) {
    const auto v = xml.integer(parent, name, false, "an integer >= 0");
    if (v && *v < 0) xml.problem(xml.child(parent, name), std::string(name) + " must not be negative");
    else if (v) out = static_cast<std::uint64_t>(*v);
  };
  if (const XmlNode wc = xml.child(e, "writecontrol")) {
    count(wc, "start", s->start);
    count(wc, "writefrequency", s->frequency);
    count(wc, "stop", s->stop);
    count(wc, "framesperfile", s->framesPerFile);
    if (s->frequency == 0) xml.problem(xml.child(wc, "writefrequency"), "writefrequency must be positive (expected >= 1)");
  }
  if (plugin.params.count("writefrequency")) s->frequency = plugin.writeFrequency;
  plugin.writeFrequency = s->frequency ? s->frequency : 1;
  const long version = xml.integer(e, "mmpldversion", 100L);
  if (version != 100 && version != 102) xml.problem(xml.child(e, "mmpldversion"), "unsupported MMPLD version (expected 100 or 102)");
  else s->version = static_cast<std::uint16_t>(version);
  if (const auto p = xml.text(e, "outputprefix")) s->prefix = *p;
  unsigned needed = 0;
  for (const Component& c : config.components) needed += s->multi ? static_cast<unsigned>(c.ljCenters().size()) : 1u;
  const XmlNode spheres = xml.child(e, "spheres");
  std::vector<XmlNode> sites = xml.children(spheres, "site");
  if (sites.empty()) sites = xml.children(e, "site");  // <include query="/spheres">: the root's sites in its place
  for (const XmlNode& site : sites) {
    s->radius.push_back(static_cast<float>(xml.number(site, "radius", 0.0)));
    const XmlNode color = xml.child(site, "color");
    std::array<std::uint8_t, 4> rgba{};
    const char* names[4] = {"r", "g", "b", "alpha"};
    for (int k = 0; k < 4; ++k) {
      const long v = color ? xml.integer(color, names[k], 0L) : 0L;
      if (v < 0 || v > 255) xml.problem(xml.child(color, names[k]), "colour value out of range (expected 0..255)");
      rgba[k] = static_cast<std::uint8_t>(std::clamp(v, 0L, 255L));
    }
    s->rgba.push_back(rgba);
  }
  if (s->radius.size() < needed)
    xml.problem(spheres ? spheres : e, "spheres/site: " + std::to_string(s->radius.size()) + " given, " +
                                           std::to_string(needed) + " needed (one per " +
                                           (s->multi ? "LJ centre of every component" : "component") + ")");
  return s;
}

MmpldWriter::MmpldWriter(const Settings& settings, const SimulationConfig& config) : _s(settings), _box(config.box) {
  for (const Component& c : config.components) {
    _sphereOffset.push_back(_sphereTypes);
    _sphereTypes += _s.multi ? static_cast<unsigned>(c.ljCenters().size()) : 1u;
  }
  // As ls1: frames from max(start, the first step) to min(stop, the last step).
  _s.start = std::max<std::uint64_t>(_s.start, config.startStep());
  _s.stop = std::min<std::uint64_t>(_s.stop, config.totalSteps());
  const std::uint64_t total = _s.stop >= _s.start ? (_s.stop - _s.start) / _s.frequency + 1 : 0;
  if (_s.framesPerFile == 0 || _s.framesPerFile >= total) _s.framesPerFile = total;
}

MmpldWriter::~MmpldWriter() {
  if (_file) std::fclose(_file);
}

std::string MmpldWriter::fileName() const {
  char n[16];
  std::snprintf(n, sizeof n, "_%04lu.mmpld", _fileCount);
  return _s.prefix + n;
}

void MmpldWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0 && _s.framesPerFile > 0) StreamingFile::checkWritable(fileName());
}

void MmpldWriter::openFile() {
  if (_file) std::fclose(_file);
  const std::string path = fileName();
  _file = std::fopen(path.c_str(), "w+b");
  if (!_file) throw MardynException("cannot open the output file '" + path + "' for writing: " + std::strerror(errno));
  _frames = 0;
  _seek.assign(_s.framesPerFile + 1, 0);
  _seek[0] = kHeaderBytes + 8 * _seek.size();
  std::string h = std::string("MMPLD", 6);  // with its terminating zero
  put(h, _s.version);
  put(h, std::uint32_t(0));  // the frames written so far (ls1 announces framesPerFile before the first is written)
  float inflate = 0.0f;
  for (float r : _s.radius) inflate = std::max(inflate, r);
  const float lo[3] = {0, 0, 0}, hi[3] = {static_cast<float>(_box.x), static_cast<float>(_box.y), static_cast<float>(_box.z)};
  for (float v : lo) put(h, v);
  for (float v : hi) put(h, v);
  for (float v : lo) put(h, v - inflate);
  for (float v : hi) put(h, v + inflate);
  for (std::uint64_t o : _seek) put(h, o);
  if (std::fwrite(h.data(), 1, h.size(), _file) != h.size() || std::fflush(_file) != 0)
    throw MardynException("writing the output file '" + path + "' failed: " + std::strerror(errno));
}

void MmpldWriter::writeFrame(const std::vector<Molecule>& molecules, double time) {
  std::vector<std::string> lists(_sphereTypes);
  std::vector<std::uint64_t> counts(_sphereTypes, 0);
  for (const Molecule& m : molecules) {
    const Component& c = m.component();
    auto sphere = [&](unsigned type, const Vec3& r) {
      std::string& out = lists[type];
      put(out, static_cast<float>(r.x));
      put(out, static_cast<float>(r.y));
      put(out, static_cast<float>(r.z));
      if (_s.colorType == 4) {  // ls1's "colour hack": the velocity
        put(out, static_cast<float>(m.v().x));
        put(out, static_cast<float>(m.v().y));
        put(out, static_cast<float>(m.v().z));
      }
      ++counts[type];
    };
    if (!_s.multi) {
      sphere(_sphereOffset[c.id()], m.r());
      continue;
    }
    const auto& ljs = c.ljCenters();
    for (std::size_t k = 0; k < ljs.size(); ++k) sphere(_sphereOffset[c.id()] + static_cast<unsigned>(k), m.r() + m.siteOffset(ljs[k].r));
  }
  std::string frame;
  if (_s.version == 102) put(frame, static_cast<float>(time));
  put(frame, static_cast<std::uint32_t>(_sphereTypes));
  for (unsigned t = 0; t < _sphereTypes; ++t) {
    put(frame, std::uint8_t(1));  // vertex type FLOAT_XYZ
    put(frame, _s.colorType);
    put(frame, t < _s.radius.size() ? _s.radius[t] : 0.5f);
    if (_s.colorType == 0) frame.append(reinterpret_cast<const char*>(_s.rgba[t].data()), 4);
    put(frame, counts[t]);
    frame += lists[t];
  }
  const std::string path = fileName();
  auto fail = [&] { throw MardynException("writing the output file '" + path + "' failed: " + std::strerror(errno)); };
  // The frame first; then the seek table's entry of its end and the count name it.
  if (std::fseek(_file, static_cast<long>(_seek[_frames]), SEEK_SET) != 0) fail();
  if (std::fwrite(frame.data(), 1, frame.size(), _file) != frame.size() || std::fflush(_file) != 0) fail();
  ++_frames;
  _seek[_frames] = _seek[_frames - 1] + frame.size();
  const std::uint64_t end = _seek[_frames];
  if (std::fseek(_file, static_cast<long>(kHeaderBytes + 8 * _frames), SEEK_SET) != 0 ||
      std::fwrite(&end, sizeof end, 1, _file) != 1 || std::fseek(_file, 8, SEEK_SET) != 0 ||
      std::fwrite(&_frames, sizeof _frames, 1, _file) != 1 || std::fflush(_file) != 0)
    fail();
}

void MmpldWriter::afterStep(unsigned long step, double time, const SimulationView& sim) {
  if (step < _s.start || step > _s.stop || (step - _s.start) % _s.frequency != 0) return;
  std::vector<Molecule> molecules = sim.gatherMolecules();  // collective
  if (sim.rank() != 0) return;
  if (_file && _frames == _s.framesPerFile) ++_fileCount;  // ls1 begins a new file
  if (!_file || _frames == _s.framesPerFile) openFile();
  writeFrame(molecules, time);
}

void MmpldWriter::finish(unsigned long, double, const SimulationView&) {
  if (_file) std::fclose(_file);
  _file = nullptr;
}

}  // namespace mardyn
