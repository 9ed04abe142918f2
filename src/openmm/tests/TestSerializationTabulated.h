// Test bodies for XmlSerializer with the forces that carry tabulated functions, CMAP and GBSA/OBC, in a System
// of their own: round trip, a file in OpenMM 7.7's layout against the same forces built in code, a
// CustomIntegrator's functions, and malformed function tables.
#pragma once

#include "TestSerialization.h"

#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace OpenMMTests {

/** CMAPTorsionForce, GBSAOBCForce, CustomCompoundBondForce and CustomCentroidBondForce with every kind of
 *  tabulated function, and a CustomNonbondedForce with a periodic one; each Force in its own group (1..5). */
inline System* createTabulatedSystem(std::vector<Vec3>& positions) {
  auto* system = new System();
  const int n = 8;
  for (int i = 0; i < n; i++) {
    system->addParticle(2.0 + i);
    positions.emplace_back(0.35 * (i % 3) + 0.03 * i, 0.3 * ((i / 3) % 3) - 0.02 * i, 0.1 * i * (i % 2 ? 1 : -1));
  }
  auto* cmap = new CMAPTorsionForce();
  std::vector<double> map(16);
  for (int i = 0; i < 16; i++)
    map[i] = 0.3 * std::sin(0.7 * i) + 0.05 * i;
  cmap->addMap(4, map);
  cmap->addMap(2, {0.1, -0.2, 0.3, 0.4});
  cmap->addTorsion(0, 0, 1, 2, 3, 1, 2, 3, 4);
  cmap->addTorsion(1, 3, 4, 5, 6, 4, 5, 6, 7);
  cmap->setForceGroup(1);
  system->addForce(cmap);
  auto* gbsa = new GBSAOBCForce();
  gbsa->setSolventDielectric(70.0);
  gbsa->setSoluteDielectric(1.5);
  gbsa->setSurfaceAreaEnergy(2.0);
  for (int i = 0; i < n; i++)
    gbsa->addParticle(0.2 * (i % 3 - 1), 0.14 + 0.01 * i, 0.75 + 0.02 * i);
  gbsa->setForceGroup(2);
  system->addForce(gbsa);
  auto* compound = new CustomCompoundBondForce(
      3, "k*f(distance(p1,p2)) + g(angle(p1,p2,p3), s) + h(x1, y1, z1) + d1(i) + d2(i, j) + d3(j, i, 0)");
  compound->addPerBondParameter("k");
  compound->addPerBondParameter("i");
  compound->addPerBondParameter("j");
  compound->addGlobalParameter("s", 0.4);
  compound->addBond({0, 1, 2}, {2.0, 1.0, 0.0});
  compound->addBond({3, 4, 5}, {1.5, 0.0, 1.0});
  compound->addTabulatedFunction("f", new Continuous1DFunction({0.0, 0.3, 0.5, 0.6, 0.65, 0.7}, 0.0, 1.5));
  compound->addTabulatedFunction("g", new Continuous2DFunction(3, 3, {0, 1, 2, 1, 2, 3, 2, 3, 5}, 0.0, 3.2, 0.0, 1.0));
  std::vector<double> cube(24);
  for (int i = 0; i < 24; i++)
    cube[i] = 0.1 * (i % 5) - 0.02 * i;
  compound->addTabulatedFunction("h", new Continuous3DFunction(2, 3, 4, cube, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0));
  compound->addTabulatedFunction("d1", new Discrete1DFunction({0.25, -0.5}));
  compound->addTabulatedFunction("d2", new Discrete2DFunction(2, 2, {1.0, 2.0, 3.0, 4.0}));
  compound->addTabulatedFunction("d3", new Discrete3DFunction(2, 2, 1, {0.5, 0.6, 0.7, 0.8}));
  compound->setForceGroup(3);
  system->addForce(compound);
  auto* centroid = new CustomCentroidBondForce(2, "k*distance(g1,g2)^2 + t(m)");
  centroid->addPerBondParameter("k");
  centroid->addPerBondParameter("m");
  centroid->addGroup({0, 1, 2}, {1.0, 2.0, 0.5});
  centroid->addGroup({5, 6});
  centroid->addBond({0, 1}, {30.0, 2.0});
  centroid->addTabulatedFunction("t", new Discrete1DFunction({0.1, 0.2, 0.35}));
  centroid->setUsesPeriodicBoundaryConditions(false);
  centroid->setForceGroup(4);
  system->addForce(centroid);
  auto* nonbonded = new CustomNonbondedForce("w(r)");
  nonbonded->addTabulatedFunction("w", new Continuous1DFunction({0.0, 0.4, -0.2, 0.1, 0.0}, 0.0, 2.0, true));
  for (int i = 0; i < n; i++)
    nonbonded->addParticle({});
  nonbonded->setForceGroup(5);
  system->addForce(nonbonded);
  return system;
}

