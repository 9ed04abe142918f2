// MettDeamon: the reservoir bins, the trap-and-release cycle and the insertion of the next bin, in the
// order ls1-mardyn's MettDeamon plugin does them.
#include "plugins/MettDeamon.h"

#include "io/AtomicFile.h"
#include "plugins/MettDeamonReader.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

namespace mardyn {

MettDeamon::MettDeamon(MettDeamonConfig config, const std::vector<Component>& components)
    : _config(std::move(config)), _components(components) {
  const double ly = _config.reservoirBox.y;
  const auto n = static_cast<unsigned>(std::floor(ly / _config.binWidth));
  if (n == 0 || !(ly > 0))
    throw MardynException(_config.source.file + ":" + std::to_string(_config.source.line) +
                          ": MettDeamon: the reservoir (" + std::to_string(ly) + " along y) holds no bin of width " +
                          std::to_string(_config.binWidth));
  _binWidth = ly / n;  // as ls1: the bins fill the reservoir
  _density = static_cast<double>(_config.reservoir.size()) /
             (_config.reservoirBox.x * _config.reservoirBox.y * _config.reservoirBox.z);
  // Left to right, the slab with the largest y enters first (queue index 0), as the reservoir's top face
  // then lies against the molecules already in the box.
  _bins.resize(n);
  for (MoleculeRecord r : _config.reservoir) {
    const auto g = std::min(n - 1, static_cast<unsigned>(std::max(0.0, std::floor(r.r.y / _binWidth))));
    r.r.y -= g * _binWidth;
    _bins[n - 1 - g].push_back(r);
  }
  if (_config.restart) {
    if (_config.restartBin >= n)
      throw MardynException(_config.source.file + ":" + std::to_string(_config.source.line) +
                            ": MettDeamon restart/binindex " + std::to_string(_config.restartBin) +
                            " does not exist (the reservoir has " + std::to_string(n) + " bins)");
    _actual = _config.restartBin;
    _feedSum = _config.restartDeltaY;
  }
}

std::shared_ptr<const PluginSettings> MettDeamon::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  return std::make_shared<MettDeamonConfig>(MettDeamonReader::read(xml, p, config));
}

bool MettDeamon::manipulationFree(const Molecule& m) const {
  const double y = m.r().y;
  if (y > _config.manipYmin && y < _config.manipYmax) return true;
  return _config.manipComponent != 0 && m.componentId() + 1 == _config.manipComponent;
}

void MettDeamon::trapInitial(std::vector<Molecule>& molecules) const {
  if (_config.restart) return;
  for (Molecule& m : molecules) {
    if (manipulationFree(m) || m.r().y > transitionPlane()) continue;
    const unsigned to = _config.freeze[m.componentId()];
    if (to != m.componentId()) m.setComponent(&_components[to]);
  }
}

void MettDeamon::storeTrapped(ParticleContainer& container) {
  container.forEach([&](Molecule& m) {
    if (trapped(m.componentId())) _stored[m.id()] = {m.r(), m.v(), m.q()};
  });
}

void MettDeamon::advance(ParticleContainer& container, const DomainDecompBase& decomp, const Vec3& regionMin,
                         const Vec3& regionMax) {
  container.forEach([&](Molecule& m) {
    if (manipulationFree(m)) return;
    const bool wasTrapped = trapped(m.componentId());
    if (wasTrapped && m.r().y > transitionPlane()) {  // release
      _stored.erase(m.id());
      m.setComponent(&_components[_config.unfreeze[m.componentId()]]);
      if (_config.releaseMethod == 2) m.setV({m.v().x, _config.releaseVy, m.v().z});
      ++_released;
    }
    if (trapped(m.componentId())) {
      const auto it = _stored.find(m.id());
      if (it != _stored.end()) {
        m.setR({it->second.r.x, it->second.r.y + _config.feed, it->second.r.z});
        m.setQ(it->second.q);
        m.setV(it->second.v);
      }
    }
    if (wasTrapped) m.setL({});
  });
  _feedSum += _config.feed;
  if (_feedSum < _binWidth) return;
  // The next bin: new ids continue after the largest id in use on any process.
  const int np = decomp.numProcs(), rank = decomp.rank();
  std::vector<double> perRank(2 * static_cast<std::size_t>(np), 0.0);
  unsigned long maxId = 0;
  container.forEach([&](const Molecule& m) { maxId = std::max(maxId, m.id()); }, IterateOver::Owned);
  std::vector<Molecule> mine;
  for (const MoleculeRecord& r : _bins[_actual]) {
    const unsigned cid = _config.freeze[r.component];
    const Vec3 pos{r.r.x, r.r.y + _feedSum - _binWidth, r.r.z};
    if (pos.x < regionMin.x || pos.x >= regionMax.x || pos.y < regionMin.y || pos.y >= regionMax.y ||
        pos.z < regionMin.z || pos.z >= regionMax.z)
      continue;
    mine.emplace_back(0, &_components[cid], pos, r.v, r.q, r.L);
  }
  perRank[rank] = static_cast<double>(maxId);
  perRank[np + rank] = static_cast<double>(mine.size());
  decomp.allreduceSum(perRank);
  unsigned long next = 1;
  for (int k = 0; k < np; ++k) next = std::max(next, static_cast<unsigned long>(perRank[k]) + 1);
  for (int k = 0; k < rank; ++k) next += static_cast<unsigned long>(perRank[np + k]);
  for (Molecule& m : mine) {
    m.setId(next++);
    container.addParticle(m);
  }
  _inserted += mine.size();
  _feedSum -= _binWidth;
  _actual = (_actual + 1) % static_cast<unsigned>(_bins.size());
}

void MettDeamon::holdTrapped(ParticleContainer& container) const {
  container.forEach([&](Molecule& m) {
    if (manipulationFree(m) || !trapped(m.componentId())) return;
    m.setL({});
    const auto it = _stored.find(m.id());
    if (it != _stored.end()) m.setV(it->second.v);
  });
}

void MettDeamon::writeRestart(unsigned long step, int rank) const {
  if (_config.writeFrequency == 0 || step % _config.writeFrequency != 0 || rank != 0) return;
  char name[64];
  std::snprintf(name, sizeof name, "MettDeamonRestart_movdir-1_TS%09lu.xml", step);
  std::ostringstream os;
  os << "<?xml version='1.0' encoding='UTF-8'?>\n<restart>\n\t<binindex>" << _actual << "</binindex>\n\t<deltaY>"
     << std::scientific << std::setprecision(17) << _feedSum << "</deltaY>\n</restart>\n";
  AtomicFile::write(name, os.str());
}

}  // namespace mardyn
