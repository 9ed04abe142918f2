// HostMoleculeBinning: MoleculeBinning where the molecules live on the host: the owned molecules (with ls1's
// virial when a request needs it) binned through the shared per-molecule code, in exact sums; the RDF's pairs from
// the view's pairs of owned molecules and halo copies.
#pragma once

#include "io/MoleculeBinning.h"
#include "io/MoleculeSums.h"
#include "io/SamplingView.h"

#include <vector>

namespace mardyn {

class HostMoleculeBinning : public MoleculeBinning {
 public:
  /// view: the molecules; components: their components (component c's slot is c + 1); box: the periodic box
  /// [0, box), into which positions are wrapped before they are binned.
  HostMoleculeBinning(const SamplingView& view, std::size_t components, const Vec3& box)
      : _view(view), _components(components), _box(box) {}
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

  /// Folds one molecule into MaxWriter's extremes (extremesSize values): what foldExtremes does per molecule.
  static void foldMolecule(const Molecule& m, std::vector<double>& extremes);

  /// Adds one molecule (with its virial) to the sums of a request: what accumulate does per molecule.
  static void addMolecule(const Request& r, std::size_t components, const Vec3& box, const Molecule& m,
                          const Vec3& virial, std::vector<MoleculeSums::ExactSum>& sums);

 private:
  struct Set {
    Request request;
    std::vector<MoleculeSums::ExactSum> sums;
  };
  const SamplingView& _view;
  std::size_t _components;
  Vec3 _box;
  std::vector<Set> _sets;
  std::vector<std::vector<double>> _extremes;
  struct VdfSet {
    VdfRequest request;
    std::vector<std::size_t> offsets;
    std::vector<double> invWidths;  ///< per slot (vdfInvClassWidths)
    std::vector<double> counts;
  };
  std::vector<VdfSet> _vdf;
  struct RdfSet {
    RdfRequest request;
    RdfLayout layout;
    std::vector<double> counts;  ///< the histograms, then the molecules per component
  };
  std::vector<RdfSet> _rdf;
  std::vector<std::pair<CavityRequest, std::vector<double>>> _cavity;  ///< request, counts per point
};

}  // namespace mardyn
