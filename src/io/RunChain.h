// RunChain: the identity of a run and of the restarts that continue it. A fresh run draws a new id; its
// checkpoints carry it ("# mardyn-chain <id>"), a restart continues it, and the .res and trajectory say
// which chain wrote them, so that a restart appends only to the results of its own chain.
#pragma once

#include <string>

namespace mardyn {

class RunChain {
 public:
  /// 16 hex digits from the random device, the clock and the process id.
  static std::string newId();
  /// The key of the comment lines that carry the id ("# mardyn-chain <id>").
  static constexpr const char* key = "mardyn-chain";
};

}  // namespace mardyn
