// The backend-neutral part of ComputeContext: the debug switch and the synchronisation after a launch.
#include "compute/ComputeContext.h"

#include <algorithm>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <vector>
#include <string>

namespace mardyn::compute {

ComputeContext::ComputeContext(ContextOptions options) : _options(std::move(options)) {
  const char* sync = std::getenv("MARDYN_COMPUTE_SYNC");
  if (sync && *sync && std::string(sync) != "0") _options.syncAfterLaunch = true;
  const char* profile = std::getenv("MARDYN_COMPUTE_PROFILE");
  if (profile && *profile && std::string(profile) != "0") _options.profileKernels = true;
}

namespace {
/// The default queue of a backend with one queue.
class DefaultQueue : public ComputeQueue {
 public:
  bool concurrent() const override { return false; }
};
}  // namespace

std::unique_ptr<ComputeQueue> ComputeContext::createQueue() { return std::make_unique<DefaultQueue>(); }

QueueScope::QueueScope(ComputeContext& context, ComputeQueue* queue)
    : _context(context), _previous(context.currentQueue()) {
  _context.setCurrentQueue(queue);
}

QueueScope::~QueueScope() { _context.setCurrentQueue(_previous); }

void ComputeContext::synchronizeAfterLaunch(const std::string& kernelName) {
  try {
    synchronize();
  } catch (const ComputeException& error) {
    throw ComputeException("kernel '" + kernelName + "' failed: " + error.what());
  }
}

std::string ComputeContext::kernelProfileTable() const {
  if (_profile.empty()) return {};
  double total = 0.0;
  std::vector<std::pair<double, std::string>> rows;
  for (const auto& [name, t] : _profile) {
    total += t.seconds;
    rows.emplace_back(t.seconds, name);
  }
  std::sort(rows.rbegin(), rows.rend());
  std::ostringstream os;
  os << "Device kernels (synchronised timing, " << std::setprecision(4) << total << " s):\n";
  for (const auto& [seconds, name] : rows)
    os << "  " << std::left << std::setw(28) << name << std::right << std::setw(10) << std::fixed << std::setprecision(4)
       << seconds << " s " << std::setw(6) << std::setprecision(1) << 100.0 * seconds / total << " % " << std::setw(10)
       << _profile.at(name).launches << " launches\n"
       << std::defaultfloat;
  return os.str();
}

}  // namespace mardyn::compute
