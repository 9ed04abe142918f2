// XmlExchange: one program built against OpenMM 7.7 and against this project's library (xml-exchange.sh).
//   XmlExchange write <system.xml> <integrators.xml>   writes a System with every Force class both libraries
//                                                     share (virtual sites, constraints, triclinic box; every
//                                                     kind of tabulated function) and a
//                                                     CompoundIntegrator holding one of each integrator (a
//                                                     CustomIntegrator with every kind of computation and two
//                                                     tabulated functions too)
//   XmlExchange read <system.xml> <integrators.xml>    reads both, prints the energy of each force group and
//                                                     the forces on the Reference platform, and every
//                                                     integrator parameter
// Virtual sites are placed by Context::computeVirtualSites() before the energies (OpenMM 7.7 does not place them on
// setPositions).
#include "OpenMM.h"
#include "openmm/serialization/XmlSerializer.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

using namespace OpenMM;

static std::vector<Vec3> positions(int n) {
  std::vector<Vec3> p;
  for (int i = 0; i < n; i++)
    p.emplace_back(0.31 * (i % 3) + 0.05 * std::sin(2.1 * i), 0.27 * ((i / 3) % 2) + 0.04 * std::cos(1.7 * i),
                   0.33 * (i / 6) + 0.03 * std::sin(0.9 * i + 0.5));
  return p;
}

