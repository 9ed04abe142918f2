// kernels.h: all abstract kernel interfaces of the low-level API, one per header in kernels/.
// Include a single kernels/<Name>Kernel.h where only one is needed.
#pragma once

#include "openmm/kernels/ApplyAndersenThermostatKernel.h"
#include "openmm/kernels/ApplyConstraintsKernel.h"
#include "openmm/kernels/CalcForcesAndEnergyKernel.h"
#include "openmm/kernels/CalcHarmonicAngleForceKernel.h"
#include "openmm/kernels/CalcHarmonicBondForceKernel.h"
#include "openmm/kernels/CalcNonbondedForceKernel.h"
#include "openmm/kernels/CalcPeriodicTorsionForceKernel.h"
#include "openmm/kernels/IntegrateBrownianStepKernel.h"
#include "openmm/kernels/IntegrateLangevinMiddleStepKernel.h"
#include "openmm/kernels/IntegrateLangevinStepKernel.h"
#include "openmm/kernels/IntegrateVerletStepKernel.h"
#include "openmm/kernels/RemoveCMMotionKernel.h"
#include "openmm/kernels/UpdateStateDataKernel.h"
