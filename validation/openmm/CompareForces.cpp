// Cross-implementation check program for the Forces beyond the basic set: one small System per force (tabulated
// functions in a CustomNonbondedForce, CMAPTorsionForce, ...), printing "key value" lines (energy and every
// force component) for one platform. Builds against any OpenMM API (the project's or OpenMM 7.7's).
#include "OpenMM.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

using OpenMM::Vec3;

/** A few particles at fixed, irregular positions in a 3 nm box. */
std::vector<Vec3> scatteredPositions(int n) {
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++)
    positions.push_back(Vec3(std::fmod(0.37 * i * i + 0.11 * i, 2.7), std::fmod(0.53 * i + 0.29 * i * i, 2.6),
                             std::fmod(0.71 * i + 0.07 * i * i * i, 2.5)));
  return positions;
}

void report(const std::string& name, OpenMM::System& system, const std::vector<Vec3>& positions,
            const std::string& platformName) {
  OpenMM::VerletIntegrator integrator(0.001);
  OpenMM::Context context(system, integrator, OpenMM::Platform::getPlatformByName(platformName));
  context.setPositions(positions);
  OpenMM::State state = context.getState(OpenMM::State::Energy | OpenMM::State::Forces);
  std::printf("%s.energy %.17g\n", name.c_str(), state.getPotentialEnergy());
  for (size_t i = 0; i < positions.size(); i++)
    for (int k = 0; k < 3; k++)
      std::printf("%s.force.%zu.%c %.17g\n", name.c_str(), i, "xyz"[k], state.getForces()[i][k]);
}

/** Six particles with a CustomNonbondedForce whose energy calls `function` (named f) through `expression`. */
void tabulated(const std::string& name, const std::string& expression, OpenMM::TabulatedFunction* function,
               const std::string& platform) {
  OpenMM::System system;
  auto* force = new OpenMM::CustomNonbondedForce(expression);
  force->addPerParticleParameter("a");
  force->addTabulatedFunction("f", function);
  for (int i = 0; i < 6; i++) {
    system.addParticle(1.0);
    force->addParticle({0.1 * (i % 3)});
  }
  system.addForce(force);
  report(name, system, scatteredPositions(6), platform);
}

void tabulatedFunctions(const std::string& platform) {
  std::vector<double> v1, v2, v3;
  for (int i = 0; i < 15; i++)
    v1.push_back(std::sin(0.9 * i) + 0.1 * i);
  tabulated("continuous1d", "f(r)", new OpenMM::Continuous1DFunction(v1, 0.2, 3.0), platform);
  std::vector<double> p1 = v1;
  p1.back() = p1.front();
  tabulated("continuous1d_periodic", "f(r)", new OpenMM::Continuous1DFunction(p1, 0.2, 1.5, true), platform);
  for (int j = 0; j < 6; j++)
    for (int i = 0; i < 9; i++)
      v2.push_back(std::cos(0.7 * i) * std::sin(0.4 * j + 0.3) + 0.05 * i * j);
  tabulated("continuous2d", "f(r, a1+a2)", new OpenMM::Continuous2DFunction(9, 6, v2, 0.2, 3.0, -0.05, 0.45),
            platform);
  for (int k = 0; k < 5; k++)
    for (int j = 0; j < 4; j++)
      for (int i = 0; i < 7; i++)
        v3.push_back(std::cos(0.7 * i - 0.2 * k) * std::sin(0.4 * j + 0.3) + 0.03 * i * j * k);
  tabulated("continuous3d", "f(r, a1, a2)",
            new OpenMM::Continuous3DFunction(7, 4, 5, v3, 0.2, 3.0, -0.05, 0.25, -0.05, 0.25), platform);
  tabulated("discrete1d", "r*f(10*(a1+a2))", new OpenMM::Discrete1DFunction({1, 2, 4, 8, 16}), platform);
  tabulated("discrete2d", "r*f(10*a1, 10*a2)", new OpenMM::Discrete2DFunction(3, 3, {1, 2, 3, 5, 7, 11, 13, 17, 19}),
            platform);
  tabulated("discrete3d", "r*f(10*a1, 10*a2, 1)",
            new OpenMM::Discrete3DFunction(3, 3, 2, std::vector<double>(v3.begin(), v3.begin() + 18)), platform);
}