/** Energy of each of the groups 1..5 and the forces of all of them. */
inline void assertSameEnergies(const System& expected, const System& found, const std::vector<Vec3>& positions,
                               Platform& platform, double tol, const std::string& what) {
  VerletIntegrator i1(0.001), i2(0.001);
  Context c1(const_cast<System&>(expected), i1, platform), c2(const_cast<System&>(found), i2, platform);
  c1.setPositions(positions);
  c2.setPositions(positions);
  for (int group = 1; group <= 5; group++) {
    State s1 = c1.getState(State::Energy, false, 1 << group);
    State s2 = c2.getState(State::Energy, false, 1 << group);
    assertClose(s1.getPotentialEnergy(), s2.getPotentialEnergy(), tol, what + ": energy of group " +
                                                                          std::to_string(group));
  }
  State s1 = c1.getState(State::Forces), s2 = c2.getState(State::Forces);
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(s1.getForces()[i], s2.getForces()[i], tol, what + ": force on particle " + std::to_string(i));
}

inline void testTabulatedRoundTrip(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> original(createTabulatedSystem(positions));
  const std::string xml = toXml(*original);
  std::unique_ptr<System> copy(fromXml(xml));
  CPPUNIT_ASSERT_EQUAL(xml, toXml(*copy));
  const auto& compound = dynamic_cast<const CustomCompoundBondForce&>(copy->getForce(2));
  CPPUNIT_ASSERT_EQUAL(6, compound.getNumTabulatedFunctions());
  CPPUNIT_ASSERT_EQUAL(std::string("h"), compound.getTabulatedFunctionName(2));
  for (int i = 0; i < 6; i++)
    CPPUNIT_ASSERT(compound.getTabulatedFunction(i) ==
                   dynamic_cast<const CustomCompoundBondForce&>(original->getForce(2)).getTabulatedFunction(i));
  const auto& centroid = dynamic_cast<const CustomCentroidBondForce&>(copy->getForce(3));
  std::vector<int> particles;
  std::vector<double> weights;
  centroid.getGroupParameters(1, particles, weights);
  CPPUNIT_ASSERT(particles.size() == 2 && weights.empty());
  centroid.getGroupParameters(0, particles, weights);
  CPPUNIT_ASSERT(weights == std::vector<double>({1.0, 2.0, 0.5}));
  const auto& nonbonded = dynamic_cast<const CustomNonbondedForce&>(copy->getForce(4));
  CPPUNIT_ASSERT(nonbonded.getTabulatedFunction(0).getPeriodic());
  assertSameEnergies(*original, *copy, positions, platform, 0.0, "after the round trip");
  VerletIntegrator integrator(0.001);
  Context context(*original, integrator, platform);
  context.setPositions(positions);
  for (int group = 1; group <= 5; group++)
    CPPUNIT_ASSERT_MESSAGE("group " + std::to_string(group) + " has no energy",
                           context.getState(State::Energy, false, 1 << group).getPotentialEnergy() != 0.0);
}

