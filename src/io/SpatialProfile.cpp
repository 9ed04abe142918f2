// SpatialProfile: ls1's bins, records and profile files (ProfileBase's matrices: for every y row, z outer and x
// inner (cylinder: h rows, phi outer, r inner), values at precision 6).
#include "io/SpatialProfile.h"

#include "io/AtomicFile.h"
#include "io/StreamingFile.h"

#include <tinyxml2.h>

#include <cmath>
#include <functional>
#include <sstream>

namespace mardyn {

namespace {
constexpr int kValues = 10;  // count, |v|, vx, vy, vz, kinetic, DOF, Vi_x, Vi_y, Vi_z

bool flag(XmlInput& xml, const XmlNode& parent, const char* name) { return xml.boolean(parent, name, false); }
}  // namespace

std::shared_ptr<const PluginSettings> SpatialProfile::read(XmlInput& xml, const XmlNode& e, const SimulationConfig& config,
                                                           OutputPluginConfig& plugin) {
  auto s = std::make_shared<Settings>();
  const std::string mode = xml.text(e, "mode").value_or("");
  if (mode != "cartesian" && mode != "cylinder")
    xml.problem(xml.child(e, "mode") ? xml.child(e, "mode") : e, "invalid mode '" + mode + "' (expected cartesian or cylinder)");
  s->cylinder = mode == "cylinder";
  const char* names[2][3] = {{"x", "y", "z"}, {"r", "h", "phi"}};
  for (int d = 0; d < 3; ++d) {
    s->units[d] = xml.number(e, names[s->cylinder][d], 1.0);
    if (!(s->units[d] >= 1) || s->units[d] != std::floor(s->units[d]))
      xml.problem(xml.child(e, names[s->cylinder][d]), "number of bins must be a positive integer");
  }
  const std::string comp = xml.text(e, "profiledComponent").value_or("all");
  if (comp != "all") {
    const auto c = parseLong(comp);
    if (!c || *c < 1 || *c > static_cast<long>(config.components.size()))
      xml.problem(xml.child(e, "profiledComponent"), "unknown component '" + comp + "' (expected all or 1.." +
                                                         std::to_string(config.components.size()) + ")");
    else s->profiledComponent = static_cast<unsigned>(*c);
  }
  if (const XmlNode p = xml.child(e, "profiles")) {
    s->density = flag(xml, p, "density");
    s->velocity = flag(xml, p, "velocity");
    s->velocity3d = flag(xml, p, "velocity3d");
    s->temperature = flag(xml, p, "temperature");
    s->virial = flag(xml, p, "virial");
    s->virial2D = flag(xml, p, "virial2D");
  }
  if (!(s->density || s->velocity || s->velocity3d || s->temperature || s->virial || s->virial2D))
    s->density = s->velocity = s->velocity3d = s->temperature = s->virial = s->virial2D = true;  // ls1: all
  if (const XmlNode t = xml.child(e, "timesteps")) {
    s->init = static_cast<unsigned long>(std::max(0L, xml.integer(t, "init", 0L)));
    s->recording = static_cast<unsigned long>(std::max(1L, xml.integer(t, "recording", 1L)));
  }
  s->frequency = plugin.writeFrequency;
  return s;
}

std::shared_ptr<const PluginSettings> SpatialProfile::readDomainProfiles(XmlInput& xml, const XmlNode& e,
                                                                         const SimulationConfig& config,
                                                                         OutputPluginConfig& plugin) {
  auto s = std::make_shared<Settings>();
  const XmlNode units = xml.child(e, "units");
  const char* names[3] = {"x", "y", "z"};
  for (int d = 0; d < 3; ++d) {
    s->units[d] = units ? xml.number(units, names[d], 1.0) : 1.0;
    if (!(s->units[d] >= 1) || s->units[d] != std::floor(s->units[d]))
      xml.problem(xml.child(units, names[d]), "number of bins must be a positive integer");
  }
  s->density = s->velocity = s->velocity3d = s->temperature = true;
  for (const XmlNode& o : xml.children(xml.child(e, "options"), "option"))
    if (xml.attribute(o, "keyword").value_or("") == "profileVirial" && o.element->GetText() &&
        std::string(o.element->GetText()) != "0")
      s->virial = true;
  const auto comps = xml.children(xml.child(e, "components"), "component");
  if (comps.size() == 1) {
    const long c = xml.integerAttribute(comps[0], "id", true).value_or(0);
    if (c >= 1 && c <= static_cast<long>(config.components.size())) s->profiledComponent = static_cast<unsigned>(c);
  }
  if (const XmlNode t = xml.child(e, "timesteps")) {
    s->init = static_cast<unsigned long>(std::max(0L, xml.integer(t, "init", 0L)));
    s->recording = static_cast<unsigned long>(std::max(1L, xml.integer(t, "recording", 1L)));
  }
  s->frequency = plugin.writeFrequency;
  xml.warning(e, "ls1-mardyn maps DomainProfiles to DensityProfileWriter, which it does not have (it stops); here it "
                 "runs as SpatialProfile in cartesian mode with units/x,y,z bins (density, velocity, temperature" +
                     std::string(s->virial ? ", virial" : "") + " profiles)");
  return s;
}

SpatialProfile::SpatialProfile(const Settings& settings, std::string prefix, const SimulationConfig& config)
    : _s(settings), _prefix(std::move(prefix)), _box(config.box) {
  if (_s.cylinder) {
    const double minXZ = std::min(_box.x, _box.z);
    const double r2max = .24 * minXZ * minXZ;
    _inv = {_s.units[0] / r2max, _s.units[1] / _box.y, _s.units[2] / (2 * M_PI)};
    _segmentVolume = M_PI / (_inv[0] * _inv[1] * _s.units[2]);
  } else {
    for (int d = 0; d < 3; ++d) _inv[d] = _s.units[d] / _box[d];
    _segmentVolume = _box.x * _box.y * _box.z / (_s.units[0] * _s.units[1] * _s.units[2]);
  }
  _uIDs = static_cast<unsigned long>(_s.units[0] * _s.units[1] * _s.units[2]);
  _sums.assign(_uIDs * kValues, 0.0);
}

MoleculeBinning::Request SpatialProfile::request() const {
  using B = MoleculeBinning;
  B::Request r;
  r.geometry = _s.cylinder ? B::Geometry::Cylinder : B::Geometry::Cartesian;
  r.inv = _inv;
  for (int d = 0; d < 3; ++d) r.units[d] = static_cast<unsigned>(_s.units[d]);
  r.centre = Vec3{0.5 * _box.x, 0.0, 0.5 * _box.z};
  r.onlyComponent = _s.profiledComponent == 0 ? -1 : static_cast<int>(_s.profiledComponent) - 1;
  for (B::Field f : {B::Count, B::Vx, B::Vy, B::Vz, B::Vabs, B::Kinetic, B::Dof}) r.fieldMask |= 1u << f;
  if (_s.virial || _s.virial2D) r.fieldMask |= (1u << B::ViX) | (1u << B::ViY) | (1u << B::ViZ);
  return r;
}

void SpatialProfile::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(_prefix + "_0.NDpr");
}

