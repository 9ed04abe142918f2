// MoleculeBinning: sums of per-molecule values in bins of space, kept where the molecules live (the host, or a
// device that hands over only the binned sums): slabs along y, a Cartesian grid or cylinder shells, per component
// and for molecules moving up or down; exact sums, so the result does not depend on the order of the additions.
#pragma once

#include "utils/Vec3.h"

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace mardyn {

class MoleculeBinning {
 public:
  /// Per-molecule values, in the order in which a request's fields are laid out.
  enum Field : unsigned {
    Count,      ///< 1
    RotDof,     ///< rotational degrees of freedom of the component
    TwiceErot,  ///< 2 E_rot
    Vx, Vy, Vz,
    Vx2, Vy2, Vz2,
    Fx, Fy, Fz,
    ViX, ViY, ViZ,  ///< ls1's per-molecule virial
    Vabs,           ///< |v|
    Kinetic,        ///< m v^2 + 2 E_rot
    Dof,            ///< 3 + rotational degrees of freedom
    Gamma,          ///< Vi_y - (Vi_x + Vi_z) / 2
    NumFields
  };
  enum class Geometry {
    SlabsY,     ///< bin floor((y - lower) / width), 0 <= bin < bins
    RangeY,     ///< one bin: lower <= y <= upper (ls1's GammaWriter: (y - upper)(y - lower) <= 0)
    Cartesian,  ///< SpatialProfile: floor(r_d inv_d) on units_d bins, x outermost
    Cylinder    ///< SpatialProfile: r^2 about the box's vertical axis, h, phi
  };
  struct Request {
    Geometry geometry = Geometry::SlabsY;
    double lower = 0.0, width = 1.0, upper = 0.0;
    unsigned bins = 1;                     ///< SlabsY; the others: from units
    std::array<double, 3> inv{1, 1, 1};    ///< Cartesian, Cylinder: bins per unit (r: per unit r^2, phi: per radian)
    std::array<unsigned, 3> units{1, 1, 1};
    Vec3 centre;                           ///< Cylinder: its axis through (centre.x, ., centre.z)
    bool perComponent = false;             ///< slots: 0 all, c + 1 component c (else one slot)
    bool singleComponent = false;          ///< with perComponent: every molecule in slot 1 (ls1's single_component)
    int onlyComponent = -1;                ///< >= 0: only this component's molecules
    bool directions = false;               ///< three blocks: all, v_y >= 0, v_y <= 0
    unsigned fieldMask = 0;                ///< bit f: field f
  };
  /// Values per request: directions x slots x bins x fields, index ((dir * slots + slot) * bins + bin) * fields + f
  /// with the fields of the mask in Field order.
  static std::size_t size(const Request& r, std::size_t components);
  static unsigned bins(const Request& r);
  static unsigned fields(const Request& r);

  virtual ~MoleculeBinning() = default;
  /// A new set of sums for `request`; its handle.
  virtual int add(const Request& request) = 0;
  /// Collective. Adds this step's owned molecules to the sums of `handle`.
  virtual void accumulate(int handle) = 0;
  /// The sums of `handle` since the last take, on this process (reduce them over the processes), and a reset.
  virtual std::vector<double> take(int handle) = 0;
  /// ls1's MaxWriter's extremes where the molecules live: per slot (0: all molecules, c + 1: component c) and
  /// quantity (v, L, F, M) the largest squared norm, the largest x, y, z and the smallest x, y, z, each starting
  /// from 0; value (slot * kExtremeQuantities + quantity) * kExtremesPerQuantity + j. Maxima and minima are exact,
  /// so the device's equal the host's.
  static constexpr int kExtremeQuantities = 4, kExtremesPerQuantity = 7;
  static std::size_t extremesSize(std::size_t components) {
    return (components + 1) * kExtremeQuantities * kExtremesPerQuantity;
  }
  /// A new set of extremes, all 0; its handle.
  virtual int addExtremes() = 0;
  /// Folds this step's owned molecules into the extremes of `handle`.
  virtual void foldExtremes(int handle) = 0;
  /// The extremes of `handle` since the last take, on this process (the maxima and minima over the processes are
  /// the caller's), and a reset to 0.
  virtual std::vector<double> takeExtremes(int handle) = 0;

  /// ls1's RegionSampling VDF (or FDF) sampling of one region where the molecules live: per slab along y and
  /// component slot, 12 histograms of the classes of |v| and of each component of v (or F), split by signs
  /// (vdfCounts; RegionVdf's layout: histogram h's values from h * vdfValues, each sampled slot's bins x classes
  /// from its offset).
  struct VdfRequest {
    double lowerY = 0.0, binWidth = 1.0;
    unsigned bins = 1;
    bool force = false;            ///< FDF: the force instead of the velocity
    bool singleComponent = false;  ///< every molecule in slot 1
    /// Per slot (0: all molecules, c + 1: component c): the classes and the largest value; 0 classes: not sampled.
    std::vector<std::pair<unsigned, double>> classes;
  };
  /// Values of each of the 12 histograms, and the first value of every slot (0 for slots not sampled).
  static std::size_t vdfValues(const VdfRequest& r);
  static std::vector<std::size_t> vdfOffsets(const VdfRequest& r);
  /// Per slot 1 / its class width (0 for slots not sampled), as the host and the device both take it.
  static std::vector<double> vdfInvClassWidths(const VdfRequest& r);
  virtual int addVdf(const VdfRequest& request) = 0;
  /// Adds this step's owned molecules to the counts of `handle`.
  virtual void accumulateVdf(int handle) = 0;
  /// The counts of `handle` since the last take (12 x vdfValues), on this process, and a reset.
  virtual std::vector<double> takeVdf(int handle) = 0;

  /// ls1's RDF where the molecules live: every pair of molecules whose centres lie closer than `cutoff`, counted
  /// once (across the box's faces and the processes' borders too), in bins of `interval` up to bins * interval
  /// (rdfBin) of the distance of their centres and, for component pairs with more than two sites between them, of
  /// every pair of their sites (ls1's order: LJ centres, charges, dipoles, quadrupoles).
  struct RdfRequest {
    unsigned bins = 1;
    double interval = 1.0, cutoff = 0.0;
    std::vector<unsigned> sites;  ///< per component: its sites
  };
  /// Where the counts go (each histogram `bins` values): per component pair i <= j (index i * components + j, and
  /// j * components + i alike) the first value of its molecule histogram, and of its site histograms or -1 (site
  /// pair (m, n), m of component i, at siteBase + (m * sites_j + n) * bins; for i == j a pair of sites m != n
  /// counts in (m, n) and (n, m)); histograms: their values in all. takeRdf gives those values, then the owned
  /// molecules of each component.
  struct RdfLayout {
    std::vector<long> pairBase, siteBase;
    std::size_t histograms = 0;
  };
  static RdfLayout rdfLayout(const RdfRequest& r);
  virtual int addRdf(const RdfRequest& request) = 0;
  /// Collective where the host counts molecules that live on a GPU. Adds this step's pairs of owned molecules (with
  /// their partners among the owned molecules and the halo, each pair on one process) and the owned molecules.
  virtual void accumulateRdf(int handle) = 0;
  /// The counts of `handle` since the last take, on this process (sum them over the processes), and a reset.
  virtual std::vector<double> takeRdf(int handle) = 0;

  /// ls1's CavityWriter where the molecules live: per point of a regular grid, the owned molecules within `radius`
  /// of it (positions wrapped into the box, no periodic images), leaving out a molecule whose id equals the point's
  /// (ls1's rule; the point's id k_x N_y N_z + k_y N_z + k_z + 1). Point k along axis d lies at
  /// lower_d + (0.5009756 + k) spacing_d (cavityPoint), k from first_d to last_d.
  struct CavityRequest {
    Vec3 lower, spacing{1, 1, 1};
    std::array<long, 3> first{0, 0, 0}, last{-1, -1, -1};
    std::array<long, 3> grid{1, 1, 1};  ///< N_x, N_y, N_z: the points' ids
    double radius = 1.0;
  };
  /// The points, x outermost: count ((k_x - first_x) n_y + k_y - first_y) n_z + k_z - first_z.
  static std::size_t cavityPoints(const CavityRequest& r);
  virtual int addCavity(const CavityRequest& request) = 0;
  /// Adds this step's owned molecules to the counts of `handle`.
  virtual void accumulateCavity(int handle) = 0;
  /// The counts of `handle` since the last take, on this process (sum them over the processes), and a reset.
  virtual std::vector<double> takeCavity(int handle) = 0;

  /// Whether a request's fields need ls1's per-molecule virial (a pair pass).
  static bool needsVirial(const Request& r) {
    return r.fieldMask & ((1u << ViX) | (1u << ViY) | (1u << ViZ) | (1u << Gamma));
  }
};

}  // namespace mardyn