void cmap(const std::string& platform) {
  OpenMM::System system;
  auto* force = new OpenMM::CMAPTorsionForce();
  const int size = 12;
  std::vector<double> map(size * size);
  for (int j = 0; j < size; j++)
    for (int i = 0; i < size; i++)
      map[i + size * j] = std::sin(2 * M_PI * i / size) * (1 + std::cos(2 * M_PI * j / size)) + 0.1 * ((3 * i + j) % 4);
  force->addMap(size, map);
  for (int i = 0; i < 8; i++)
    system.addParticle(1.0);
  force->addTorsion(0, 0, 1, 2, 3, 1, 2, 3, 4);
  force->addTorsion(0, 3, 4, 5, 6, 4, 5, 6, 7);
  system.addForce(force);
  report("cmap", system, scatteredPositions(8), platform);
}

void compound(const std::string& platform) {
  OpenMM::System system;
  auto* force = new OpenMM::CustomCompoundBondForce(
      4, "k*(distance(p1,p2)-0.5)^2 + cos(angle(p1,p2,p3)) + sin(dihedral(p1,p2,p3,p4)) + 0.3*x1*z4 + "
         "pointdistance(x1,y1,z1,(x2+x3)/2,(y2+y3)/2,(z2+z3)/2) + f(distance(p3,p4))");
  force->addPerBondParameter("k");
  std::vector<double> table;
  for (int i = 0; i < 20; i++)
    table.push_back(std::cos(0.5 * i));
  force->addTabulatedFunction("f", new OpenMM::Continuous1DFunction(table, 0.0, 4.0));
  for (int i = 0; i < 7; i++)
    system.addParticle(1.0);
  force->addBond({0, 1, 2, 3}, {2.0});
  force->addBond({3, 4, 5, 6}, {1.5});
  system.addForce(force);
  report("compound", system, scatteredPositions(7), platform);
  // Periodic: distances, angles, dihedrals and the point functions take the minimum image.
  OpenMM::System periodic;
  periodic.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
  auto* images = new OpenMM::CustomCompoundBondForce(
      3, "distance(p1,p2) + cos(angle(p1,p2,p3)) + pointdistance(x1,y1,z1,x3,y3,z3) + "
         "2*pointangle(x1,y1,z1,x2,y2,z2,x3,y3,z3) + sin(pointdihedral(x1,y1,z1,x2,y2,z2,x3,y3,z3,x1,y1+0.5,z1))");
  images->setUsesPeriodicBoundaryConditions(true);
  for (int i = 0; i < 7; i++)
    periodic.addParticle(1.0);
  images->addBond({0, 3, 6});
  images->addBond({1, 5, 2});
  periodic.addForce(images);
  report("compound_periodic", periodic, scatteredPositions(7), platform);
}

void centroid(const std::string& platform) {
  OpenMM::System system;
  auto* force = new OpenMM::CustomCentroidBondForce(3, "k*(distance(g1,g2)-0.5)^2 + cos(angle(g1,g2,g3)) + 0.2*y3");
  force->addPerBondParameter("k");
  for (int i = 0; i < 8; i++)
    system.addParticle(1.0 + 0.5 * i);
  force->addGroup({0, 1, 2});
  force->addGroup({3, 4}, {0.3, 0.7});
  force->addGroup({5, 6, 7});
  force->addBond({0, 1, 2}, {3.0});
  force->addBond({2, 0, 1}, {1.0});
  system.addForce(force);
  report("centroid", system, scatteredPositions(8), platform);
}

/** Every Custom force that OpenMM 7.7 can differentiate by a global parameter, sharing "lambda"; prints the
 * energy, the forces and dE/dlambda, dE/dk, dE/deps (State::ParameterDerivatives). */
