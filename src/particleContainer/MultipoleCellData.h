// MultipoleCellData: structure-of-arrays copy of one cell's point charges, point dipoles and point
// quadrupoles (space-frame positions and axes, strengths, force and torque accumulators).
#pragma once

#include "molecules/Molecule.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace mardyn {

/// Sites of one electrostatic kind, molecule after molecule: first[m] .. first[m + 1] are the sites
/// of molecule m of the cell. Charges leave the axis columns empty and never touch the torques.
struct MultipoleSiteArrays {
  std::vector<double> x, y, z;     ///< site position, space frame
  std::vector<double> cx, cy, cz;  ///< centre of mass of the owning molecule
  std::vector<double> ex, ey, ez;  ///< unit axis, space frame (dipoles, quadrupoles)
  std::vector<double> s;           ///< strength: q, |mu| or |Q|
  std::vector<double> fx, fy, fz;  ///< force accumulators
  std::vector<double> tx, ty, tz;  ///< orientation-torque accumulators (added to the molecule)
  std::vector<std::size_t> first;  ///< per molecule + 1: index of its first site
  std::vector<std::size_t> origin; ///< packed copies only: index of the site in its cell

  std::size_t size() const { return x.size(); }
  void clear() {
    for (auto* v : {&x, &y, &z, &cx, &cy, &cz, &ex, &ey, &ez, &s, &fx, &fy, &fz, &tx, &ty, &tz}) v->clear();
    first.clear();
    origin.clear();
  }
  void push(const Vec3& p, const Vec3& com, const Vec3& e, double strength) {
    x.push_back(p.x); y.push_back(p.y); z.push_back(p.z);
    cx.push_back(com.x); cy.push_back(com.y); cz.push_back(com.z);
    ex.push_back(e.x); ey.push_back(e.y); ez.push_back(e.z);
    s.push_back(strength);
    fx.push_back(0.0); fy.push_back(0.0); fz.push_back(0.0);
    tx.push_back(0.0); ty.push_back(0.0); tz.push_back(0.0);
  }
};

struct MultipoleCellData {
  MultipoleSiteArrays charges, dipoles, quadrupoles;

  bool empty() const { return charges.size() == 0 && dipoles.size() == 0 && quadrupoles.size() == 0; }
  void clear() {
    charges.clear();
    dipoles.clear();
    quadrupoles.clear();
  }

  /// Appends the electrostatic sites of m (call for every molecule of the cell in order, then
  /// finish()). rot: m.q().matrix() (space -> body; its transpose maps body -> space).
  void addMolecule(const Molecule& m, const std::array<double, 9>& rot) {
    const Vec3& r = m.r();
    auto toSpace = [&rot](const Vec3& b) {
      return Vec3{rot[0] * b.x + rot[3] * b.y + rot[6] * b.z, rot[1] * b.x + rot[4] * b.y + rot[7] * b.z,
                  rot[2] * b.x + rot[5] * b.y + rot[8] * b.z};
    };
    const Component& c = m.component();
    charges.first.push_back(charges.size());
    for (const Charge& q : c.charges()) charges.push(r + toSpace(q.r), r, Vec3{}, q.q);
    dipoles.first.push_back(dipoles.size());
    for (const Dipole& d : c.dipoles()) dipoles.push(r + toSpace(d.r), r, toSpace(d.e), d.abs);
    quadrupoles.first.push_back(quadrupoles.size());
    for (const Quadrupole& q : c.quadrupoles()) quadrupoles.push(r + toSpace(q.r), r, toSpace(q.e), q.abs);
  }
  /// Rewrites the sites of entry `entry` (added by addMolecule for a molecule of m's component) with those
  /// of m, accumulators zeroed.
  void updateMolecule(std::size_t entry, const Molecule& m, const std::array<double, 9>& rot) {
    const Vec3& r = m.r();
    auto toSpace = [&rot](const Vec3& b) {
      return Vec3{rot[0] * b.x + rot[3] * b.y + rot[6] * b.z, rot[1] * b.x + rot[4] * b.y + rot[7] * b.z,
                  rot[2] * b.x + rot[5] * b.y + rot[8] * b.z};
    };
    auto set = [&r](MultipoleSiteArrays& a, std::size_t k, const Vec3& p, const Vec3& e) {
      a.x[k] = p.x; a.y[k] = p.y; a.z[k] = p.z;
      a.cx[k] = r.x; a.cy[k] = r.y; a.cz[k] = r.z;
      a.ex[k] = e.x; a.ey[k] = e.y; a.ez[k] = e.z;
      a.fx[k] = 0.0; a.fy[k] = 0.0; a.fz[k] = 0.0;
      a.tx[k] = 0.0; a.ty[k] = 0.0; a.tz[k] = 0.0;
    };
    const Component& c = m.component();
    std::size_t k = charges.first[entry];
    for (const Charge& q : c.charges()) set(charges, k++, r + toSpace(q.r), Vec3{});
    k = dipoles.first[entry];
    for (const Dipole& d : c.dipoles()) set(dipoles, k++, r + toSpace(d.r), toSpace(d.e));
    k = quadrupoles.first[entry];
    for (const Quadrupole& q : c.quadrupoles()) set(quadrupoles, k++, r + toSpace(q.r), toSpace(q.e));
  }
  void finish() {
    charges.first.push_back(charges.size());
    dipoles.first.push_back(dipoles.size());
    quadrupoles.first.push_back(quadrupoles.size());
  }

