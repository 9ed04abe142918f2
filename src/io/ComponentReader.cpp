// ComponentReader: ls1-mardyn's moleculetype and mixing elements.
//   <moleculetype id="1" name="CO2">
//     <site type="LJ126|Charge|Dipole|Quadrupole"> <coords><x/><y/><z/></coords> <mass/>
//        LJ126: <sigma/> <epsilon/> <shifted/>    Charge: <charge/>
//        Dipole: <dipolemoment><abs/><x/><y/><z/></dipolemoment> (or <theta/><phi/> in degrees)
//        Quadrupole: <quadrupolemoment> likewise </site>
//     <momentsofinertia><Ixx/><Iyy/><Izz/></momentsofinertia>  (computed from the sites if absent)
//   </moleculetype>
//   <mixing><rule type="LB" cid1="1" cid2="2"><eta/><xi/></rule></mixing>
#include "io/ComponentReader.h"

#include <cmath>

namespace mardyn {

std::vector<Component> ComponentReader::readComponents(const XmlNode& components) {
  std::vector<Component> result;
  const auto types = _xml.children(components, "moleculetype");
  if (types.empty() && components)
    _xml.problem(components.file, components.line(), components.path + "/moleculetype",
                 "missing element <moleculetype> (expected at least one component)");
  std::vector<XmlNode> read;
  for (const auto& t : types) {
    result.push_back(readMoleculeType(t, static_cast<unsigned>(result.size())));
    for (std::size_t k = 0; k + 1 < result.size(); ++k)
      if (result[k].name() == result.back().name()) {
        _xml.problem(t, "component name '" + result.back().name() + "' is already the name of component " +
                            std::to_string(k + 1) + " (" + read[k].file + ":" + std::to_string(read[k].line()) +
                            "; expected a name of its own: thermostats and outputs name components)");
        break;
      }
    read.push_back(t);
  }
  return result;
}

void ComponentReader::readMoment(const XmlNode& site, const char* element, Vec3& e, double& abs) {
  const XmlNode m = _xml.requiredChild(site, element, "<abs> and an orientation <x>,<y>,<z>");
  if (!m) return;
  const auto theta = _xml.number(m, "theta", false);
  const auto phi = _xml.number(m, "phi", false);
  if (theta && phi) {
    const double deg = M_PI / 180.0;
    e = {std::sin(*theta * deg) * std::cos(*phi * deg), std::sin(*theta * deg) * std::sin(*phi * deg),
         std::cos(*theta * deg)};
  } else {
    e = {_xml.number(m, "x", 0.0), _xml.number(m, "y", 0.0), _xml.number(m, "z", 0.0)};
  }
  const double len = norm(e);
  const auto a = _xml.number(m, "abs", false);
  if (len == 0.0) {
    _xml.problem(m, "orientation is the zero vector (expected non-zero <x>, <y>, <z>)");
    return;
  }
  e = e / len;
  abs = a ? *a : len;  // without <abs>, the vector itself is the moment (ls1)
}

Component ComponentReader::readMoleculeType(const XmlNode& node, unsigned id) {
  const std::string name = _xml.attribute(node, "name").value_or("component" + std::to_string(id + 1));
  Component c(id, name);
  const auto sites = _xml.children(node, "site");
  if (sites.empty()) _xml.problem(node.file, node.line(), node.path + "/site", "missing element <site> (expected at least one site)");
  SettingSource massAt = XmlInput::source(node);
  double heaviest = 0.0;
  auto noteMass = [&](const XmlNode& site, double mass) {
    if (mass <= heaviest) return;
    heaviest = mass;
    massAt = XmlInput::source(_xml.child(site, "mass"));
  };
  for (const auto& s : sites) {
    const std::string type = _xml.attribute(s, "type").value_or("");
    const Vec3 r = _xml.vec3(s, "coords", true);
    if (type == "LJ126") {
      LJCenter lj;
      lj.r = r;
      lj.mass = _xml.number(s, "mass", true, "a non-negative mass").value_or(0.0);
      lj.sigma = _xml.number(s, "sigma", true, "a positive number").value_or(1.0);
      lj.epsilon = _xml.number(s, "epsilon", true, "a non-negative number").value_or(0.0);
      lj.shifted = _xml.boolean(s, "shifted", false);
      if (!(lj.sigma > 0)) _xml.problem(_xml.child(s, "sigma"), "sigma must be positive (expected > 0)");
      if (lj.epsilon < 0)
        _xml.problem(_xml.child(s, "epsilon"), "negative epsilon (expected >= 0; the mixing rule takes sqrt(eps_i eps_j))");
      if (lj.mass < 0) _xml.problem(_xml.child(s, "mass"), "negative mass (expected >= 0)");
      noteMass(s, lj.mass);
      c.addLJCenter(lj);
    } else if (type == "Charge") {
      Charge q;
      q.r = r;
      q.mass = _xml.number(s, "mass", 0.0);
      q.q = _xml.number(s, "charge", true).value_or(0.0);
      if (q.mass < 0) _xml.problem(_xml.child(s, "mass"), "negative mass (expected >= 0)");
      noteMass(s, q.mass);
      c.addCharge(q);
    } else if (type == "Dipole") {
      Dipole d;
      d.r = r;
      readMoment(s, "dipolemoment", d.e, d.abs);
      c.addDipole(d);
    } else if (type == "Quadrupole") {
      Quadrupole q;
      q.r = r;
      readMoment(s, "quadrupolemoment", q.e, q.abs);
      c.addQuadrupole(q);
    } else {
      _xml.problem(s, "unknown site type '" + type + "' (expected LJ126, Charge, Dipole or Quadrupole)");
    }
  }
  const XmlNode inertia = _xml.child(node, "momentsofinertia");
  if (inertia) {
    const Vec3 I{_xml.number(inertia, "Ixx", true).value_or(0.0), _xml.number(inertia, "Iyy", true).value_or(0.0),
                 _xml.number(inertia, "Izz", true).value_or(0.0)};
    if (I.x < 0 || I.y < 0 || I.z < 0) _xml.problem(inertia, "moments of inertia must not be negative (expected >= 0)");
    c.setMomentsOfInertia(I);
  } else {
    // Body axes assumed principal: I_xx = sum m (y^2 + z^2) about the centre of mass.
    Vec3 com;
    double mass = 0.0;
    for (const auto& lj : c.ljCenters()) { com += lj.r * lj.mass; mass += lj.mass; }
    for (const auto& q : c.charges()) { com += q.r * q.mass; mass += q.mass; }
    if (mass > 0) com = com / mass;
    Vec3 I;
    auto add = [&](const Vec3& r, double m) {
      const Vec3 d = r - com;
      I += Vec3{m * (d.y * d.y + d.z * d.z), m * (d.x * d.x + d.z * d.z), m * (d.x * d.x + d.y * d.y)};
    };
    for (const auto& lj : c.ljCenters()) add(lj.r, lj.mass);
    for (const auto& q : c.charges()) add(q.r, q.mass);
    const double tiny = 1e-12 * (I.x + I.y + I.z);
    c.setMomentsOfInertia({I.x > tiny ? I.x : 0.0, I.y > tiny ? I.y : 0.0, I.z > tiny ? I.z : 0.0});
  }
  if (c.mass() <= 0) _xml.problem(node, "component '" + name + "' has no mass (expected sites with <mass> > 0)");
  _massSources.push_back(massAt);
  return c;
}

std::vector<MixingRule> ComponentReader::readMixing(const XmlNode& parent, std::size_t numComponents) {
  std::vector<MixingRule> rules;
  const XmlNode mixing = _xml.child(parent, "mixing");
  if (!mixing) return rules;
  for (const auto& r : _xml.children(mixing, "rule")) {
    const std::string type = _xml.attribute(r, "type").value_or("LB");
    if (type != "LB") {
      _xml.problem(r, "unknown mixing rule type '" + type + "' (expected LB)");
      continue;
    }
    const auto cid1 = _xml.integerAttribute(r, "cid1", true);
    const auto cid2 = _xml.integerAttribute(r, "cid2", true);
    if (!cid1 || !cid2) continue;
    bool ok = true;
    for (long cid : {*cid1, *cid2})
      if (cid < 1 || cid > static_cast<long>(numComponents)) {
        _xml.problem(r, "mixing rule for unknown component id " + std::to_string(cid) + " (expected 1.." +
                            std::to_string(numComponents) + "; ls1-mardyn refuses it too: \"cid is larger than number of components\")");
        ok = false;
      }
    if (!ok) continue;
    if (*cid1 == *cid2) {
      _xml.problem(r, "cid1 and cid2 are equal (expected two different components)");
      continue;
    }
    MixingRule m;
    m.cid1 = static_cast<unsigned>(*cid1 - 1);
    m.cid2 = static_cast<unsigned>(*cid2 - 1);
    m.eta = _xml.number(r, "eta", 1.0);
    m.xi = _xml.number(r, "xi", 1.0);
    if (!(m.eta > 0)) _xml.problem(_xml.child(r, "eta"), "eta must be positive (expected > 0)");
    if (m.xi < 0) _xml.problem(_xml.child(r, "xi"), "negative xi (expected >= 0)");
    rules.push_back(m);
  }
  return rules;
}

}  // namespace mardyn
