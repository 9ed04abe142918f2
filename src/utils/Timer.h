// Timer and TimerSet: wall-clock timers (steady clock) that accumulate over start/stop pairs,
// and a named set of them for the end-of-run breakdown.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace mardyn {

class Timer {
 public:
  void start() { _begin = std::chrono::steady_clock::now(); _running = true; }
  void stop() {
    if (!_running) return;
    _total += std::chrono::duration<double>(std::chrono::steady_clock::now() - _begin).count();
    _running = false;
  }
  void reset() { _total = 0.0; _running = false; }
  /// Accumulated seconds (the running interval included).
  double seconds() const {
    if (!_running) return _total;
    return _total + std::chrono::duration<double>(std::chrono::steady_clock::now() - _begin).count();
  }

 private:
  std::chrono::steady_clock::time_point _begin{};
  double _total = 0.0;
  bool _running = false;
};

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

/// Starts a timer on construction and stops it on destruction.
class ScopedTimer {
 public:
  explicit ScopedTimer(Timer& t) : _t(t) { _t.start(); }
  ~ScopedTimer() { _t.stop(); }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  Timer& _t;
};

}  // namespace mardyn
