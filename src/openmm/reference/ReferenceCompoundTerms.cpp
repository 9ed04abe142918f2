// ReferenceCompoundTerms: distance(p1,p2), angle(...) and dihedral(...) are parsed as placeholder functions of
// the point names and replaced by variables, one per distinct geometric term; the energy is then differentiated
// symbolically by each coordinate and each geometric term, and the gradient chains the latter through the
// geometric gradients (ReferenceAngle, ReferenceDihedral).
#include "ReferenceCompoundTerms.h"

#include "ExpressionParser.h"
#include "ReferenceAngle.h"
#include "ReferenceDihedral.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <algorithm>

namespace OpenMM {

namespace {

/** Stands for distance(), angle() or dihedral() while parsing; never evaluated. */
class GeometryPlaceholder : public CustomFunction {
public:
  GeometryPlaceholder(std::string name, int numArgs) : _name(std::move(name)), _numArgs(numArgs) {}
  int getNumArguments() const override { return _numArgs; }
  double evaluate(const double*, const int*) const override {
    throw OpenMMException(_name + "() takes the names of points (p1, p2, ...), not numbers");
  }

private:
  std::string _name;
  int _numArgs;
};

/** pointdistance, pointangle, pointdihedral of explicit coordinates, with their first derivatives; *box (null
 * without periodicity) is read at each evaluation. */
class PointGeometry : public CustomFunction {
public:
  PointGeometry(std::string name, int numPoints, const Vec3* const* box)
      : _name(std::move(name)), _numPoints(numPoints), _box(box) {}
  int getNumArguments() const override { return 3 * _numPoints; }
  double evaluate(const double* a, const int* derivOrder) const override {
    int total = 0, which = -1;
    for (int i = 0; i < 3 * _numPoints; i++)
      if (derivOrder[i] != 0) {
        total += derivOrder[i];
        which = i;
      }
    if (total > 1)
      throw OpenMMException(_name + "(): derivatives of second order are not offered");
    Vec3 p[4];
    for (int k = 0; k < _numPoints; k++)
      p[k] = Vec3(a[3 * k], a[3 * k + 1], a[3 * k + 2]);
    double value;
    Vec3 gradient[4];
    const Vec3* box = _box != nullptr ? *_box : nullptr;
    if (_numPoints == 2) {
      Vec3 d = ReferenceGeometry::delta(p[1], p[0], box);
      value = std::sqrt(d.dot(d));
      gradient[0] = value > 0.0 ? d * (1.0 / value) : Vec3();
      gradient[1] = -gradient[0];
    } else if (_numPoints == 3) {
      ReferenceAngle angle(p[0], p[1], p[2], box);
      value = angle.theta;
      std::copy(angle.gradient, angle.gradient + 3, gradient);
    } else {
      ReferenceDihedral dihedral(p[0], p[1], p[2], p[3], box);
      value = dihedral.theta;
      std::copy(dihedral.gradient, dihedral.gradient + 4, gradient);
    }
    return which < 0 ? value : gradient[which / 3][which % 3];
  }

private:
  std::string _name;
  int _numPoints;
  const Vec3* const* _box;
};

} // namespace

CustomFunctionMap pointGeometryFunctions(const Vec3* const* box) {
  return {{"pointdistance", std::make_shared<PointGeometry>("pointdistance", 2, box)},
          {"pointangle", std::make_shared<PointGeometry>("pointangle", 3, box)},
          {"pointdihedral", std::make_shared<PointGeometry>("pointdihedral", 4, box)}};
}

namespace {

using Geometry = ReferenceCompoundTerms::Geometry;

Expression replaceGeometry(const Expression& e, const std::string& owner, const std::string& prefix, int numPoints,
                           std::vector<Geometry>& geometry) {
  const std::string& name = e->getName();
  if (e->getOperation() == ExpressionNode::Custom && (name == "distance" || name == "angle" || name == "dihedral")) {
    Geometry term{name == "distance" ? Geometry::Distance : name == "angle" ? Geometry::Angle : Geometry::Dihedral, {}};
    for (const auto& child : e->getChildren()) {
      int index = 0;
      const std::string& point = child->getName();
      if (child->getOperation() == ExpressionNode::Variable && point.size() > prefix.size() &&
          point.compare(0, prefix.size(), prefix) == 0 &&
          point.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
        index = std::stoi(point.substr(prefix.size()));
      if (index < 1 || index > numPoints)
        throw OpenMMException(owner + ": the arguments of " + name + "() must name points " + prefix + "1 to " +
                              prefix + std::to_string(numPoints) + ", got " + child->toString());
      term.points.push_back(index - 1);
    }
    size_t k = 0;
    while (k < geometry.size() && !(geometry[k].kind == term.kind && geometry[k].points == term.points))
      k++;
    if (k == geometry.size())
      geometry.push_back(term);
    return makeVariable("@geometry" + std::to_string(k));
  }
  if (e->getChildren().empty())
    return e;
  std::vector<Expression> children;
  for (const auto& child : e->getChildren())
    children.push_back(replaceGeometry(child, owner, prefix, numPoints, geometry));
  if (e->getOperation() == ExpressionNode::Custom)
    return makeCustomNode(name, e->getFunction(), e->getDerivOrder(), std::move(children));
  return makeNode(e->getOperation(), std::move(children));
}

} // namespace

Expression ReferenceCompoundTerms::parseEnergy(const std::string& owner, const std::string& energy, int numPoints,
                                               const std::string& pointPrefix, const CustomFunctionMap& functions,
                                               const Vec3* const* box, std::vector<Geometry>& geometry) {
  CustomFunctionMap all = pointGeometryFunctions(box);
  all["distance"] = std::make_shared<GeometryPlaceholder>("distance", 2);
  all["angle"] = std::make_shared<GeometryPlaceholder>("angle", 3);
  all["dihedral"] = std::make_shared<GeometryPlaceholder>("dihedral", 4);
  for (const auto& f : functions)
    all[f.first] = f.second;
  geometry.clear();
  return replaceGeometry(ExpressionParser::parse(energy, all), owner, pointPrefix, numPoints, geometry);
}

void ReferenceCompoundTerms::initialize(const std::string& owner, const std::string& energy, int numPoints,
                                        const std::string& pointPrefix, const std::vector<std::string>& termNames,
                                        const std::vector<std::string>& globalNames,
                                        const CustomFunctionMap& functions) {
  _numPoints = numPoints;
  Expression expression = parseEnergy(owner, energy, numPoints, pointPrefix, functions, &_box, _geometry);
  std::vector<std::string> names;
  for (int k = 1; k <= numPoints; k++)
    for (const char* axis : {"x", "y", "z"})
      names.push_back(axis + std::to_string(k));
  for (size_t g = 0; g < _geometry.size(); g++)
    names.push_back("@geometry" + std::to_string(g));
  int numDifferentiable = static_cast<int>(names.size());
  names.insert(names.end(), termNames.begin(), termNames.end());
  names.insert(names.end(), globalNames.begin(), globalNames.end());
  _globalNames = globalNames;
  _energy = CompiledExpression(expression, names);
  _expression = expression;
  _variableNames = names;
  _parameterDerivatives.initialize(expression, names, {});
  _derivatives.clear();
  for (int v = 0; v < numDifferentiable; v++)
    if (usesVariable(expression, names[v]))
      _derivatives.push_back({v, CompiledExpression(differentiate(expression, names[v]), names)});
  _variables.assign(names.size(), 0.0);
  _geometryGradients.assign(_geometry.size(), std::vector<Vec3>(4));
}

void ReferenceCompoundTerms::loadGlobals(ContextImpl& context) {
  size_t offset = _variables.size() - _globalNames.size();
  for (size_t i = 0; i < _globalNames.size(); i++)
    _variables[offset + i] = context.getParameter(_globalNames[i]);
}

double ReferenceCompoundTerms::evaluate(int term, const Vec3* points, const Vec3* box, Vec3* gradient) {
  _box = box; // read by the point functions
  for (int k = 0; k < _numPoints; k++)
    for (int a = 0; a < 3; a++)
      _variables[3 * k + a] = points[k][a];
  const int firstGeometry = 3 * _numPoints;
  for (size_t g = 0; g < _geometry.size(); g++) {
    const auto& p = _geometry[g].points;
    auto& grad = _geometryGradients[g];
    double value;
    if (_geometry[g].kind == Geometry::Distance) {
      Vec3 d = ReferenceGeometry::delta(points[p[1]], points[p[0]], box);
      value = std::sqrt(d.dot(d));
      grad[0] = value > 0.0 ? d * (1.0 / value) : Vec3();
      grad[1] = -grad[0];
    } else if (_geometry[g].kind == Geometry::Angle) {
      ReferenceAngle angle(points[p[0]], points[p[1]], points[p[2]], box);
      value = angle.theta;
      std::copy(angle.gradient, angle.gradient + 3, grad.begin());
    } else {
      ReferenceDihedral dihedral(points[p[0]], points[p[1]], points[p[2]], points[p[3]], box);
      value = dihedral.theta;
      std::copy(dihedral.gradient, dihedral.gradient + 4, grad.begin());
    }
    _variables[firstGeometry + g] = value;
  }
  const std::vector<double>& values = _termValues[term];
  std::copy(values.begin(), values.end(), _variables.begin() + firstGeometry + _geometry.size());
  for (int k = 0; k < _numPoints; k++)
    gradient[k] = Vec3();
  for (const auto& derivative : _derivatives) {
    double dE = derivative.program.evaluate(_variables.data());
    if (derivative.variable < firstGeometry) {
      gradient[derivative.variable / 3][derivative.variable % 3] += dE;
    } else {
      const Geometry& g = _geometry[derivative.variable - firstGeometry];
      for (size_t j = 0; j < g.points.size(); j++)
        gradient[g.points[j]] += _geometryGradients[derivative.variable - firstGeometry][j] * dE;
    }
  }
  _parameterDerivatives.accumulate(_variables.data(), 1.0);
  return _energy.evaluate(_variables.data());
}

void ReferenceCompoundTerms::setParameterDerivatives(const std::vector<std::string>& names) {
  _parameterDerivatives.initialize(_expression, _variableNames, names);
}

} // namespace OpenMM
