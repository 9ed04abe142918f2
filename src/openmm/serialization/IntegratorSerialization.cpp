// The integrators in OpenMM's XML: stepSize and constraintTolerance on every one, the class's parameters as
// attributes, a CompoundIntegrator's members as child <Integrator> elements and a NoseHooverIntegrator's
// subsystem chains as <Thermostat> elements; a CustomIntegrator's tabulated functions in <Functions>.
#include "BuiltInProxies.h"
#include "SerializationHelpers.h"
#include "openmm/BrownianIntegrator.h"
#include "openmm/CompoundIntegrator.h"
#include "openmm/CustomIntegrator.h"
#include "openmm/LangevinIntegrator.h"
#include "openmm/LangevinMiddleIntegrator.h"
#include "openmm/NoseHooverIntegrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/VariableLangevinIntegrator.h"
#include "openmm/VariableVerletIntegrator.h"
#include "openmm/VerletIntegrator.h"
#include "openmm/serialization/SerializationProxy.h"

#include <memory>
#include <typeinfo>

namespace OpenMM {
namespace serialization {

namespace {

void writeBase(const Integrator& integrator, SerializationNode& node, int version) {
  node.setIntProperty("version", version);
  node.setDoubleProperty("stepSize", integrator.getStepSize());
  node.setDoubleProperty("constraintTolerance", integrator.getConstraintTolerance());
  if (integrator.getIntegrationForceGroups() != -1)
    node.setIntProperty("integrationForceGroups", integrator.getIntegrationForceGroups());
}

void readBase(const SerializationNode& node, Integrator& integrator) {
  integrator.setStepSize(node.getDoubleProperty("stepSize"));
  integrator.setConstraintTolerance(node.getDoubleProperty("constraintTolerance"));
  integrator.setIntegrationForceGroups(node.getIntProperty("integrationForceGroups", -1));
}

/** Temperature, friction and seed of the Langevin-type integrators. */
template <class I> void writeThermal(const I& integrator, SerializationNode& node) {
  writeBase(integrator, node, 1);
  node.setDoubleProperty("temperature", integrator.getTemperature());
  node.setDoubleProperty("friction", integrator.getFriction());
  node.setIntProperty("randomSeed", integrator.getRandomNumberSeed());
}

template <class I> I* readThermal(const SerializationNode& node) {
  checkVersion(node, 1);
  auto integrator = std::make_unique<I>(node.getDoubleProperty("temperature"), node.getDoubleProperty("friction"),
                                        node.getDoubleProperty("stepSize"));
  readBase(node, *integrator);
  integrator->setRandomNumberSeed(node.getIntProperty("randomSeed", 0));
  return integrator.release();
}

} // namespace

void writeVerletIntegrator(const VerletIntegrator& integrator, SerializationNode& node) {
  writeBase(integrator, node, 1);
}

VerletIntegrator* readVerletIntegrator(const SerializationNode& node) {
  checkVersion(node, 1);
  auto integrator = std::make_unique<VerletIntegrator>(node.getDoubleProperty("stepSize"));
  readBase(node, *integrator);
  return integrator.release();
}

void writeLangevinIntegrator(const LangevinIntegrator& i, SerializationNode& node) { writeThermal(i, node); }
LangevinIntegrator* readLangevinIntegrator(const SerializationNode& node) {
  return readThermal<LangevinIntegrator>(node);
}
void writeLangevinMiddleIntegrator(const LangevinMiddleIntegrator& i, SerializationNode& node) {
  writeThermal(i, node);
}
LangevinMiddleIntegrator* readLangevinMiddleIntegrator(const SerializationNode& node) {
  return readThermal<LangevinMiddleIntegrator>(node);
}
void writeBrownianIntegrator(const BrownianIntegrator& i, SerializationNode& node) { writeThermal(i, node); }
BrownianIntegrator* readBrownianIntegrator(const SerializationNode& node) {
  return readThermal<BrownianIntegrator>(node);
}

void writeVariableVerletIntegrator(const VariableVerletIntegrator& integrator, SerializationNode& node) {
  writeBase(integrator, node, 2);
  node.setDoubleProperty("errorTol", integrator.getErrorTolerance());
  node.setDoubleProperty("maxStepSize", integrator.getMaximumStepSize());
}

VariableVerletIntegrator* readVariableVerletIntegrator(const SerializationNode& node) {
  checkVersion(node, 2);
  auto integrator = std::make_unique<VariableVerletIntegrator>(node.getDoubleProperty("errorTol"));
  readBase(node, *integrator);
  integrator->setMaximumStepSize(node.getDoubleProperty("maxStepSize", 0.0));
  return integrator.release();
}

void writeVariableLangevinIntegrator(const VariableLangevinIntegrator& integrator, SerializationNode& node) {
  writeBase(integrator, node, 2);
  node.setDoubleProperty("temperature", integrator.getTemperature());
  node.setDoubleProperty("friction", integrator.getFriction());
  node.setIntProperty("randomSeed", integrator.getRandomNumberSeed());
  node.setDoubleProperty("errorTol", integrator.getErrorTolerance());
  node.setDoubleProperty("maxStepSize", integrator.getMaximumStepSize());
}

VariableLangevinIntegrator* readVariableLangevinIntegrator(const SerializationNode& node) {
  checkVersion(node, 2);
  auto integrator = std::make_unique<VariableLangevinIntegrator>(
      node.getDoubleProperty("temperature"), node.getDoubleProperty("friction"), node.getDoubleProperty("errorTol"));
  readBase(node, *integrator);
  integrator->setRandomNumberSeed(node.getIntProperty("randomSeed", 0));
  integrator->setMaximumStepSize(node.getDoubleProperty("maxStepSize", 0.0));
  return integrator.release();
}

void writeNoseHooverIntegrator(const NoseHooverIntegrator& integrator, SerializationNode& node) {
  writeBase(integrator, node, 1);
  node.setBoolProperty("hasSubsystemThermostats", integrator.hasSubsystemThermostats());
  node.setDoubleProperty("maximumPairDistance", integrator.getMaximumPairDistance());
  if (!integrator.hasSubsystemThermostats()) {
    if (integrator.getNumThermostats() > 0) {
      const NoseHooverChain& chain = integrator.getThermostat(0);
      node.setDoubleProperty("temperature", chain.getTemperature());
      node.setDoubleProperty("collisionFrequency", chain.getCollisionFrequency());
      node.setIntProperty("chainLength", chain.getChainLength());
      node.setIntProperty("numMTS", chain.getNumMultiTimeSteps());
      node.setIntProperty("numYS", chain.getNumYoshidaSuzukiTimeSteps());
    }
    return;
  }
  for (int c = 0; c < integrator.getNumThermostats(); c++) {
    const NoseHooverChain& chain = integrator.getThermostat(c);
    SerializationNode& t = node.createChildNode("Thermostat");
    t.setDoubleProperty("temperature", chain.getTemperature())
        .setDoubleProperty("collisionFrequency", chain.getCollisionFrequency())
        .setDoubleProperty("relativeTemperature", chain.getRelativeTemperature())
        .setDoubleProperty("relativeCollisionFrequency", chain.getRelativeCollisionFrequency())
        .setIntProperty("chainLength", chain.getChainLength())
        .setIntProperty("numMTS", chain.getNumMultiTimeSteps())
        .setIntProperty("numYS", chain.getNumYoshidaSuzukiTimeSteps());
    SerializationNode& atoms = t.createChildNode("ThermostatedAtoms");
    for (int p : chain.getThermostatedAtoms())
      atoms.createChildNode("Particle").setIntProperty("index", p);
    SerializationNode& pairs = t.createChildNode("ThermostatedPairs");
    for (const auto& pair : chain.getThermostatedPairs())
      pairs.createChildNode("Pair").setIntProperty("index1", pair.first).setIntProperty("index2", pair.second);
  }
}

NoseHooverIntegrator* readNoseHooverIntegrator(const SerializationNode& node) {
  checkVersion(node, 1);
  auto integrator = std::make_unique<NoseHooverIntegrator>(node.getDoubleProperty("stepSize"));
  readBase(node, *integrator);
  integrator->setMaximumPairDistance(node.getDoubleProperty("maximumPairDistance", 0.0));
  if (!node.getBoolProperty("hasSubsystemThermostats", false)) {
    if (node.hasProperty("temperature"))
      integrator->addThermostat(node.getDoubleProperty("temperature"), node.getDoubleProperty("collisionFrequency"),
                                node.getIntProperty("chainLength"), node.getIntProperty("numMTS"),
                                node.getIntProperty("numYS"));
    return integrator.release();
  }
  for (const auto& t : node.getChildren()) {
    if (t.getName() != "Thermostat")
      throw OpenMMException("XmlSerializer: " + t.describe() + " inside a NoseHooverIntegrator, expected <Thermostat>");
    std::vector<int> atoms;
    for (const auto& p : optionalItems(t, "ThermostatedAtoms", "Particle"))
      atoms.push_back(p.getIntProperty("index"));
    std::vector<std::pair<int, int>> pairs;
    for (const auto& p : optionalItems(t, "ThermostatedPairs", "Pair"))
      pairs.emplace_back(p.getIntProperty("index1"), p.getIntProperty("index2"));
    integrator->addSubsystemThermostat(atoms, pairs, t.getDoubleProperty("temperature"),
                                       t.getDoubleProperty("collisionFrequency"),
                                       t.getDoubleProperty("relativeTemperature"),
                                       t.getDoubleProperty("relativeCollisionFrequency"),
                                       t.getIntProperty("chainLength"), t.getIntProperty("numMTS"),
                                       t.getIntProperty("numYS"));
  }
  return integrator.release();
}

void writeCompoundIntegrator(const CompoundIntegrator& integrator, SerializationNode& node) {
  node.setIntProperty("version", 1);
  node.setIntProperty("currentIntegrator", integrator.getCurrentIntegrator());
  for (int i = 0; i < integrator.getNumIntegrators(); i++) {
    const Integrator& member = integrator.getIntegrator(i);
    const SerializationProxy& proxy = SerializationProxy::getProxy(typeid(member));
    SerializationNode& child = node.createChildNode("Integrator");
    child.setStringProperty("type", proxy.getTypeName());
    proxy.serialize(static_cast<const void*>(&member), child);
  }
}

CompoundIntegrator* readCompoundIntegrator(const SerializationNode& node) {
  checkVersion(node, 1);
  auto integrator = std::make_unique<CompoundIntegrator>();
  for (const auto& child : node.getChildren()) {
    if (child.getName() != "Integrator")
      throw OpenMMException("XmlSerializer: " + child.describe() + " inside a CompoundIntegrator, expected <Integrator>");
    const std::string& type = child.getStringProperty("type");
    const SerializationProxy& proxy = SerializationProxy::getProxy(type);
    if (proxy.getFamily() != typeid(Integrator))
      throw OpenMMException("XmlSerializer: " + child.describe() + " has type " + type + ", which is not an Integrator");
    integrator->addIntegrator(static_cast<Integrator*>(proxy.deserialize(child)));
  }
  if (integrator->getNumIntegrators() > 0)
    integrator->setCurrentIntegrator(node.getIntProperty("currentIntegrator", 0));
  return integrator.release();
}

void writeCustomIntegrator(const CustomIntegrator& integrator, SerializationNode& node) {
  writeBase(integrator, node, 2);
  node.setStringProperty("kineticEnergyExpression", integrator.getKineticEnergyExpression());
  node.setIntProperty("randomSeed", integrator.getRandomNumberSeed());
  SerializationNode& globals = node.createChildNode("GlobalVariables");
  for (int i = 0; i < integrator.getNumGlobalVariables(); i++)
    globals.setDoubleProperty(integrator.getGlobalVariableName(i), integrator.getGlobalVariable(i));
  SerializationNode& perDof = node.createChildNode("PerDofVariables");
  for (int i = 0; i < integrator.getNumPerDofVariables(); i++) {
    SerializationNode& variable = perDof.createChildNode(integrator.getPerDofVariableName(i));
    std::vector<Vec3> values = integrator._perDofValues[i];
    if (values.empty()) // not bound yet: the initial value
      values.emplace_back(integrator._perDofInitial[i], integrator._perDofInitial[i], integrator._perDofInitial[i]);
    for (const Vec3& v : values)
      writeVec3(variable.createChildNode("Value"), v);
  }
  SerializationNode& computations = node.createChildNode("Computations");
  for (int i = 0; i < integrator.getNumComputations(); i++) {
    CustomIntegrator::ComputationType type;
    std::string variable, expression;
    integrator.getComputationStep(i, type, variable, expression);
    computations.createChildNode("Computation")
        .setIntProperty("computationType", static_cast<int>(type))
        .setStringProperty("computationVariable", variable)
        .setStringProperty("computationExpression", expression);
  }
  writeFunctions(node, integrator.tabulatedFunctions());
}

CustomIntegrator* readCustomIntegrator(const SerializationNode& node) {
  checkVersion(node, 2);
  auto integrator = std::make_unique<CustomIntegrator>(node.getDoubleProperty("stepSize"));
  readBase(node, *integrator);
  integrator->setKineticEnergyExpression(node.getStringProperty("kineticEnergyExpression", "m*v*v/2"));
  integrator->setRandomNumberSeed(node.getIntProperty("randomSeed", 0));
  const SerializationNode& globals = node.getChildNode("GlobalVariables");
  for (const auto& global : globals.getProperties())
    integrator->addGlobalVariable(global.first, globals.getDoubleProperty(global.first));
  for (const auto& variable : node.getChildNode("PerDofVariables").getChildren()) {
    std::vector<Vec3> values;
    for (const auto& value : variable.getChildren()) {
      if (value.getName() != "Value")
        throw OpenMMException("XmlSerializer: " + value.describe() + " inside a per-DOF variable, expected <Value>");
      values.push_back(readVec3(value));
    }
    int index = integrator->addPerDofVariable(variable.getName(), values.size() == 1 ? values[0][0] : 0.0);
    if (values.size() > 1)
      integrator->setPerDofVariable(index, values);
  }
  for (const auto& c : items(node, "Computations", "Computation")) {
    const int type = c.getIntProperty("computationType");
    const std::string& variable = c.getStringProperty("computationVariable");
    const std::string& expression = c.getStringProperty("computationExpression");
    switch (type) {
    case CustomIntegrator::ComputeGlobal: integrator->addComputeGlobal(variable, expression); break;
    case CustomIntegrator::ComputePerDof: integrator->addComputePerDof(variable, expression); break;
    case CustomIntegrator::ComputeSum: integrator->addComputeSum(variable, expression); break;
    case CustomIntegrator::ConstrainPositions: integrator->addConstrainPositions(); break;
    case CustomIntegrator::ConstrainVelocities: integrator->addConstrainVelocities(); break;
    case CustomIntegrator::UpdateContextState: integrator->addUpdateContextState(); break;
    case CustomIntegrator::IfBlockStart: integrator->beginIfBlock(expression); break;
    case CustomIntegrator::WhileBlockStart: integrator->beginWhileBlock(expression); break;
    case CustomIntegrator::BlockEnd: integrator->endBlock(); break;
    default:
      throw OpenMMException("XmlSerializer: attribute 'computationType' of " + c.describe() + " is " +
                            std::to_string(type) + ", expected 0 to 8");
    }
  }
  readFunctions(node,
                [&](const std::string& name, TabulatedFunction* f) { integrator->addTabulatedFunction(name, f); });
  return integrator.release();
}

} // namespace serialization
} // namespace OpenMM
