// RDF: the pair counts of the view's binning (ls1 counts pairs closer than the cutoff, across the box's faces
// through its halo), ls1's bins and normalisation, and its file layout at precision 5.
#include "io/RDF.h"

#include "io/AtomicFile.h"
#include "io/SamplingView.h"
#include "io/StreamingFile.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace mardyn {

std::shared_ptr<const PluginSettings> RDF::read(XmlInput& xml, const XmlNode& e, const SimulationConfig&,
                                                OutputPluginConfig& plugin) {
  auto s = std::make_shared<Settings>();
  s->writeFrequency = plugin.writeFrequency;
  const long sf = xml.integer(e, "samplingfrequency", 1L);
  if (sf < 1) xml.problem(xml.child(e, "samplingfrequency"), "samplingfrequency must be positive (expected >= 1)");
  s->samplingFrequency = static_cast<unsigned long>(std::max(1L, sf));
  const long bins = xml.integer(e, "bins", 1L);
  if (bins < 1 || bins > 100000000) xml.problem(xml.child(e, "bins"), "bins out of range (expected 1..1e8)");
  s->bins = static_cast<unsigned>(std::clamp(bins, 1L, 100000000L));
  s->interval = xml.number(e, "intervallength", 1.0);
  if (!(s->interval > 0)) xml.problem(xml.child(e, "intervallength"), "intervallength must be positive (expected > 0)");
  if (xml.integer(e, "angularbins", 1L) > 1)
    xml.problem(xml.child(e, "angularbins"), "angular RDFs (angularbins > 1) are not supported here (expected 1)");
  return s;
}

RDF::RDF(const Settings& settings, std::string prefix, const SimulationConfig& config)
    : _s(settings), _prefix(std::move(prefix)), _volume(config.box.x * config.box.y * config.box.z),
      _equilibration(config.equilibrationSteps) {
  for (const Component& c : config.components) _components.push_back(&c);
  _request.bins = _s.bins;
  _request.interval = _s.interval;
  _request.cutoff = config.cutoffRadius;
  for (const Component* c : _components) _request.sites.push_back(static_cast<unsigned>(c->numSites()));
  _layout = MoleculeBinning::rdfLayout(_request);
  _values = _layout.histograms;
  const std::size_t nc = _components.size();
  _current.assign(_values, 0.0);
  _accumulated.assign(_values, 0.0);
  _count.assign(nc, 0.0);
  _countAccumulated.assign(nc, 0.0);
}

void RDF::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(_prefix + "_0-0.000000000.rdf");
}

