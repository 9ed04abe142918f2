// DomainDecompSequential: one process owns the whole box: periodic wrap of molecules that left it,
// periodic halo images, and reductions that are the identity.
#pragma once

#include "parallel/DomainDecompBase.h"

namespace mardyn {

class DomainDecompSequential : public DomainDecompBase {
 public:
  std::string name() const override { return "sequential"; }
  int rank() const override { return 0; }
  int numProcs() const override { return 1; }
  Vec3 boundingBoxMin(const Domain&) const override { return {0.0, 0.0, 0.0}; }
  Vec3 boundingBoxMax(const Domain& domain) const override { return domain.box(); }

  void exchangeMolecules(ParticleContainer& container, const Domain& domain) override;

  void allreduceSum(std::vector<double>&) const override {}
  void allreduceSum(std::vector<unsigned long>&) const override {}
  bool anyTrue(bool local) const override { return local; }
  bool cartesianNeighbours() const override { return true; }
  std::vector<Molecule> gatherMolecules(const ParticleContainer& container) const override;

  /// Maps a coordinate into [0, length) periodically.
  static double wrap(double x, double length);
  /// Adds to the container the periodic images of its molecules (owned and, for the corners,
  /// images already made) that lie within its halo width of a face of the box; records them in plan
  /// if one is given.
  static void addPeriodicHalo(ParticleContainer& container, const Vec3& box, int dim, HaloPlan* plan = nullptr);
};

}  // namespace mardyn
