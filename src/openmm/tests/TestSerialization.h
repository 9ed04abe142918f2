// Test bodies for XmlSerializer: a System with every Force class, virtual sites, constraints and a triclinic box
// survives a round trip (same XML again, same energy and forces on the Reference platform); integrators and
// States keep every parameter; a file in OpenMM 7.7's layout loads; malformed or truncated XML throws an
// OpenMMException naming what is wrong, never crashes. The forces with tabulated functions, CMAP and GBSA/OBC
// have their own System: round trip, a file in OpenMM 7.7's layout against the same forces built in code, and
// malformed function tables.
#pragma once

#include "TestUtilities.h"
#include "openmm/serialization/XmlSerializer.h"

#include <memory>
#include <random>
#include <sstream>
#include <type_traits>

namespace OpenMMTests {

/** Every Force class of the library with non-default settings, virtual sites, constraints, a triclinic box. */
inline System* createSerializationSystem(std::vector<Vec3>& positions) {
  auto* system = new System();
  system->setDefaultPeriodicBoxVectors(Vec3(3.0, 0, 0), Vec3(0.2, 3.1, 0), Vec3(-0.1, 0.3, 3.2));
  const int n = 12;
  for (int i = 0; i < n; i++) {
    system->addParticle(1.0 + 0.5 * i);
    positions.emplace_back(0.31 * (i % 3) + 0.05 * i, 0.27 * ((i / 3) % 2) + 0.02 * i, 0.33 * (i / 6) - 0.01 * i);
  }
  for (int i = 0; i < 4; i++) {
    system->addParticle(0.0);
    positions.emplace_back();
  }
  system->setVirtualSite(n, new TwoParticleAverageSite(0, 1, 0.3, 0.7));
  system->setVirtualSite(n + 1, new ThreeParticleAverageSite(2, 3, 4, 0.2, 0.3, 0.5));
  system->setVirtualSite(n + 2, new OutOfPlaneSite(5, 6, 7, 0.1, 0.2, 0.3));
  system->setVirtualSite(n + 3, new LocalCoordinatesSite(8, 9, 10, Vec3(0.2, 0.3, 0.5), Vec3(1, -1, 0),
                                                         Vec3(0, -1, 1), Vec3(0.05, 0.02, 0.03)));
  system->addConstraint(0, 1, 0.12);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(2, 3, 0.15, 1000.0);
  bonds->addBond(4, 5, 0.2, 800.0);
  bonds->setForceGroup(1);
  bonds->setUsesPeriodicBoundaryConditions(true);
  system->addForce(bonds);
  auto* angles = new HarmonicAngleForce();
  angles->addAngle(2, 3, 4, 1.9, 300.0);
  system->addForce(angles);
  auto* torsions = new PeriodicTorsionForce();
  torsions->addTorsion(2, 3, 4, 5, 3, 0.4, 5.0);
  torsions->setForceGroup(2);
  system->addForce(torsions);
  auto* rb = new RBTorsionForce();
  rb->addTorsion(6, 7, 8, 9, 1.0, -0.5, 0.3, 0.1, -0.05, 0.02);
  system->addForce(rb);
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::PME);
  nonbonded->setCutoffDistance(1.1);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(0.9);
  nonbonded->setEwaldErrorTolerance(1e-4);
  nonbonded->setPMEParameters(3.1, 20, 21, 22);
  nonbonded->setReciprocalSpaceForceGroup(3);
  nonbonded->addGlobalParameter("lambda", 0.25);
  for (int i = 0; i < n + 4; i++)
    nonbonded->addParticle(i < n ? 0.1 * (i % 5 - 2) : 0.05, 0.25 + 0.01 * i, i < n ? 0.4 + 0.05 * i : 0.0);
  nonbonded->addException(0, 1, 0.0, 1.0, 0.0);
  nonbonded->addException(2, 3, 0.01, 0.3, 0.2);
  nonbonded->addParticleParameterOffset("lambda", 4, 0.2, 0.0, 0.1);
  nonbonded->addExceptionParameterOffset("lambda", 1, 0.05, 0.0, 0.1);
  system->addForce(nonbonded);
  auto* customBond = new CustomBondForce("k*(r-r0)^2 + a");
  customBond->addPerBondParameter("k");
  customBond->addPerBondParameter("r0");
  customBond->addGlobalParameter("a", 1.5);
  customBond->addBond(6, 7, {200.0, 0.18});
  system->addForce(customBond);
  auto* customAngle = new CustomAngleForce("k*(theta-t0)^2");
  customAngle->addPerAngleParameter("k");
  customAngle->addPerAngleParameter("t0");
  customAngle->addAngle(7, 8, 9, {50.0, 2.0});
  system->addForce(customAngle);
  auto* customTorsion = new CustomTorsionForce("k*(1+cos(2*theta))");
  customTorsion->addPerTorsionParameter("k");
  customTorsion->addTorsion(8, 9, 10, 11, {3.0});
  system->addForce(customTorsion);
  auto* external = new CustomExternalForce("k*(x^2+y^2) + g*z");
  external->addPerParticleParameter("k");
  external->addGlobalParameter("g", 0.7);
  external->addParticle(10, {4.0});
  external->addParticle(11, {2.5});
  system->addForce(external);
  auto* customNonbonded = new CustomNonbondedForce("e*(s/r)^6; e=sqrt(e1*e2); s=0.5*(s1+s2)");
  customNonbonded->addPerParticleParameter("e");
  customNonbonded->addPerParticleParameter("s");
  customNonbonded->setNonbondedMethod(CustomNonbondedForce::CutoffPeriodic);
  customNonbonded->setCutoffDistance(1.0);
  customNonbonded->setUseSwitchingFunction(true);
  customNonbonded->setSwitchingDistance(0.8);
  for (int i = 0; i < n + 4; i++)
    customNonbonded->addParticle({0.3 + 0.01 * i, 0.2 + 0.005 * i});
  customNonbonded->addExclusion(0, 1);
  customNonbonded->addInteractionGroup({0, 1, 2, 3, 4, 5}, {3, 4, 5, 6, 7, 8, 9, 10, 11});
  system->addForce(customNonbonded);
  system->addForce(new CMMotionRemover(7));
  auto* andersen = new AndersenThermostat(310.0, 2.5);
  andersen->setRandomNumberSeed(5);
  system->addForce(andersen);
  auto* barostat = new MonteCarloBarostat(1.5, 310.0, 30);
  barostat->setRandomNumberSeed(6);
  system->addForce(barostat);
  system->addForce(new MonteCarloAnisotropicBarostat(Vec3(1.0, 2.0, 3.0), 300.0, true, false, true, 40));
  return system;
}

