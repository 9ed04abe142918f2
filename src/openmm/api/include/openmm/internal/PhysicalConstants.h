// PhysicalConstants: constants in OpenMM's units (kJ/mol, nm, e, K) used by the implementations.
// The values match OpenMM's so energies agree to rounding.
#pragma once

namespace OpenMM {

/** Coulomb prefactor 1/(4 pi eps0) in kJ mol^-1 nm e^-2. */
static const double ONE_4PI_EPS0 = 138.935456;
/** Boltzmann constant in kJ mol^-1 K^-1 (R / 1000). */
static const double BOLTZ = 0.00831446261815324;

} // namespace OpenMM