/** The four Forces in the layout OpenMM 7.7 writes; see testOpenMMTabulatedFile for the numbers. */
inline std::string openMMTabulatedFile() {
  return R"XML(<?xml version="1.0" ?>
<System openmmVersion="7.7" type="System" version="1">
	<PeriodicBoxVectors>
		<A x="2" y="0" z="0"/>
		<B x="0" y="2" z="0"/>
		<C x="0" y="0" z="2"/>
	</PeriodicBoxVectors>
	<Particles>
		<Particle mass="12"/>
		<Particle mass="1"/>
		<Particle mass="16"/>
		<Particle mass="14"/>
		<Particle mass="12"/>
	</Particles>
	<Constraints/>
	<Forces>
		<Force forceGroup="1" name="CMAPTorsionForce" type="CMAPTorsionForce" usesPeriodic="0" version="2">
			<Maps>
				<Map size="2">
					<Energy e=".5"/>
					<Energy e="-1.5"/>
					<Energy e="2"/>
					<Energy e=".25"/>
				</Map>
			</Maps>
			<Torsions>
				<Torsion a1="0" a2="1" a3="2" a4="3" b1="1" b2="2" b3="3" b4="4" map="0"/>
			</Torsions>
		</Force>
		<Force cutoff="1" forceGroup="2" method="0" name="GBSAOBCForce" soluteDielectric="1" solventDielectric="78.3" surfaceAreaEnergy="2.25936" type="GBSAOBCForce" version="2">
			<Particles>
				<Particle q=".5" r=".15" scale=".8"/>
				<Particle q="-.5" r=".12" scale=".85"/>
				<Particle q=".25" r=".17" scale=".7"/>
				<Particle q="0" r=".15" scale=".8"/>
				<Particle q="-.25" r=".16" scale=".9"/>
			</Particles>
		</Force>
		<Force energy="k*f(distance(p1,p2))" forceGroup="3" name="CustomCompoundBondForce" particles="2" type="CustomCompoundBondForce" usesPeriodic="0" version="3">
			<PerBondParameters>
				<Parameter name="k"/>
			</PerBondParameters>
			<GlobalParameters/>
			<EnergyParameterDerivatives/>
			<Bonds>
				<Bond p1="0" p2="1" param1="3"/>
			</Bonds>
			<Functions>
				<Function max="1" min="0" name="f" periodic="0" type="Continuous1DFunction" version="2">
					<Values>
						<Value v="0"/>
						<Value v=".5"/>
						<Value v="1"/>
						<Value v="1.5"/>
						<Value v="2"/>
					</Values>
				</Function>
			</Functions>
		</Force>
		<Force energy="k*distance(g1,g2)^2+d(m)" forceGroup="4" groups="2" name="CustomCentroidBondForce" type="CustomCentroidBondForce" usesPeriodic="0" version="3">
			<PerBondParameters>
				<Parameter name="k"/>
				<Parameter name="m"/>
			</PerBondParameters>
			<GlobalParameters/>
			<EnergyParameterDerivatives/>
			<Groups>
				<Group>
					<Particle p="0" weight="1"/>
					<Particle p="1" weight="1"/>
				</Group>
				<Group>
					<Particle p="2"/>
				</Group>
			</Groups>
			<Bonds>
				<Bond g1="0" g2="1" param1="2" param2="1"/>
			</Bonds>
			<Functions>
				<Function name="d" type="Discrete1DFunction" version="1">
					<Values>
						<Value v="0"/>
						<Value v=".25"/>
						<Value v="7"/>
					</Values>
				</Function>
			</Functions>
		</Force>
	</Forces>
</System>
)XML";
}

inline void testOpenMMTabulatedFile(Platform& platform) {
  std::unique_ptr<System> system(fromXml(openMMTabulatedFile()));
  CPPUNIT_ASSERT_EQUAL(4, system->getNumForces());
  const std::vector<Vec3> positions = {Vec3(0, 0, 0), Vec3(0.3, 0.4, 0), Vec3(1.0, 0.2, 0), Vec3(1.1, 0.5, 0.4),
                                       Vec3(0.7, 0.9, 0.6)};
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  // Compound: the table of f is 2x on [0, 1], so f(0.5) = 1 and k f = 3.
  assertClose(3.0, context.getState(State::Energy, false, 1 << 3).getPotentialEnergy(), 1e-12, "compound energy");
  // Centroid: group 1 is centred at (0.15, 0.2, 0), group 2 is particle 2 at (1, 0.2, 0): 2 * 0.85^2 + d(1).
  assertClose(2.0 * 0.85 * 0.85 + 0.25, context.getState(State::Energy, false, 1 << 4).getPotentialEnergy(), 1e-12,
              "centroid energy");
  // CMAP and GBSA/OBC against the same forces built in code.
  System built;
  for (double mass : {12.0, 1.0, 16.0, 14.0, 12.0})
    built.addParticle(mass);
  auto* cmap = new CMAPTorsionForce();
  cmap->addMap(2, {0.5, -1.5, 2.0, 0.25});
  cmap->addTorsion(0, 0, 1, 2, 3, 1, 2, 3, 4);
  cmap->setForceGroup(1);
  built.addForce(cmap);
  auto* gbsa = new GBSAOBCForce();
  const double gb[5][3] = {{0.5, 0.15, 0.8}, {-0.5, 0.12, 0.85}, {0.25, 0.17, 0.7}, {0, 0.15, 0.8}, {-0.25, 0.16, 0.9}};
  for (const auto& p : gb)
    gbsa->addParticle(p[0], p[1], p[2]);
  gbsa->setForceGroup(2);
  built.addForce(gbsa);
  auto* compound = new CustomCompoundBondForce(2, "k*2*distance(p1,p2)");
  compound->addPerBondParameter("k");
  compound->addBond({0, 1}, {3.0});
  compound->setForceGroup(3);
  built.addForce(compound);
  auto* centroid = new CustomCentroidBondForce(2, "2*distance(g1,g2)^2+0.25");
  centroid->addGroup({0, 1}, {1.0, 1.0});
  centroid->addGroup({2});
  centroid->addBond({0, 1});
  centroid->setForceGroup(4);
  built.addForce(centroid);
  assertSameEnergies(built, *system, positions, platform, 1e-9, "OpenMM 7.7 file against the forces built in code");
  // Version 1 of a continuous function has no periodic attribute and is read as not periodic.
  std::string older = openMMTabulatedFile();
  const std::string v2 = "periodic=\"0\" type=\"Continuous1DFunction\" version=\"2\"";
  older.replace(older.find(v2), v2.size(), "type=\"Continuous1DFunction\" version=\"1\"");
  std::unique_ptr<System> fromOlder(fromXml(older));
  CPPUNIT_ASSERT(!dynamic_cast<const CustomCompoundBondForce&>(fromOlder->getForce(2)).getTabulatedFunction(0)
                      .getPeriodic());
  VerletIntegrator olderIntegrator(0.001);
  Context olderContext(*fromOlder, olderIntegrator, platform);
  olderContext.setPositions(positions);
  assertClose(3.0, olderContext.getState(State::Energy, false, 1 << 3).getPotentialEnergy(), 1e-12,
              "compound energy with a version 1 function");
  CPPUNIT_ASSERT(std::fabs(context.getState(State::Energy, false, 1 << 1).getPotentialEnergy()) > 1e-3);
  CPPUNIT_ASSERT(std::fabs(context.getState(State::Energy, false, 1 << 2).getPotentialEnergy()) > 1e-3);
}

