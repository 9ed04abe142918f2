// MettDeamonFeedrateDirector: the running mean of the feed rates measured from the mirror's removals.
//   <plugin name="MettDeamonFeedrateDirector"> <mirror> <pluginID/> <control><update_freq/></control>
//     <feedrate> <numvals/> <init/> <list>comma-separated</list> </feedrate> </mirror> <restart><writefreq/></restart>
#include "plugins/MettDeamonFeedrateDirector.h"

#include "plugins/MettDeamon.h"
#include "plugins/Mirror.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

namespace mardyn {

std::shared_ptr<const PluginSettings> MettDeamonFeedrateDirector::read(XmlInput& xml, const XmlNode& p,
                                                                       const SimulationConfig& config) {
  for (const PhysicsPluginConfig& other : config.physicsPlugins)
    if (other.name == "MettDeamonFeedrateDirector") xml.problem(p, "a second MettDeamonFeedrateDirector (expected one)");
  auto c = std::make_shared<FeedrateDirectorConfig>();
  c->source = XmlInput::source(p);
  const XmlNode mirror = xml.child(p, "mirror");
  auto positive = [&](const XmlNode& parent, const char* name, unsigned long fallback) {
    const long v = parent ? xml.integer(parent, name, static_cast<long>(fallback)) : static_cast<long>(fallback);
    if (v < 1) xml.problem(xml.child(parent, name), std::string(name) + " must be positive (expected an integer >= 1)");
    return static_cast<unsigned long>(std::max(1L, v));
  };
  if (mirror) c->mirrorID = xml.integer(mirror, "pluginID", 100L);
  c->updateFreq = positive(xml.child(mirror, "control"), "update_freq", 1000);
  const XmlNode fr = xml.child(mirror, "feedrate");
  c->numvals = static_cast<unsigned>(positive(fr, "numvals", 1));
  c->list.assign(c->numvals, fr ? xml.number(fr, "init", 0.0) : 0.0);
  if (const auto csv = fr ? xml.text(fr, "list") : std::nullopt) {
    c->list.clear();
    std::string item;
    std::istringstream in(*csv);
    while (std::getline(in, item, ',')) {
      const auto first = item.find_first_not_of(" \t\r\n");
      const auto v = parseFinite(item.substr(first == std::string::npos ? 0 : first));
      if (!v) {
        xml.problem(xml.child(fr, "list"), "not a number in the feed-rate list: '" + item + "' (expected comma-separated numbers)");
        break;
      }
      c->list.push_back(*v);
    }
    if (c->list.empty()) xml.problem(xml.child(fr, "list"), "empty feed-rate list (expected comma-separated numbers)");
  }
  c->writeFreq = positive(xml.child(p, "restart"), "writefreq", 1000);
  return c;
}

void MettDeamonFeedrateDirector::check(XmlInput& xml, const XmlNode& sim, const SimulationConfig& config) {
  const PhysicsPluginConfig* director = nullptr;
  bool deamon = false;
  for (const PhysicsPluginConfig& p : config.physicsPlugins)
    if (p.name == "MettDeamonFeedrateDirector" && !director) director = &p;
  for (const PhysicsPluginConfig& p : config.physicsPlugins) {
    if (p.name != "MettDeamon") continue;
    deamon = true;
    if (p.as<MettDeamonConfig>().directed && !director)
      xml.warning(sim, "MettDeamon feed method 5 without a MettDeamonFeedrateDirector keeps the feed at <init> (as ls1 does)");
  }
  if (!director) return;
  const FeedrateDirectorConfig& d = director->as<FeedrateDirectorConfig>();
  const bool mirror = std::any_of(config.physicsPlugins.begin(), config.physicsPlugins.end(), [&](const PhysicsPluginConfig& p) {
    return p.name == "Mirror" && p.as<MirrorConfig>().pluginID == d.mirrorID;
  });
  if (!deamon || !mirror)
    xml.problem(d.source.file, d.source.line, d.source.path,
                "MettDeamonFeedrateDirector needs a MettDeamon and a Mirror with pluginID " + std::to_string(d.mirrorID) +
                    " (expected both in the configuration)");
}

MettDeamonFeedrateDirector::MettDeamonFeedrateDirector(FeedrateDirectorConfig config, const Vec3& box)
    : _config(std::move(config)), _box(box), _list(_config.list.begin(), _config.list.end()) {}

void MettDeamonFeedrateDirector::connect(const std::vector<PhysicsPlugin*>& plugins) {
  bool before = true;  // the director comes before the MettDeamon it steers
  bool seenSelf = false;
  for (PhysicsPlugin* p : plugins) {
    if (p == this) seenSelf = true;
    if (auto* m = dynamic_cast<MettDeamon*>(p)) {
      if (!_deamon) before = seenSelf;
      _deamon = m;
    }
    if (auto* m = dynamic_cast<const Mirror*>(p); m && !_mirror && m->config().pluginID == _config.mirrorID) _mirror = m;
  }
  if (_deamon && before && _deamon->directed() && !_list.empty()) _deamon->setFeed(mean());
}

void MettDeamonFeedrateDirector::beforeExchange(PluginStep& s) {
  if (!_deamon) return;
  const unsigned long removed = _mirror ? _mirror->removed() : 0;
  double feed = _deamon->feed();
  const Vec3& box = _box;
  const double invDensityArea = 1.0 / (box.x * box.z * _deamon->reservoirDensity());
  if (update(removed - _counted, invDensityArea, s.decomp, s.step, feed) && _deamon->directed()) _deamon->setFeed(feed);
  _counted = removed;
}

double MettDeamonFeedrateDirector::mean() const {
  double sum = 0;
  for (double v : _list) sum += v;
  return _list.empty() ? 0.0 : sum / static_cast<double>(_list.size());
}

bool MettDeamonFeedrateDirector::update(unsigned long removedThisStep, double invDensityArea,
                                        const DomainDecompBase& decomp, unsigned long step, double& feed) {
  _removed += removedThisStep;
  bool updated = false;
  if (++_sampled == _config.updateFreq) {
    _sampled = 0;
    std::vector<unsigned long> removed{_removed};
    decomp.allreduceSum(removed);
    _removed = 0;
    _list.push_back(static_cast<double>(removed[0]) / static_cast<double>(_config.updateFreq) * invDensityArea);
    if (_list.size() > _config.numvals) _list.pop_front();
    feed = mean();
    updated = true;
  }
  writeRestart(step, decomp.rank());
  return updated;
}

void MettDeamonFeedrateDirector::writeRestart(unsigned long step, int rank) const {
  if (step % _config.writeFreq != 0 || rank != 0 || _list.empty()) return;
  std::ostringstream name;
  name << "MettDeamonFeedrateDirectorRestart_TS" << std::setw(9) << std::setfill('0') << step << ".xml";
  std::ofstream out(name.str());
  out << "<?xml version='1.0' encoding='UTF-8'?>\n<feedrate>\n\t<numvals>" << _config.numvals << "</numvals>\n\t<list>";
  out << std::scientific << std::setprecision(std::numeric_limits<double>::digits10);
  for (std::size_t i = 0; i < _list.size(); ++i) out << (i ? "," : "") << std::setw(21) << _list[i];
  out << "</list>\n</feedrate>\n";
}

}  // namespace mardyn
