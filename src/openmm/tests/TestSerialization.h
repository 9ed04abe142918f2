// Test bodies for XmlSerializer: a System with every Force class, virtual sites, constraints and a triclinic box
// survives a round trip (same XML again, same energy and forces on the Reference platform); integrators and
// States keep every parameter; a file in OpenMM 7.7's layout loads; malformed or truncated XML throws an
// OpenMMException naming what is wrong, never crashes. The forces with tabulated functions, CMAP and GBSA/OBC:
// TestSerializationTabulated.h.
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
