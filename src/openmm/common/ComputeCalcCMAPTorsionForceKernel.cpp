// ComputeCalcCMAPTorsionForceKernel: the maps' spline tables and the terms' bonded interaction.
#include "ComputeCalcCMAPTorsionForceKernel.h"

#include "ComputeBondedUtilities.h"
#include "ComputePlatformData.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/CMAPTorsionForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/TabulatedFunction.h"

#include <cmath>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

void ComputeCalcCMAPTorsionForceKernel::readForce(const CMAPTorsionForce& force, std::vector<double>& tables,
                                                  std::vector<mardyn::compute::mm_int2>& terms,
                                                  std::vector<int>& atoms) const {
  // Each map closed at 2 pi (its first row and column repeated), a periodic Continuous2DFunction, as the Reference
  // platform builds it.
  std::vector<mardyn::compute::mm_int2> maps;
  for (int m = 0; m < force.getNumMaps(); m++) {
    int size;
    std::vector<double> energy;
    force.getMapParameters(m, size, energy);
    std::vector<double> closed(static_cast<std::size_t>((size + 1) * (size + 1)));
    for (int j = 0; j <= size; j++)
      for (int i = 0; i <= size; i++) closed[i + (size + 1) * j] = energy[(i % size) + size * (j % size)];
    Continuous2DFunction map(size + 1, size + 1, closed, 0.0, 2 * M_PI, 0.0, 2 * M_PI, true);
    const TabulatedFunctionTable table = tabulatedFunctionTable(map, "CMAP map " + std::to_string(m));
    maps.push_back({static_cast<int>(tables.size()), size + 1});
    tables.insert(tables.end(), table.data.begin(), table.data.end());
  }
  for (int i = 0; i < force.getNumTorsions(); i++) {
    int map, a[8];
    force.getTorsionParameters(i, map, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
    terms.push_back(maps[static_cast<std::size_t>(map)]);
    atoms.insert(atoms.end(), a, a + 8);
  }
}

void ComputeCalcCMAPTorsionForceKernel::initialize(const System&, const CMAPTorsionForce& force) {
  std::vector<double> tables;
  std::vector<mardyn::compute::mm_int2> terms;
  std::vector<int> atoms;
  readForce(force, tables, terms, atoms);
  _numTorsions = force.getNumTorsions();
  if (_numTorsions == 0) return;
  _tables = PrecisionArray(_data.context(), PrecisionArray::Kind::Real, 1, tables.size(), "cmapTables");
  _tables.upload(tables);
  _terms.initialize(_data.context(), terms.size(), "cmapTerms");
  _terms.upload(terms);
  ComputeBondedUtilities::Interaction interaction;
  interaction.owner = "CMAPTorsionForce";
  interaction.forceGroup = force.getForceGroup();
  interaction.periodic = force.usesPeriodicBoundaryConditions();
  interaction.atomsPerTerm = 8;
  interaction.atoms = atoms;
  interaction.arguments = {{"maps", "const int2", &_terms}, {"tables", "const real", &_tables.array()}};
  interaction.kernelFiles = {"openmm/common/kernels/BondedGeometry.cc", "openmm/common/kernels/TabulatedFunctions.cc"};
  interaction.source =
      "const mixed4 a1 = DELTA(pos2, pos1), a2 = DELTA(pos3, pos2), a3 = DELTA(pos4, pos3);\n"
      "const mixed4 b1 = DELTA(pos6, pos5), b2 = DELTA(pos7, pos6), b3 = DELTA(pos8, pos7);\n"
      "const real phi = (real) dihedralOf(a1, a2, a3), psi = (real) dihedralOf(b1, b2, b3);\n"
      "const int2 map = maps[index];\n"
      "const int4 sizes = make_int4(map.y, map.y, 1, 0);\n"
      "const real4 lo = make_real4(0, 0, 0, 0), hi = make_real4((real) 6.283185307179586, (real) 6.283185307179586, 0, 0);\n"
      "energy += (mixed) tabulatedSpline(tables + map.x, 2, sizes, lo, hi, 1, phi, psi, 0, 0, 0, 0);\n"
      "const real dPhi = tabulatedSpline(tables + map.x, 2, sizes, lo, hi, 1, phi, psi, 0, 1, 0, 0);\n"
      "const real dPsi = tabulatedSpline(tables + map.x, 2, sizes, lo, hi, 1, phi, psi, 0, 0, 1, 0);\n"
      "mixed4 force1, force2, force3, force4, force5, force6, force7, force8;\n"
      "dihedralForces(a1, a2, a3, (mixed) dPhi, &force1, &force2, &force3, &force4);\n"
      "dihedralForces(b1, b2, b3, (mixed) dPsi, &force5, &force6, &force7, &force8);\n";
  _data.bonded().addInteraction(std::move(interaction));
}

void ComputeCalcCMAPTorsionForceKernel::copyParametersToContext(ContextImpl&, const CMAPTorsionForce& force) {
  if (force.getNumTorsions() != _numTorsions)
    throw OpenMMException("CMAPTorsionForce: updateParametersInContext() cannot change the number of torsions");
  std::vector<double> tables;
  std::vector<mardyn::compute::mm_int2> terms;
  std::vector<int> atoms;
  readForce(force, tables, terms, atoms);
  if (_numTorsions == 0) return;
  if (tables.size() != _tables.size())
    throw OpenMMException("CMAPTorsionForce: updateParametersInContext() cannot change the sizes of the maps on the " +
                          _data.platformName() + " platform");
  _tables.upload(tables);
  _terms.upload(terms);
}

} // namespace OpenMM