  /// Packs the sites (all kinds) of the molecules listed[0..n) of `cell` into this buffer, with
  /// zeroed accumulators and their origin recorded for scatter(). Axis and torque columns are
  /// filled for dipoles and quadrupoles only (the charge loops never read them). Buffers keep their
  /// capacity, so packing allocates only while they grow. split (optional): per kind (charges, dipoles,
  /// quadrupoles), the number of packed sites of the molecules listed[0..nFirst).
  void packListed(const MultipoleCellData& cell, const std::size_t* listed, std::size_t n, std::size_t nFirst = 0,
                  std::size_t* split = nullptr) {
    const MultipoleSiteArrays* from[3] = {&cell.charges, &cell.dipoles, &cell.quadrupoles};
    MultipoleSiteArrays* to[3] = {&charges, &dipoles, &quadrupoles};
    for (int kind = 0; kind < 3; ++kind) {
      const std::size_t at = packKind(*from[kind], *to[kind], kind != 0, listed, n, nFirst);
      if (split) split[kind] = at;
    }
  }
  /// Adds the packed forces and torques back to the sites of `cell` they were copied from.
  void scatter(MultipoleCellData& cell) const {
    auto add = [](const MultipoleSiteArrays& from, MultipoleSiteArrays& to, bool oriented) {
      const std::size_t n = from.size();
      if (n == 0) return;
      const std::size_t* const origin = from.origin.data();
      const double* const __restrict__ fx = from.fx.data();
      const double* const __restrict__ fy = from.fy.data();
      const double* const __restrict__ fz = from.fz.data();
      double* const __restrict__ tfx = to.fx.data();
      double* const __restrict__ tfy = to.fy.data();
      double* const __restrict__ tfz = to.fz.data();
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t o = origin[k];
        tfx[o] += fx[k]; tfy[o] += fy[k]; tfz[o] += fz[k];
      }
      if (oriented)
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t o = origin[k];
          to.tx[o] += from.tx[k]; to.ty[o] += from.ty[k]; to.tz[o] += from.tz[k];
        }
    };
    add(charges, cell.charges, false);
    add(dipoles, cell.dipoles, true);
    add(quadrupoles, cell.quadrupoles, true);
  }

  /// Force and torque on molecule m of the cell from its electrostatic sites (lever arms about com).
  void reduce(std::size_t m, const Vec3& com, Vec3& force, Vec3& torque) const {
    for (const MultipoleSiteArrays* a : {&charges, &dipoles, &quadrupoles}) {
      for (std::size_t k = a->first[m]; k < a->first[m + 1]; ++k) {
        const Vec3 f{a->fx[k], a->fy[k], a->fz[k]};
        force += f;
        torque += cross(Vec3{a->x[k], a->y[k], a->z[k]} - com, f) + Vec3{a->tx[k], a->ty[k], a->tz[k]};
      }
    }
  }
 private:
  /// packListed for one kind of site; returns the number packed from listed[0..nFirst).
  static std::size_t packKind(const MultipoleSiteArrays& from, MultipoleSiteArrays& to, bool oriented,
                              const std::size_t* listed, std::size_t n, std::size_t nFirst) {
    to.first.clear();
    if (from.size() == 0) {
      to.clear();
      return 0;
    }
    const std::size_t* const first = from.first.data();
    std::size_t total = 0, atFirst = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (k == nFirst) atFirst = total;
      total += first[listed[k] + 1] - first[listed[k]];
    }
    if (nFirst >= n) atFirst = total;
    for (auto* v : {&to.x, &to.y, &to.z, &to.cx, &to.cy, &to.cz, &to.s, &to.fx, &to.fy, &to.fz}) v->resize(total);
    if (oriented)
      for (auto* v : {&to.ex, &to.ey, &to.ez, &to.tx, &to.ty, &to.tz}) v->resize(total);
    to.origin.resize(total);
    // Raw pointers: the stores must not make the compiler reload the source columns every site.
    const double* const __restrict__ sx = from.x.data();
    const double* const __restrict__ sy = from.y.data();
    const double* const __restrict__ sz = from.z.data();
    const double* const __restrict__ scx = from.cx.data();
    const double* const __restrict__ scy = from.cy.data();
    const double* const __restrict__ scz = from.cz.data();
    const double* const __restrict__ ss = from.s.data();
    double* const __restrict__ tx = to.x.data();
    double* const __restrict__ ty = to.y.data();
    double* const __restrict__ tz = to.z.data();
    double* const __restrict__ tcx = to.cx.data();
    double* const __restrict__ tcy = to.cy.data();
    double* const __restrict__ tcz = to.cz.data();
    double* const __restrict__ ts = to.s.data();
    std::size_t* const __restrict__ origin = to.origin.data();
    std::size_t t = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t begin = first[listed[k]], end = first[listed[k] + 1];
      for (std::size_t s = begin; s < end; ++s, ++t) {
        tx[t] = sx[s]; ty[t] = sy[s]; tz[t] = sz[s];
        tcx[t] = scx[s]; tcy[t] = scy[s]; tcz[t] = scz[s];
        ts[t] = ss[s];
        origin[t] = s;
      }
    }
    std::fill(to.fx.begin(), to.fx.end(), 0.0);
    std::fill(to.fy.begin(), to.fy.end(), 0.0);
    std::fill(to.fz.begin(), to.fz.end(), 0.0);
    if (oriented) {
      for (std::size_t k = 0; k < total; ++k) {
        const std::size_t o = origin[k];
        to.ex[k] = from.ex[o]; to.ey[k] = from.ey[o]; to.ez[k] = from.ez[o];
      }
      std::fill(to.tx.begin(), to.tx.end(), 0.0);
      std::fill(to.ty.begin(), to.ty.end(), 0.0);
      std::fill(to.tz.begin(), to.tz.end(), 0.0);
    }
    return atFirst;
  }
};

}  // namespace mardyn
