// DistControl: sampling, ls1's smoothing and least-squares derivative windows, and the two evaluation methods.
//   <plugin name="DistControl"> <control><update/></control> <subdivision type="number|width"><number/><width/>
//     </subdivision> <init type="startconfig|values|file"><values><left/><right/></values><file/><simstep/></init>
//     <method type="density|denderiv"><componentID/><density/><neighbourvals algorithm="smooth|derivate"/></method>
#include "plugins/DistControl.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

namespace mardyn {

// ls1's defaults: update 5000, init values 10 and 20, smooth and derivate windows 2.
std::shared_ptr<const PluginSettings> DistControl::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  for (const PhysicsPluginConfig& other : config.physicsPlugins)
    if (other.name == "DistControl")
      xml.problem(p, "a second DistControl (expected one: the regions and mirrors follow one pair of interfaces)");
  auto c = std::make_shared<DistControlConfig>();
  c->source = XmlInput::source(p);
  if (const XmlNode control = xml.child(p, "control")) {
    const long u = xml.integer(control, "update", 5000L);
    if (u < 1) xml.problem(xml.child(control, "update"), "update must be positive (expected an integer >= 1)");
    c->update = static_cast<unsigned long>(std::max(1L, u));
  }
  if (const auto f = xml.text(xml.child(p, "filenames"), "control")) c->logFile = *f;
  const XmlNode sub = xml.requiredChild(p, "subdivision", "<subdivision type=\"number|width\"> with <number> or <width>");
  if (sub) {
    const std::string type = xml.attribute(sub, "type").value_or("");
    if (type == "number") {
      const long n = xml.integer(sub, "number", true, "a number of bins >= 1").value_or(0L);
      if (n < 1 || n > (1L << 24)) xml.problem(xml.child(sub, "number"), "number of bins out of range (expected 1..2^24)");
      else c->bins = static_cast<unsigned>(n);
    } else if (type == "width") {
      const double w = xml.number(sub, "width", true, "a bin width > 0").value_or(0.0);
      const double n = w > 0 ? std::round(config.box.y / w) : 0.0;
      if (!(n >= 1 && n <= (1 << 24))) xml.problem(xml.child(sub, "width"), "bin width out of range (expected 0 < width, at most the box height)");
      else c->bins = static_cast<unsigned>(n);
    } else {
      xml.problem(sub, "wrong type: type=\"" + type + "\" (expected number or width)");
    }
  }
  const XmlNode init = xml.requiredChild(p, "init", "<init type=\"startconfig|values|file\">");
  if (init) {
    const std::string type = xml.attribute(init, "type").value_or("");
    if (type == "startconfig") {
      c->init = DistControlConfig::Init::StartConfig;
    } else if (type == "values") {
      c->init = DistControlConfig::Init::Values;
      const XmlNode v = xml.requiredChild(init, "values", "<values> with <left> and <right>");
      if (v) {
        c->left = xml.number(v, "left", true, "the left interface's y").value_or(c->left);
        c->right = xml.number(v, "right", true, "the right interface's y").value_or(c->right);
      }
    } else if (type == "file") {
      // ls1's control log: the line whose first number is <simstep> holds left and right
      c->init = DistControlConfig::Init::File;
      const auto file = xml.text(init, "file");
      const long step = xml.integer(init, "simstep", true, "the step whose positions are read").value_or(0L);
      std::string path = file.value_or("");
      path.erase(0, path.find_first_not_of(" \t\r\n"));
      path.erase(path.find_last_not_of(" \t\r\n") + 1);
      if (!path.empty() && path[0] != '/') path = (std::filesystem::path(p.file).parent_path() / path).string();
      std::ifstream in(path);
      bool found = false;
      for (std::string line; in && std::getline(in, line);) {
        std::istringstream words(line);
        std::string first;
        double l = 0, r = 0;
        if (words >> first && parseLong(first) == step && words >> l >> r) c->left = l, c->right = r, found = true;
      }
      if (!found)
        xml.problem(xml.child(init, "file"), "no line for step " + std::to_string(step) + " in '" + path +
                                                 "' (expected a DistControl log with 'step left right')");
    } else {
      xml.problem(init, "wrong type: type=\"" + type + "\" (expected startconfig, values or file)");
    }
  }
  const XmlNode method = xml.requiredChild(p, "method", "<method type=\"density|denderiv\">");
  if (method) {
    const std::string type = xml.attribute(method, "type").value_or("");
    const long cid = xml.integer(method, "componentID", true, "0 for all components or 1..n").value_or(0L);
    if (cid < 0 || cid > static_cast<long>(config.components.size()))
      xml.problem(xml.child(method, "componentID"), "unknown component " + std::to_string(cid) + " (expected 0 for all or 1.." +
                                                        std::to_string(config.components.size()) + ")");
    else c->component = static_cast<unsigned>(cid);
    if (type == "density") {
      c->method = DistControlConfig::Method::Density;
      xml.number(method, "density", true, "the vapour density");
    } else if (type == "denderiv") {
      c->method = DistControlConfig::Method::DensityDerivative;
      for (const XmlNode& n : xml.children(method, "neighbourvals")) {
        const std::string a = xml.attribute(n, "algorithm").value_or("");
        const auto v = parseLong(n.element->GetText() ? n.element->GetText() : "");
        if (!v || *v < 0 || (a != "smooth" && a != "derivate")) {
          xml.problem(n, "expected <neighbourvals algorithm=\"smooth|derivate\"> with a number >= 0");
          continue;
        }
        (a == "smooth" ? c->smooth : c->derivate) = static_cast<unsigned>(*v);
      }
    } else {
      xml.problem(method, "wrong type: type=\"" + type + "\" (expected density or denderiv)");
    }
  }
  if (c->bins != 0 && c->bins <= 2 * std::max(c->smooth, c->derivate) + 1)
    xml.problem(sub, "too few bins (" + std::to_string(c->bins) + ") for the smoothing and derivative windows (expected more than " +
                         std::to_string(2 * std::max(c->smooth, c->derivate) + 1) + ")");
  return c;
}

