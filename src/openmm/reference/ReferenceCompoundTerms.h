// ReferenceCompoundTerms: the energy expression of CustomCompoundBondForce and CustomCentroidBondForce over N
// points (particles or group centres): x1..zN, distance/angle/dihedral of named points (p1, p2, ... or g1, g2,
// ...), the pointdistance/pointangle/pointdihedral functions, per-bond and global parameters and tabulated
// functions; evaluates a bond's energy and its gradient with respect to each point.
#pragma once

#include "CompiledExpression.h"
#include "CustomFunction.h"
#include "ReferenceParameterDerivatives.h"
#include "openmm/Vec3.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ContextImpl;

class ReferenceCompoundTerms {
public:
  ReferenceCompoundTerms() = default;
  ReferenceCompoundTerms(const ReferenceCompoundTerms&) = delete; // its point functions point at _box
  ReferenceCompoundTerms& operator=(const ReferenceCompoundTerms&) = delete;
  /** owner names the force in messages; pointPrefix is "p" or "g" (how distance() etc. name the points). */
  void initialize(const std::string& owner, const std::string& energy, int numPoints, const std::string& pointPrefix,
                  const std::vector<std::string>& termNames, const std::vector<std::string>& globalNames,
                  const CustomFunctionMap& functions);
  void setTermParameters(std::vector<std::vector<double>> values) { _termValues = std::move(values); }
  void loadGlobals(ContextImpl& context);
  /** Energy of bond `term` at the points; gradient[k] = dE / d points[k]. box is null without periodicity. */
  double evaluate(int term, const Vec3* points, const Vec3* box, Vec3* gradient);
  /** Compiles dE/d(global) for each name (checked by CustomForceParameters::checkDerivativeNames); after
   * initialize(). evaluate() then adds them to sums that flushParameterDerivatives() passes on and zeroes. */
  void setParameterDerivatives(const std::vector<std::string>& names);
  void flushParameterDerivatives(std::map<std::string, double>& derivatives) { _parameterDerivatives.flush(derivatives); }

  /** A distance(), angle() or dihedral() of the energy: its kind and its points (0-based). */
  struct Geometry {
    enum Kind { Distance, Angle, Dihedral } kind;
    std::vector<int> points;
  };
  /** Parses the energy with distance(), angle() and dihedral() of named points (prefix 1 .. prefix numPoints) replaced
   * by the variables @geometry<k> of geometry[k], the point functions (reading *box) and `functions` callable. */
  static Expression parseEnergy(const std::string& owner, const std::string& energy, int numPoints,
                                const std::string& pointPrefix, const CustomFunctionMap& functions, const Vec3* const* box,
                                std::vector<Geometry>& geometry);

private:
  struct Derivative {
    int variable; ///< index into the variables: coordinates first (3 per point), then the geometry terms
    CompiledExpression program;
  };

  int _numPoints = 0;
  const Vec3* _box = nullptr; ///< the periodic box of the current evaluation (null: not periodic)
  std::vector<Geometry> _geometry;
  CompiledExpression _energy;
  std::vector<Derivative> _derivatives;
  std::vector<std::string> _globalNames;
  Expression _expression;
  std::vector<std::string> _variableNames;
  ReferenceParameterDerivatives _parameterDerivatives;
  std::vector<std::vector<double>> _termValues;
  std::vector<double> _variables;
  std::vector<std::vector<Vec3>> _geometryGradients;
};

/** The functions pointdistance(x1,y1,z1,x2,y2,z2), pointangle(...) and pointdihedral(...) by name; they take the
 * minimum image in the box *box points to at each evaluation (none while it is null). */
CustomFunctionMap pointGeometryFunctions(const Vec3* const* box);

} // namespace OpenMM
