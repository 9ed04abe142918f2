// SerializationProxyRegistry: the one place where the library's serializable classes are listed. A new Force
// is serialized by writing its write/read pair (BuiltInProxies.h) and adding one line here.
#include "SerializationProxyRegistry.h"

#include "BuiltInProxies.h"
#include "OpenMM.h"

namespace OpenMM {

namespace {
template <class Family, class T>
void add(const std::function<void(const std::type_info&, const SerializationProxy*)>& registerOne, const char* name,
         void (*write)(const T&, SerializationNode&), T* (*read)(const SerializationNode&)) {
  registerOne(typeid(T), new TypedSerializationProxy<Family, T>(name, write, read));
}
} // namespace

void registerBuiltInSerializationProxies(
    const std::function<void(const std::type_info&, const SerializationProxy*)>& r) {
  using namespace serialization;
  add<System, System>(r, "System", writeSystem, readSystem);
  add<State, State>(r, "State", writeState, readState);
  add<Force, HarmonicBondForce>(r, "HarmonicBondForce", writeHarmonicBondForce, readHarmonicBondForce);
  add<Force, HarmonicAngleForce>(r, "HarmonicAngleForce", writeHarmonicAngleForce, readHarmonicAngleForce);
  add<Force, PeriodicTorsionForce>(r, "PeriodicTorsionForce", writePeriodicTorsionForce, readPeriodicTorsionForce);
  add<Force, RBTorsionForce>(r, "RBTorsionForce", writeRBTorsionForce, readRBTorsionForce);
  add<Force, NonbondedForce>(r, "NonbondedForce", writeNonbondedForce, readNonbondedForce);
  add<Force, CustomBondForce>(r, "CustomBondForce", writeCustomBondForce, readCustomBondForce);
  add<Force, CustomAngleForce>(r, "CustomAngleForce", writeCustomAngleForce, readCustomAngleForce);
  add<Force, CustomTorsionForce>(r, "CustomTorsionForce", writeCustomTorsionForce, readCustomTorsionForce);
  add<Force, CustomExternalForce>(r, "CustomExternalForce", writeCustomExternalForce, readCustomExternalForce);
  add<Force, CustomNonbondedForce>(r, "CustomNonbondedForce", writeCustomNonbondedForce, readCustomNonbondedForce);
  add<Force, CustomCompoundBondForce>(r, "CustomCompoundBondForce", writeCustomCompoundBondForce,
                                      readCustomCompoundBondForce);
  add<Force, CustomCentroidBondForce>(r, "CustomCentroidBondForce", writeCustomCentroidBondForce,
                                      readCustomCentroidBondForce);
  add<Force, CMAPTorsionForce>(r, "CMAPTorsionForce", writeCMAPTorsionForce, readCMAPTorsionForce);
  add<Force, GBSAOBCForce>(r, "GBSAOBCForce", writeGBSAOBCForce, readGBSAOBCForce);
  add<Force, CMMotionRemover>(r, "CMMotionRemover", writeCMMotionRemover, readCMMotionRemover);
  add<Force, AndersenThermostat>(r, "AndersenThermostat", writeAndersenThermostat, readAndersenThermostat);
  add<Force, MonteCarloBarostat>(r, "MonteCarloBarostat", writeMonteCarloBarostat, readMonteCarloBarostat);
  add<Force, MonteCarloAnisotropicBarostat>(r, "MonteCarloAnisotropicBarostat", writeMonteCarloAnisotropicBarostat,
                                            readMonteCarloAnisotropicBarostat);
  add<Integrator, VerletIntegrator>(r, "VerletIntegrator", writeVerletIntegrator, readVerletIntegrator);
  add<Integrator, LangevinIntegrator>(r, "LangevinIntegrator", writeLangevinIntegrator, readLangevinIntegrator);
  add<Integrator, LangevinMiddleIntegrator>(r, "LangevinMiddleIntegrator", writeLangevinMiddleIntegrator,
                                            readLangevinMiddleIntegrator);
  add<Integrator, BrownianIntegrator>(r, "BrownianIntegrator", writeBrownianIntegrator, readBrownianIntegrator);
  add<Integrator, VariableVerletIntegrator>(r, "VariableVerletIntegrator", writeVariableVerletIntegrator,
                                            readVariableVerletIntegrator);
  add<Integrator, VariableLangevinIntegrator>(r, "VariableLangevinIntegrator", writeVariableLangevinIntegrator,
                                              readVariableLangevinIntegrator);
  add<Integrator, NoseHooverIntegrator>(r, "NoseHooverIntegrator", writeNoseHooverIntegrator,
                                        readNoseHooverIntegrator);
  add<Integrator, CompoundIntegrator>(r, "CompoundIntegrator", writeCompoundIntegrator, readCompoundIntegrator);
  add<Integrator, CustomIntegrator>(r, "CustomIntegrator", writeCustomIntegrator, readCustomIntegrator);
}

} // namespace OpenMM
