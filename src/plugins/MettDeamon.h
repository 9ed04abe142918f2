// MettDeamon: ls1-mardyn's reservoir feed for left-to-right flows. A liquid reservoir, cut into bins along
// y, enters the box at y = 0 one bin at a time; its molecules are held ("trapped": a component of their own,
// positions moved only by the feed per step, velocities and orientations restored) until they pass the
// transition plane y = 2 binwidth, where they get their free component back and are released.
#pragma once

#include "io/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/ParticleContainer.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace mardyn {

class MettDeamon {
 public:
  MettDeamon(MettDeamonConfig config, const std::vector<Component>& components);

  /// Before the first force computation: molecules in front of the transition plane (and outside the
  /// manipulation-free range) take their trapped component; nothing happens on a restart.
  void init(std::vector<Molecule>& molecules) const;
  /// ls1's beforeEventNewTimestep: remembers position, velocity and orientation of every trapped molecule.
  void storeTrapped(ParticleContainer& container);
  /// ls1's beforeForces (called after the drift, before the exchange so that halos follow): releases the
  /// trapped molecules behind the plane, puts the others back where they were, moved by the feed in +y,
  /// and inserts the next reservoir bin once the feed has added up to a bin width. `regionMin/Max` is this
  /// process's region (a new molecule is inserted by the process that owns its position).
  void beforeForces(ParticleContainer& container, const DomainDecompBase& decomp, const Vec3& regionMin,
                    const Vec3& regionMax);
  /// ls1's afterForces: trapped molecules lose their angular momentum and get their stored velocity back.
  void afterForces(ParticleContainer& container) const;
  /// Every `writefreq` steps (not at the first step of a run), rank 0 writes
  /// MettDeamonRestart_movdir-1_TS<step, 9 digits>.xml with the <binindex> and <deltaY> that resume the feed.
  void writeRestart(unsigned long step, unsigned long firstStep, int rank) const;

  double binWidth() const { return _binWidth; }
  unsigned numBins() const { return static_cast<unsigned>(_bins.size()); }
  unsigned binIndex() const { return _actual; }  ///< the bin inserted next (ls1's queue index)
  double feedSum() const { return _feedSum; }     ///< how far that bin has moved in already
  double transitionPlane() const { return 2.0 * _binWidth; }
  double reservoirDensity() const { return _density; }
  /// The feed per step (method 5: set by MettDeamonFeedrateDirector).
  double feed() const { return _config.feed; }
  void setFeed(double feed) { _config.feed = feed; }
  bool directed() const { return _config.directed; }
  unsigned long inserted() const { return _inserted; }  ///< molecules inserted by this process
  unsigned long released() const { return _released; }  ///< molecules released by this process
  /// The molecules of queue bin `k`, y relative to the bin's lower face (component: the reservoir's).
  const std::vector<MoleculeRecord>& bin(unsigned k) const { return _bins.at(k); }

 private:
  bool trapped(unsigned cid) const { return _config.unfreeze[cid] != cid; }
  bool manipulationFree(const Molecule& m) const;
  struct Stored {
    Vec3 r, v;
    Quaternion q;
  };
  MettDeamonConfig _config;
  const std::vector<Component>& _components;
  double _binWidth = 0.0;
  double _density = 0.0;
  std::vector<std::vector<MoleculeRecord>> _bins;  ///< queue order: bin 0 is the reservoir's top slab
  unsigned _actual = 0;
  double _feedSum = 0.0;
  std::unordered_map<unsigned long, Stored> _stored;
  unsigned long _inserted = 0;
  unsigned long _released = 0;
};

}  // namespace mardyn