inline std::string toXml(const System& system) {
  std::stringstream stream;
  XmlSerializer::serialize<System>(&system, "System", stream);
  return stream.str();
}

inline System* fromXml(const std::string& xml) {
  std::stringstream stream(xml);
  return XmlSerializer::deserialize<System>(stream);
}

inline void testSystemRoundTrip(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> original(createSerializationSystem(positions));
  const std::string xml = toXml(*original);
  std::unique_ptr<System> copy(fromXml(xml));
  // The copy writes the same XML, attribute for attribute.
  CPPUNIT_ASSERT_EQUAL(xml, toXml(*copy));
  CPPUNIT_ASSERT_EQUAL(original->getNumParticles(), copy->getNumParticles());
  CPPUNIT_ASSERT_EQUAL(original->getNumForces(), copy->getNumForces());
  CPPUNIT_ASSERT_EQUAL(1, copy->getNumConstraints());
  Vec3 a, b, c;
  copy->getDefaultPeriodicBoxVectors(a, b, c);
  assertVecClose(Vec3(0.2, 3.1, 0), b, 0.0, "box vector b");
  CPPUNIT_ASSERT(dynamic_cast<const LocalCoordinatesSite*>(&copy->getVirtualSite(15)) != nullptr);
  CPPUNIT_ASSERT_EQUAL(0.7, dynamic_cast<const TwoParticleAverageSite&>(copy->getVirtualSite(12)).getWeight(1));
  const auto& nonbonded = dynamic_cast<const NonbondedForce&>(copy->getForce(4));
  CPPUNIT_ASSERT_EQUAL(NonbondedForce::PME, nonbonded.getNonbondedMethod());
  double alpha;
  int nx, ny, nz;
  nonbonded.getPMEParameters(alpha, nx, ny, nz);
  CPPUNIT_ASSERT(alpha == 3.1 && nx == 20 && ny == 21 && nz == 22);
  CPPUNIT_ASSERT_EQUAL(3, nonbonded.getReciprocalSpaceForceGroup());
  CPPUNIT_ASSERT_EQUAL(1, copy->getForce(0).getForceGroup());
  CPPUNIT_ASSERT(copy->getForce(0).usesPeriodicBoundaryConditions());
  CPPUNIT_ASSERT_EQUAL(5, dynamic_cast<const AndersenThermostat&>(copy->getForce(11)).getRandomNumberSeed());
  CPPUNIT_ASSERT(!dynamic_cast<const MonteCarloAnisotropicBarostat&>(copy->getForce(13)).getScaleY());
  // Same energies and forces, group by group, as the original (the Context validates the copy as a whole).
  VerletIntegrator i1(0.001), i2(0.001);
  Context c1(*original, i1, platform), c2(*copy, i2, platform);
  c1.setPositions(positions);
  c2.setPositions(positions);
  for (int groups : {1 << 0, 1 << 1, 1 << 2, 1 << 3, -1}) {
    State s1 = c1.getState(State::Energy | State::Forces, false, groups);
    State s2 = c2.getState(State::Energy | State::Forces, false, groups);
    assertClose(s1.getPotentialEnergy(), s2.getPotentialEnergy(), 0.0, "energy of groups " + std::to_string(groups));
    for (size_t i = 0; i < positions.size(); i++)
      assertVecClose(s1.getForces()[i], s2.getForces()[i], 0.0, "force after the round trip");
  }
  CPPUNIT_ASSERT(c1.getState(State::Energy).getPotentialEnergy() != 0.0);
  // clone() is a round trip too.
  std::unique_ptr<System> cloned(XmlSerializer::clone<System>(*original));
  CPPUNIT_ASSERT_EQUAL(xml, toXml(*cloned));
}

