// ObserverMixture: the small mixture the observing plugins are tested on: LJ atoms and two-centre LJ molecules,
// 60 on a jittered grid, with RegionSampling, GammaWriter, SpatialProfile, RDF and CavityWriter configured (one step).
#pragma once

#include "utils/Vec3.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace mardyn::iotest::mixture {

inline const Vec3 kBox{7.0, 9.0, 7.5};
constexpr double kCutoff = 3.0;

inline std::string config() {
  return R"(<?xml version="1.0"?>
<mardyn version="20100525"><simulation type="MD">
  <integrator type="Leapfrog"><timestep>0.002</timestep></integrator>
  <run><currenttime>0</currenttime><production><steps>1</steps></production></run>
  <ensemble type="NVE"><temperature>1.0</temperature>
    <domain type="box"><lx>7.0</lx><ly>9.0</ly><lz>7.5</lz></domain>
    <components>
      <moleculetype id="1" name="A"><site type="LJ126"><coords><x>0</x><y>0</y><z>0</z></coords><mass>1.0</mass>
        <sigma>1.0</sigma><epsilon>1.0</epsilon></site></moleculetype>
      <moleculetype id="2" name="B">
        <site type="LJ126"><coords><x>0</x><y>0</y><z>-0.3</z></coords><mass>0.6</mass><sigma>0.9</sigma><epsilon>0.8</epsilon></site>
        <site type="LJ126"><coords><x>0</x><y>0</y><z>0.3</z></coords><mass>0.6</mass><sigma>0.9</sigma><epsilon>0.8</epsilon></site>
        <momentsofinertia><Ixx>0.108</Ixx><Iyy>0.108</Iyy><Izz>0</Izz></momentsofinertia>
      </moleculetype>
    </components>
    <phasespacepoint><file type="ASCII">phase.inp</file></phasespacepoint>
  </ensemble>
  <algorithm>
    <cutoffs type="CenterOfMass"><radiusLJ>3.0</radiusLJ></cutoffs>
    <longrange type="none"/>
  </algorithm>
  <output>
    <outputplugin name="GammaWriter"><writefrequency>1</writefrequency><outputprefix>gamma</outputprefix></outputplugin>
    <outputplugin name="RDF"><writefrequency>1</writefrequency><samplingfrequency>1</samplingfrequency>
      <outputprefix>rdf</outputprefix><intervallength>0.1</intervallength><bins>30</bins></outputplugin>
    <outputplugin name="CavityWriter"><writefrequency>1</writefrequency><outputprefix>cav</outputprefix>
      <incremental>false</incremental><maxNeighbours>1</maxNeighbours><radius>1.3</radius>
      <Nx>7</Nx><Ny>9</Ny><Nz>5</Nz><componentid>0</componentid></outputplugin>
  </output>
  <plugin name="RegionSampling"><region>
    <coords><lcx>0</lcx><lcy>1.5</lcy><lcz>0</lcz><ucx>box</ucx><ucy>7.5</ucy><ucz>box</ucz></coords>
    <sampling type="profiles"><control><start>0</start><frequency>1</frequency><stop>100</stop></control>
      <subdivision type="number"><number>3</number></subdivision></sampling>
  </region></plugin>
  <plugin name="SpatialProfile"><mode>cartesian</mode><x>2</x><y>3</y><z>1</z><writefrequency>1</writefrequency>
    <timesteps><init>0</init><recording>1</recording></timesteps><outputprefix>sp</outputprefix>
    <profiledComponent>all</profiledComponent></plugin>
</simulation></mardyn>
)";
}

/// 60 molecules on a jittered grid, components alternating, velocities, orientations and angular momenta from
/// fixed formulas.
inline std::string phaseSpace() {
  std::string s = "mardyn trunk 20120726\n NumberOfMolecules\t60\n MoleculeFormat\tICRVQD\n";
  char line[512];
  int id = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 4; ++k) {
        const double jitter = 0.15 * std::sin(1.3 * id);
        const double x = (i + 0.5) * kBox.x / 3 + jitter, y = (j + 0.5) * kBox.y / 5 - jitter, z = (k + 0.5) * kBox.z / 4;
        const double a = 0.7 * id, n = std::sqrt(1 + 0.04 + 0.09);
        std::snprintf(line, sizeof line, "%d %d %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n",
                      id + 1, 1 + id % 2, x, y, z, std::sin(a), std::cos(1.1 * a), 0.5 * std::sin(0.3 * a),
                      std::cos(a / 2) / n, std::sin(a / 2) / n, 0.2 / n, 0.3 / n, id % 2 ? 0.05 * std::cos(a) : 0.0,
                      id % 2 ? 0.04 : 0.0, 0.0);
        s += line;
        ++id;
      }
  return s;
}

}  // namespace mardyn::iotest::mixture