DistControl::DistControl(DistControlConfig config, std::size_t numComponents, const Vec3& box)
    : _config(std::move(config)), _numComponents(numComponents), _boxY(box.y) {
  _width = box.y / _config.bins;
  _binVolume = _width * box.x * box.z;
  _counts.assign((numComponents + 1) * _config.bins, 0.0);
  _left = _config.left;
  _right = _config.right;
}

void DistControl::sample(const ParticleContainer& container) {
  const unsigned n = _config.bins;
  container.forEach([&](const Molecule& m) {
    const double s = std::floor(m.r().y / _width);
    if (!(s >= 0 && s < n)) return;
    const auto bin = static_cast<std::size_t>(s);
    _counts[bin] += 1;
    _counts[(m.componentId() + 1) * n + bin] += 1;
  });
}

void DistControl::evaluateSample(const DomainDecompBase& decomp) {
  decomp.allreduceSum(_counts);
  const unsigned n = _config.bins;
  // ls1 evaluates the profile of the target component (method denderiv) or of all molecules (method density)
  const std::size_t offset = _config.method == DistControlConfig::Method::DensityDerivative ? _config.component * n : 0;
  std::vector<double> density(n);
  for (unsigned s = 0; s < n; ++s) density[s] = _counts[offset + s] / static_cast<double>(_config.update) / _binVolume;
  evaluate(_config, density, _width, _boxY, _left, _right);
  std::fill(_counts.begin(), _counts.end(), 0.0);
}

void DistControl::init(const ParticleContainer& container, const DomainDecompBase& decomp) {
  if (_config.init != DistControlConfig::Init::StartConfig) return;
  sample(container);
  evaluateSample(decomp);
}

bool DistControl::update(const ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) {
  sample(container);
  if (!evaluatesAt(step)) return false;
  evaluateSample(decomp);
  return true;
}

void DistControl::connect(const std::vector<PhysicsPlugin*>& plugins) {
  _followers.clear();
  for (PhysicsPlugin* p : plugins)
    if (p != this) _followers.push_back(p);
}

void DistControl::placeFollowers() const {
  for (PhysicsPlugin* p : _followers) p->followInterfaces(_left, _right);
}

// ls1's DistControl::init (its observers registered before it)
void DistControl::init(PluginStep& s) {
  init(s.container, s.decomp);
  placeFollowers();
  writeLog(s.step, s.decomp.rank(), true);
}

