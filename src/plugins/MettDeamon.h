// MettDeamon: ls1-mardyn's reservoir feed for left-to-right flows. A liquid reservoir, cut into bins along
// y, enters the box at y = 0 one bin at a time; its molecules are held ("trapped": a component of their own,
// positions moved only by the feed per step, velocities and orientations restored) until they pass the
// transition plane y = 2 binwidth, where they get their free component back and are released.
#pragma once

#include "config/XmlInput.h"
#include "plugins/PhysicsPlugin.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace mardyn {

/// ls1's MettDeamon plugin (<plugin name="MettDeamon">): a liquid reservoir (a phase space cut into bins
/// along y) fed into the box at y = 0 and moving in +y at `feed` per step; its molecules are held
/// ("trapped", components of `freeze`) until they pass the transition plane y = 2 binwidth, where they get
/// their free component back and are released. Direction 1 (left to right) only.
struct MettDeamonConfig : PluginSettings {
  SettingSource source;
  double feed = 0.0;                 ///< displacement of the trapped molecules per step (length units)
  int releaseMethod = 2;             ///< 1: velocity kept, 2 (and 3, as ls1 reads it): v_y = releaseVy
  double releaseVy = 0.0;            ///< release_velo/fix_value
  double manipYmin = 0.0, manipYmax = 0.0;  ///< control/manipfree: molecules with ymin < y < ymax are left alone
  unsigned manipComponent = 0;       ///< control/manipfree/cid_ub: molecules of this component (1-based) are left alone
  std::vector<unsigned> freeze;      ///< 0-based component -> its trapped component (changes/change from -> to)
  std::vector<unsigned> unfreeze;    ///< the inverse: trapped component -> free component
  double binWidth = 0.0;             ///< reservoir/binwidth as given (adjusted so that the bins fill the reservoir)
  Vec3 reservoirBox;                 ///< the reservoir phase space's box
  std::vector<MoleculeRecord> reservoir;  ///< its molecules (reservoir/changes applied)
  bool restart = false;              ///< restart/binindex and restart/deltaY given
  unsigned restartBin = 0;           ///< the bin inserted next
  double restartDeltaY = 0.0;        ///< how far that bin has moved in already
  unsigned long writeFrequency = 0;  ///< control/writefreq: restart file MettDeamonRestart_movdir-1_TS<step>.xml
  bool directed = false;             ///< feed/method 5: the feed is set by MettDeamonFeedrateDirector
};

class MettDeamon : public PhysicsPlugin {
 public:
  MettDeamon(MettDeamonConfig config, const std::vector<Component>& components);
  /// Reads <plugin name="MettDeamon"> and its reservoir phase space (MettDeamonReader).
  static std::shared_ptr<const PluginSettings> read(XmlInput& xml, const XmlNode& plugin, const SimulationConfig& config);

  /// Before the first force computation: molecules in front of the transition plane (and outside the
  /// manipulation-free range) take their trapped component; nothing happens on a restart.
  void trapInitial(std::vector<Molecule>& molecules) const;
  /// ls1's beforeEventNewTimestep: remembers position, velocity and orientation of every trapped molecule.
  void storeTrapped(ParticleContainer& container);
  /// ls1's beforeForces (called after the drift, before the exchange so that halos follow): releases the
  /// trapped molecules behind the plane, puts the others back where they were, moved by the feed in +y,
  /// and inserts the next reservoir bin once the feed has added up to a bin width. `regionMin/Max` is this
  /// process's region (a new molecule is inserted by the process that owns its position).
  void advance(ParticleContainer& container, const DomainDecompBase& decomp, const Vec3& regionMin,
               const Vec3& regionMax);
  /// ls1's afterForces: trapped molecules lose their angular momentum and get their stored velocity back.
  void holdTrapped(ParticleContainer& container) const;
  /// At the end of a step of the time loop, every `writefreq` steps, rank 0 writes
  /// MettDeamonRestart_movdir-1_TS<step, 9 digits>.xml with the <binindex> and <deltaY> that resume the feed.
  void writeRestart(unsigned long step, int rank) const;

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
  const MettDeamonConfig& config() const { return _config; }

  std::string name() const override { return "MettDeamon"; }
  void prepareMolecules(std::vector<Molecule>& molecules) override { trapInitial(molecules); }
  void beforeEventNewTimestep(PluginStep& s) override { storeTrapped(s.container); }
  void beforeExchange(PluginStep& s) override { advance(s.container, s.decomp, s.regionMin, s.regionMax); }
  void afterForces(PluginStep& s) override { holdTrapped(s.container); }
  void endStep(PluginStep& s) override { writeRestart(s.step, s.decomp.rank()); }

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