inline void testOpenMMSystemFile(Platform& platform) {
  // A System in the layout OpenMM 7.7 writes (numbers without leading zeros, attributes in name order).
  const std::string xml = R"(<?xml version="1.0" ?>
<System openmmVersion="7.7" type="System" version="1">
	<PeriodicBoxVectors>
		<A x="2" y="0" z="0"/>
		<B x="0" y="2" z="0"/>
		<C x="0" y="0" z="2"/>
	</PeriodicBoxVectors>
	<Particles>
		<Particle mass="12"/>
		<Particle mass="1.008"/>
		<Particle mass="0">
			<TwoParticleAverageSite p1="0" p2="1" w1=".5" w2=".5"/>
		</Particle>
	</Particles>
	<Constraints/>
	<Forces>
		<Force forceGroup="0" name="HarmonicBondForce" type="HarmonicBondForce" usesPeriodic="0" version="2">
			<Bonds>
				<Bond d=".1" k="1000" p1="0" p2="1"/>
			</Bonds>
		</Force>
		<Force energy="k*x" forceGroup="1" name="CustomExternalForce" type="CustomExternalForce" version="1">
			<PerParticleParameters>
				<Parameter name="k"/>
			</PerParticleParameters>
			<GlobalParameters/>
			<Particles>
				<Particle index="2" param1="3"/>
			</Particles>
		</Force>
	</Forces>
</System>
)";
  std::unique_ptr<System> system(fromXml(xml));
  CPPUNIT_ASSERT_EQUAL(3, system->getNumParticles());
  CPPUNIT_ASSERT(system->isVirtualSite(2));
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(0.12, 0, 0), Vec3()});
  // Bond: 0.5 k (0.02)^2 = 0.2; external on the site at x = 0.06: 3 * 0.06 = 0.18.
  assertClose(0.2, context.getState(State::Energy, false, 1).getPotentialEnergy(), 1e-12, "bond energy");
  assertClose(0.18, context.getState(State::Energy, false, 2).getPotentialEnergy(), 1e-12, "external energy");
}

