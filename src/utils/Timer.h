// Timer: a wall-clock timer (steady clock) that accumulates over start/stop pairs.
#pragma once

#include <chrono>

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

}  // namespace mardyn