static System* buildSystem() {
  auto* system = new System();
  system->setDefaultPeriodicBoxVectors(Vec3(3.0, 0, 0), Vec3(0.2, 3.1, 0), Vec3(-0.1, 0.3, 3.2));
  const int n = 12;
  for (int i = 0; i < n; i++)
    system->addParticle(1.0 + 0.5 * i);
  for (int i = 0; i < 4; i++)
    system->addParticle(0.0);
  system->setVirtualSite(n, new TwoParticleAverageSite(0, 1, 0.3, 0.7));
  system->setVirtualSite(n + 1, new ThreeParticleAverageSite(2, 3, 4, 0.2, 0.3, 0.5));
  system->setVirtualSite(n + 2, new OutOfPlaneSite(5, 6, 7, 0.1, 0.2, 0.3));
  system->setVirtualSite(n + 3, new LocalCoordinatesSite(8, 9, 10, Vec3(0.2, 0.3, 0.5), Vec3(1, -1, 0), Vec3(0, -1, 1),
                                                         Vec3(0.05, 0.02, 0.03)));
  system->addConstraint(0, 1, 0.12);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(2, 3, 0.15, 1000.0);
  bonds->setForceGroup(1);
  system->addForce(bonds);
  auto* angles = new HarmonicAngleForce();
  angles->addAngle(2, 3, 4, 1.9, 300.0);
  angles->setForceGroup(1);
  system->addForce(angles);
  auto* torsions = new PeriodicTorsionForce();
  torsions->addTorsion(2, 3, 4, 5, 3, 0.4, 5.0);
  torsions->setForceGroup(2);
  system->addForce(torsions);
  auto* rb = new RBTorsionForce();
  rb->addTorsion(6, 7, 8, 9, 1.0, -0.5, 0.3, 0.1, -0.05, 0.02);
  rb->setForceGroup(2);
  system->addForce(rb);
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::PME);
  nonbonded->setCutoffDistance(1.1);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(0.9);
  nonbonded->setPMEParameters(3.1, 20, 21, 22);
  nonbonded->addGlobalParameter("lambda", 0.25);
  for (int i = 0; i < n + 4; i++)
    nonbonded->addParticle(i < n ? 0.1 * (i % 5 - 2) : 0.05, 0.25 + 0.01 * i, i < n ? 0.4 + 0.05 * i : 0.0);
  nonbonded->addException(0, 1, 0.0, 1.0, 0.0);
  nonbonded->addException(2, 3, 0.01, 0.3, 0.2);
  nonbonded->addParticleParameterOffset("lambda", 4, 0.2, 0.0, 0.1);
  nonbonded->addExceptionParameterOffset("lambda", 1, 0.05, 0.0, 0.1);
  nonbonded->setForceGroup(3);
  system->addForce(nonbonded);
  auto* customBond = new CustomBondForce("k*(r-r0)^2 + a");
  customBond->addPerBondParameter("k");
  customBond->addPerBondParameter("r0");
  customBond->addGlobalParameter("a", 1.5);
  customBond->addBond(6, 7, {200.0, 0.18});
  customBond->setForceGroup(4);
  system->addForce(customBond);
  auto* customAngle = new CustomAngleForce("k*(theta-t0)^2");
  customAngle->addPerAngleParameter("k");
  customAngle->addPerAngleParameter("t0");
  customAngle->addAngle(7, 8, 9, {50.0, 2.0});
  customAngle->setForceGroup(4);
  system->addForce(customAngle);
  auto* customTorsion = new CustomTorsionForce("k*(1+cos(2*theta))");
  customTorsion->addPerTorsionParameter("k");
  customTorsion->addTorsion(8, 9, 10, 11, {3.0});
  customTorsion->setForceGroup(4);
  system->addForce(customTorsion);
  auto* external = new CustomExternalForce("k*(x^2+y^2) + g*z");
  external->addPerParticleParameter("k");
  external->addGlobalParameter("g", 0.7);
  external->addParticle(10, {4.0});
  external->addParticle(15, {2.5});
  external->setForceGroup(5);
  system->addForce(external);
  auto* customNonbonded = new CustomNonbondedForce("e*(s/r)^6; e=sqrt(e1*e2); s=0.5*(s1+s2)");
  customNonbonded->addPerParticleParameter("e");
  customNonbonded->addPerParticleParameter("s");
  customNonbonded->setNonbondedMethod(CustomNonbondedForce::CutoffPeriodic);
  customNonbonded->setCutoffDistance(1.0);
  for (int i = 0; i < n + 4; i++)
    customNonbonded->addParticle({0.3 + 0.01 * i, 0.2 + 0.005 * i});
  customNonbonded->addExclusion(0, 1);
  customNonbonded->addInteractionGroup({0, 1, 2, 3, 4, 5}, {3, 4, 5, 6, 7, 8, 9, 10, 11});
  customNonbonded->setForceGroup(6);
  system->addForce(customNonbonded);
  auto* cmap = new CMAPTorsionForce();
  std::vector<double> map(16);
  for (int i = 0; i < 16; i++)
    map[i] = 0.3 * std::sin(0.7 * i) + 0.05 * i;
  cmap->addMap(4, map);
  cmap->addTorsion(0, 2, 3, 4, 5, 3, 4, 5, 6);
  cmap->setForceGroup(7);
  system->addForce(cmap);
  auto* gbsa = new GBSAOBCForce();
  gbsa->setSolventDielectric(70.0);
  gbsa->setSurfaceAreaEnergy(2.0);
  for (int i = 0; i < n + 4; i++)
    gbsa->addParticle(i < n ? 0.2 * (i % 3 - 1) : 0.0, 0.14 + 0.005 * i, 0.75 + 0.01 * i);
  gbsa->setForceGroup(8);
  system->addForce(gbsa);
  auto* compound = new CustomCompoundBondForce(
      3, "k*f(distance(p1,p2)) + g(angle(p1,p2,p3), s) + h(x1, y1, z1) + d1(i) + d2(i, j) + d3(j, i, 0)");
  compound->addPerBondParameter("k");
  compound->addPerBondParameter("i");
  compound->addPerBondParameter("j");
  compound->addGlobalParameter("s", 0.4);
  compound->addBond({0, 4, 8}, {2.0, 1.0, 0.0});
  compound->addBond({3, 9, 11}, {1.5, 0.0, 1.0});
  compound->addTabulatedFunction("f", new Continuous1DFunction({0.0, 0.3, 0.5, 0.6, 0.65, 0.7}, 0.0, 1.5));
  compound->addTabulatedFunction("g", new Continuous2DFunction(3, 3, {0, 1, 2, 1, 2, 3, 2, 3, 5}, 0.0, 3.2, 0.0, 1.0));
  std::vector<double> cube(24);
  for (int i = 0; i < 24; i++)
    cube[i] = 0.1 * (i % 5) - 0.02 * i;
  compound->addTabulatedFunction("h", new Continuous3DFunction(2, 3, 4, cube, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0));
  compound->addTabulatedFunction("d1", new Discrete1DFunction({0.25, -0.5}));
  compound->addTabulatedFunction("d2", new Discrete2DFunction(2, 2, {1.0, 2.0, 3.0, 4.0}));
  compound->addTabulatedFunction("d3", new Discrete3DFunction(2, 2, 1, {0.5, 0.6, 0.7, 0.8}));
  compound->setForceGroup(9);
  system->addForce(compound);
  auto* centroid = new CustomCentroidBondForce(2, "k*distance(g1,g2)^2 + t(m) + w(distance(g1,g2))");
  centroid->addPerBondParameter("k");
  centroid->addPerBondParameter("m");
  centroid->addGroup({0, 1, 2}, {1.0, 2.0, 0.5});
  centroid->addGroup({5, 6, 7});
  centroid->addBond({0, 1}, {30.0, 2.0});
  centroid->addTabulatedFunction("t", new Discrete1DFunction({0.1, 0.2, 0.35}));
  centroid->addTabulatedFunction("w", new Continuous1DFunction({0.0, 0.4, -0.2, 0.1, 0.0}, 0.0, 2.0, true));
  centroid->setForceGroup(10);
  system->addForce(centroid);
  system->addForce(new CMMotionRemover(7));
  auto* andersen = new AndersenThermostat(310.0, 2.5);
  andersen->setRandomNumberSeed(5);
  system->addForce(andersen);
  auto* barostat = new MonteCarloBarostat(1.5, 310.0, 30);
  barostat->setRandomNumberSeed(6);
  system->addForce(barostat);
  return system;
}