inline void testIntegratorSerialization(Platform& platform) {
  auto roundTrip = [](const Integrator& integrator) {
    std::stringstream stream;
    XmlSerializer::serialize<Integrator>(&integrator, "Integrator", stream);
    const std::string xml = stream.str();
    std::unique_ptr<Integrator> copy(XmlSerializer::deserialize<Integrator>(stream));
    std::stringstream again;
    XmlSerializer::serialize<Integrator>(copy.get(), "Integrator", again);
    CPPUNIT_ASSERT_EQUAL(xml, again.str());
    return copy;
  };
  LangevinMiddleIntegrator middle(305.0, 1.5, 0.0025);
  middle.setRandomNumberSeed(17);
  middle.setConstraintTolerance(2e-6);
  auto copy = roundTrip(middle);
  auto& m = dynamic_cast<LangevinMiddleIntegrator&>(*copy);
  CPPUNIT_ASSERT(m.getTemperature() == 305.0 && m.getFriction() == 1.5 && m.getStepSize() == 0.0025 &&
                 m.getRandomNumberSeed() == 17 && m.getConstraintTolerance() == 2e-6);
  VariableLangevinIntegrator variable(290.0, 3.0, 2e-4);
  variable.setMaximumStepSize(0.004);
  auto variableCopy = roundTrip(variable);
  auto& v = dynamic_cast<VariableLangevinIntegrator&>(*variableCopy);
  CPPUNIT_ASSERT(v.getErrorTolerance() == 2e-4 && v.getMaximumStepSize() == 0.004 && v.getFriction() == 3.0);
  NoseHooverIntegrator chains(0.002);
  chains.addSubsystemThermostat({0, 1}, {{2, 3}, {4, 5}}, 300.0, 5.0, 20.0, 40.0, 4, 2, 5);
  auto chainsCopy = roundTrip(chains);
  auto& nh = dynamic_cast<NoseHooverIntegrator&>(*chainsCopy);
  CPPUNIT_ASSERT_EQUAL(1, nh.getNumThermostats());
  CPPUNIT_ASSERT(nh.hasSubsystemThermostats());
  CPPUNIT_ASSERT_EQUAL(2, static_cast<int>(nh.getThermostat(0).getThermostatedPairs().size()));
  CPPUNIT_ASSERT(nh.getRelativeTemperature() == 20.0 && nh.getThermostat(0).getChainLength() == 4 &&
                 nh.getThermostat(0).getNumYoshidaSuzukiTimeSteps() == 5);
  auto simpleCopy = roundTrip(NoseHooverIntegrator(310.0, 7.0, 0.001));
  auto& simple = dynamic_cast<NoseHooverIntegrator&>(*simpleCopy);
  CPPUNIT_ASSERT(!simple.hasSubsystemThermostats() && simple.getCollisionFrequency() == 7.0);
  CompoundIntegrator compound;
  compound.addIntegrator(new VerletIntegrator(0.001));
  compound.addIntegrator(new BrownianIntegrator(300.0, 9.0, 0.003));
  compound.addIntegrator(new VariableVerletIntegrator(1e-3));
  compound.setCurrentIntegrator(1);
  auto compoundCopy = roundTrip(compound);
  auto& cc = dynamic_cast<CompoundIntegrator&>(*compoundCopy);
  CPPUNIT_ASSERT_EQUAL(3, cc.getNumIntegrators());
  CPPUNIT_ASSERT_EQUAL(1, cc.getCurrentIntegrator());
  CPPUNIT_ASSERT_EQUAL(9.0, dynamic_cast<BrownianIntegrator&>(cc.getIntegrator(1)).getFriction());
  CustomIntegrator custom(0.0015);
  custom.addGlobalVariable("kT", 2.5);
  custom.addPerDofVariable("x1", 0.25);
  custom.addComputePerDof("v", "v+dt*f/m");
  custom.addComputePerDof("x1", "x");
  custom.beginIfBlock("kT > 1");
  custom.addComputeGlobal("kT", "kT*0.5");
  custom.endBlock();
  custom.addConstrainPositions();
  custom.setKineticEnergyExpression("m*v*v/2");
  custom.setRandomNumberSeed(8);
  auto customCopy = roundTrip(custom);
  auto& ci = dynamic_cast<CustomIntegrator&>(*customCopy);
  CPPUNIT_ASSERT_EQUAL(6, ci.getNumComputations());
  CustomIntegrator::ComputationType type;
  std::string target, expression;
  ci.getComputationStep(2, type, target, expression);
  CPPUNIT_ASSERT(type == CustomIntegrator::IfBlockStart && expression == "kT > 1");
  CPPUNIT_ASSERT_EQUAL(2.5, ci.getGlobalVariableByName("kT"));
  CPPUNIT_ASSERT_EQUAL(8, ci.getRandomNumberSeed());
  {
    // The per-DOF initial value reaches a Context; values of a bound integrator are written per particle.
    System two;
    two.addParticle(1.0);
    two.addParticle(2.0);
    Context context(two, ci, platform);
    std::vector<Vec3> values;
    ci.getPerDofVariableByName("x1", values);
    CPPUNIT_ASSERT(values.size() == 2 && values[1] == Vec3(0.25, 0.25, 0.25));
    ci.setPerDofVariableByName("x1", {Vec3(1, 2, 3), Vec3(4, 5, 6)});
    std::stringstream bound;
    XmlSerializer::serialize<Integrator>(&ci, "Integrator", bound);
    std::unique_ptr<Integrator> boundCopy(XmlSerializer::deserialize<Integrator>(bound));
    dynamic_cast<CustomIntegrator&>(*boundCopy).getPerDofVariable(0, values);
    CPPUNIT_ASSERT(values.size() == 2 && values[1] == Vec3(4, 5, 6));
  }
  std::stringstream wrongFamily;
  XmlSerializer::serialize<Integrator>(&middle, "Integrator", wrongFamily);
  assertThrowsWith([&] { delete XmlSerializer::deserialize<System>(wrongFamily); }, "not a System",
                   "integrator read as a System");
  std::stringstream wrongClass;
  XmlSerializer::serialize<Integrator>(&middle, "Integrator", wrongClass);
  assertThrowsWith([&] { delete XmlSerializer::deserialize<VerletIntegrator>(wrongClass); },
                   "not the class asked for", "LangevinMiddleIntegrator read as VerletIntegrator");
}

