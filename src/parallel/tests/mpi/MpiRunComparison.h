// MpiRunComparison: what the MPI tests compare between two runs of one configuration: per-step T, U_pot
// and p, and the final positions gathered on rank 0 (the verdict shared with every rank).
#pragma once

#include "Simulation.h"
#include "parallel/DomainDecompBase.h"
#include "parallel/ParallelEnvironment.h"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace mardyn::testing {

struct Trace {
  std::vector<double> t, u, p;
  std::vector<Molecule> final;
};

/// prepare() and `steps` steps; T, U_pot and p after each (step 0 included), positions at the end.
/// afterStep: called with the simulation after every step (e.g. to count what it did).
template <class AfterStep>
Trace runTrace(const SimulationConfig& cfg, std::unique_ptr<DomainDecompBase> decomp, unsigned long steps,
               AfterStep afterStep) {
  Simulation sim(cfg, std::move(decomp));
  sim.prepare();
  Trace tr;
  auto record = [&] {
    tr.t.push_back(sim.globals().temperature);
    tr.u.push_back(sim.globals().uPot);
    tr.p.push_back(sim.globals().pressure);
  };
  record();
  for (unsigned long s = 0; s < steps; ++s) {
    sim.step();
    record();
    afterStep(sim);
  }
  tr.final = sim.gatherMolecules();
  return tr;
}

inline Trace runTrace(const SimulationConfig& cfg, std::unique_ptr<DomainDecompBase> decomp, unsigned long steps) {
  return runTrace(cfg, std::move(decomp), steps, [](Simulation&) {});
}

inline double relDev(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double dev = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) dev = std::max(dev, std::abs(a[i] - b[i]) / std::abs(b[i]));
  return dev;
}

/// Largest relative deviation of T, U_pot and p over the steps.
inline double traceDeviation(const Trace& a, const Trace& b) {
  return std::max({relDev(a.t, b.t), relDev(a.u, b.u), relDev(a.p, b.p)});
}

/// Largest |r_a - r_b| over the molecules (by id; infinite if the sets differ), the same on every rank.
inline double positionDeviation(const Trace& a, const Trace& b) {
  double pos = 0.0;
  if (ParallelEnvironment::rank() == 0) {
    if (a.final.size() != b.final.size()) pos = INFINITY;
    else
      for (std::size_t i = 0; i < a.final.size(); ++i)
        pos = a.final[i].id() != b.final[i].id() ? INFINITY : std::max(pos, norm(a.final[i].r() - b.final[i].r()));
  }
  MPI_Bcast(&pos, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return pos;
}

}  // namespace mardyn::testing