static CompoundIntegrator* buildIntegrators() {
  auto* compound = new CompoundIntegrator();
  compound->addIntegrator(new VerletIntegrator(0.0011));
  auto* langevin = new LangevinIntegrator(301.0, 1.1, 0.0021);
  langevin->setRandomNumberSeed(3);
  compound->addIntegrator(langevin);
  compound->addIntegrator(new LangevinMiddleIntegrator(302.0, 1.2, 0.0022));
  compound->addIntegrator(new BrownianIntegrator(303.0, 9.0, 0.0023));
  auto* vv = new VariableVerletIntegrator(1.5e-3);
  vv->setMaximumStepSize(0.004);
  compound->addIntegrator(vv);
  compound->addIntegrator(new VariableLangevinIntegrator(304.0, 1.4, 2e-4));
  compound->addIntegrator(new NoseHooverIntegrator(305.0, 6.0, 0.0015, 4, 2, 5));
  auto* nh = new NoseHooverIntegrator(0.0016);
  nh->addSubsystemThermostat({0, 1}, {{2, 3}}, 306.0, 7.0, 20.0, 40.0, 3, 3, 7);
  compound->addIntegrator(nh);
  auto* custom = new CustomIntegrator(0.0017);
  custom->addGlobalVariable("kT", 2.5);
  custom->addGlobalVariable("a", 0.9);
  custom->addPerDofVariable("x1", 0.25);
  custom->addUpdateContextState();
  custom->addComputePerDof("v", "v+0.5*dt*f/m");
  custom->addComputePerDof("x", "x+dt*v");
  custom->addComputePerDof("x1", "x");
  custom->addConstrainPositions();
  custom->beginIfBlock("kT > 1");
  custom->addComputeSum("a", "m*v*v/2");
  custom->endBlock();
  custom->beginWhileBlock("a < 0");
  custom->addComputeGlobal("a", "a+1");
  custom->endBlock();
  custom->addConstrainVelocities();
  custom->addTabulatedFunction("tab", new Continuous1DFunction({0.0, 1.0, 4.0, 9.0}, 0.0, 3.0));
  custom->addTabulatedFunction("dtab", new Discrete2DFunction(2, 1, {0.5, 0.25}));
  custom->addComputeGlobal("a", "a+0*tab(1.5)*dtab(1,0)");
  custom->setKineticEnergyExpression("0.5*m*v*v");
  custom->setRandomNumberSeed(12);
  compound->addIntegrator(custom);
  compound->setCurrentIntegrator(2);
  compound->getIntegrator(2).setConstraintTolerance(3e-6);
  return compound;
}

