// CellProcessorAutoTuner: candidate list, timing of each candidate on the real cells, the summary line.
#include "gpu/CellProcessorAutoTuner.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <sstream>

namespace mardyn::gpu {

namespace {
constexpr int warpBlockSize = 32;

bool isPowerOfTwo(int n) { return n > 0 && (n & (n - 1)) == 0; }

std::string milliseconds(double seconds) {
  std::ostringstream os;
  os << std::setprecision(3) << seconds * 1e3 << " ms";
  return os.str();
}

/// An error message shortened for the one-line summary: its first line, without the leading
/// "GPU cell processor <name> ...: " that repeats the candidate.
std::string shortReason(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  const std::string prefix = "GPU cell processor ";
  const auto colon = line.find(": ");
  if (line.compare(0, prefix.size(), prefix) == 0 && colon != std::string::npos) line = line.substr(colon + 2);
  if (line.size() > 90) line = line.substr(0, 87) + "...";
  return line;
}
}  // namespace

std::string CellProcessorAutoTuner::Candidate::label() const {
  return (variant ? variant->name : std::string("?")) + "/" + (blockSize > 0 ? std::to_string(blockSize) : "default");
}

std::vector<CellProcessorAutoTuner::Candidate> CellProcessorAutoTuner::candidates(
    int blockSize, const std::vector<CellProcessorVariant>& processors) {
  std::vector<Candidate> list;
  for (const auto& v : processors) {
    if (v.name == "reference") continue;  // the oracle, never the fastest by design
    if (blockSize > 0) {
      list.push_back({&v, blockSize});
      continue;
    }
    // The default is left to the interaction, which may adapt it to the device (e.g. one warp per
    // work-group on OpenCL); the neighbours are asked for explicitly and may be refused.
    list.push_back({&v, 0});
    const int minimum = v.needsWarpBlocks ? warpBlockSize : 1;
    for (int b : {v.defaultBlockSize / 2, v.defaultBlockSize * 2})
      if (isPowerOfTwo(b) && b >= minimum) list.push_back({&v, b});
  }
  return list;
}

CellProcessorAutoTuner::CellProcessorAutoTuner(std::vector<Candidate> candidates, Factory factory, int timedComputes)
    : _candidates(std::move(candidates)), _factory(std::move(factory)), _timedComputes(std::max(1, timedComputes)) {
  if (_candidates.empty()) throw MardynException("GPU cell processor auto: no candidate processors");
}

std::unique_ptr<MoleculeInteraction> CellProcessorAutoTuner::tune(TraversalTarget& target) {
  const auto start = std::chrono::steady_clock::now();
  _results.clear();
  _chosen = -1;
  std::unique_ptr<MoleculeInteraction> best;
  for (const Candidate& c : _candidates) {
    // Where the device set a processor's default block size itself (one warp per work-group on
    // OpenCL, less shared memory), sizes next to the registry's default are not tried.
    if (c.blockSize > 0 && std::any_of(_results.begin(), _results.end(), [&c](const Result& other) {
          return other.deviceSetBlockSize && other.candidate.variant == c.variant;
        }))
      continue;
    Result r;
    r.candidate = c;
    std::unique_ptr<MoleculeInteraction> mi;
    try {
      mi = _factory(*c.variant, c.blockSize);
    } catch (const std::exception& e) {
      r.reason = shortReason(e.what());
      _results.push_back(r);
      continue;
    }
    r.candidate.blockSize = mi->blockSize();
    r.deviceSetBlockSize = c.blockSize == 0 && mi->blockSize() != c.variant->defaultBlockSize;
    const auto repeat = std::find_if(_results.begin(), _results.end(), [&r](const Result& other) {
      return other.ran && other.candidate.variant == r.candidate.variant &&
             other.candidate.blockSize == r.candidate.blockSize;
    });
    if (repeat != _results.end()) {
      r.candidate.blockSize = c.blockSize;
      r.reason = "runs as " + repeat->candidate.label() + ", timed already";
      _results.push_back(r);
      continue;
    }
    mi->compute(target);  // warm-up: first launches, job or Verlet lists, per-molecule buffers
    mi->setTimed(true);
    std::vector<double> kernels;
    for (int i = 0; i < _timedComputes; ++i) {
      mi->compute(target);
      kernels.push_back(mi->timings().kernels);
    }
    mi->setTimed(false);
    std::sort(kernels.begin(), kernels.end());
    r.ran = true;
    r.kernelSeconds = kernels[kernels.size() / 2];
    _results.push_back(r);
    // Only the fastest so far stays alive (one spare set of device buffers at a time).
    if (_chosen < 0 || r.kernelSeconds < _results[_chosen].kernelSeconds) {
      _chosen = static_cast<int>(_results.size()) - 1;
      best = std::move(mi);
    }
  }
  _tuningSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The chosen one computes once more, so that the forces in `target` are its own.
  if (best) best->compute(target);
  if (!best) {
    std::string reasons;
    for (const auto& r : _results) reasons += "; " + r.candidate.label() + ": " + r.reason;
    throw MardynException("GPU cell processor auto: no candidate can run on this device" + reasons);
  }
  return best;
}

std::string CellProcessorAutoTuner::summary() const {
  std::ostringstream os;
  os << "GPU cell processor auto: ";
  if (_chosen < 0) return os.str() + "not tuned";
  const Result& chosen = _results[_chosen];
  const std::string setByDevice = "block size set by the device";
  os << chosen.candidate.label() << " chosen (" << milliseconds(chosen.kernelSeconds)
     << (chosen.deviceSetBlockSize ? ", " + setByDevice : "") << ")";
  const char* separator = "; ";
  for (std::size_t i = 0; i < _results.size(); ++i) {
    if (static_cast<int>(i) == _chosen) continue;
    const Result& r = _results[i];
    os << separator << r.candidate.label() << " ";
    if (r.ran)
      os << milliseconds(r.kernelSeconds) << (r.deviceSetBlockSize ? " (" + setByDevice + ")" : "");
    else
      os << "skipped (" << r.reason << ")";
    separator = ", ";
  }
  os << "; kernel time per traversal, median of " << _timedComputes << "; tuning took " << std::setprecision(3)
     << _tuningSeconds << " s";
  return os.str();
}

}  // namespace mardyn::gpu