inline void testStateSerialization(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createSerializationSystem(positions));
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  context.setVelocitiesToTemperature(300.0, 3);
  integrator.step(3);
  State state = context.getState(State::Positions | State::Velocities | State::Forces | State::Energy |
                                 State::Parameters);
  std::stringstream stream;
  XmlSerializer::serialize<State>(&state, "State", stream);
  std::unique_ptr<State> copy(XmlSerializer::deserialize<State>(stream));
  CPPUNIT_ASSERT_EQUAL(state.getDataTypes(), copy->getDataTypes());
  CPPUNIT_ASSERT_EQUAL(state.getStepCount(), copy->getStepCount());
  CPPUNIT_ASSERT_EQUAL(state.getTime(), copy->getTime());
  CPPUNIT_ASSERT_EQUAL(state.getPotentialEnergy(), copy->getPotentialEnergy());
  CPPUNIT_ASSERT_EQUAL(state.getKineticEnergy(), copy->getKineticEnergy());
  CPPUNIT_ASSERT(state.getParameters() == copy->getParameters());
  for (size_t i = 0; i < positions.size(); i++) {
    assertVecClose(state.getPositions()[i], copy->getPositions()[i], 0.0, "position");
    assertVecClose(state.getVelocities()[i], copy->getVelocities()[i], 0.0, "velocity");
    assertVecClose(state.getForces()[i], copy->getForces()[i], 0.0, "force");
  }
  Vec3 a, b, c;
  copy->getPeriodicBoxVectors(a, b, c);
  assertVecClose(Vec3(-0.1, 0.3, 3.2), c, 0.0, "box vector c");
  State positionsOnly = context.getState(State::Positions);
  std::stringstream partial;
  XmlSerializer::serialize<State>(&positionsOnly, "State", partial);
  std::unique_ptr<State> partialCopy(XmlSerializer::deserialize<State>(partial));
  CPPUNIT_ASSERT_EQUAL(static_cast<int>(State::Positions), partialCopy->getDataTypes());
  assertThrowsWith([&] { partialCopy->getVelocities(); }, "does not contain", "velocities absent");
}

