// PhaseProfile: where the device time of a step goes, by phase (integration; at rebuilds migration, boundary
// layers, cells and lists; between them pack, transfer, unpack and images; interior and boundary forces),
// from events recorded on the queue each phase runs on
// (the default queue or the halo's own). Read back after the step's results came (the events have passed
// by then, so reading costs no wait); off unless asked for (gpu option phaseProfile), then a few events
// per step.
#pragma once

#include "compute/ComputeContext.h"
#include "compute/ComputeEvent.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class PhaseProfile {
 public:
  enum Phase { Integration, Migration, Layers, Cells, Lists, Pack, Transfer, Unpack, Images, Interior, Boundary, NumPhases };

  /// Records a phase's start on construction and its end on destruction, each on the current queue then.
  class Scope {
   public:
    Scope(PhaseProfile* profile, Phase phase);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    PhaseProfile* _profile;
    std::size_t _pair = 0;
  };

  PhaseProfile(compute::ComputeContext& context, bool enabled) : _context(context), _enabled(enabled) {}
  bool enabled() const { return _enabled; }
  /// A scope for `phase` (nothing is recorded when the profile is off).
  Scope scope(Phase phase) { return Scope(this, phase); }
  /// A phase that starts and ends in different calls: begin() returns what end() takes (no-ops when off).
  std::size_t begin(Phase phase);
  void end(std::size_t pair);
  /// After the device passed every event of the step: adds their times and counts the step.
  void collectStep();
  /// A table of milliseconds per step by phase ("" when off or no step was counted).
  std::string table() const;
  static const char* name(Phase phase);

 private:
  struct Pair {
    Phase phase;
    std::unique_ptr<compute::ComputeEvent> start, end;
  };
  compute::ComputeContext& _context;
  bool _enabled;
  std::vector<Pair> _pairs;  ///< a pool; the first _used are this step's
  std::size_t _used = 0;
  std::array<double, NumPhases> _milliseconds{};
  unsigned long _steps = 0;
};

}  // namespace mardyn::gpu