void DistControl::beforeForces(PluginStep& s) {
  if (update(s.container, s.decomp, s.step)) placeFollowers();
  writeLog(s.step, s.decomp.rank(), false);
}

void DistControl::writeLog(unsigned long step, int rank, bool header) const {
  if (rank != 0 || (!header && step % _config.update != 0)) return;
  std::ofstream out(_config.logFile, header ? std::ios::trunc : std::ios::app);
  if (header) out << "             simstep                 midLeft                midRight\n";
  out << std::setw(20) << step << std::scientific << std::setprecision(std::numeric_limits<double>::digits10)
      << std::setw(24) << _left << std::setw(24) << _right << '\n';
}

std::vector<double> DistControl::smoothed(const std::vector<double>& y, unsigned k) {
  const std::size_t n = y.size();
  std::vector<double> out(n);
  std::size_t li = 0, ri = k;
  for (std::size_t s = 0; s < n; ++s) {
    double sum = 0;
    for (std::size_t t = s - li; t <= s + ri; ++t) sum += y[t];
    out[s] = sum / static_cast<double>(li + ri + 1);
    if (li < k) ++li;
    if (s + 1 + k >= n) --ri;  // the window shrinks on the right for the last k bins
  }
  return out;
}

std::vector<double> DistControl::slopes(const std::vector<double>& x, const std::vector<double>& y, unsigned k) {
  const std::size_t n = y.size();
  std::vector<double> out(n);
  std::size_t li = 0, ri = k;
  for (std::size_t s = 0; s < n; ++s) {
    double sx = 0, sy = 0, sxy = 0, sxx = 0;
    const double m = static_cast<double>(li + ri + 1);
    for (std::size_t t = s - li; t <= s + ri; ++t) {
      sx += x[t];
      sy += y[t];
      sxy += x[t] * y[t];
      sxx += x[t] * x[t];
    }
    const double den = m * sxx - sx * sx;
    out[s] = den > 0 ? (m * sxy - sx * sy) / den : 0.0;
    if (li < k) ++li;
    if (s + 1 + k >= n) --ri;
  }
  return out;
}

void DistControl::evaluate(const DistControlConfig& c, const std::vector<double>& rho, double w, double boxY,
                           double& left, double& right) {
  const std::size_t n = rho.size();
  if (c.method == DistControlConfig::Method::DensityDerivative) {
    std::vector<double> mid(n);
    for (std::size_t s = 0; s < n; ++s) mid[s] = (0.5 + s) * w;
    const std::vector<double> d = slopes(mid, smoothed(rho, c.smooth), c.derivate);
    std::size_t iMax = 0, iMin = 0;
    for (std::size_t s = 1; s < n; ++s) {
      if (d[s] > d[iMax]) iMax = s;
      if (d[s] < d[iMin]) iMin = s;
    }
    left = mid[iMax];
    right = mid[iMin];
    return;
  }
  // method density (ls1's EstimateInterfaceMidpoint); both extrema searches start from bin 0's value
  double lo = rho[0], hi = rho[0];
  for (std::size_t s = 0; s < n / 2; ++s) lo = std::min(lo, rho[s]), hi = std::max(hi, rho[s]);
  double ym = lo + 0.5 * (hi - lo);
  std::size_t g = 0;
  for (std::size_t s = 0; s < n; ++s)
    if (rho[s] > ym) {
      g = s;
      break;
    }
  if (g < 1) return;
  left = g * w - 0.5 * w + (ym - rho[g - 1]) / (rho[g] - rho[g - 1]) * w;
  lo = hi = rho[0];
  for (std::size_t s = n / 2; s < n; ++s) lo = std::min(lo, rho[s]), hi = std::max(hi, rho[s]);
  ym = lo + 0.5 * (hi - lo);
  g = 0;
  for (std::size_t s = n; s-- > 0;)
    if (rho[s] > ym) {
      g = s;
      break;
    }
  if (g < 1 || g + 1 >= n) return;
  const double x1 = boxY - static_cast<double>(n - 1 - g) * w + 0.5 * w;
  right = x1 - (ym - rho[g + 1]) / (rho[g] - rho[g + 1]) * w;
}

}  // namespace mardyn
