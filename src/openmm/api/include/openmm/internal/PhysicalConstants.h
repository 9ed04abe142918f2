// PhysicalConstants: constants in OpenMM's units (kJ/mol, nm, e, K) used by the implementations.
// The values match OpenMM's so energies agree to rounding.
#pragma once

namespace OpenMM {

/**
 * Coulomb prefactor 1/(4 pi eps0) in kJ mol^-1 nm e^-2 from the CODATA 2018 values of eps0, e and N_A, as
 * OpenMM 7.7 computes it (138.9354576...; older OpenMM releases used the rounded 138.935456).
 */
static const double ONE_4PI_EPS0 =
    1.0 /
    (4.0 * 3.14159265358979323846 * (1e-6 * 8.8541878128e-12 / (1.602176634e-19 * 1.602176634e-19 * 6.02214076e23)));
/** Boltzmann constant in kJ mol^-1 K^-1 (R / 1000, CODATA 2018). */
static const double BOLTZ = 0.00831446261815324;
/** Avogadro's number (1/mol); 1 bar = AVOGADRO * 1e-25 kJ/mol/nm^3. */
static const double AVOGADRO = 6.02214076e23;

} // namespace OpenMM
