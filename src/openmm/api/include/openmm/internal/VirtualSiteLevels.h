// VirtualSiteLevels: the virtual sites of a System in the order they can be placed, as OpenMM allows sites whose
// parents are other sites: level 0 holds the sites whose parents are all real particles, level k those with a
// parent at level k-1 and none higher. Sites are placed level after level and pass their forces on in reverse.
#pragma once

#include <vector>

namespace OpenMM {

class System;

/** The sites (particle indices, ascending within a level) by level; throws OpenMMException naming the sites of a
 * cycle of dependencies (a site that depends, directly or through other sites, on itself). */
std::vector<std::vector<int>> virtualSiteLevels(const System& system);

} // namespace OpenMM