inline void testMalformedXml(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createSerializationSystem(positions));
  const std::string xml = toXml(*system);
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = xml;
    size_t at = text.find(from);
    CPPUNIT_ASSERT_MESSAGE("test input lacks " + from, at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  auto fails = [&](const std::string& text, const std::string& fragment, const std::string& what) {
    assertThrowsWith([&] { delete fromXml(text); }, fragment, what);
  };
  fails(xml.substr(0, xml.size() / 2), "malformed XML at line", "truncated file");
  fails("", "malformed XML", "empty input");
  fails(replaced("type=\"HarmonicAngleForce\"", "type=\"NoSuchForce\""), "no serialization proxy for the type 'NoSuchForce'",
        "unknown Force type");
  fails(replaced("d=\"0.15\"", "d=\"0.1x\""), "attribute 'd' of <Bond> at line", "not a number");
  fails(replaced("d=\"0.15\"", ""), "<Bond> at line", "missing attribute");
  fails(replaced("<Bond ", "<Angle "), "expected <Bond>", "wrong element in a list");
  fails(replaced("method=\"4\"", "method=\"9\""), "expected 0 (NoCutoff) to 5 (LJPME)", "bad nonbonded method");
  fails(replaced("<TwoParticleAverageSite", "<FourParticleSite"), "not a kind of virtual site", "unknown site");
  fails(replaced("forceGroup=\"1\"", "forceGroup=\"40\""), "force group must be between 0 and 31", "bad group");
  {
    std::string text = xml;
    for (const char* tag : {"<PeriodicBoxVectors>", "</PeriodicBoxVectors>"})
      text.replace(text.find(tag), std::string(tag).size(), tag[1] == '/' ? "</Box>" : "<Box>");
    fails(text, "no child element <PeriodicBoxVectors>", "missing box");
  }
  fails(replaced("type=\"System\" version=\"1\"", "type=\"System\" version=\"9\""), "version 9", "future version");
  // Any truncation or byte change either throws an OpenMMException or gives a System; a System so read either
  // makes a Context or is refused with an OpenMMException. Nothing else may happen.
  std::mt19937 random(3);
  int refused = 0;
  for (int trial = 0; trial < 300; trial++) {
    std::string text = xml;
    if (trial % 3 == 0)
      text.resize(random() % text.size());
    else
      for (int k = 0; k < 3; k++)
        text[random() % text.size()] = "0123456789<>\"=/ -.ex"[random() % 20];
    try {
      std::unique_ptr<System> damaged(fromXml(text));
      VerletIntegrator integrator(0.001);
      Context context(*damaged, integrator, platform);
    } catch (const OpenMMException&) {
      refused++;
    }
  }
  CPPUNIT_ASSERT_MESSAGE("only " + std::to_string(refused) + " of 300 damaged files were refused", refused > 100);
}

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

#include "TestParameterDerivatives.h"

namespace OpenMMTests {

/** The derivative requests of every Custom force and a State's derivatives survive the XML round trip; the
 * written file has OpenMM's form (<EnergyParameterDerivatives><Parameter name=.../>). */
inline void testParameterDerivativeSerialization(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createDerivativeSystem(positions));
  std::stringstream stream;
  XmlSerializer::serialize<System>(system.get(), "System", stream);
  const std::string text = stream.str();
  CPPUNIT_ASSERT(text.find("<EnergyParameterDerivatives>") != std::string::npos);
  CPPUNIT_ASSERT(text.find("<Parameter name=\"eps\"/>") != std::string::npos);
  std::unique_ptr<System> copy(XmlSerializer::deserialize<System>(stream));
  CPPUNIT_ASSERT_EQUAL(system->getNumForces(), copy->getNumForces());
  // The requested derivatives of a Custom force, through the public getEnergyParameterDerivativeName.
  auto names = [](const Force& force) {
    std::vector<std::string> result;
    bool custom = false;
    auto read = [&](auto* type) {
      using F = std::remove_pointer_t<decltype(type)>;
      if (auto* f = dynamic_cast<const F*>(&force)) {
        custom = true;
        for (int i = 0; i < f->getNumEnergyParameterDerivatives(); i++)
          result.push_back(f->getEnergyParameterDerivativeName(i));
      }
    };
    read(static_cast<CustomBondForce*>(nullptr));
    read(static_cast<CustomAngleForce*>(nullptr));
    read(static_cast<CustomTorsionForce*>(nullptr));
    read(static_cast<CustomExternalForce*>(nullptr));
    read(static_cast<CustomNonbondedForce*>(nullptr));
    read(static_cast<CustomCompoundBondForce*>(nullptr));
    read(static_cast<CustomCentroidBondForce*>(nullptr));
    if (!custom) CPPUNIT_FAIL("not a Custom force");
    return result;
  };
  for (int f = 0; f < system->getNumForces(); f++) {
    CPPUNIT_ASSERT(!names(system->getForce(f)).empty());
    CPPUNIT_ASSERT(names(system->getForce(f)) == names(copy->getForce(f)));
  }
  VerletIntegrator integrator(0.001);
  Context context(*copy, integrator, platform);
  context.setPositions(positions);
  State state = context.getState(State::Energy | State::ParameterDerivatives);
  CPPUNIT_ASSERT_EQUAL(size_t(3), state.getEnergyParameterDerivatives().size());
  std::stringstream stateStream;
  XmlSerializer::serialize<State>(&state, "State", stateStream);
  std::unique_ptr<State> stateCopy(XmlSerializer::deserialize<State>(stateStream));
  CPPUNIT_ASSERT(state.getEnergyParameterDerivatives() == stateCopy->getEnergyParameterDerivatives());
}

} // namespace OpenMMTests