int main(int argc, char** argv) {
  if (argc != 4)
    return 2;
  const std::string mode = argv[1];
  if (mode == "write") {
    std::unique_ptr<System> system(buildSystem());
    std::ofstream s(argv[2]);
    XmlSerializer::serialize<System>(system.get(), "System", s);
    std::unique_ptr<CompoundIntegrator> integrators(buildIntegrators());
    std::ofstream i(argv[3]);
    XmlSerializer::serialize<Integrator>(integrators.get(), "Integrator", i);
    return 0;
  }
  std::ifstream s(argv[2]);
  std::unique_ptr<System> system(XmlSerializer::deserialize<System>(s));
  std::ifstream i(argv[3]);
  std::unique_ptr<Integrator> read(XmlSerializer::deserialize<Integrator>(i));
  auto& compound = dynamic_cast<CompoundIntegrator&>(*read);
  VerletIntegrator verlet(0.001);
  Context context(*system, verlet, Platform::getPlatformByName("Reference"));
  context.setPositions(positions(system->getNumParticles()));
  context.computeVirtualSites();
  std::printf("particles %d\nforces %d\nconstraints %d\n", system->getNumParticles(), system->getNumForces(),
              system->getNumConstraints());
  for (int g = 0; g < 11; g++)
    std::printf("energy.group%d %.17g\n", g, context.getState(State::Energy, false, 1 << g).getPotentialEnergy());
  State state = context.getState(State::Forces | State::Positions);
  // Forces on real particles only: OpenMM 7.7 also reports the force acting on each virtual site before it is
  // passed on, this library reports zero there.
  for (size_t k = 0; k < state.getForces().size(); k++)
    for (int d = 0; d < 3 && !system->isVirtualSite(static_cast<int>(k)); d++)
      std::printf("force.%zu.%d %.17g\n", k, d, state.getForces()[k][d]);
  std::printf("current %d\n", compound.getCurrentIntegrator());
  for (int k = 0; k < compound.getNumIntegrators(); k++) {
    const Integrator& m = compound.getIntegrator(k);
    std::printf("integrator.%d.stepSize %.17g\nintegrator.%d.tolerance %.17g\n", k, m.getStepSize(), k,
                m.getConstraintTolerance());
    if (auto* l = dynamic_cast<const LangevinIntegrator*>(&m))
      std::printf("integrator.%d.langevin %.17g %.17g %d\n", k, l->getTemperature(), l->getFriction(),
                  l->getRandomNumberSeed());
    if (auto* l = dynamic_cast<const LangevinMiddleIntegrator*>(&m))
      std::printf("integrator.%d.middle %.17g %.17g\n", k, l->getTemperature(), l->getFriction());
    if (auto* b = dynamic_cast<const BrownianIntegrator*>(&m))
      std::printf("integrator.%d.brownian %.17g %.17g\n", k, b->getTemperature(), b->getFriction());
    if (auto* v = dynamic_cast<const VariableVerletIntegrator*>(&m))
      std::printf("integrator.%d.variableVerlet %.17g %.17g\n", k, v->getErrorTolerance(), v->getMaximumStepSize());
    if (auto* v = dynamic_cast<const VariableLangevinIntegrator*>(&m))
      std::printf("integrator.%d.variableLangevin %.17g %.17g %.17g\n", k, v->getTemperature(), v->getFriction(),
                  v->getErrorTolerance());
    if (auto* c = dynamic_cast<const CustomIntegrator*>(&m)) {
      std::printf("integrator.%d.custom %d %d %d %d\n", k, c->getNumGlobalVariables(), c->getNumPerDofVariables(),
                  c->getNumComputations(), c->getRandomNumberSeed());
      std::printf("integrator.%d.functions %d\n", k, c->getNumTabulatedFunctions());
      for (int f = 0; f < c->getNumTabulatedFunctions(); f++) {
        const TabulatedFunction& function = c->getTabulatedFunction(f);
        std::printf("integrator.%d.function.%s %d %d\n", k, c->getTabulatedFunctionName(f).c_str(),
                    dynamic_cast<const Continuous1DFunction*>(&function) != nullptr ? 1 : 0,
                    dynamic_cast<const Discrete2DFunction*>(&function) != nullptr ? 1 : 0);
      }
      for (int g = 0; g < c->getNumGlobalVariables(); g++)
        std::printf("integrator.%d.global.%s %.17g\n", k, c->getGlobalVariableName(g).c_str(), c->getGlobalVariable(g));
      for (int s = 0; s < c->getNumComputations(); s++) {
        CustomIntegrator::ComputationType type;
        std::string variable, expression;
        c->getComputationStep(s, type, variable, expression);
        // A digest of the step: its type, and the lengths of its variable and expression.
        std::printf("integrator.%d.step%d %d %zu %zu\n", k, s, static_cast<int>(type), variable.size(),
                    expression.size());
      }
    }
    if (auto* n = dynamic_cast<const NoseHooverIntegrator*>(&m)) {
      std::printf("integrator.%d.noseHoover %d %d\n", k, n->getNumThermostats(), n->hasSubsystemThermostats() ? 1 : 0);
      for (int c = 0; c < n->getNumThermostats(); c++) {
        const NoseHooverChain& chain = n->getThermostat(c);
        std::printf("integrator.%d.chain%d %.17g %.17g %.17g %.17g %d %d %d %zu %zu\n", k, c, chain.getTemperature(),
                    chain.getCollisionFrequency(), chain.getRelativeTemperature(),
                    chain.getRelativeCollisionFrequency(), chain.getChainLength(), chain.getNumMultiTimeSteps(),
                    chain.getNumYoshidaSuzukiTimeSteps(), chain.getThermostatedAtoms().size(),
                    chain.getThermostatedPairs().size());
      }
    }
  }
  return 0;
}
