// MaxWriter: every step the owned molecules fold into the extremes; every writefrequency steps the extremes
// over the processes (maxima and minima each their own) make a row: the step, then per slot sqrt of the largest
// square and the six component extremes, in ls1's FORMAT_SCI_MAX_DIGITS; then the extremes start from 0 again.
#include "io/MaxWriter.h"

#include "io/Ls1Format.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mardyn {

namespace {
const char* kFiles[4] = {"_max_veloc.dat", "_max_angmo.dat", "_max_force.dat", "_max_torqe.dat"};
const char* kSymbols[4] = {"v", "L", "F", "M"};
}  // namespace

MaxWriter::MaxWriter(std::string prefix, unsigned long writeFrequency, std::size_t components)
    : _prefix(std::move(prefix)), _writeFrequency(writeFrequency ? writeFrequency : 1), _slots(components + 1),
      _values(_slots * kQuantities * kPerQuantity, 0.0) {}

void MaxWriter::fold(std::vector<double>& values, const Molecule& m) {
  const Vec3 q[4] = {m.v(), m.L(), m.F(), m.M()};
  const std::size_t slot = m.componentId() + 1;
  for (std::size_t s : {std::size_t(0), slot})
    for (int k = 0; k < kQuantities; ++k) {
      double* v = &values[(s * kQuantities + k) * kPerQuantity];
      v[0] = std::max(v[0], norm2(q[k]));
      for (int d = 0; d < 3; ++d) {
        v[1 + d] = std::max(v[1 + d], q[k][d]);
        v[4 + d] = std::min(v[4 + d], q[k][d]);
      }
    }
}

void MaxWriter::init(const SimulationView& sim) {
  if (sim.rank() != 0) return;
  for (int k = 0; k < kQuantities; ++k) {
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
  view->forEachOwned([&](const Molecule& m) { fold(_values, m); });
  if (step % _writeFrequency != 0) return;
  std::vector<double> global = _values;
  if (view->numProcs() > 1) {
    const std::vector<double> all = view->allgather(_values);
    const std::size_t n = _values.size();
    std::copy(all.begin(), all.begin() + static_cast<long>(n), global.begin());
    for (std::size_t r = 1; r < all.size() / n; ++r)
      for (std::size_t i = 0; i < n; ++i) {
        const bool minimum = i % kPerQuantity >= 4;
        global[i] = minimum ? std::min(global[i], all[r * n + i]) : std::max(global[i], all[r * n + i]);
      }
  }
  std::fill(_values.begin(), _values.end(), 0.0);
  if (sim.rank() != 0) return;
  for (int k = 0; k < kQuantities; ++k) {
    std::ostringstream row;
    row << std::setw(24) << step;
    for (std::size_t s = 0; s < _slots; ++s) {
      const double* v = &global[(s * kQuantities + k) * kPerQuantity];
      row << Ls1Format::sci(std::sqrt(v[0]));
      for (int i = 1; i < kPerQuantity; ++i) row << Ls1Format::sci(v[i]);
    }
    _out[k]->write(row.str() + "\n");
  }
}

void MaxWriter::finish(unsigned long, double, const SimulationView&) {
  for (auto& o : _out) o.reset();
}

}  // namespace mardyn