std::string RDF::file(unsigned i, unsigned j) const {
  std::ostringstream out;
  out.precision(5);
  const double V = _volume;
  const double Ni = _count[i] / _samples, NAi = _countAccumulated[i] / _samplesAccumulated;
  const double Nj = _count[j] / _samples, NAj = _countAccumulated[j] / _samplesAccumulated;
  const std::size_t ni = _components[i]->numSites(), nj = _components[j]->numSites();
  const bool siteRdf = ni + nj > 2;
  const std::size_t nc = _components.size();
  const long off = _layout.siteBase[i * nc + j];
  out << "# r\tcurr.{loc, int}\taccu.{loc, int}\t\tdV\tNpair(curr.)\tNpair(accu.)\t\tnorm(curr.)\tnorm(accu.)";
  if (siteRdf)
    for (std::size_t m = 0; m < ni; ++m) {
      out << "\t";
      for (std::size_t n = 0; n < nj; ++n)
        out << "\t(" << m << ", " << n << ")_curr{loc, int}   (" << m << ", " << n << ")_accu{loc, int}";
    }
  out << "\n";
  out << "# \n# ctr_i: " << static_cast<unsigned long>(_count[i]) << "\n# ctr_j: " << static_cast<unsigned long>(_count[j])
      << "\n# V: " << V << "\n# _universalRDFTimesteps: " << _samples
      << "\n# _universalAccumulatedTimesteps: " << _samplesAccumulated << "\n# _samplingFrequency: " << _s.samplingFrequency
      << "\n# rho_i: " << Ni / V << " (acc. " << NAi / V << ")"
      << "\n# rho_j: " << Nj / V << " (acc. " << NAj / V << ")" << "\n# \n";
  out << "#r\trdf\trdf_{integral}\tacc_rdf acc_rdf_{integral}\t\tdV\tNpair(curr.)\tNpair(accu.)\t\tnormalization(curr.)\t"
         "normalization(accu.)";
  if (siteRdf)
    for (std::size_t m = 0; m < ni; ++m) {
      out << "\t";
      for (std::size_t n = 0; n < nj; ++n)
        out << "\t(" << m << "," << n << ")_curr{rdf, rdf_integral}   (" << m << "," << n << ")_accu{rdf, rdf_integral}";
    }
  out << "\n";
  std::vector<double> siteInt(ni * nj, 0.0), siteAccInt(ni * nj, 0.0);
  double pairInt = 0.0, accInt = 0.0;
  const std::size_t base = static_cast<std::size_t>(_layout.pairBase[i * nc + j]);
  for (unsigned l = 0; l < _s.bins; ++l) {
    const double rmin = l * _s.interval, rmid = (l + 0.5) * _s.interval, rmax = (l + 1.0) * _s.interval;
    const double r3min = rmin * rmin * rmin, r3max = rmax * rmax * rmax;
    const double dV = (4.0 / 3.0) * M_PI * (r3max - r3min);
    const double Npair = _current[base + l] / static_cast<double>(_samples);
    pairInt += Npair;
    const double NApair = _accumulated[base + l] / static_cast<double>(_samplesAccumulated);
    accInt += NApair;
    double norm, accNorm, intNorm, accIntNorm;
    if (i == j) {
      norm = 0.5 * Ni * (Ni - 1.0) * dV / V;
      accNorm = 0.5 * NAi * (NAi - 1.0) * dV / V;
      intNorm = 0.5 * Ni * (Ni - 1.0) * 4.1887902 * r3max / V;
      accIntNorm = 0.5 * NAi * (NAi - 1.0) * 4.1887902 * r3max / V;
    } else {
      norm = Ni * Nj * dV / V;
      accNorm = NAi * NAj * dV / V;
      intNorm = Ni * Nj * 4.1887902 * r3max / V;
      accIntNorm = NAi * NAj * 4.1887902 * r3max / V;
    }
    out << rmid << "\t" << Npair / norm << " " << pairInt / intNorm << "\t" << NApair / accNorm << " " << accInt / accIntNorm
        << "\t\t" << dV << "\t" << Npair << "\t" << NApair << "\t\t" << norm << "\t" << accNorm;
    if (siteRdf)
      for (std::size_t m = 0; m < ni; ++m) {
        out << "\t";
        for (std::size_t n = 0; n < nj; ++n) {
          const double correction = (i == j && m != n) ? 0.5 : 1.;
          const std::size_t k = static_cast<std::size_t>(off) + (m * nj + n) * _s.bins + l;
          const double p = correction * _current[k] / static_cast<double>(_samples);
          siteInt[m * nj + n] += p;
          const double ap = correction * _accumulated[k] / static_cast<double>(_samplesAccumulated);
          siteAccInt[m * nj + n] += ap;
          out << "\t" << p / norm << " " << siteInt[m * nj + n] / intNorm << "   " << ap / accNorm << " "
              << siteAccInt[m * nj + n] / accIntNorm;
        }
      }
    out << "\n";
  }
  return out.str();
}

void RDF::afterStep(unsigned long step, double, const SimulationView& sim) {
  const SamplingView* view = sim.sampling();
  if (!view) return;
  MoleculeBinning& binning = view->binning();
  if (step % _s.samplingFrequency == 0 && step > _equilibration) {
    if (_handle < 0) _handle = binning.addRdf(_request);
    binning.accumulateRdf(_handle);  // collective where the host counts molecules that live on a GPU
    ++_samples;
  }
  if (step == 0 || step % _s.writeFrequency != 0 || _samples == 0) return;
  std::vector<double> counts = binning.takeRdf(_handle);
  view->allreduceSum(counts);  // integers below 2^53: exact in any order
  if (sim.rank() != 0) {
    _samples = 0;
    return;
  }
  for (std::size_t k = 0; k < _values; ++k) _current[k] = counts[k];
  for (std::size_t c = 0; c < _count.size(); ++c) _count[c] = counts[_values + c];
  _samplesAccumulated += _samples;
  for (std::size_t k = 0; k < _values; ++k) _accumulated[k] += _current[k];
  for (std::size_t c = 0; c < _count.size(); ++c) _countAccumulated[c] += _count[c];
  for (unsigned i = 0; i < _components.size(); ++i)
    for (unsigned j = i; j < _components.size(); ++j) {
      std::ostringstream name;
      name << _prefix << "_" << i << "-" << j << "." << std::setw(9) << std::setfill('0') << step << ".rdf";
      AtomicFile::write(name.str(), file(i, j));
    }
  _samples = 0;
}

}  // namespace mardyn
