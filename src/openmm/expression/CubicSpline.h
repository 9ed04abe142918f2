// CubicSpline: uniform-grid cubic splines written in Hermite form: the first derivatives a natural or periodic
// spline has at its knots, and the cubic Hermite basis (and its derivatives) that interpolates values and
// knot derivatives; tensor products of this basis give the bicubic and tricubic patches of the tabulated
// functions and of CMAPTorsionForce.
#pragma once

#include <vector>

namespace OpenMM {
namespace CubicSpline {

/** dy/dx at each knot of the cubic spline through y (spacing h): natural (zero second derivative at both
 * ends), or periodic (y.front() and y.back() are the same point of the period; at least three values). */
std::vector<double> knotDerivatives(const std::vector<double>& y, double h, bool periodic);

/** The weights of (f0, f0', f1, f1') in the cubic through the ends of a cell of width h, at the fraction t of
 * the cell, or of its derivative of order `order` in x (zero from order 4 on). */
void hermiteBasis(double t, double h, int order, double basis[4]);

} // namespace CubicSpline
} // namespace OpenMM
