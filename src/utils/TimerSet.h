// TimerSet: named wall-clock timers in the order they were first used, for the end-of-run
// breakdown (forces, cells, integration, I/O).
#pragma once

#include "utils/Timer.h"

#include <string>
#include <utility>
#include <vector>

namespace mardyn {

/// Timers by name, in the order they were first used.
class TimerSet {
 public:
  Timer& operator[](const std::string& name) {
    for (auto& t : _timers) if (t.first == name) return t.second;
    _timers.emplace_back(name, Timer{});
    return _timers.back().second;
  }
  const std::vector<std::pair<std::string, Timer>>& all() const { return _timers; }

 private:
  std::vector<std::pair<std::string, Timer>> _timers;
};

}  // namespace mardyn
