// Tabulated functions in OpenMM's XML: the <Functions> list of the custom forces, one <Function name=... type=...>
// per function with its sizes, ranges, a periodic flag (continuous functions, version 2) and a <Values> list of
// <Value v=.../>. A table that the function's constructor rejects is reported with the element and its line.
#include "SerializationHelpers.h"

#include "openmm/OpenMMException.h"
#include "openmm/TabulatedFunction.h"
#include "openmm/internal/TabulatedFunctionList.h"

#include <memory>

namespace OpenMM {
namespace serialization {

namespace {

void writeValues(SerializationNode& node, const std::vector<double>& values) {
  SerializationNode& list = node.createChildNode("Values");
  for (double v : values)
    list.createChildNode("Value").setDoubleProperty("v", v);
}

std::vector<double> readValues(const SerializationNode& node) {
  std::vector<double> values;
  for (const auto& value : items(node, "Values", "Value"))
    values.push_back(value.getDoubleProperty("v"));
  return values;
}

void writeFunction(const TabulatedFunction& function, SerializationNode& node) {
  std::vector<double> values;
  int xsize, ysize, zsize;
  double xmin, xmax, ymin, ymax, zmin, zmax;
  if (auto f = dynamic_cast<const Continuous1DFunction*>(&function)) {
    f->getFunctionParameters(values, xmin, xmax);
    node.setStringProperty("type", "Continuous1DFunction").setIntProperty("version", 2);
    node.setDoubleProperty("min", xmin).setDoubleProperty("max", xmax);
  } else if (auto f = dynamic_cast<const Continuous2DFunction*>(&function)) {
    f->getFunctionParameters(xsize, ysize, values, xmin, xmax, ymin, ymax);
    node.setStringProperty("type", "Continuous2DFunction").setIntProperty("version", 2);
    node.setIntProperty("xsize", xsize).setIntProperty("ysize", ysize);
    node.setDoubleProperty("xmin", xmin).setDoubleProperty("xmax", xmax);
    node.setDoubleProperty("ymin", ymin).setDoubleProperty("ymax", ymax);
  } else if (auto f = dynamic_cast<const Continuous3DFunction*>(&function)) {
    f->getFunctionParameters(xsize, ysize, zsize, values, xmin, xmax, ymin, ymax, zmin, zmax);
    node.setStringProperty("type", "Continuous3DFunction").setIntProperty("version", 2);
    node.setIntProperty("xsize", xsize).setIntProperty("ysize", ysize).setIntProperty("zsize", zsize);
    node.setDoubleProperty("xmin", xmin).setDoubleProperty("xmax", xmax);
    node.setDoubleProperty("ymin", ymin).setDoubleProperty("ymax", ymax);
    node.setDoubleProperty("zmin", zmin).setDoubleProperty("zmax", zmax);
  } else if (auto f = dynamic_cast<const Discrete1DFunction*>(&function)) {
    f->getFunctionParameters(values);
    node.setStringProperty("type", "Discrete1DFunction").setIntProperty("version", 1);
  } else if (auto f = dynamic_cast<const Discrete2DFunction*>(&function)) {
    f->getFunctionParameters(xsize, ysize, values);
    node.setStringProperty("type", "Discrete2DFunction").setIntProperty("version", 1);
    node.setIntProperty("xsize", xsize).setIntProperty("ysize", ysize);
  } else if (auto f = dynamic_cast<const Discrete3DFunction*>(&function)) {
    f->getFunctionParameters(xsize, ysize, zsize, values);
    node.setStringProperty("type", "Discrete3DFunction").setIntProperty("version", 1);
    node.setIntProperty("xsize", xsize).setIntProperty("ysize", ysize).setIntProperty("zsize", zsize);
  } else {
    throw OpenMMException("XmlSerializer: a tabulated function of a kind this library cannot write");
  }
  writeValues(node, values);
  const std::string type = node.getStringProperty("type");
  if (type.rfind("Continuous", 0) == 0)
    node.setBoolProperty("periodic", function.getPeriodic());
}

TabulatedFunction* makeFunction(const SerializationNode& node) {
  const std::string& type = node.getStringProperty("type");
  const bool continuous = type.rfind("Continuous", 0) == 0;
  checkVersion(node, continuous ? 2 : 1);
  const std::vector<double> values = readValues(node);
  // Version 1 of the continuous functions has no periodic attribute.
  const bool periodic = continuous && node.getBoolProperty("periodic", false);
  if (type == "Continuous1DFunction")
    return new Continuous1DFunction(values, node.getDoubleProperty("min"), node.getDoubleProperty("max"), periodic);
  if (type == "Continuous2DFunction")
    return new Continuous2DFunction(node.getIntProperty("xsize"), node.getIntProperty("ysize"), values,
                                    node.getDoubleProperty("xmin"), node.getDoubleProperty("xmax"),
                                    node.getDoubleProperty("ymin"), node.getDoubleProperty("ymax"), periodic);
  if (type == "Continuous3DFunction")
    return new Continuous3DFunction(node.getIntProperty("xsize"), node.getIntProperty("ysize"),
                                    node.getIntProperty("zsize"), values, node.getDoubleProperty("xmin"),
                                    node.getDoubleProperty("xmax"), node.getDoubleProperty("ymin"),
                                    node.getDoubleProperty("ymax"), node.getDoubleProperty("zmin"),
                                    node.getDoubleProperty("zmax"), periodic);
  if (type == "Discrete1DFunction")
    return new Discrete1DFunction(values);
  if (type == "Discrete2DFunction")
    return new Discrete2DFunction(node.getIntProperty("xsize"), node.getIntProperty("ysize"), values);
  if (type == "Discrete3DFunction")
    return new Discrete3DFunction(node.getIntProperty("xsize"), node.getIntProperty("ysize"),
                                  node.getIntProperty("zsize"), values);
  throw OpenMMException("XmlSerializer: " + node.describe() + " has type '" + type +
                        "', expected Continuous1DFunction, Continuous2DFunction, Continuous3DFunction, "
                        "Discrete1DFunction, Discrete2DFunction or Discrete3DFunction");
}

} // namespace

void writeFunctions(SerializationNode& parent, const TabulatedFunctionList& functions) {
  SerializationNode& list = parent.createChildNode("Functions");
  for (int i = 0; i < functions.size(); i++)
    writeFunction(functions.get(i), list.createChildNode("Function").setStringProperty("name", functions.name(i)));
}

void readFunctions(const SerializationNode& parent,
                   const std::function<void(const std::string&, TabulatedFunction*)>& add) {
  for (const auto& node : optionalItems(parent, "Functions", "Function")) {
    const std::string& name = node.getStringProperty("name");
    std::unique_ptr<TabulatedFunction> function;
    withContext(node, [&] { function.reset(makeFunction(node)); });
    withContext(node, [&] { add(name, function.release()); });
  }
}

void withContext(const SerializationNode& node, const std::function<void()>& action) {
  try {
    action();
  } catch (const OpenMMException& e) {
    const std::string what = e.what();
    if (what.rfind("XmlSerializer:", 0) == 0)
      throw;
    throw OpenMMException("XmlSerializer: " + node.describe() + ": " + what);
  }
}

} // namespace serialization
} // namespace OpenMM
