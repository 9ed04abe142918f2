// OpenMM.h: the public API of the point-particle platform library in one include, as an OpenMM
// program expects it (namespace OpenMM).
#pragma once

#include "openmm/AndersenThermostat.h"
#include "openmm/CMMotionRemover.h"
#include "openmm/Context.h"
#include "openmm/Force.h"
#include "openmm/HarmonicAngleForce.h"
#include "openmm/HarmonicBondForce.h"
#include "openmm/Integrator.h"
#include "openmm/LangevinIntegrator.h"
#include "openmm/LangevinMiddleIntegrator.h"
#include "openmm/LocalEnergyMinimizer.h"
#include "openmm/NonbondedForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/PeriodicTorsionForce.h"
#include "openmm/Platform.h"
#include "openmm/State.h"
#include "openmm/System.h"
#include "openmm/Units.h"
#include "openmm/Vec3.h"
#include "openmm/VerletIntegrator.h"
