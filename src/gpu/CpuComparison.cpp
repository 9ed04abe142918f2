// CpuComparison: deviations of the device results from the CPU reference, matched by molecule id.
#include "gpu/CpuComparison.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <unordered_map>

namespace mardyn::gpu {

CpuComparison CpuComparison::of(const std::vector<Molecule>& device, const std::vector<Molecule>& cpu,
                                double upotGpu, double upotCpu, double virialGpu, double virialCpu, double cutoff) {
  std::unordered_map<unsigned long, const Molecule*> byId;
  for (const Molecule& m : device) byId[m.id()] = &m;
  if (byId.size() != cpu.size())
    throw MardynException("COMPARE_TO_CPU: the device has " + std::to_string(byId.size()) +
                          " owned molecules, the CPU reference " + std::to_string(cpu.size()));
  CpuComparison c;
  double df2 = 0, f2 = 0, dm2 = 0, m2 = 0, maxDf2 = 0, maxDm2 = 0;
  for (const Molecule& m : cpu) {
    const auto it = byId.find(m.id());
    if (it == byId.end())
      throw MardynException("COMPARE_TO_CPU: molecule " + std::to_string(m.id()) + " is not on the device");
    const Vec3 df = it->second->F() - m.F(), dm = it->second->M() - m.M();
    df2 += norm2(df);
    dm2 += norm2(dm);
    f2 += norm2(m.F());
    m2 += norm2(m.M());
    maxDf2 = std::max(maxDf2, norm2(df));
    maxDm2 = std::max(maxDm2, norm2(dm));
  }
  const double n = static_cast<double>(std::max<std::size_t>(cpu.size(), 1));
  const double perMolecule = std::abs(upotCpu) / n;
  c.molecules = cpu.size();
  c.forceScale = std::max({std::sqrt(f2 / n), perMolecule / cutoff, 1e-300});
  c.torqueScale = std::max({std::sqrt(m2 / n), perMolecule, 1e-300});
  c.forceDeviation = std::sqrt(df2 / n) / c.forceScale;
  c.torqueDeviation = std::sqrt(dm2 / n) / c.torqueScale;
  c.maxForceDeviation = std::sqrt(maxDf2) / c.forceScale;
  c.maxTorqueDeviation = std::sqrt(maxDm2) / c.torqueScale;
  c.upotGpu = upotGpu;
  c.upotCpu = upotCpu;
  c.virialGpu = virialGpu;
  c.virialCpu = virialCpu;
  return c;
}

double CpuComparison::relativeUpotDifference() const {
  return std::abs(upotGpu - upotCpu) / std::max(std::abs(upotCpu), 1e-300);
}

double CpuComparison::relativeVirialDifference() const {
  return std::abs(virialGpu - virialCpu) / std::max({std::abs(virialCpu), std::abs(upotCpu), 1e-300});
}

double CpuComparison::worst() const {
  return std::max({maxForceDeviation, maxTorqueDeviation, relativeUpotDifference(), relativeVirialDifference()});
}

std::string CpuComparison::line(unsigned long traversal) const {
  std::ostringstream os;
  os << std::scientific << std::setprecision(2) << "GPU vs CPU (traversal " << traversal << "): force dev "
     << forceDeviation << " (max " << maxForceDeviation << "), torque dev " << torqueDeviation << " (max "
     << maxTorqueDeviation << "), U_pot " << std::setprecision(10) << upotGpu << " vs " << upotCpu << ", virial "
     << virialGpu << " vs " << virialCpu;
  return os.str();
}

}  // namespace mardyn::gpu