void derivatives(const std::string& platformName) {
  OpenMM::System system;
  system.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
  for (int i = 0; i < 8; i++)
    system.addParticle(1.0 + 0.5 * i);
  auto* bond = new OpenMM::CustomBondForce("lambda^2*k*(r-r0)^2");
  bond->addGlobalParameter("lambda", 0.7);
  bond->addGlobalParameter("k", 30.0);
  bond->addPerBondParameter("r0");
  bond->addBond(0, 1, {1.2});
  bond->addBond(2, 3, {0.9});
  bond->addEnergyParameterDerivative("lambda");
  bond->addEnergyParameterDerivative("k");
  system.addForce(bond);
  auto* angle = new OpenMM::CustomAngleForce("k*sin(lambda*theta)^2");
  angle->addGlobalParameter("lambda", 0.7);
  angle->addGlobalParameter("k", 30.0);
  angle->addAngle(0, 1, 2);
  angle->addEnergyParameterDerivative("k");
  system.addForce(angle);
  auto* torsion = new OpenMM::CustomTorsionForce("exp(lambda)*(1+cos(2*theta-0.3))");
  torsion->addGlobalParameter("lambda", 0.7);
  torsion->addTorsion(0, 1, 2, 3);
  torsion->addEnergyParameterDerivative("lambda");
  system.addForce(torsion);
  auto* nonbonded =
      new OpenMM::CustomNonbondedForce("4*eps*s*((sig/r)^12-(sig/r)^6); sig=0.5*(sigma1+sigma2); s=sqrt(s1*s2)");
  nonbonded->addGlobalParameter("eps", 0.6);
  nonbonded->addPerParticleParameter("sigma");
  nonbonded->addPerParticleParameter("s");
  for (int i = 0; i < 8; i++)
    nonbonded->addParticle({0.5 + 0.05 * i, i % 2 == 0 ? 1.0 : 0.5});
  nonbonded->setNonbondedMethod(OpenMM::CustomNonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.4);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(1.1);
  nonbonded->addEnergyParameterDerivative("eps");
  system.addForce(nonbonded);
  auto* compound = new OpenMM::CustomCompoundBondForce(3, "lambda*c*angle(p1,p2,p3)^2 + k*0.01*distance(p1,p3)");
  compound->addGlobalParameter("lambda", 0.7);
  compound->addGlobalParameter("k", 30.0);
  compound->addPerBondParameter("c");
  compound->addBond({3, 4, 5}, {2.5});
  compound->addEnergyParameterDerivative("lambda");
  compound->addEnergyParameterDerivative("k");
  system.addForce(compound);
  auto* centroid = new OpenMM::CustomCentroidBondForce(2, "lambda*(distance(g1,g2)-0.5)^2");
  centroid->addGlobalParameter("lambda", 0.7);
  centroid->addGroup({0, 1, 2});
  centroid->addGroup({4, 5}, {1.0, 3.0});
  centroid->addBond({0, 1});
  centroid->addEnergyParameterDerivative("lambda");
  system.addForce(centroid);
  report("derivatives", system, scatteredPositions(8), platformName);
  OpenMM::VerletIntegrator integrator(0.001);
  OpenMM::Context context(system, integrator, OpenMM::Platform::getPlatformByName(platformName));
  context.setPositions(scatteredPositions(8));
  const OpenMM::State state = context.getState(OpenMM::State::ParameterDerivatives);
  for (const auto& d : state.getEnergyParameterDerivatives())
    std::printf("derivatives.dE.%s %.17g\n", d.first.c_str(), d.second);
}

/** Twelve charged particles of varied radii and scale factors, with each of the three nonbonded methods. */
void gbsa(const std::string& platform) {
  const char* names[] = {"gbsa_nocutoff", "gbsa_cutoff", "gbsa_periodic"};
  for (int method = 0; method < 3; method++) {
    OpenMM::System system;
    system.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
    auto* force = new OpenMM::GBSAOBCForce();
    force->setNonbondedMethod(static_cast<OpenMM::GBSAOBCForce::NonbondedMethod>(method));
    force->setCutoffDistance(1.2);
    std::vector<Vec3> positions = scatteredPositions(12);
    for (int i = 0; i < 12; i++) {
      system.addParticle(12.0);
      force->addParticle(0.6 * std::cos(1.3 * i), 0.12 + 0.02 * (i % 4), 0.7 + 0.05 * (i % 3));
      if (method != 2)
        positions[i] = positions[i] * 0.6;
    }
    system.addForce(force);
    report(names[method], system, positions, platform);
  }
}

} // namespace

int main(int argc, char** argv) {
  std::string platform = argc > 1 ? argv[1] : "Reference";
  OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
  tabulatedFunctions(platform);
  cmap(platform);
  compound(platform);
  centroid(platform);
  gbsa(platform);
  derivatives(platform);
  return 0;
}
