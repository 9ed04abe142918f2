// Test bodies for platform discovery, properties and plugin loading (two test plugins), and for the
// exceptions raised by bad indices and parameters.
#pragma once

#include "TestUtilities.h"

#include <algorithm>
#include <cstdlib>

namespace OpenMMTests {

inline void testPlatformDiscovery(Platform& platform) {
  CPPUNIT_ASSERT(Platform::getNumPlatforms() >= 1);
  CPPUNIT_ASSERT_EQUAL(std::string("Reference"), Platform::getPlatformByName("Reference").getName());
  CPPUNIT_ASSERT(&Platform::getPlatformByName(platform.getName()) == &platform);
  std::vector<std::string> names;
  for (int i = 0; i < Platform::getNumPlatforms(); i++)
    names.push_back(Platform::getPlatform(i).getName());
  std::sort(names.begin(), names.end());
  CPPUNIT_ASSERT_MESSAGE("platform names are unique", std::unique(names.begin(), names.end()) == names.end());
  assertThrowsWith([] { Platform::getPlatformByName("NoSuchPlatform"); }, "NoSuchPlatform", "unknown platform");
  assertThrowsWith([] { Platform::getPlatform(1000); }, "out of range", "platform index");
  CPPUNIT_ASSERT(platform.supportsDoublePrecision() || platform.getSpeed() > 0.0);

  // Every property has a value in a Context; unknown properties are rejected.
  System system;
  system.addParticle(1.0);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  CPPUNIT_ASSERT(&context.getPlatform() == &platform);
  std::map<std::string, std::string> explicitProperties;
  for (const auto& name : platform.getPropertyNames()) {
    platform.getPropertyValue(context, name);
    explicitProperties[name] = platform.getPropertyDefaultValue(name);
  }
  // Properties given to the Context are the ones it reports.
  VerletIntegrator integrator4(0.001);
  Context withProperties(system, integrator4, platform, explicitProperties);
  for (const auto& property : explicitProperties)
    CPPUNIT_ASSERT_EQUAL(property.second, platform.getPropertyValue(withProperties, property.first));
  assertThrowsWith([&] { platform.getPropertyValue(withProperties, "NoSuchProperty"); }, "NoSuchProperty",
                   "unknown property value");
  VerletIntegrator integrator2(0.001);
  assertThrowsWith(
      [&] {
        Context bad(system, integrator2, platform, {{"NoSuchProperty", "1"}});
      },
      "NoSuchProperty", "unknown property");
  assertThrowsWith([&] { platform.setPropertyDefaultValue("NoSuchProperty", "1"); }, "NoSuchProperty",
                   "unknown default property");

  // Without a platform, the fastest one is chosen.
  VerletIntegrator integrator3(0.001);
  Context automatic(system, integrator3);
  for (int i = 0; i < Platform::getNumPlatforms(); i++) {
    Platform& other = Platform::getPlatform(i);
    if (other.supportsKernels({"CalcForcesAndEnergy", "UpdateStateData", "ApplyConstraints", "IntegrateVerletStep"}))
      CPPUNIT_ASSERT(other.getSpeed() <= automatic.getPlatform().getSpeed());
  }
}

/// A Context created without naming a Platform goes to the fastest platform that accepts the System: a
/// PME system in a triclinic box, which the GPU platforms refuse at initialisation, ends on one that computes it
/// (and gives the Reference platform's energy).
inline void testUnnamedPlatformFallsBack(Platform&) {
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(2.5, 0, 0), Vec3(0.4, 2.5, 0), Vec3(-0.3, 0.2, 2.5));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::PME);
  nonbonded->setCutoffDistance(1.0);
  std::vector<Vec3> positions;
  for (int i = 0; i < 8; i++) {
    system.addParticle(20.0);
    nonbonded->addParticle(i % 2 == 0 ? 1.0 : -1.0, 0.3, 0.5);
    positions.emplace_back(0.3 + 0.6 * (i % 2), 0.3 + 0.6 * ((i / 2) % 2), 0.3 + 0.6 * (i / 4));
  }
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.001), reference(0.001);
  Context context(system, integrator);
  const std::string chosen = context.getPlatform().getName();
  CPPUNIT_ASSERT_MESSAGE("unnamed platform chose " + chosen, chosen != "OpenCL" && chosen != "CUDA");
  Context expected(system, reference, Platform::getPlatformByName("Reference"));
  context.setPositions(positions);
  expected.setPositions(positions);
  assertClose(expected.getState(State::Energy).getPotentialEnergy(), context.getState(State::Energy).getPotentialEnergy(),
              1e-5, "energy on the platform chosen without a name");
}

