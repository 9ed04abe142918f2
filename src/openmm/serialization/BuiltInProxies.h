// BuiltInProxies: the write and read functions of every class the library serializes, one pair per class, in
// OpenMM's XML layout. SerializationProxyRegistry.cpp registers each pair under the class's name.
#pragma once

#include "openmm/serialization/SerializationNode.h"

namespace OpenMM {

class System;
class State;
class HarmonicBondForce;
class HarmonicAngleForce;
class PeriodicTorsionForce;
class RBTorsionForce;
class NonbondedForce;
class CustomBondForce;
class CustomAngleForce;
class CustomTorsionForce;
class CustomExternalForce;
class CustomNonbondedForce;
class CustomCompoundBondForce;
class CustomCentroidBondForce;
class CMAPTorsionForce;
class GBSAOBCForce;
class CMMotionRemover;
class AndersenThermostat;
class MonteCarloBarostat;
class MonteCarloAnisotropicBarostat;
class VerletIntegrator;
class LangevinIntegrator;
class LangevinMiddleIntegrator;
class BrownianIntegrator;
class VariableVerletIntegrator;
class VariableLangevinIntegrator;
class NoseHooverIntegrator;
class CompoundIntegrator;
class CustomIntegrator;

namespace serialization {

#define OPENMM_SERIALIZATION_FUNCTIONS(Class)                                                                        \
  void write##Class(const Class& object, SerializationNode& node);                                                 \
  Class* read##Class(const SerializationNode& node);

OPENMM_SERIALIZATION_FUNCTIONS(System)
OPENMM_SERIALIZATION_FUNCTIONS(State)
OPENMM_SERIALIZATION_FUNCTIONS(HarmonicBondForce)
OPENMM_SERIALIZATION_FUNCTIONS(HarmonicAngleForce)
OPENMM_SERIALIZATION_FUNCTIONS(PeriodicTorsionForce)
OPENMM_SERIALIZATION_FUNCTIONS(RBTorsionForce)
OPENMM_SERIALIZATION_FUNCTIONS(NonbondedForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomBondForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomAngleForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomTorsionForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomExternalForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomNonbondedForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomCompoundBondForce)
OPENMM_SERIALIZATION_FUNCTIONS(CustomCentroidBondForce)
OPENMM_SERIALIZATION_FUNCTIONS(CMAPTorsionForce)
OPENMM_SERIALIZATION_FUNCTIONS(GBSAOBCForce)
OPENMM_SERIALIZATION_FUNCTIONS(CMMotionRemover)
OPENMM_SERIALIZATION_FUNCTIONS(AndersenThermostat)
OPENMM_SERIALIZATION_FUNCTIONS(MonteCarloBarostat)
OPENMM_SERIALIZATION_FUNCTIONS(MonteCarloAnisotropicBarostat)
OPENMM_SERIALIZATION_FUNCTIONS(VerletIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(LangevinIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(LangevinMiddleIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(BrownianIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(VariableVerletIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(VariableLangevinIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(NoseHooverIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(CompoundIntegrator)
OPENMM_SERIALIZATION_FUNCTIONS(CustomIntegrator)

#undef OPENMM_SERIALIZATION_FUNCTIONS

} // namespace serialization
} // namespace OpenMM
