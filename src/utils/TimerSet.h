// TimerSet: named wall-clock timers in the order they were first used, for the end-of-run
// breakdown (forces, cells, integration, I/O).
#pragma once

#include "utils/Timer.h"

#include <deque>
#include <string>
#include <utility>

namespace mardyn {

/// Timers by name, in the order they were first used. A timer stays where it is when others are added
/// (a ScopedTimer may hold one while the timed code uses a new name).
class TimerSet {
 public:
  Timer& operator[](const std::string& name) {
    for (auto& t : _timers) if (t.first == name) return t.second;
    _timers.emplace_back(name, Timer{});
    return _timers.back().second;
  }
  const std::deque<std::pair<std::string, Timer>>& all() const { return _timers; }

 private:
  std::deque<std::pair<std::string, Timer>> _timers;
};

}  // namespace mardyn