void SpatialProfile::afterStep(unsigned long step, double, const SimulationView& sim) {
  const SamplingView* view = sim.sampling();
  if (!view) return;
  MoleculeBinning& binning = view->binning();
  if (step >= _s.init && step % _s.recording == 0) {
    if (_binning < 0) _binning = binning.add(request());
    binning.accumulate(_binning);
    ++_datasets;
  }
  if (step >= _s.init && step % _s.frequency == 0) {
    if (_binning >= 0) {
      // The request's fields in Field order: count, vx, vy, vz, (Vi_x, Vi_y, Vi_z), |v|, kinetic, DOF.
      const std::vector<double> b = binning.take(_binning);
      const bool virial = _s.virial || _s.virial2D;
      const std::size_t nf = virial ? 10 : 7;
      for (unsigned long id = 0; id < _uIDs; ++id) {
        const double* in = &b[id * nf];
        double* v = &_sums[id * kValues];
        v[0] += in[0];
        for (int d = 0; d < 3; ++d) v[2 + d] += in[1 + d];
        if (virial)
          for (int d = 0; d < 3; ++d) v[7 + d] += in[4 + d];
        v[1] += in[nf - 3];
        v[5] += in[nf - 2];
        v[6] += in[nf - 1];
      }
    }
    view->allreduceSum(_sums);
    if (sim.rank() == 0)
      for (const auto& [file, content] : files(step, _datasets, _sums, sim.globals().temperature))
        AtomicFile::write(file, content);
    std::fill(_sums.begin(), _sums.end(), 0.0);
    _datasets = 0;
  }
}

