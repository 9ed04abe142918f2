// ComputeCompoundTerms: the device code of a CustomCompoundBondForce's or CustomCentroidBondForce's energy over N
// points: x1 .. zN, distance(), angle() and dihedral() of named points (parsed as the Reference platform parses them,
// ReferenceCompoundTerms::parseEnergy), the point functions (kernels/PointGeometry.cc), per-bond and global
// parameters and tabulated functions (ComputeCustomTerms); the gradient by each point chains the derivatives by
// the geometric terms through their gradients.
#pragma once

#include "ComputeCustomTerms.h"
#include "ReferenceCompoundTerms.h"

#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputeCompoundTerms {
public:
  /** prefix: unique per force; pointPrefix: "p" or "g"; periodic: distances, angles and dihedrals take minimum
   * images. */
  ComputeCompoundTerms(ComputePlatformData& data, std::string prefix, const std::string& owner, const std::string& energy,
                       int numPoints, const std::string& pointPrefix, std::size_t termCount,
                       const CustomForceParameters& parameters, const std::vector<std::string>& functionNames,
                       const std::vector<const TabulatedFunction*>& functions, bool periodic);
  /** Code that, with mixed4 <prefix>point1 .. N, box and invBox in scope, defines `const real <prefix>energy` and
   * mixed4 <prefix>grad1 .. N (dE/d point) and adds the energy-parameter derivatives to derivs. */
  std::string code();
  ComputeCustomTerms& terms() { return *_terms; }

private:
  std::string _prefix;
  int _numPoints;
  bool _periodic;
  std::vector<ReferenceCompoundTerms::Geometry> _geometry;
  std::unique_ptr<ComputeCustomTerms> _terms;
};

} // namespace OpenMM
