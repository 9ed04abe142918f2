// MettDeamonFeedrateDirector: the running mean of the feed rates measured from the mirror's removals.
#include "plugins/MettDeamonFeedrateDirector.h"

#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

namespace mardyn {

MettDeamonFeedrateDirector::MettDeamonFeedrateDirector(FeedrateDirectorConfig config)
    : _config(std::move(config)), _list(_config.list.begin(), _config.list.end()) {}

double MettDeamonFeedrateDirector::mean() const {
  double sum = 0;
  for (double v : _list) sum += v;
  return _list.empty() ? 0.0 : sum / static_cast<double>(_list.size());
}

bool MettDeamonFeedrateDirector::beforeForces(unsigned long removedThisStep, double invDensityArea,
                                              const DomainDecompBase& decomp, unsigned long step, double& feed) {
  _removed += removedThisStep;
  bool updated = false;
  if (++_sampled == _config.updateFreq) {
    _sampled = 0;
    std::vector<unsigned long> removed{_removed};
    decomp.allreduceSum(removed);
    _removed = 0;
    _list.push_back(static_cast<double>(removed[0]) / static_cast<double>(_config.updateFreq) * invDensityArea);
    if (_list.size() > _config.numvals) _list.pop_front();
    feed = mean();
    updated = true;
  }
  writeRestart(step, decomp.rank());
  return updated;
}

void MettDeamonFeedrateDirector::writeRestart(unsigned long step, int rank) const {
  if (step % _config.writeFreq != 0 || rank != 0 || _list.empty()) return;
  std::ostringstream name;
  name << "MettDeamonFeedrateDirectorRestart_TS" << std::setw(9) << std::setfill('0') << step << ".xml";
  std::ofstream out(name.str());
  out << "<?xml version='1.0' encoding='UTF-8'?>\n<feedrate>\n\t<numvals>" << _config.numvals << "</numvals>\n\t<list>";
  out << std::scientific << std::setprecision(std::numeric_limits<double>::digits10);
  for (std::size_t i = 0; i < _list.size(); ++i) out << (i ? "," : "") << std::setw(21) << _list[i];
  out << "</list>\n</feedrate>\n";
}

}  // namespace mardyn
