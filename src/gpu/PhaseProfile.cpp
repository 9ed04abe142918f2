// PhaseProfile: the event pairs of a step and the table of the phases' device time.
#include "gpu/PhaseProfile.h"

#include <iomanip>
#include <sstream>

namespace mardyn::gpu {

PhaseProfile::Scope::Scope(PhaseProfile* profile, Phase phase) : _profile(profile && profile->_enabled ? profile : nullptr) {
  if (_profile) _pair = _profile->begin(phase);
}

PhaseProfile::Scope::~Scope() {
  if (!_profile) return;
  try {
    _profile->end(_pair);
  } catch (...) {
  }
}

std::size_t PhaseProfile::begin(Phase phase) {
  if (!_enabled) return 0;
  if (_used == _pairs.size()) _pairs.push_back(Pair{phase, _context.createEvent(), _context.createEvent()});
  Pair& p = _pairs[_used];
  p.phase = phase;
  p.start->record();
  return _used++;
}

void PhaseProfile::end(std::size_t pair) {
  if (_enabled) _pairs.at(pair).end->record();
}

void PhaseProfile::collectStep() {
  if (!_enabled) return;
  for (std::size_t k = 0; k < _used; ++k) {
    Pair& p = _pairs[k];
    p.end->synchronize();
    _milliseconds[p.phase] += p.end->millisecondsSince(*p.start);
  }
  _used = 0;
  ++_steps;
}

const char* PhaseProfile::name(Phase phase) {
  static const char* names[NumPhases] = {"integration", "migration", "boundary layers", "cells", "lists", "pack",
                                         "transfer", "unpack", "images", "interior forces", "boundary forces"};
  return names[phase];
}

std::string PhaseProfile::table() const {
  if (!_enabled || _steps == 0) return {};
  std::ostringstream os;
  os << "Device phases (ms per step, " << _steps << " steps; migration, boundary layers, cells and lists at the "
        "rebuilds, averaged over all steps):\n";
  for (int p = 0; p < NumPhases; ++p)
    os << "  " << std::left << std::setw(16) << name(static_cast<Phase>(p)) << std::right << std::fixed
       << std::setprecision(4) << _milliseconds[p] / static_cast<double>(_steps) << "\n"
       << std::defaultfloat;
  return os.str();
}

}  // namespace mardyn::gpu