inline void testCustomIntegratorFunctionsFile(Platform& platform) {
  // A CustomIntegrator with a Discrete1DFunction and a periodic Continuous1DFunction, in OpenMM 7.7's layout.
  const std::string xml = R"XML(<?xml version="1.0" ?>
<Integrator constraintTolerance="1e-05" kineticEnergyExpression="m*v*v/2" randomSeed="0" stepSize=".001" type="CustomIntegrator" version="2">
	<GlobalVariables a="0" b="0"/>
	<PerDofVariables/>
	<Computations>
		<Computation computationExpression="f(1)" computationType="0" computationVariable="a"/>
		<Computation computationExpression="p(2.25)" computationType="0" computationVariable="b"/>
	</Computations>
	<Functions>
		<Function name="f" type="Discrete1DFunction" version="1">
			<Values>
				<Value v="1"/>
				<Value v="2.5"/>
				<Value v="3"/>
			</Values>
		</Function>
		<Function max="2" min="0" name="p" periodic="1" type="Continuous1DFunction" version="2">
			<Values>
				<Value v="0"/>
				<Value v="1"/>
				<Value v="0"/>
				<Value v="-1"/>
				<Value v="0"/>
			</Values>
		</Function>
	</Functions>
</Integrator>
)XML";
  std::stringstream stream(xml);
  std::unique_ptr<Integrator> read(XmlSerializer::deserialize<Integrator>(stream));
  auto& integrator = dynamic_cast<CustomIntegrator&>(*read);
  CPPUNIT_ASSERT_EQUAL(2, integrator.getNumTabulatedFunctions());
  CPPUNIT_ASSERT(integrator.getTabulatedFunction(1).getPeriodic());
  // Written again and read again: the same XML.
  std::stringstream written, again;
  XmlSerializer::serialize<Integrator>(&integrator, "Integrator", written);
  std::unique_ptr<Integrator> copy(XmlSerializer::deserialize<Integrator>(written));
  XmlSerializer::serialize<Integrator>(copy.get(), "Integrator", again);
  CPPUNIT_ASSERT_EQUAL(written.str(), again.str());
  CPPUNIT_ASSERT(written.str().find("periodic=\"1\" type=\"Continuous1DFunction\"") != std::string::npos);
  System system;
  system.addParticle(1.0);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0.1, 0.2, 0.3)});
  integrator.step(1);
  assertClose(2.5, integrator.getGlobalVariableByName("a"), 0.0, "discrete function read from the file");
  // p has period 2, so p(2.25) = p(0.25), strictly between the table's 0 and 1 and on the rising side.
  const double b = integrator.getGlobalVariableByName("b");
  CPPUNIT_ASSERT_MESSAGE("p(2.25) = " + std::to_string(b), b > 0.3 && b < 1.0);
  std::unique_ptr<Integrator> fromCopy(XmlSerializer::deserialize<Integrator>(again));
  auto& copied = dynamic_cast<CustomIntegrator&>(*fromCopy);
  Context copyContext(system, copied, platform);
  copyContext.setPositions({Vec3(0.1, 0.2, 0.3)});
  copied.step(1);
  assertClose(b, copied.getGlobalVariableByName("b"), 0.0, "periodic function after the round trip");
}