inline void testPluginLoading(Platform&) {
  // The directory holds NotAPlugin (reported as a failure), TestPluginFactories (loaded first) and
  // TestPluginPlatform: the factory plugin adds a kernel to the platform the other defines, which works because
  // all registerPlatforms() run first.
  int before = Platform::getNumPlatforms();
  bool present = false;
  for (int i = 0; i < before; i++)
    present = present || Platform::getPlatform(i).getName() == "TestPlugin";
  std::vector<std::string> loaded = Platform::loadPluginsFromDirectory(OPENMM_TEST_PLUGIN_DIR);
  if (!present) {
    CPPUNIT_ASSERT_EQUAL(size_t(2), loaded.size());
    CPPUNIT_ASSERT_EQUAL(before + 1, Platform::getNumPlatforms());
  }
  std::vector<std::string> failures = Platform::getPluginLoadFailures();
  CPPUNIT_ASSERT_EQUAL(size_t(1), failures.size());
  CPPUNIT_ASSERT_MESSAGE(failures[0],
                         failures[0].find("libNotAPlugin.so is not an OpenMM plugin") != std::string::npos);
  Platform& plugin = Platform::getPlatformByName("TestPlugin");
  CPPUNIT_ASSERT(plugin.supportsKernels({"TestPluginKernel"}));
  CPPUNIT_ASSERT(!plugin.supportsKernels({"CalcNonbondedForce"}));
  // Loading the same directory again registers nothing twice.
  int after = Platform::getNumPlatforms();
  CPPUNIT_ASSERT(Platform::loadPluginsFromDirectory(OPENMM_TEST_PLUGIN_DIR).empty());
  CPPUNIT_ASSERT_EQUAL(after, Platform::getNumPlatforms());
  CPPUNIT_ASSERT(Platform::loadPluginsFromDirectory("/nonexistent/directory").empty());
  assertThrowsWith([] { Platform::loadPluginLibrary("/nonexistent/libNothing.so"); }, "libNothing",
                   "missing plugin library");

  // A System whose kernels the plugin platform lacks cannot use it.
  System system;
  system.addParticle(1.0);
  VerletIntegrator integrator(0.001);
  assertThrowsWith([&] { Context context(system, integrator, plugin); }, "does not support all required kernels",
                   "unsupported platform");

  const char* fromEnvironment = std::getenv("OPENMM_PLUGIN_DIR");
  if (fromEnvironment != nullptr)
    CPPUNIT_ASSERT_EQUAL(std::string(fromEnvironment), Platform::getDefaultPluginsDirectory());
  else
    CPPUNIT_ASSERT(Platform::getDefaultPluginsDirectory().find("plugins") != std::string::npos);
}

