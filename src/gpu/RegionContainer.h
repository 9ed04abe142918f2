// RegionContainer: a ParticleContainer over the owned molecules of a region that a plugin's hook works on
// through the host (the rest stay on the device): it records which the hook removed and which it added.
#pragma once

#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn::gpu {

class RegionContainer : public ParticleContainer {
 public:
  RegionContainer(std::vector<Molecule> molecules, const Vec3& regionMin, const Vec3& regionMax, double cutoff)
      : _molecules(std::move(molecules)), _removed(_molecules.size(), false), _min(regionMin), _max(regionMax),
        _cutoff(cutoff) {}

  /// The molecules as the hook left them (removed ones included, see removed()), in the order given.
  const std::vector<Molecule>& molecules() const { return _molecules; }
  bool removed(std::size_t i) const { return _removed[i]; }
  /// Molecules the hook added (owned by this process).
  const std::vector<Molecule>& added() const { return _added; }

  const Vec3& boundingBoxMin() const override { return _min; }
  const Vec3& boundingBoxMax() const override { return _max; }
  double cutoff() const override { return _cutoff; }
  double haloWidth() const override { return _cutoff; }
  void rebuild(const Vec3&, const Vec3&) override { refused("rebuild"); }
  void addParticle(const Molecule& m) override { _added.push_back(m); }
  void addHaloParticle(const Molecule&) override { refused("addHaloParticle"); }
  void deleteHaloParticles() override {}
  void update() override {}
  std::size_t removeIf(const std::function<bool(Molecule&)>& remove) override;
  std::vector<Molecule> extractLeavingParticles() override { return {}; }
  void traverseCells(CellProcessor&) override { refused("traverseCells"); }
  std::size_t numOwnedParticles() const override;
  std::size_t numHaloParticles() const override { return 0; }
  void forEach(const std::function<void(Molecule&)>& f, IterateOver which) override;
  void forEach(const std::function<void(const Molecule&)>& f, IterateOver which) const override;
  void forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                       IterateOver which) const override;

 private:
  [[noreturn]] static void refused(const char* what);
  std::vector<Molecule> _molecules;
  std::vector<bool> _removed;
  std::vector<Molecule> _added;
  Vec3 _min, _max;
  double _cutoff;
};

}  // namespace mardyn::gpu
