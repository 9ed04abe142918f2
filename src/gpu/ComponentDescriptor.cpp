// ComponentDescriptor: flattening of the components into device tables.
#include "gpu/ComponentDescriptor.h"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace mardyn::gpu {

namespace {
std::string exact(double v) {
  std::ostringstream s;
  s << std::setprecision(17) << v;
  return s.str();
}
}  // namespace

ComponentDescriptor::ComponentDescriptor(compute::ComputeContext& context, const std::vector<Component>& components,
                                         const InteractionParameters& params)
    : _components(components),
      _cutoff(params.cutoff()),
      _epsRFInvrc3(params.epsRFInvrc3()),
      _switchStart(params.switchingStart()),
      _switchInvWidth(params.switchingInvWidth()) {
  for (const auto& c : _components) {
    _maxLJ = std::max<int>(_maxLJ, static_cast<int>(c.ljCenters().size()));
    _maxCharges = std::max<int>(_maxCharges, static_cast<int>(c.charges().size()));
    _maxDipoles = std::max<int>(_maxDipoles, static_cast<int>(c.dipoles().size()));
    _maxQuadrupoles = std::max<int>(_maxQuadrupoles, static_cast<int>(c.quadrupoles().size()));
  }
  const int slots = sitesPerMolecule();
  const std::size_t nc = _components.size();
  _siteValues.assign(nc * slots * 4, 0.0);
  for (std::size_t c = 0; c < nc; ++c) {
    const Component& comp = _components[c];
    if (!comp.dipoles().empty() || !comp.quadrupoles().empty()) _orientationFree = false;
    for (const auto& s : comp.ljCenters()) _orientationFree = _orientationFree && s.r == Vec3{};
    for (const auto& s : comp.charges()) _orientationFree = _orientationFree && s.r == Vec3{};
    auto put = [&](int slot, const Vec3& v, double w) {
      double* p = &_siteValues[(c * slots + slot) * 4];
      p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = w;
    };
    int slot = 0;
    for (int i = 0; i < _maxLJ; ++i, ++slot)
      if (i < static_cast<int>(comp.ljCenters().size())) put(slot, comp.ljCenters()[i].r, 0.0);
    for (int i = 0; i < _maxCharges; ++i, ++slot)
      if (i < static_cast<int>(comp.charges().size())) put(slot, comp.charges()[i].r, comp.charges()[i].q);
    for (int i = 0; i < _maxDipoles; ++i)
      if (i < static_cast<int>(comp.dipoles().size())) {
        put(slot + i, comp.dipoles()[i].r, comp.dipoles()[i].abs);
        put(slot + _maxDipoles + i, comp.dipoles()[i].e, 0.0);
      }
    slot += 2 * _maxDipoles;
    for (int i = 0; i < _maxQuadrupoles; ++i)
      if (i < static_cast<int>(comp.quadrupoles().size())) {
        put(slot + i, comp.quadrupoles()[i].r, comp.quadrupoles()[i].abs);
        put(slot + _maxQuadrupoles + i, comp.quadrupoles()[i].e, 0.0);
      }
    _countValues.push_back({static_cast<int32_t>(comp.ljCenters().size()), static_cast<int32_t>(comp.charges().size()),
                            static_cast<int32_t>(comp.dipoles().size()),
                            static_cast<int32_t>(comp.quadrupoles().size())});
  }
  // LJ pair table [ci][cj][si][sj] -> (24 eps, sigma^2, 6 shift, 0), the numbers the CPU path uses.
  const std::size_t ml = static_cast<std::size_t>(_maxLJ);
  _ljValues.assign(std::max<std::size_t>(nc * nc * ml * ml, 1) * 4, 0.0);
  for (std::size_t ci = 0; ci < nc; ++ci)
    for (std::size_t cj = 0; cj < nc; ++cj)
      for (std::size_t si = 0; si < _components[ci].ljCenters().size(); ++si)
        for (std::size_t sj = 0; sj < _components[cj].ljCenters().size(); ++sj) {
          const LJPairParameters& p = params.lj(params.ljType(ci, si), params.ljType(cj, sj));
          double* v = &_ljValues[(((ci * nc + cj) * ml + si) * ml + sj) * 4];
          v[0] = p.eps24;
          v[1] = p.sigma2;
          v[2] = 6.0 * p.shift;
        }
  _sites = compute::PrecisionArray(context, compute::PrecisionArray::Kind::Real, 4, nc * slots, "componentSites");
  _counts.initialize(context, nc, "componentCounts");
  _ljParams = compute::PrecisionArray(context, compute::PrecisionArray::Kind::Real, 4, _ljValues.size() / 4, "ljParameters");
  for (const Component& c : _components) {
    const Vec3& I = c.momentsOfInertia();
    _inertiaValues.insert(_inertiaValues.end(), {c.mass(), I.x, I.y, I.z});
  }
  _inertia = compute::PrecisionArray(context, compute::PrecisionArray::Kind::Mixed, 4, nc, "componentInertia");
}

