// ScopedTimer: starts a Timer on construction and stops it on destruction (timing a block).
#pragma once

#include "utils/Timer.h"

namespace mardyn {

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
