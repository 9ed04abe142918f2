// RegionSampling: the regions' modules sample the owned molecules every step between start and stop (profiles
// with ls1's per-molecule virial), reduce their sums over the processes when a module writes, and rank 0 writes
// each file whole.
#include "io/RegionSampling.h"

#include "io/AtomicFile.h"
#include "io/MoleculeBinning.h"
#include "io/StreamingFile.h"

#include <tinyxml2.h>

#include <limits>

namespace mardyn {

namespace {
void readControl(XmlInput& xml, const XmlNode& sampling, unsigned long& start, unsigned long& frequency,
                 unsigned long& stop) {
  const XmlNode control = xml.requiredChild(sampling, "control", "<control> with <start>, <frequency>, <stop>");
  if (!control) return;
  const long s = xml.integer(control, "start", 0L);
  const auto f = xml.integer(control, "frequency", true, "a positive number of steps");
  const long e = xml.integer(control, "stop", std::numeric_limits<long>::max());
  if (s < 0) xml.problem(xml.child(control, "start"), "start must not be negative");
  if (f && *f < 1) xml.problem(xml.child(control, "frequency"), "frequency must be positive (expected >= 1)");
  start = static_cast<unsigned long>(std::max(0L, s));
  frequency = static_cast<unsigned long>(std::max(1L, f.value_or(1L)));
  stop = static_cast<unsigned long>(std::max(0L, e));
}

void readSubdivision(XmlInput& xml, const XmlNode& sampling, bool& byWidth, double& width, unsigned& bins) {
  const XmlNode sub = xml.requiredChild(sampling, "subdivision", "<subdivision type=\"number|width\">");
  if (!sub) return;
  const std::string type = xml.attribute(sub, "type").value_or("");
  if (type == "number") {
    const auto n = xml.integer(sub, "number", true, "a positive number of slabs");
    if (n && *n < 1) xml.problem(xml.child(sub, "number"), "number must be positive (expected >= 1)");
    bins = static_cast<unsigned>(std::max(1L, n.value_or(1L)));
  } else if (type == "width") {
    const auto w = xml.number(sub, "width", true, "a positive slab width");
    if (w && !(*w > 0)) xml.problem(xml.child(sub, "width"), "width must be positive (expected > 0)");
    byWidth = true;
    width = w && *w > 0 ? *w : 1.0;
  } else {
    xml.problem(sub, "wrong attribute type=\"" + type + "\" (expected number or width)");
  }
}
}  // namespace

std::shared_ptr<const PluginSettings> RegionSampling::read(XmlInput& xml, const XmlNode& e, const SimulationConfig& config,
                                                           OutputPluginConfig&) {
  auto s = std::make_shared<Settings>();
  const auto regions = xml.children(e, "region");
  if (regions.empty()) xml.problem(e, "missing element <region> (expected at least one region)");
  for (const XmlNode& r : regions) {
    Region region;
    const XmlNode coords = xml.requiredChild(r, "coords", "<coords> with lcx, lcy, lcz, ucx, ucy, ucz");
    const char* lower[3] = {"lcx", "lcy", "lcz"};
    const char* upper[3] = {"ucx", "ucy", "ucz"};
    for (int d = 0; d < 3 && coords; ++d) {
      region.lower[d] = xml.number(coords, lower[d], 0.0);
      const auto u = xml.text(coords, upper[d]);
      if (!u || *u == "box") region.upper[d] = config.box[d];
      else if (const auto v = parseFinite(*u)) region.upper[d] = *v;
      else xml.problem(xml.child(coords, upper[d]), "wrong value: '" + *u + "' (expected a number or box)");
      for (const char* c : {lower[d], upper[d]})
        if (const XmlNode n = xml.child(coords, c))
          if (xml.attribute(n, "refcoordsID").value_or("0") != "0")
            xml.problem(n, "refcoordsID other than 0 (a region following DistControl's interfaces) is not supported "
                           "by RegionSampling here (expected refcoordsID=\"0\")");
    }
    if (region.upper.y <= region.lower.y) xml.problem(coords ? coords : r, "the region is empty along y (expected lcy < ucy)");
    const auto samplings = xml.children(r, "sampling");
    if (samplings.empty()) xml.problem(r, "missing element <sampling> (expected at least one sampling module)");
    for (const XmlNode& sm : samplings) {
      const std::string type = xml.attribute(sm, "type").value_or("");
      const bool single = xml.attribute(sm, "single_component").value_or("false") == "true" ||
                          xml.attribute(sm, "single_component").value_or("0") == "1";
      if (type == "profiles") {
        RegionProfiles::Settings p;
        p.singleComponent = single;
        readControl(xml, sm, p.start, p.frequency, p.stop);
        readSubdivision(xml, sm, p.byWidth, p.width, p.bins);
        region.profiles = p;
      } else if (type == "VDF" || type == "FDF") {
        RegionVdf::Settings v;
        v.force = type == "FDF";
        v.singleComponent = single;
        readControl(xml, sm, v.start, v.frequency, v.stop);
        readSubdivision(xml, sm, v.byWidth, v.width, v.bins);
        v.classes.assign(config.components.size() + 1, {0u, 0.0});
        const auto ds = xml.children(xml.child(sm, "discretizations"), "discretization");
        if (ds.empty()) xml.problem(sm, "missing element <discretizations><discretization> (expected one per component)");
        for (const XmlNode& d : ds) {
          long cid = single ? 1 : xml.integerAttribute(d, "cid", true).value_or(-1);
          if (cid < 0 || cid > static_cast<long>(config.components.size())) {
            xml.problem(d, "unknown component id cid=" + std::to_string(cid) + " (expected 0.." +
                               std::to_string(config.components.size()) + ")");
            continue;
          }
          const auto n = xml.integer(d, "numclasses", true, "a positive number of classes");
          const auto vmax = xml.number(d, "maxvalue", true, "a positive largest value");
          if ((n && *n < 1) || (vmax && !(*vmax > 0)))
            xml.problem(d, "numclasses and maxvalue must be positive");
          v.classes[static_cast<std::size_t>(cid)] = {static_cast<unsigned>(std::max(1L, n.value_or(1L))),
                                                      vmax && *vmax > 0 ? *vmax : 1.0};
        }
        region.vdf.push_back(v);
      } else if (type == "fieldYR") {
        xml.problem(sm, "sampling type=\"fieldYR\" is not supported here (expected profiles, VDF or FDF)");
      } else {
        xml.problem(sm, "wrong attribute type=\"" + type + "\" (expected profiles, VDF or FDF)");
      }
    }
    s->regions.push_back(region);
  }
  return s;
}

RegionSampling::RegionSampling(const Settings& settings, const SimulationConfig& config, int firstId)
    : _startStep(config.startStep()) {
  std::vector<double> masses;
  for (const Component& c : config.components) masses.push_back(c.mass());
  int id = firstId;
  for (const Region& r : settings.regions) {
    const double height = r.upper.y - r.lower.y;
    if (r.profiles) {
      _profiles.push_back(std::make_unique<RegionProfiles>(*r.profiles, id, r.lower.y, height, config.box.x * config.box.z,
                                                           masses));
      _binning.push_back(-1);
    }
    for (const RegionVdf::Settings& v : r.vdf) {
      _vdf.push_back(std::make_unique<RegionVdf>(v, id, r.lower.y, height));
      _vdfCounts.push_back(-1);
    }
    ++id;
  }
}

void RegionSampling::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable("scalquant_all_reg1_TS000000000.dat");
}

