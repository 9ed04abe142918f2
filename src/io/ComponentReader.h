// ComponentReader: reads ls1-mardyn's <moleculetype> (sites LJ126, Charge, Dipole, Quadrupole and
// momentsofinertia) and <mixing><rule type="LB"> elements into Components and MixingRules.
#pragma once

#include "config/SimulationConfig.h"
#include "config/XmlInput.h"

#include <vector>

namespace mardyn {

class ComponentReader {
 public:
  explicit ComponentReader(XmlInput& xml) : _xml(xml) {}

  /// Reads every moleculetype below `components` (includes expanded); component i gets id i.
  std::vector<Component> readComponents(const XmlNode& components);
  /// Reads mixing/rule elements below `parent` (components or ensemble); cid are checked
  /// against numComponents.
  std::vector<MixingRule> readMixing(const XmlNode& parent, std::size_t numComponents);

 private:
  Component readMoleculeType(const XmlNode& node, unsigned id);
  /// Orientation (unit vector) and magnitude of a dipolemoment/quadrupolemoment element.
  void readMoment(const XmlNode& site, const char* element, Vec3& e, double& abs);
  XmlInput& _xml;
};

}  // namespace mardyn
