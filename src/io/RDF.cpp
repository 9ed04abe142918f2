// RDF: a cell list of its own over every molecule (gathered on process 0, with periodic images: ls1 counts pairs
// across the box's faces through its halo), ls1's bins and normalisation, and its file layout at precision 5.
#include "io/RDF.h"

#include "io/AtomicFile.h"
#include "io/StreamingFile.h"
#include "particleContainer/PairObservables.h"

#include <cmath>
#include <iomanip>
#include <map>
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
    : _s(settings), _prefix(std::move(prefix)), _cutoff(config.cutoffRadius),
      _volume(config.box.x * config.box.y * config.box.z), _equilibration(config.equilibrationSteps) {
  for (const Component& c : config.components) _components.push_back(&c);
  const unsigned nc = static_cast<unsigned>(_components.size());
  _values = static_cast<std::size_t>(nc) * (nc + 1) / 2 * _s.bins;
  _siteOffset.assign(static_cast<std::size_t>(nc) * nc, std::string::npos);
  for (unsigned i = 0; i < nc; ++i)
    for (unsigned j = i; j < nc; ++j) {
      const std::size_t ni = _components[i]->numSites(), nj = _components[j]->numSites();
      if (ni + nj <= 2) continue;
      _siteOffset[i * nc + j] = _values;
      _values += ni * nj * _s.bins;
    }
  _current.assign(_values, 0.0);
  _accumulated.assign(_values, 0.0);
  _count.assign(nc, 0.0);
  _countAccumulated.assign(nc, 0.0);
}

std::size_t RDF::pairIndex(unsigned i, unsigned j) const {
  const unsigned nc = static_cast<unsigned>(_components.size());
  return (static_cast<std::size_t>(i) * nc - static_cast<std::size_t>(i) * (i - 1) / 2 + (j - i)) * _s.bins;
}

void RDF::init(const SimulationView& sim) {
  if (sim.rank() == 0) StreamingFile::checkWritable(_prefix + "_0-0.000000000.rdf");
}

namespace {
/// The space-frame positions of a molecule's sites in ls1's order (LJ centres, charges, dipoles, quadrupoles).
void sites(const Molecule& m, std::vector<Vec3>& out) {
  out.clear();
  const Component& c = m.component();
  for (const auto& s : c.ljCenters()) out.push_back(m.r() + m.siteOffset(s.r));
  for (const auto& s : c.charges()) out.push_back(m.r() + m.siteOffset(s.r));
  for (const auto& s : c.dipoles()) out.push_back(m.r() + m.siteOffset(s.r));
  for (const auto& s : c.quadrupoles()) out.push_back(m.r() + m.siteOffset(s.r));
}
}  // namespace

void RDF::countPairs(const std::vector<Molecule>& molecules, const Vec3& box, std::vector<double>& counts) const {
  const double maxDist2 = _s.interval * _s.interval * _s.bins * static_cast<double>(_s.bins);
  const unsigned nc = static_cast<unsigned>(_components.size());
  std::vector<Vec3> si, sj;
  auto observe = [&](const Molecule& a, const Molecule& b, double dd) {
    if (dd > maxDist2) return;
    unsigned i = a.componentId(), j = b.componentId();
    const Molecule* ma = &a;
    const Molecule* mb = &b;
    if (i > j) {
      std::swap(i, j);
      std::swap(ma, mb);
    }
    const std::size_t bin = static_cast<std::size_t>(std::floor(std::sqrt(dd) / _s.interval));
    if (bin >= _s.bins) return;
    counts[pairIndex(i, j) + bin] += 1;
    const std::size_t off = _siteOffset[i * nc + j];
    if (off == std::string::npos) return;
    sites(*ma, si);
    sites(*mb, sj);
    for (std::size_t m = 0; m < si.size(); ++m)
      for (std::size_t n = 0; n < sj.size(); ++n) {
        const double d2 = norm2(si[m] - sj[n]);
        if (d2 > maxDist2) continue;
        const std::size_t b2 = static_cast<std::size_t>(std::floor(std::sqrt(d2) / _s.interval));
        if (b2 >= _s.bins) continue;
        counts[off + (m * sj.size() + n) * _s.bins + b2] += 1;
        if (i == j && m != n) counts[off + (n * sj.size() + m) * _s.bins + b2] += 1;
      }
  };
  // Every pair once, across the box's faces too (ls1 counts them through its halo): the molecules and their
  // periodic images, each pair counted from the molecule of the smaller id.
  const std::vector<Molecule> images = PairObservables::periodicImages(molecules, box, _cutoff);
  std::vector<const Molecule*> owned, others;
  for (const Molecule& m : molecules) owned.push_back(&m);
  for (const Molecule& m : images) others.push_back(&m);
  PairObservables::forEachNeighbour(
      owned, others, _cutoff,
      [&](std::size_t a, const Molecule& b, const Vec3& dcom) {
        if (b.id() > owned[a]->id()) observe(*owned[a], b, norm2(dcom));
      },
      false);
}

std::string RDF::file(unsigned i, unsigned j) const {
  std::ostringstream out;
  out.precision(5);
  const double V = _volume;
  const double Ni = _count[i] / _samples, NAi = _countAccumulated[i] / _samplesAccumulated;
  const double Nj = _count[j] / _samples, NAj = _countAccumulated[j] / _samplesAccumulated;
  const std::size_t ni = _components[i]->numSites(), nj = _components[j]->numSites();
  const bool siteRdf = ni + nj > 2;
  const std::size_t off = _siteOffset[i * _components.size() + j];
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
  const std::size_t base = pairIndex(i, j);
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
          const std::size_t k = off + (m * nj + n) * _s.bins + l;
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
  if (step % _s.samplingFrequency == 0 && step > _equilibration) {
    std::vector<Molecule> all = sim.gatherMolecules();  // collective; process 0 counts
    if (sim.rank() == 0) {
      ++_samples;
      for (const Molecule& m : all) _count[m.componentId()] += 1;
      countPairs(all, sim.config().box, _current);
    }
  }
  if (step == 0 || step % _s.writeFrequency != 0 || sim.rank() != 0 || _samples == 0) return;
  _samplesAccumulated += _samples;
  for (std::size_t k = 0; k < _values; ++k) _accumulated[k] += _current[k];
  for (std::size_t c = 0; c < _count.size(); ++c) _countAccumulated[c] += _count[c];
  for (unsigned i = 0; i < _components.size(); ++i)
    for (unsigned j = i; j < _components.size(); ++j) {
      std::ostringstream name;
      name << _prefix << "_" << i << "-" << j << "." << std::setw(9) << std::setfill('0') << step << ".rdf";
      AtomicFile::write(name.str(), file(i, j));
    }
  std::fill(_current.begin(), _current.end(), 0.0);
  std::fill(_count.begin(), _count.end(), 0.0);
  _samples = 0;
}

}  // namespace mardyn