void RegionSampling::afterStep(unsigned long step, double, const SimulationView& sim) {
  const SamplingView* view = sim.sampling();
  if (!view) return;
  // Profiles and VDF counts: binned where the molecules live (on the device with --gpu); only the sums and counts
  // cross when written.
  MoleculeBinning& binning = view->binning();
  for (std::size_t k = 0; k < _profiles.size(); ++k) {
    if (!_profiles[k]->samples(step)) continue;
    if (_binning[k] < 0) _binning[k] = binning.add(_profiles[k]->request());
    binning.accumulate(_binning[k]);
  }
  for (std::size_t k = 0; k < _vdf.size(); ++k) {  // VDF counts, also where the molecules live
    if (!_vdf[k]->samples(step)) continue;
    if (_vdfCounts[k] < 0) _vdfCounts[k] = binning.addVdf(_vdf[k]->request());
    binning.accumulateVdf(_vdfCounts[k]);
  }
  auto write = [&](auto& module) {
    if (!module->writes(step, _startStep)) return;
    view->allreduceSum(module->sums());
    if (sim.rank() == 0)
      for (const auto& [file, content] : module->files(step)) AtomicFile::write(file, content);
    module->reset();
  };
  for (std::size_t k = 0; k < _profiles.size(); ++k) {
    if (!_profiles[k]->writes(step, _startStep) || _binning[k] < 0) continue;
    _profiles[k]->addBinned(binning.take(_binning[k]));
    write(_profiles[k]);
  }
  for (std::size_t k = 0; k < _vdf.size(); ++k) {
    if (!_vdf[k]->writes(step, _startStep) || _vdfCounts[k] < 0) continue;
    _vdf[k]->sums() = binning.takeVdf(_vdfCounts[k]);
    write(_vdf[k]);
  }
}

}  // namespace mardyn