inline void testErrorMessages(Platform& platform) {
  auto contextFor = [&](System& system) {
    VerletIntegrator integrator(0.001);
    Context context(system, integrator, platform);
  };
  {
    System system;
    system.addParticle(1.0);
    system.addParticle(1.0);
    auto* bonds = new HarmonicBondForce();
    bonds->addBond(0, 5, 0.1, 1.0);
    system.addForce(bonds);
    assertThrowsWith([&] { contextFor(system); }, "HarmonicBondForce: Illegal particle index for a bond: 5", "bond");
    assertThrowsWith([&] { bonds->setBondParameters(3, 0, 1, 0.1, 1.0); }, "Illegal bond index: 3", "bond index");
  }
  {
    System system;
    system.addParticle(1.0);
    auto* angles = new HarmonicAngleForce();
    angles->addAngle(0, -1, 0, 1.0, 1.0);
    system.addForce(angles);
    assertThrowsWith([&] { contextFor(system); }, "HarmonicAngleForce: Illegal particle index for an angle: -1",
                     "angle");
  }
  {
    System system;
    for (int i = 0; i < 4; i++)
      system.addParticle(1.0);
    auto* torsions = new PeriodicTorsionForce();
    torsions->addTorsion(0, 1, 2, 7, 1, 0.0, 1.0);
    system.addForce(torsions);
    assertThrowsWith([&] { contextFor(system); }, "PeriodicTorsionForce: Illegal particle index for a torsion: 7",
                     "torsion");
    torsions->setTorsionParameters(0, 0, 1, 2, 3, 0, 0.0, 1.0);
    assertThrowsWith([&] { contextFor(system); }, "periodicity", "torsion periodicity");
  }
  {
    System system;
    system.addParticle(1.0);
    system.addParticle(1.0);
    auto* nonbonded = new NonbondedForce();
    nonbonded->addParticle(0.0, 0.3, 1.0);
    system.addForce(nonbonded);
    assertThrowsWith([&] { contextFor(system); }, "exactly as many particles", "nonbonded particle count");
    nonbonded->addParticle(0.0, 0.3, 1.0);
    nonbonded->addException(0, 4, 0.0, 1.0, 0.0);
    assertThrowsWith([&] { contextFor(system); }, "Illegal particle index for an exception: 4", "exception index");
    nonbonded->setExceptionParameters(0, 0, 1, 0.0, 1.0, 0.0);
    assertThrowsWith([&] { nonbonded->addException(1, 0, 0.0, 1.0, 0.0); }, "already an exception", "duplicate");
    nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
    nonbonded->setCutoffDistance(1.5);
    assertThrowsWith([&] { contextFor(system); }, "half the periodic box", "cutoff vs box");
    nonbonded->setNonbondedMethod(NonbondedForce::LJPME);
    assertThrowsWith([&] { contextFor(system); }, "half the periodic box", "LJPME cutoff vs box");
    nonbonded->setCutoffDistance(0.9);
    nonbonded->setNonbondedMethod(NonbondedForce::CutoffNonPeriodic);
    nonbonded->setUseSwitchingFunction(true);
    nonbonded->setSwitchingDistance(1.2);
    assertThrowsWith([&] { contextFor(system); }, "Switching distance", "switching distance");
    double charge, sigma, epsilon;
    assertThrowsWith([&] { nonbonded->getParticleParameters(2, charge, sigma, epsilon); }, "Illegal particle index: 2",
                     "particle parameters");
  }
  {
    System system;
    assertThrowsWith([&] { contextFor(system); }, "no particles", "empty system");
    system.addParticle(1.0);
    assertThrowsWith([&] { system.addConstraint(0, 3, 0.1); }, "Illegal particle index for a constraint: 3",
                     "constraint");
    assertThrowsWith([&] { system.addParticle(-1.0); }, "mass", "negative mass");
    assertThrowsWith([&] { system.getForce(0); }, "Illegal force index: 0", "force index");
    HarmonicBondForce force;
    assertThrowsWith([&] { force.setForceGroup(32); }, "force group", "force group");
    assertThrowsWith([] { LangevinIntegrator(-1.0, 1.0, 0.001); }, "temperature", "negative temperature");
    assertThrowsWith([] { LangevinMiddleIntegrator(300.0, -1.0, 0.001); }, "friction", "negative friction");
    assertThrowsWith([] { AndersenThermostat(300.0, -1.0); }, "collision frequency", "negative frequency");
    assertThrowsWith([] { CMMotionRemover(0); }, "frequency", "CM remover frequency");

    VerletIntegrator integrator(0.001);
    Context context(system, integrator, platform);
    assertThrowsWith([&] { context.getState(State::Energy); }, "positions have not been set", "no positions");
    assertThrowsWith([&] { context.setPositions({Vec3(), Vec3()}); }, "wrong number of positions", "positions size");
    assertThrowsWith([&] { context.setParameter("nothing", 1.0); }, "invalid parameter name: nothing", "parameter");
    assertThrowsWith([&] { Context second(system, integrator, platform); }, "already bound", "integrator reuse");
    context.setPositions({Vec3()});
    State state = context.getState(State::Energy);
    assertThrowsWith([&] { state.getForces(); }, "does not contain Forces", "State without forces");
    VerletIntegrator unbound(0.001);
    assertThrowsWith([&] { unbound.step(1); }, "not bound to a context", "unbound integrator");
  }
}

} // namespace OpenMMTests
