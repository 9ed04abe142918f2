// IoTestFiles: helpers of the io tests: a temporary directory removed afterwards, writing files,
// finding the line of a text, expecting input errors, and a small valid configuration to break in
// controlled ways.
#pragma once

#include "ConfigurationReader.h"

#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace mardyn::iotest {

class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    _path = std::filesystem::temp_directory_path() / ("mardyn-io-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(_path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(_path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (_path / name).string(); }
  const std::filesystem::path& path() const { return _path; }

 private:
  std::filesystem::path _path;
};

inline std::string writeFile(const std::string& path, const std::string& content) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << content;
  return path;
}

inline std::string readFile(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// 1-based line of the first occurrence of `needle` in `text` (0 if absent).
inline int lineOf(const std::string& text, const std::string& needle) {
  const auto pos = text.find(needle);
  if (pos == std::string::npos) return 0;
  int line = 1;
  for (std::size_t i = 0; i < pos; ++i) line += text[i] == '\n';
  return line;
}

/// Replaces the first occurrence of `from` (which must exist) by `to`.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto pos = text.find(from);
  if (pos == std::string::npos) throw std::runtime_error("test set-up: '" + from + "' not in text");
  return text.replace(pos, from.size(), to);
}

/// Reads config text (and phase space text unless empty) expecting an InputError.
inline InputError readError(const TempDir& dir, const std::string& cfg, const std::string& inp) {
  if (!inp.empty()) writeFile(dir.file("phase.inp"), inp);
  try {
    ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
  } catch (const InputError& e) {
    return e;
  }
  CPPUNIT_FAIL("expected an InputError");
  return InputError(std::vector<InputProblem>{});
}

/// Asserts a problem with exactly this file, line and element whose message contains `part`.
inline void expectProblem(const InputError& e, const std::string& file, int line, const std::string& element,
                          const std::string& part) {
  for (const auto& p : e.problems())
    if (p.file == file && p.line == line && p.element == element && p.message.find(part) != std::string::npos) {
      // what() lists the formatted problem too
      CPPUNIT_ASSERT(std::string(e.what()).find(p.format()) != std::string::npos);
      return;
    }
  CPPUNIT_FAIL("no problem '" + part + "' at " + file + ":" + std::to_string(line) + " " + element + " in:\n" + e.what());
}

/// A valid configuration: box 10 x 11 x 12, cutoff 2.5, two components (LJ, and a 2CLJ with a
/// dipole, a quadrupole and two charges), phase space from "phase.inp" beside the file.
inline std::string validConfig() {
  return R"(<?xml version="1.0" encoding="UTF-8"?>
<mardyn version="20100525">
  <simulation type="MD">
    <integrator type="Leapfrog">
      <timestep unit="reduced">0.004</timestep>
    </integrator>
    <run>
      <currenttime>1.5</currenttime>
      <equilibration><steps>20</steps></equilibration>
      <production><steps>100</steps></production>
    </run>
    <ensemble type="NVT">
      <temperature unit="reduced">0.9</temperature>
      <domain type="box">
        <lx>10</lx>
        <ly>11</ly>
        <lz>12</lz>
      </domain>
      <components>
        <moleculetype id="1" name="A">
          <site type="LJ126" id="1">
            <coords><x>0</x><y>0</y><z>0</z></coords>
            <mass>2.0</mass>
            <sigma>1.0</sigma>
            <epsilon>1.5</epsilon>
            <shifted>true</shifted>
          </site>
        </moleculetype>
        <moleculetype id="2" name="B">
          <site type="LJ126" id="1">
            <coords><x>0</x><y>0</y><z>-0.5</z></coords>
            <mass>1.0</mass>
            <sigma>0.9</sigma>
            <epsilon>0.8</epsilon>
          </site>
          <site type="LJ126" id="2">
            <coords><x>0</x><y>0</y><z>0.5</z></coords>
            <mass>1.0</mass>
            <sigma>0.9</sigma>
            <epsilon>0.8</epsilon>
          </site>
          <site type="Charge" id="3">
            <coords><x>0</x><y>0</y><z>0.25</z></coords>
            <mass>0</mass>
            <charge>0.5</charge>
          </site>
          <site type="Charge" id="4">
            <coords><x>0</x><y>0</y><z>-0.25</z></coords>
            <mass>0</mass>
            <charge>-0.5</charge>
          </site>
          <site type="Dipole" id="5">
            <coords><x>0.1</x><y>0</y><z>0</z></coords>
            <dipolemoment><abs>1.25</abs><x>0</x><y>0</y><z>2</z></dipolemoment>
          </site>
          <site type="Quadrupole" id="6">
            <coords><x>0</x><y>0</y><z>0</z></coords>
            <quadrupolemoment><abs>-3.5</abs><x>1</x><y>0</y><z>0</z></quadrupolemoment>
          </site>
          <momentsofinertia rotaxes="xyz"><Ixx>0.5</Ixx><Iyy>0.5</Iyy><Izz>0</Izz></momentsofinertia>
        </moleculetype>
        <mixing>
          <rule type="LB" cid1="1" cid2="2"><eta>0.95</eta><xi>1.05</xi></rule>
        </mixing>
      </components>
      <phasespacepoint>
        <file type="ASCII">phase.inp</file>
      </phasespacepoint>
    </ensemble>
    <algorithm>
      <parallelisation type="DomainDecomposition">
        <MPIGridDims><x>2</x><y>1</y><z>1</z></MPIGridDims>
      </parallelisation>
      <datastructure type="LinkedCells">
        <cellsInCutoffRadius>2</cellsInCutoffRadius>
      </datastructure>
      <cutoffs type="CenterOfMass">
        <radiusLJ unit="reduced">2.5</radiusLJ>
      </cutoffs>
      <electrostatic type="ReactionField">
        <epsilon>80.5</epsilon>
      </electrostatic>
      <longrange type="none"/>
      <thermostats>
        <thermostat type="VelocityScaling" componentId="B">
          <temperature>0.95</temperature>
        </thermostat>
      </thermostats>
    </algorithm>
    <output>
      <outputplugin name="ResultWriter">
        <writefrequency>5</writefrequency>
        <outputprefix>res</outputprefix>
      </outputplugin>
      <outputplugin name="NoSuchPlugin">
        <writefrequency>1</writefrequency>
      </outputplugin>
    </output>
  </simulation>
</mardyn>
)";
}

/// A phase space for validConfig(): three molecules, ICRVQD.
inline std::string validPhaseSpace() {
  return R"(mardyn trunk 20120726
 currentTime	0
 Length	10 11 12
# a comment
 NumberOfComponents	2
1	0	0	0	0
0 0 0	2 1.5 1 0 1
0 0 0
1e+10
 NumberOfMolecules	3
 MoleculeFormat	ICRVQD
1	1	1.0 2.0 3.0	0.1 0.2 0.3	1 0 0 0	0 0 0
2	2	4.5 5.5 6.5	-0.1 -0.2 -0.3	0.5 0.5 0.5 0.5	0.01 0.02 0.03
3	1	9.999 10.999 11.999	0 0 0	1 0 0 0	0 0 0
)";
}

}  // namespace mardyn::iotest
