// DeviceMoleculeBinning: MoleculeBinning on the device that holds the molecules (the GPU decorator's): ls1's
// per-molecule virial, the binned exact sums, MaxWriter's extremes, RegionSampling's VDF counts, the RDF's pair
// counts and CavityWriter's neighbour counts are made there, and only they cross to the host when a plugin takes
// them. Needs a device with double precision (the sums'
// arithmetic); without, the host bins.
#pragma once

#include "PlanarLongRange.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "io/MoleculeBinning.h"

#include <functional>
#include <memory>
#include <vector>

namespace mardyn::gpu {

class DeviceMoleculeBinning : public MoleculeBinning {
 public:
  /// share: the homogeneous correction's share of every molecule's virial now; step: the current step (the virial
  /// pass runs once per step); planar: the run's planar correction, whose slab terms enter the virial, or null.
  DeviceMoleculeBinning(LinkedCellsGPUDecorator& decorator, const std::vector<Component>& components,
                        std::function<double()> share, std::function<unsigned long()> step,
                        const PlanarLongRange* planar = nullptr);
  ~DeviceMoleculeBinning() override;
  int add(const Request& request) override;
  void accumulate(int handle) override;
  std::vector<double> take(int handle) override;
  int addExtremes() override;
  void foldExtremes(int handle) override;
  std::vector<double> takeExtremes(int handle) override;
  int addVdf(const VdfRequest& request) override;
  void accumulateVdf(int handle) override;
  std::vector<double> takeVdf(int handle) override;
  int addRdf(const RdfRequest& request) override;
  void accumulateRdf(int handle) override;
  std::vector<double> takeRdf(int handle) override;
  int addCavity(const CavityRequest& request) override;
  void accumulateCavity(int handle) override;
  std::vector<double> takeCavity(int handle) override;

  /// ls1's virials of the owned molecules as the device computed them this step (x, y, z per owned molecule,
  /// in the storage's owned order), for tests.
  std::vector<double> virials();

 private:
  void compile();
  void updateVirials();
  void addPlanarVirials();

  LinkedCellsGPUDecorator& _decorator;
  std::vector<Component> _components;
  std::function<double()> _share;
  std::function<unsigned long()> _step;
  std::unique_ptr<compute::ComputeProgram> _program;
  const PlanarLongRange* _planar;
  std::unique_ptr<compute::ComputeKernel> _virialKernel, _planarKernel, _binKernel, _extremesKernel, _vdfKernel,
      _rdfKernel, _cavityKernel;
  std::unique_ptr<compute::ComputeArray<int>> _rotDof;
  std::unique_ptr<compute::ComputeArray<double>> _virials;
  unsigned long _virialStep = ~0ul;
  /// The planar correction's tables: per component (first LJ type, dipole type), and (vN, vT) per entry as of
  /// PlanarLongRange::termsVersion() _planarVersion.
  std::unique_ptr<compute::ComputeArray<int>> _planarTypes;
  std::unique_ptr<compute::ComputeArray<double>> _planarTerms;
  unsigned long _planarVersion = 0;
  struct Set {
    Request request;
    std::unique_ptr<compute::ComputeArray<compute::mm_long>> sums;
  };
  std::vector<Set> _sets;
  /// The extremes' grid: blocks of extremesBlock threads, each block keeping its own extremes between steps.
  static constexpr std::size_t extremesBlock = 128;
  std::size_t _extremesBlocks = 0;
  std::vector<std::unique_ptr<compute::ComputeArray<double>>> _extremes;  ///< per handle: value-major, per block
  struct VdfSet {
    VdfRequest request;
    std::unique_ptr<compute::ComputeArray<int>> classes, offsets;  ///< per slot
    std::unique_ptr<compute::ComputeArray<double>> invWidths;       ///< per slot
    std::unique_ptr<compute::ComputeArray<compute::mm_long>> counts;
  };
  std::vector<VdfSet> _vdf;
  struct RdfSet {
    RdfRequest request;
    std::size_t histograms = 0, copies = 1;
    std::unique_ptr<compute::ComputeArray<compute::mm_long>> pairBase, siteBase;  ///< RdfLayout's
    /// `copies` copies of the histograms followed by the molecules per component (the host adds them)
    std::unique_ptr<compute::ComputeArray<compute::mm_long>> counts;
  };
  std::vector<RdfSet> _rdf;
  struct CavitySet {
    CavityRequest request;
    std::unique_ptr<compute::ComputeArray<compute::mm_long>> counts;  ///< per point
  };
  std::vector<CavitySet> _cavity;
};

/// The composition root's factory: a DeviceMoleculeBinning where the container is the GPU decorator on a device
/// with double precision, else null (the host bins).
std::unique_ptr<MoleculeBinning> makeDeviceBinning(ParticleContainer& container, const std::vector<Component>& components,
                                                   std::function<double()> share, std::function<unsigned long()> step,
                                                   const PlanarLongRange* planar);

}  // namespace mardyn::gpu
