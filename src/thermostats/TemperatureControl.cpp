// TemperatureControl: ls1's regional velocity scaling (per slab, exponent, directions, ramp, beta log)
// and the Andersen method, over the owned molecules; the sums are reduced over the ranks.
#include "thermostats/TemperatureControl.h"

#include <cmath>
#include <fstream>
#include <iomanip>

namespace mardyn {

TemperatureControl::TemperatureControl(TemperatureControlConfig config, std::size_t, double timestep)
    : _config(std::move(config)), _offsets(_config.regions), _timestep(timestep) {
  for (const auto& r : _config.regions) {
    State s;
    s.betaTrans.assign(r.numSlabs, 1.0);
    s.betaRot.assign(r.numSlabs, 1.0);
    s.measured.assign(r.numSlabs, false);
    _regions.push_back(s);
    _targets.push_back(r.temperature);
    _measuredOffset.push_back(_numMeasured);
    _numMeasured += r.andersen ? 0 : r.numSlabs;
  }
}

bool TemperatureControl::hasAndersen() const {
  for (const auto& r : _config.regions)
    if (r.andersen) return true;
  return false;
}

std::pair<double, double> TemperatureControl::scaling(std::size_t region, unsigned slab) const {
  const State& st = _regions[region];
  if (!st.measured[slab]) return {1.0, 1.0};
  return {2.0 - 1.0 / st.betaTrans[slab], 2.0 - 1.0 / st.betaRot[slab]};
}

bool TemperatureControl::actsAt(unsigned long step) const {
  return step % _config.frequency == 0 && step > _config.start && step <= _config.stop;
}

void TemperatureControl::follow(double left, double right) {
  for (std::size_t i = 0; i < _config.regions.size(); ++i) {
    const TemperatureControlRegion& o = _offsets[i];
    TemperatureControlRegion& r = _config.regions[i];
    for (int d = 0; d < 3; ++d) {
      const auto place = [&](double offset, int ref) { return offset + (ref == 1 ? left : ref == 2 ? right : 0.0); };
      r.lower[d] = place(o.lower[d], o.refCoords[d]);
      r.upper[d] = place(o.upper[d], o.refCoords[3 + d]);
    }
  }
}

int TemperatureControl::slabOf(const TemperatureControlRegion& r, const Molecule& m) const {
  if (r.component != 0 && m.componentId() + 1 != r.component) return -1;
  for (int d = 0; d < 3; ++d)
    if (m.r()[d] <= r.lower[d] || m.r()[d] >= r.upper[d]) return -1;
  const double width = (r.upper.y - r.lower.y) / r.numSlabs;
  const double s = std::floor((m.r().y - r.lower.y) / width);
  return s >= 0 && s < r.numSlabs ? static_cast<int>(s) : -1;
}

void TemperatureControl::updateRamp(std::size_t i, unsigned long step) {
  const TemperatureControlRegion& r = _config.regions[i];
  State& s = _regions[i];
  if (!r.ramp || step <= r.rampUpdateStart || step > r.rampUpdateStop) return;
  const double slope = (r.rampEnd - r.rampStart) / static_cast<double>(r.rampUpdateStop - r.rampUpdateStart);
  if (s.rampElapsed == 0) _targets[i] = r.rampStart;
  else if (step == r.rampUpdateStop) _targets[i] = r.rampEnd;
  else if (s.rampElapsed % r.rampUpdateFreq == 0) _targets[i] = r.rampStart + s.rampElapsed * slope;
  ++s.rampElapsed;
}

void TemperatureControl::measure(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) {
  // per measured slab: N, rotational DOF (counts); sum m v_dirs^2, sum I w^2
  std::vector<unsigned long> counts(2 * _numMeasured, 0);
  std::vector<double> sums(2 * _numMeasured, 0.0);
  container.forEach([&](const Molecule& m) {
    for (std::size_t i = 0; i < _config.regions.size(); ++i) {
      const auto& r = _config.regions[i];
      if (r.andersen) continue;
      const int s = slabOf(r, m);
      if (s < 0) continue;
      const std::size_t k = measuredIndex(i, static_cast<unsigned>(s));
      double mv2 = 0;
      for (int d = 0; d < 3; ++d)
        if (r.directions[d]) mv2 += m.v()[d] * m.v()[d];
      sums[2 * k] += m.component().mass() * mv2;
      sums[2 * k + 1] += m.twiceRotKinEnergy();
      counts[2 * k] += 1;
      counts[2 * k + 1] += m.component().rotationalDegreesOfFreedom();
    }
  });
  takeMeasurement(std::move(sums), std::move(counts), decomp, step);
}

void TemperatureControl::takeMeasurement(std::vector<double> sums, std::vector<unsigned long> counts,
                                         const DomainDecompBase& decomp, unsigned long step) {
  decomp.allreduceSum(sums);
  decomp.allreduceSum(counts);
  for (std::size_t i = 0; i < _config.regions.size(); ++i) {
    const auto& r = _config.regions[i];
    if (r.andersen) continue;
    updateRamp(i, step);
    State& st = _regions[i];
    const double T = _targets[i];
    const double dirs = r.directions[0] + r.directions[1] + r.directions[2];
    for (unsigned s = 0; s < r.numSlabs; ++s) {
      const std::size_t k = measuredIndex(i, s);
      const unsigned long n = counts[2 * k], rot = counts[2 * k + 1];
      st.measured[s] = n > 0;
      st.betaTrans[s] = n < 1 ? 1.0 : std::pow(dirs * n * T / sums[2 * k], r.exponent);
      st.betaRot[s] = rot < 1 ? 1.0 : std::pow(rot * T / sums[2 * k + 1], r.exponent);
      st.betaTransSum += st.betaTrans[s];
      st.betaRotSum += st.betaRot[s];
    }
    ++st.samples;
  }
}

void TemperatureControl::writeLogs(unsigned long step, int rank) {
  if (rank != 0 || step < _config.start || step >= _config.stop) return;
  for (std::size_t i = 0; i < _config.regions.size(); ++i) {
    const auto& r = _config.regions[i];
    State& st = _regions[i];
    if (r.andersen || step % r.writeFrequency != 0 || st.samples == 0) continue;
    const double inv = 1.0 / (static_cast<double>(st.samples) * r.numSlabs);
    std::ofstream log(r.filePrefix + "_reg" + std::to_string(i + 1) + ".dat", std::ios::app);
    log << std::setw(12) << step << std::setw(24) << std::setprecision(15) << st.betaTransSum * inv << std::setw(24)
        << st.betaRotSum * inv << "\n";
    st.samples = 0;
    st.betaTransSum = st.betaRotSum = 0;
  }
}

void TemperatureControl::apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) {
  // ls1 measures while start <= step < stop and scales while start < step <= stop (with the last factors)
  if (measuresAt(step)) measure(container, decomp, step);
  writeLogs(step, decomp.rank());
  if (!actsAt(step)) return;
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  container.forEach([&](Molecule& m) {
    for (std::size_t i = 0; i < _config.regions.size(); ++i) {
      const auto& r = _config.regions[i];
      const int s = slabOf(r, m);
      if (s < 0) continue;
      if (r.andersen) {
        if (uniform(_random) >= r.nu * _timestep) continue;
        const double T = _targets[i];
        const double sdTrans = std::sqrt(T / m.component().mass());
        const Vec3& I = m.component().momentsOfInertia();
        Vec3 v, Lbody;
        for (int d = 0; d < 3; ++d) {
          v[d] = sdTrans * gauss(_random);
          Lbody[d] = std::sqrt(T * I[d]) * gauss(_random);
        }
        m.setV(v);
        m.setL(m.q().rotateInv(Lbody));
        continue;
      }
      if (!_regions[i].measured[s]) continue;
      const auto [vcorr, dcorr] = scaling(i, static_cast<unsigned>(s));
      Vec3 v = m.v();
      for (int d = 0; d < 3; ++d)
        if (r.directions[d]) v[d] *= vcorr;
      m.setV(v);
      m.setL(m.L() * dcorr);
    }
  });
}

void TemperatureControl::initLogs(int rank) const {
  if (rank != 0) return;
  for (std::size_t i = 0; i < _config.regions.size(); ++i) {
    const auto& r = _config.regions[i];
    if (r.andersen) continue;
    std::ofstream log(r.filePrefix + "_reg" + std::to_string(i + 1) + ".dat");
    log << std::setw(12) << "simstep" << std::setw(24) << "dBetaTrans" << std::setw(24) << "dBetaRot" << "\n";
  }
}

}  // namespace mardyn