inline void testMalformedFunctionTables(Platform& platform) {
  const std::string file = openMMTabulatedFile();
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createTabulatedSystem(positions));
  const std::string written = toXml(*system);
  auto replaced = [](const std::string& xml, const std::string& from, const std::string& to) {
    std::string text = xml;
    size_t at = text.find(from);
    CPPUNIT_ASSERT_MESSAGE("test input lacks " + from, at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  auto fails = [&](const std::string& text, const std::string& fragment, const std::string& what) {
    assertThrowsWith([&] { delete fromXml(text); }, fragment, what);
  };
  fails(replaced(file, "<Value v=\".25\"/>", "<Val v=\".25\"/>"), "<Val> at line 83 inside <Values>, expected <Value>",
        "wrong element in a table");
  fails(replaced(file, "max=\"1\" min=\"0\"", "max=\"0\" min=\"1\""), "<Function> at line 49", "inverted range");
  fails(replaced(file, "type=\"Discrete1DFunction\"", "type=\"Discrete4DFunction\""),
        "<Function> at line 80 has type 'Discrete4DFunction'", "unknown kind of function");
  fails(replaced(file, "<Value v=\"7\"/>", "<Value v=\"seven\"/>"), "attribute 'v' of <Value> at line", "not a number");
  fails(replaced(file, "name=\"d\" ", ""), "<Function> at line 80", "function without a name");
  fails(replaced(file, "version=\"1\">\n\t\t\t\t\t<Values>", "version=\"3\">\n\t\t\t\t\t<Values>"), "version 3",
        "future version of a function");
  {
    std::string text = replaced(file, "<Function name=\"d\"", "<Table name=\"d\"");
    text.replace(text.rfind("</Function>"), 11, "</Table>");
    fails(text, "<Table> at line 80 inside <Functions>, expected <Function>", "wrong element in <Functions>");
  }
  fails(replaced(written, "xsize=\"3\"", "xsize=\"4\""), "Continuous2DFunction: incorrect number of values",
        "2D table of the wrong size");
  fails(replaced(written, "zsize=\"4\"", "zsize=\"2\""), "Continuous3DFunction: incorrect number of values",
        "3D table of the wrong size");
  fails(replaced(written, "type=\"Discrete2DFunction\" version=\"1\" xsize=\"2\"",
                 "type=\"Discrete2DFunction\" version=\"1\" xsize=\"3\""),
        "Discrete2DFunction: incorrect number of values", "discrete table of the wrong size");
  fails(replaced(file, "<Energy e=\".25\"/>", ""), "<Map> at line 19: CMAPTorsionForce: a map of size 2",
        "CMAP map of the wrong size");
  fails(replaced(file, "map=\"0\"", "map=\"1\""), "attribute 'map' of <Torsion> at line", "CMAP map index");
  fails(replaced(file, "<Particle p=\"1\" weight=\"1\"/>", "<Particle p=\"1\"/>"), "gives a weight to 1 of its 2",
        "centroid group with some weights");
  // Damaged copies of the written file: each is refused with an OpenMMException or read, and what is read makes a
  // Context and an energy or is refused with an OpenMMException.
  std::mt19937 random(11);
  int refused = 0;
  for (int trial = 0; trial < 200; trial++) {
    std::string text = written;
    if (trial % 4 == 0)
      text.resize(random() % text.size());
    else
      for (int k = 0; k < 2; k++)
        text[random() % text.size()] = "0123456789<>\"=/ -.e"[random() % 19];
    try {
      std::unique_ptr<System> damaged(fromXml(text));
      VerletIntegrator integrator(0.001);
      Context context(*damaged, integrator, platform);
      context.setPositions(positions);
      context.getState(State::Energy | State::Forces);
    } catch (const OpenMMException&) {
      refused++;
    }
  }
  CPPUNIT_ASSERT_MESSAGE("only " + std::to_string(refused) + " of 200 damaged files were refused", refused > 60);
}

} // namespace OpenMMTests
