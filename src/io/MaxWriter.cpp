// MaxWriter: every step the owned molecules fold into the extremes (where they live); every writefrequency steps
// the extremes over the processes (maxima and minima each their own) make a row: the step, then per slot sqrt of
// the largest square and the six component extremes, in ls1's FORMAT_SCI_MAX_DIGITS; then the extremes start
// from 0 again.
#include "io/MaxWriter.h"

#include "io/Ls1Format.h"
#include "io/MoleculeBinning.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mardyn {

namespace {
const char* kFiles[4] = {"_max_veloc.dat", "_max_angmo.dat", "_max_force.dat", "_max_torqe.dat"};
const char* kSymbols[4] = {"v", "L", "F", "M"};
}  // namespace

MaxWriter::MaxWriter(std::string prefix, unsigned long writeFrequency, std::size_t components)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency ? writeFrequency : 1), _slots(components + 1) {}

void MaxWriter::init(const SimulationView& sim) {
  if (sim.rank() != 0) return;
  for (int k = 0; k < MoleculeBinning::kExtremeQuantities; ++k) {
    _out[k] = std::make_unique<StreamingFile>(_prefix + kFiles[k], StreamingFile::Mode::Truncate);
    std::ostringstream h;
    h << "                 simstep";
    for (std::size_t c = 0; c < _slots; ++c) {
      h << "                 " << kSymbols[k] << "abs_c" << c;
      for (const char* part : {"+x", "+y", "+z", "-x", "-y", "-z"}) h << "                  " << kSymbols[k] << part << "_c" << c;
    }
    _out[k]->write(h.str() + "\n");
  }
}

void MaxWriter::afterStep(unsigned long step, double, const SimulationView& sim) {
  const SamplingView* view = sim.sampling();
  if (!view) return;
  constexpr int quantities = MoleculeBinning::kExtremeQuantities, perQuantity = MoleculeBinning::kExtremesPerQuantity;
  MoleculeBinning& binning = view->binning();
  if (_extremes < 0) _extremes = binning.addExtremes();
  binning.foldExtremes(_extremes);
  if (step % _writeFrequency != 0) return;
  const std::vector<double> local = binning.takeExtremes(_extremes);
  std::vector<double> global = local;
  if (view->numProcs() > 1) {
    const std::vector<double> all = view->allgather(local);
    const std::size_t n = local.size();
    for (std::size_t r = 1; r < all.size() / n; ++r)
      for (std::size_t i = 0; i < n; ++i) {
        const bool minimum = i % perQuantity >= 4;
        global[i] = minimum ? std::min(global[i], all[r * n + i]) : std::max(global[i], all[r * n + i]);
      }
  }
  if (sim.rank() != 0) return;
  for (int k = 0; k < quantities; ++k) {
    std::ostringstream row;
    row << std::setw(24) << step;
    for (std::size_t s = 0; s < _slots; ++s) {
      const double* v = &global[(s * quantities + k) * perQuantity];
      row << Ls1Format::sci(std::sqrt(v[0]));
      for (int i = 1; i < perQuantity; ++i) row << Ls1Format::sci(v[i]);
    }
    _out[k]->write(row.str() + "\n");
  }
}

void MaxWriter::finish(unsigned long, double, const SimulationView&) {
  for (auto& o : _out) o.reset();
}

}  // namespace mardyn
