// ParticleContainer: the interface of everything that stores the molecules of one process region
// (owned molecules plus halo copies) and traverses them with a CellProcessor (ls1-mardyn's container).
#pragma once

#include "molecules/Molecule.h"
#include "particleContainer/CellProcessor.h"
#include "utils/MardynException.h"
#include "utils/Vec3.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace mardyn {

/// Which molecules an iteration visits.
enum class IterateOver { Owned, Halo, OwnedAndHalo };

class ParticleContainer {
 public:
  virtual ~ParticleContainer() = default;

  /// Owned region [boundingBoxMin, boundingBoxMax); the halo extends haloWidth() beyond it.
  virtual const Vec3& boundingBoxMin() const = 0;
  virtual const Vec3& boundingBoxMax() const = 0;
  virtual double cutoff() const = 0;
  virtual double haloWidth() const = 0;

  /// Changes the owned region (the grid is rebuilt, molecules re-sorted; ones now outside it are
  /// handed out by extractLeavingParticles()).
  virtual void rebuild(const Vec3& boxMin, const Vec3& boxMax) = 0;

  /// Adds an owned molecule; throws MardynException if r is outside the owned region.
  virtual void addParticle(const Molecule& m) = 0;
  /// Adds a halo copy; throws MardynException if r is not inside the halo layers.
  virtual void addHaloParticle(const Molecule& m) = 0;
  virtual void deleteHaloParticles() = 0;

  /// Re-sorts owned molecules into cells after they moved. Molecules now outside the owned region
  /// are removed and kept for extractLeavingParticles().
  virtual void update() = 0;
  /// Removes the owned molecules for which `remove` is true (halo copies follow at the next exchange);
  /// returns how many. `remove` may change the molecules it keeps. Containers that cannot remove molecules throw MardynException.
  virtual std::size_t removeIf(const std::function<bool(Molecule&)>& /*remove*/) {
    throw MardynException("this particle container cannot remove molecules");
  }
  /// Molecules that left the owned region at the last update() (moved out of the container).
  virtual std::vector<Molecule> extractLeavingParticles() = 0;

  /// Runs a full traversal with the processor (see CellProcessor for the contract).
  virtual void traverseCells(CellProcessor& processor) = 0;
  /// U_pot and virial of the last traverseCells when the container computed them itself (a device
  /// traversal); false when they are in the CellProcessor passed to it.
  virtual bool traversalResult(double& /*upot*/, double& /*virial*/) const { return false; }

  virtual std::size_t numOwnedParticles() const = 0;
  virtual std::size_t numHaloParticles() const = 0;

  virtual void forEach(const std::function<void(Molecule&)>& f, IterateOver which = IterateOver::Owned) = 0;
  virtual void forEach(const std::function<void(const Molecule&)>& f,
                       IterateOver which = IterateOver::Owned) const = 0;
  /// The same molecules as forEach, handed over in runs that lie next to each other in memory (a cell's
  /// molecules): the loop over a run is the caller's, without a call per molecule.
  virtual void forEachRun(const std::function<void(Molecule* first, std::size_t n)>& f,
                          IterateOver which = IterateOver::Owned) {
    forEach([&f](Molecule& m) { f(&m, 1); }, which);
  }
  virtual void forEachRun(const std::function<void(const Molecule* first, std::size_t n)>& f,
                          IterateOver which = IterateOver::Owned) const {
    forEach([&f](const Molecule& m) { f(&m, 1); }, which);
  }
  /// Visits the molecules with lo <= r < hi (component-wise); only cells overlapping the region
  /// are searched.
  virtual void forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                               IterateOver which = IterateOver::Owned) const = 0;
};

}  // namespace mardyn