void ComponentDescriptor::addDefines(compute::ComputeContext::Defines& defines) const {
  defines["NUM_COMPONENTS"] = std::to_string(_components.size());
  defines["MAX_LJ"] = std::to_string(_maxLJ);
  defines["MAX_CHARGES"] = std::to_string(_maxCharges);
  defines["MAX_DIPOLES"] = std::to_string(_maxDipoles);
  defines["MAX_QUADRUPOLES"] = std::to_string(_maxQuadrupoles);
  defines["CUTOFF2"] = exact(_cutoff * _cutoff);
  defines["EPS_RF_INV_RC3"] = exact(_epsRFInvrc3);
  defines["USE_CUTOFF_SWITCH"] = _switchInvWidth > 0.0 ? "1" : "0";
  defines["SWITCH_START"] = exact(_switchStart);
  defines["SWITCH_INV_WIDTH"] = exact(_switchInvWidth);
  defines["ORIENTATION_FREE"] = _orientationFree ? "1" : "0";
}

void ComponentDescriptor::uploadStaticData() {
  _sites.upload(_siteValues);
  _counts.upload(_countValues);
  _ljParams.upload(_ljValues);
  _inertia.upload(_inertiaValues);
}

void ComponentDescriptor::print(std::ostream& out) const {
  const int slots = sitesPerMolecule();
  out << "GPU component descriptors: " << _components.size() << " components, slots per molecule " << slots
      << " (LJ " << _maxLJ << ", charges " << _maxCharges << ", dipoles " << _maxDipoles << ", quadrupoles "
      << _maxQuadrupoles << "), cutoff " << _cutoff << ", epsRF/rc^3 factor " << _epsRFInvrc3
      << ", cutoff switch " << (_switchInvWidth > 0 ? "from " + std::to_string(_switchStart) : std::string("off")) << "\n";
  for (std::size_t c = 0; c < _components.size(); ++c) {
    const auto& n = _countValues[c];
    out << "  component " << c << " '" << _components[c].name() << "': LJ " << n.x << ", charges " << n.y
        << ", dipoles " << n.z << ", quadrupoles " << n.w << "\n";
    for (int s = 0; s < slots; ++s) {
      const double* p = &_siteValues[(c * slots + s) * 4];
      out << "    slot " << s << ": (" << p[0] << ", " << p[1] << ", " << p[2] << ") w=" << p[3] << "\n";
    }
  }
  const std::size_t nc = _components.size(), ml = static_cast<std::size_t>(_maxLJ);
  for (std::size_t i = 0; i < nc * nc * ml * ml; ++i)
    out << "  lj[" << i << "] eps24=" << _ljValues[4 * i] << " sigma2=" << _ljValues[4 * i + 1]
        << " shift6=" << _ljValues[4 * i + 2] << "\n";
}

}  // namespace mardyn::gpu
