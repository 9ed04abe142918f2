// SamplingView: what the observing output plugins (profiles, maxima, frames, surface tension) get from the
// molecules where they live: this process's owned molecules, ls1's per-molecule virial and site forces on
// demand, collective sums, and binned sums where the molecules live (on the device with --gpu).
#pragma once

#include "molecules/Molecule.h"
#include "utils/TimerSet.h"

#include <functional>
#include <string>
#include <vector>

namespace mardyn {

class MoleculeBinning;

class SamplingView {
 public:
  /// One owned molecule with ls1's per-molecule virial (Vi: half the sum over its partners of dcom_d F_d, plus
  /// its share of the homogeneous and planar corrections) and, when asked for, the forces on its sites.
  using WithVirial = std::function<void(const Molecule& m, const Vec3& virial, const Vec3* siteForces)>;

  virtual ~SamplingView() = default;
  /// This process's owned molecules (with --gpu: brought to the host).
  virtual void forEachOwned(const std::function<void(const Molecule&)>& f) const = 0;
  /// Collective. The owned molecules with their virial (and site forces with `sites`), computed by a pair pass
  /// of its own once per step. Where the molecules live on a GPU they are gathered on process 0, which
  /// alone calls f.
  virtual void forEachWithVirial(const WithVirial& f, bool sites) const = 0;
  /// Every pair of molecules whose centres lie closer than rc (at most the cutoff of the interactions) once: an
  /// owned molecule a with a partner b of larger id among the owned molecules and the halo copies, dcom = r_a - r_b.
  /// Collective where the molecules live on a GPU: they are gathered on process 0 with their periodic images.
  using Pair = std::function<void(const Molecule& a, const Molecule& b, const Vec3& dcom)>;
  virtual void forEachPair(double rc, const Pair& f) const = 0;
  /// Collective sums over the processes.
  virtual void allreduceSum(std::vector<double>& values) const = 0;
  /// Collective: every process's `local` values (the same count on each), process by process.
  virtual std::vector<double> allgather(const std::vector<double>& local) const = 0;
  virtual int numProcs() const = 0;
  /// This process's region of the box.
  virtual Vec3 regionMin() const = 0;
  virtual Vec3 regionMax() const = 0;
  virtual double timestep() const = 0;
  /// The run's timers ("forces", "cells", "integration", "I/O", "step").
  virtual const TimerSet& timers() const = 0;
  /// The particle container and cell processor, in words (ls1's DecompWriter prints its container's).
  virtual std::string containerDescription() const = 0;
  /// Binned sums of the owned molecules where they live (on a GPU: on the device; only the sums cross).
  virtual MoleculeBinning& binning() const = 0;
  /// The homogeneous long-range correction's share of every molecule's virial, per direction (ls1: the virial
  /// correction over 3 N).
  virtual double virialShare() const = 0;
};

}  // namespace mardyn
