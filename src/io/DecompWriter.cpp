// DecompWriter: "size lx ly lz", the column line, then "rank min_x min_y min_z max_x max_y max_z {container}" of
// every process (gathered on process 0), written whole. ls1 writes the file under MPI only; here also for one process.
#include "io/DecompWriter.h"

#include "io/AtomicFile.h"
#include "io/Ls1Format.h"
#include "io/StreamingFile.h"

#include <cmath>
#include <sstream>

namespace mardyn {

DecompWriter::DecompWriter(std::string prefix, unsigned long writeFrequency, bool incremental, unsigned long totalSteps)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency ? writeFrequency : 1), _totalSteps(totalSteps),
      _incremental(incremental) {}

std::string DecompWriter::numbered(const std::string& prefix, unsigned long step, unsigned long writeFrequency,
                                   unsigned long totalSteps, bool incremental, const std::string& suffix) {
  if (!incremental) return prefix + suffix;
  const int digits = static_cast<int>(std::ceil(std::log(static_cast<double>(totalSteps / writeFrequency)) / std::log(10.)));
  return prefix + "-" + Ls1Format::padded(step / writeFrequency, std::max(0, digits)) + suffix;
}

void DecompWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(numbered(_prefix, 0, _writeFrequency, _totalSteps, _incremental, ".decomp"));
}

void DecompWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  if (step % _writeFrequency != 0) return;
  const SamplingView* view = sim.sampling();
  if (!view) return;
  const Vec3 lo = view->regionMin(), hi = view->regionMax();
  const std::vector<double> all = view->allgather({lo.x, lo.y, lo.z, hi.x, hi.y, hi.z});
  if (sim.rank() != 0) return;
  const Vec3& box = sim.config().box;
  std::ostringstream os;
  os << "size " << box.x << " " << box.y << " " << box.z << "\n";
  os << "rank boxMin_x boxMin_y boxMin_z boxMax_x boxMax_y boxMax_z Configuration\n";
  for (std::size_t r = 0; r < all.size() / 6; ++r) {
    os << r;
    for (int k = 0; k < 6; ++k) os << " " << all[6 * r + k];
    os << " " << view->containerDescription() << "\n";
  }
  AtomicFile::write(numbered(_prefix, step, _writeFrequency, _totalSteps, _incremental, ".decomp"), os.str());
}

}  // namespace mardyn
