// CpuComparison: the outcome of one COMPARE_TO_CPU check of the device's forces, torques, U_pot and
// virial against the CPU reference on the same configuration. Deviations are measured against scales
// that stay meaningful when the forces themselves are round-off (a perfect lattice): the force scale is
// the larger of the CPU's RMS force and |U_pot| / (N rc), the torque scale the larger of the RMS torque
// and |U_pot| / N, and the virial is compared relative to max(|virial|, |U_pot|).
#pragma once

#include "molecules/Molecule.h"

#include <string>
#include <vector>

namespace mardyn::gpu {

struct CpuComparison {
  double forceDeviation = 0.0;      ///< RMS over molecules of |F_gpu - F_cpu|, over the force scale
  double torqueDeviation = 0.0;     ///< the same for torques
  double maxForceDeviation = 0.0;   ///< max over molecules of |F_gpu - F_cpu|, over the force scale
  double maxTorqueDeviation = 0.0;
  double forceScale = 0.0, torqueScale = 0.0;
  double upotGpu = 0.0, upotCpu = 0.0;
  double virialGpu = 0.0, virialCpu = 0.0;
  std::size_t molecules = 0;

  /// device and cpu: the same owned molecules (matched by id) with their forces and torques.
  static CpuComparison of(const std::vector<Molecule>& device, const std::vector<Molecule>& cpu, double upotGpu,
                          double upotCpu, double virialGpu, double virialCpu, double cutoff);
  double relativeUpotDifference() const;
  double relativeVirialDifference() const;
  /// The largest of the four deviations (what the tolerance bounds).
  double worst() const;
  /// "GPU vs CPU (traversal n): force dev 1.2e-13 (max 4.0e-13), torque dev ..., U_pot ... vs ..., virial ... vs ...".
  std::string line(unsigned long traversal) const;
};

}  // namespace mardyn::gpu
