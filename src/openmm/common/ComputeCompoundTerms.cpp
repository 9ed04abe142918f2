// ComputeCompoundTerms: the geometric terms' values and gradients, the expression's code and the chain rule.
#include "ComputeCompoundTerms.h"

#include "TabulatedFunctionEvaluator.h"
#include "openmm/internal/CustomForceParameters.h"

namespace OpenMM {

ComputeCompoundTerms::ComputeCompoundTerms(ComputePlatformData& data, std::string prefix, const std::string& owner,
                                           const std::string& energy, int numPoints, const std::string& pointPrefix,
                                           std::size_t termCount, const CustomForceParameters& parameters,
                                           const std::vector<std::string>& functionNames,
                                           const std::vector<const TabulatedFunction*>& functions, bool periodic)
    : _prefix(std::move(prefix)), _numPoints(numPoints), _periodic(periodic) {
  const Vec3* noBox = nullptr;
  Expression expression =
      ReferenceCompoundTerms::parseEnergy(owner, energy, numPoints, pointPrefix,
                                          createTabulatedFunctionEvaluators(functionNames, functions), &noBox, _geometry);
  std::map<std::string, std::string> variables;
  const char* axes[3] = {"x", "y", "z"};
  for (int k = 1; k <= numPoints; k++)
    for (int a = 0; a < 3; a++)
      variables[axes[a] + std::to_string(k)] = "(real) " + _prefix + "point" + std::to_string(k) + "." + axes[a];
  for (std::size_t g = 0; g < _geometry.size(); g++)
    variables["@geometry" + std::to_string(g)] = "(real) " + _prefix + "geometry" + std::to_string(g);
  // The point functions: macros calling kernels/PointGeometry.cc with the box of the term's scope.
  std::map<std::string, ComputeExpressionWriter::Function> pointFunctions{{"pointdistance", {_prefix + "pointdistance"}},
                                                                         {"pointangle", {_prefix + "pointangle"}},
                                                                         {"pointdihedral", {_prefix + "pointdihedral"}}};
  _terms = std::make_unique<ComputeCustomTerms>(data, _prefix, expression, energy, variables, parameters.perTermNames(),
                                                termCount, parameters, functionNames, functions, pointFunctions);
}

std::string ComputeCompoundTerms::code() {
  const std::string p = _prefix, periodic = _periodic ? "1" : "0";
  std::string code;
  // Point-function macros (arguments then one derivative order per argument).
  const char* names[3] = {"pointdistance", "pointangle", "pointdihedral"};
  const char* calls[3] = {"pointDistance", "pointAngle", "pointDihedral"};
  for (int f = 0; f < 3; f++) {
    const int args = 3 * (f + 2);
    std::string list;
    for (int a = 0; a < 2 * args; a++) list += (a > 0 ? ", " : "") + std::string("a") + std::to_string(a);
    code += "#define " + p + names[f] + "(" + list + ") " + calls[f] + "(" + list + ", box, invBox, " + periodic + ")\n";
  }
  // The geometric terms and their gradients by their points.
  for (std::size_t g = 0; g < _geometry.size(); g++) {
    const auto& term = _geometry[g];
    const std::string name = p + "geometry" + std::to_string(g);
    const int count = static_cast<int>(term.points.size());
    code += "mixed4 " + name + "grad[4];\nmixed " + name + ";\n{\n  mixed4 points[4];\n";
    for (int k = 0; k < count; k++)
      code += "  points[" + std::to_string(k) + "] = " + p + "point" + std::to_string(term.points[k] + 1) + ";\n";
    code += "  " + name + " = pointGeometry(" + std::to_string(count) + ", points, box, invBox, " + periodic + ", " + name +
            "grad);\n}\n";
  }
  std::vector<std::string> variables;
  const char* axes[3] = {"x", "y", "z"};
  for (int k = 1; k <= _numPoints; k++)
    for (int a = 0; a < 3; a++)
      if (usesVariable(_terms->expression(), axes[a] + std::to_string(k))) variables.push_back(axes[a] + std::to_string(k));
  for (std::size_t g = 0; g < _geometry.size(); g++) variables.push_back("@geometry" + std::to_string(g));
  code += _terms->code(p + "energy", variables);
  // The gradient by each point: the direct derivatives by its coordinates, and each geometric term's derivative
  // times the term's gradient by the point.
  for (int k = 1; k <= _numPoints; k++) {
    std::string component[3];
    for (int a = 0; a < 3; a++) {
      const std::string v = axes[a] + std::to_string(k);
      component[a] = usesVariable(_terms->expression(), v) ? "(mixed) " + _terms->derivative(v) : "(mixed) 0";
    }
    code += "mixed4 " + p + "grad" + std::to_string(k) + " = make_mixed4(" + component[0] + ", " + component[1] + ", " +
            component[2] + ", 0);\n";
  }
  for (std::size_t g = 0; g < _geometry.size(); g++) {
    const auto& term = _geometry[g];
    const std::string name = p + "geometry" + std::to_string(g);
    const std::string d = "(mixed) " + _terms->derivative("@geometry" + std::to_string(g));
    for (std::size_t k = 0; k < term.points.size(); k++) {
      const std::string grad = p + "grad" + std::to_string(term.points[k] + 1);
      const std::string gg = name + "grad[" + std::to_string(k) + "]";
      code += grad + ".x += " + d + " * " + gg + ".x; " + grad + ".y += " + d + " * " + gg + ".y; " + grad + ".z += " + d +
              " * " + gg + ".z;\n";
    }
  }
  return code;
}

} // namespace OpenMM