std::vector<std::pair<std::string, std::string>> SpatialProfile::files(unsigned long step, unsigned long datasets,
                                                                       const std::vector<double>& sums,
                                                                       double temperature) const {
  const auto& u = _s.units;
  const double acc = static_cast<double>(datasets);
  auto value = [&](unsigned long id, int k) { return sums[id * kValues + k]; };
  auto count = [&](unsigned long id) { return static_cast<int>(value(id, 0)); };
  auto header = [&](std::ostringstream& os, const char* what, const char* extra) {
    os.precision(6);
    os << "//Segment volume: " << _segmentVolume << "\n//Accumulated data sets: " << datasets << "\n//" << what
       << " Output file generated by the \"" << extra << "\" method, plugins/profiles. \n";
  };
  auto grid = [&](std::ostringstream& os, const std::function<void(unsigned long)>& entry) {
    os << "\t" << 1 / _inv[0] << "\t" << 1 / _inv[1] << "\t" << 1 / _inv[2] << "\n";
    os << "0 \t";
    if (_s.cylinder) {
      for (unsigned r = 0; r < u[0]; ++r) os << 0.5 * (std::sqrt(r + 1) + std::sqrt(r)) / std::sqrt(_inv[0]) << " \t";
      os << "\n";
      for (unsigned h = 0; h < u[1]; ++h) {
        os << (h + 0.5) / _inv[1] << "  \t";
        for (unsigned phi = 0; phi < u[2]; ++phi)
          for (unsigned r = 0; r < u[0]; ++r) entry(static_cast<unsigned long>(h * u[0] * u[2] + r * u[2] + phi));
        os << "\n";
      }
      return;
    }
    for (unsigned z = 0; z < u[2]; ++z) os << (z + 0.5) / _inv[2] << "  \t";
    os << "\n";
    for (unsigned y = 0; y < u[1]; ++y) {
      os << (y + 0.5) / _inv[1] << "  \t";
      for (unsigned z = 0; z < u[2]; ++z)
        for (unsigned x = 0; x < u[0]; ++x) entry(static_cast<unsigned long>(x * u[1] * u[2] + y * u[2] + z));
      os << "\n";
    }
  };
  const std::string base = _prefix + "_" + std::to_string(step);
  std::vector<std::pair<std::string, std::string>> out;
  if (_s.density || _s.velocity || _s.velocity3d || _s.virial || _s.virial2D) {
    std::ostringstream os;
    header(os, "Local profile of the number density.", "DensityProfile");
    os << "//local density profile: Y - Z || X-projection\n// \t dX \t dY \t dZ \n";
    grid(os, [&](unsigned long id) { os << static_cast<double>(count(id)) / (_segmentVolume * acc) << "\t"; });
    out.emplace_back(base + ".NDpr", os.str());
  }
  if (_s.velocity) {
    std::ostringstream os;
    header(os, "Local profile of magnitude of velocity.", "VelocityAbsProfile");
    os << "//local velocity magnitude profile: Y - Z || X-projection\n// \t dX \t dY \t dZ \n";
    grid(os, [&](unsigned long id) {
      const int n = count(id);
      os << (n != 0 ? value(id, 1) / n : 0.0) << "\t";
    });
    out.emplace_back(base + ".VAbspr", os.str());
  }
  if (_s.velocity3d) {
    std::ostringstream os;
    header(os, "Local profile of X-Y-Z components of velocity.", "Velocity3dProfile");
    os << "//local velocity component profile: Y - Z || X-projection\n// \t dX \t dY \t dZ \n";
    grid(os, [&](unsigned long id) {
      const int n = count(id);
      for (int d = 0; d < 3; ++d) os << (n != 0 ? value(id, 2 + d) / n : 0.0) << "\t";
    });
    out.emplace_back(base + ".V3Dpr", os.str());
  }
  if (_s.virial) {
    std::ostringstream os;
    header(os, "Local profile of the partial pressures.", "VirialProfile");
    os << "// \t dX \t dY \t dZ \n";
    os << "\t" << 1 / _inv[0] << "\t" << 1 / _inv[1] << "\t" << 1 / _inv[2] << "\n";
    os << "0 \t\n# y\tvn-vt\tpx\tpy\tpz\n# \n";
    const double layerHeight = _box.y / u[1];
    const double layerVolume = _s.cylinder ? layerHeight * M_PI * (_box.x / 2) * (_box.x / 2) : layerHeight * _box.x * _box.z;
    for (unsigned y = 0; y < u[1]; ++y) {
      long double px = 0, py = 0, pz = 0, ny = 0;
      for (unsigned a = 0; a < u[0]; ++a)
        for (unsigned b = 0; b < u[2]; ++b) {
          const unsigned long id = _s.cylinder ? static_cast<unsigned long>(y * u[0] * u[2] + a * u[2] + b)
                                               : static_cast<unsigned long>(a * u[1] * u[2] + y * u[2] + b);
          px += value(id, 7);
          py += value(id, 8);
          pz += value(id, 9);
          ny += count(id);
        }
      const long double pd = py - .5 * (px + pz);
      const long double norm = layerVolume * acc;
      os << (y + 0.5) / _inv[1] << "\t" << pd / norm << "\t" << (temperature * ny + px) / norm << "\t"
         << (temperature * ny + py) / norm << "\t" << (temperature * ny + pz) / norm << "\n";
    }
    out.emplace_back(base + "_1D-Y.Vipr", os.str());
  }
  if (_s.virial2D) {
    std::ostringstream os;
    header(os, "Local profile of the partial pressures p = (px+py+pz)/3).", "VirialProfile");
    os << "// \t dX \t dY \t dZ \n";
    grid(os, [&](unsigned long id) {
      const long double n = count(id), norm = _segmentVolume * acc;
      long double p = 0;
      for (int d = 0; d < 3; ++d) p += (temperature * n + value(id, 7 + d)) / norm;
      os << p / 3 << "\t";
    });
    out.emplace_back(base + ".Vipr", os.str());
  }
  if (_s.temperature) {
    std::ostringstream os;
    header(os, "Local profile of the temperature.", "TemperatureProfile");
    os << "//Temperature expressed by 2Ekin/#DOF\n//local temperature profile: Y - Z || X-projection\n// \t dX \t dY \t dZ \n";
    grid(os, [&](unsigned long id) {
      const int dofs = static_cast<int>(value(id, 6));
      os << (dofs == 0 ? 0.0 : value(id, 5) / dofs) << "\t";
    });
    out.emplace_back(base + ".Temppr", os.str());
  }
  return out;
}

}  // namespace mardyn
