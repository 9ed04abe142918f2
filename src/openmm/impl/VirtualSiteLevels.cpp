// VirtualSiteLevels: a topological sort of the sites (Kahn's algorithm), one level at a time: a site joins the
// level after the one in which its last site parent was placed.
#include "openmm/internal/VirtualSiteLevels.h"

#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/VirtualSite.h"

#include <algorithm>
#include <string>

namespace OpenMM {

std::vector<std::vector<int>> virtualSiteLevels(const System& system) {
  const int n = system.getNumParticles();
  std::vector<int> waiting(n, 0);          // parents that are sites not placed yet (each use counted)
  std::vector<std::vector<int>> children(n); // the sites that use a site as a parent
  std::vector<int> level;
  int numSites = 0;
  for (int i = 0; i < n; i++) {
    if (!system.isVirtualSite(i)) continue;
    numSites++;
    const VirtualSite& site = system.getVirtualSite(i);
    for (int j = 0; j < site.getNumParticles(); j++) {
      const int p = site.getParticle(j);
      if (p >= 0 && p < n && system.isVirtualSite(p)) {
        waiting[i]++;
        children[p].push_back(i);
      }
    }
    if (waiting[i] == 0) level.push_back(i);
  }
  std::vector<std::vector<int>> levels;
  int placed = 0;
  while (!level.empty()) {
    placed += static_cast<int>(level.size());
    std::vector<int> next;
    for (int site : level)
      for (int child : children[site])
        if (--waiting[child] == 0) next.push_back(child);
    std::sort(next.begin(), next.end());
    levels.push_back(std::move(level));
    level = std::move(next);
  }
  if (placed != numSites) {
    // What is left waits on itself through a cycle (or on a site of one).
    std::string left;
    int count = 0;
    for (int i = 0; i < n && count < 10; i++)
      if (system.isVirtualSite(i) && waiting[i] > 0) {
        left += (left.empty() ? "" : ", ") + std::to_string(i);
        count++;
      }
    throw OpenMMException("Virtual sites depend on each other in a cycle: sites " + left +
                          " cannot be placed, as each depends (directly or through other sites) on itself or on "
                          "such a site");
  }
  return levels;
}

} // namespace OpenMM
