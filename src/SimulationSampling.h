// SimulationSampling: the Simulation's SamplingView: its owned molecules through the container, ls1's
// per-molecule virial from a pair pass of its own (PairObservables) with the corrections' shares, and the
// decomposition's collectives; where the molecules live on a GPU, the device's binning.
#pragma once

#include "Domain.h"
#include "config/SimulationConfig.h"
#include "io/HostMoleculeBinning.h"
#include "io/OutputPlugin.h"
#include "io/SamplingView.h"
#include "molecules/InteractionParameters.h"
#include "parallel/DomainDecompBase.h"
#include "particleContainer/ParticleContainer.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class PlanarLongRange;

class SimulationSampling : public SamplingView {
 public:
  /// What the Simulation lends: parts that live as long as it does; `container` and `step` are asked each time
  /// (a decorator replaces the container before the run).
  struct Parts {
    const SimulationConfig& config;
    const DomainDecompBase& decomp;
    const Domain& domain;
    const InteractionParameters& params;
    const TimerSet& timers;
    std::function<ParticleContainer&()> container;
    std::function<unsigned long()> step;
    std::function<const PlanarLongRange*()> planar;  ///< the planar correction, if the run has one
    std::function<bool()> resident;                  ///< the molecules live elsewhere (a GPU)
    std::function<std::string()> description;        ///< container and cell processor
    std::function<const GlobalValues&()> globals;    ///< the step's global values
  };
  explicit SimulationSampling(Parts parts) : _parts(std::move(parts)), _host(*this, _parts.config.components.size(), _parts.config.box) {}

  void forEachOwned(const std::function<void(const Molecule&)>& f) const override;
  void forEachWithVirial(const WithVirial& f, bool sites) const override;
  void forEachPair(double rc, const Pair& f) const override;
  void allreduceSum(std::vector<double>& values) const override { _parts.decomp.allreduceSum(values); }
  std::vector<double> allgather(const std::vector<double>& local) const override;
  int numProcs() const override { return _parts.decomp.numProcs(); }
  Vec3 regionMin() const override { return _parts.decomp.boundingBoxMin(_parts.domain); }
  Vec3 regionMax() const override { return _parts.decomp.boundingBoxMax(_parts.domain); }
  double timestep() const override { return _parts.config.timestep; }
  const TimerSet& timers() const override { return _parts.timers; }
  std::string containerDescription() const override { return _parts.description(); }
  MoleculeBinning& binning() const override { return _device ? *_device : _host; }
  double virialShare() const override;
  /// The run's planar long-range correction (its slab terms enter ls1's per-molecule virial), or null.
  const PlanarLongRange* planar() const { return _parts.planar(); }
  /// Where the molecules live on a device: its binning (the composition root sets it with the decorator).
  void setDeviceBinning(std::unique_ptr<MoleculeBinning> device) { _device = std::move(device); }

 private:
  /// The pass of the current step (made on first use).
  struct Pass {
    unsigned long step = ~0ul;
    bool sites = false;
    std::vector<Molecule> molecules;  ///< the owned molecules (or, gathered, all of them on process 0)
    std::vector<Vec3> virial;
    std::vector<std::size_t> siteStart;
    std::vector<Vec3> siteForces;
  };
  void update(bool sites) const;
  /// The owned molecules and their partners: the container's owned molecules and halo copies, or (molecules on a
  /// GPU) all of them gathered on process 0 into `storage`, wrapped into the box, with their periodic images within
  /// `width` of the faces.
  void collect(std::vector<Molecule>& storage, std::vector<const Molecule*>& owned,
               std::vector<const Molecule*>& others, double width) const;

  Parts _parts;
  mutable Pass _pass;
  mutable HostMoleculeBinning _host;
  std::unique_ptr<MoleculeBinning> _device;
};

}  // namespace mardyn
