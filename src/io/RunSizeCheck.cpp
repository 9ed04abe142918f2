// RunSizeCheck: sizes computed in floating point (a 1e7-wide box or 100000 cells per cutoff
// radius overflow every integer type) and compared with the memory available.
#include "io/RunSizeCheck.h"

#include "molecules/Molecule.h"
#include "utils/MemoryLimit.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

namespace mardyn {

double RunSizeCheck::bytesPerMolecule() {
  // record + all-molecules vector at set-up + container copy + halo copy + per-site data
  return sizeof(MoleculeRecord) + 3.0 * sizeof(Molecule) + 128.0;
}

double RunSizeCheck::bytesPerCell() { return 64.0 + 3.0 * sizeof(Vec3) + sizeof(std::vector<Molecule>); }

double RunSizeCheck::cellCount(const Vec3& box, double cutoff, int cellsInCutoffRadius) {
  const double n = cellsInCutoffRadius;
  double cells = 1.0;
  for (int d = 0; d < 3; ++d) cells *= std::max(n, std::floor(box[d] / (cutoff / n))) + 2.0 * n;
  return cells;
}

void RunSizeCheck::check(const SimulationConfig& c, const Places& where, std::vector<InputProblem>& problems) {
  const double available = MemoryLimit::availableBytes();
  const double cells = cellCount(c.box, c.cutoffRadius, c.cellsInCutoffRadius);
  const double cellBytes = cells * bytesPerCell();
  if (!(cellBytes <= available)) {
    // Blame cellsInCutoffRadius when one cell per cutoff radius would fit, else the box.
    const bool finer = c.cellsInCutoffRadius > 1 && cellCount(c.box, c.cutoffRadius, 1) * bytesPerCell() <= available;
    std::ostringstream msg;
    msg << "the linked-cell grid of box (" << c.box.x << ", " << c.box.y << ", " << c.box.z << "), cutoff "
        << c.cutoffRadius << " and " << c.cellsInCutoffRadius << " cells per cutoff radius has " << cells << " cells ("
        << MemoryLimit::format(cellBytes) << "), more than the " << MemoryLimit::format(available)
        << " of memory available (expected "
        << (finer ? "fewer cells per cutoff radius)" : "a smaller box or a larger cutoff)");
    problems.push_back((finer ? where.cells : where.box).problem(msg.str()));
    return;
  }
  const double n = static_cast<double>(c.molecules.size());
  if (n == 0) return;
  // Verlet list: half of the pairs within cutoff + skin at the mean density, 8 bytes each.
  const double volume = c.box.x * c.box.y * c.box.z;
  const double skin = c.verletSkin < 0 ? 0.12 * c.cutoffRadius : c.verletSkin;
  const double r = c.cutoffRadius + skin;
  const double pairs = 0.5 * n * (n / volume) * (4.0 / 3.0) * M_PI * r * r * r;
  const double total = cellBytes + n * bytesPerMolecule() + 8.0 * std::min(pairs, 0.5 * n * n);
  if (!(total <= available)) {
    std::ostringstream msg;
    msg << "the run needs about " << MemoryLimit::format(total) << " for " << n << " molecules, their halo copies, "
        << cells << " linked cells and the neighbour list, more than the " << MemoryLimit::format(available)
        << " of memory available (expected fewer molecules)";
    problems.push_back(where.phaseSpace.problem(msg.str()));
  }
}

}  // namespace mardyn
