// CustomNonbondedForce: particle, exclusion and interaction-group lists with OpenMM's index checks; exclusions
// from bonds by a breadth-first search to bondCutoff bonds.
#include "openmm/CustomNonbondedForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomNonbondedForceImpl.h"

#include <map>

namespace OpenMM {

namespace {
void checkIndex(int index, int size, const char* what) {
  if (index < 0 || index >= size)
    throw OpenMMException(std::string("CustomNonbondedForce: Illegal ") + what + " index: " + std::to_string(index));
}
} // namespace

CustomNonbondedForce::CustomNonbondedForce(const std::string& energy) : _energy(energy) {
  setName("CustomNonbondedForce");
}

void CustomNonbondedForce::setNonbondedMethod(NonbondedMethod method) {
  if (method < NoCutoff || method > CutoffPeriodic)
    throw OpenMMException("CustomNonbondedForce: Illegal value for nonbonded method: " + std::to_string(int(method)));
  _method = method;
}

void CustomNonbondedForce::setCutoffDistance(double distance) {
  if (!(distance > 0.0))
    throw OpenMMException("CustomNonbondedForce: cutoff distance must be positive, got " + std::to_string(distance));
  _cutoff = distance;
}

int CustomNonbondedForce::addParticle(const std::vector<double>& parameters) {
  _particles.push_back(parameters);
  return getNumParticles() - 1;
}

void CustomNonbondedForce::getParticleParameters(int index, std::vector<double>& parameters) const {
  checkIndex(index, getNumParticles(), "particle");
  parameters = _particles[index];
}

void CustomNonbondedForce::setParticleParameters(int index, const std::vector<double>& parameters) {
  checkIndex(index, getNumParticles(), "particle");
  _particles[index] = parameters;
}

int CustomNonbondedForce::addExclusion(int particle1, int particle2) {
  _exclusions.emplace_back(particle1, particle2);
  return getNumExclusions() - 1;
}

void CustomNonbondedForce::getExclusionParticles(int index, int& particle1, int& particle2) const {
  checkIndex(index, getNumExclusions(), "exclusion");
  particle1 = _exclusions[index].first;
  particle2 = _exclusions[index].second;
}

void CustomNonbondedForce::setExclusionParticles(int index, int particle1, int particle2) {
  checkIndex(index, getNumExclusions(), "exclusion");
  _exclusions[index] = {particle1, particle2};
}

void CustomNonbondedForce::createExclusionsFromBonds(const std::vector<std::pair<int, int>>& bonds, int bondCutoff) {
  if (bondCutoff < 1)
    return;
  std::vector<std::vector<int>> neighbours(_particles.size());
  for (const auto& bond : bonds) {
    if (bond.first < 0 || bond.second < 0 || bond.first >= getNumParticles() || bond.second >= getNumParticles())
      throw OpenMMException("CustomNonbondedForce: createExclusionsFromBonds: Illegal particle index in list of bonds");
    neighbours[bond.first].push_back(bond.second);
    neighbours[bond.second].push_back(bond.first);
  }
  for (int i = 0; i < getNumParticles(); i++) {
    std::map<int, int> distance{{i, 0}};
    std::vector<int> frontier{i};
    for (int depth = 1; depth <= bondCutoff; depth++) {
      std::vector<int> next;
      for (int p : frontier)
        for (int q : neighbours[p])
          if (distance.emplace(q, depth).second)
            next.push_back(q);
      frontier.swap(next);
    }
    for (const auto& entry : distance)
      if (entry.first < i)
        addExclusion(entry.first, i);
  }
}

int CustomNonbondedForce::addInteractionGroup(const std::set<int>& set1, const std::set<int>& set2) {
  _groups.emplace_back(set1, set2);
  return getNumInteractionGroups() - 1;
}

void CustomNonbondedForce::getInteractionGroupParameters(int index, std::set<int>& set1, std::set<int>& set2) const {
  checkIndex(index, getNumInteractionGroups(), "interaction group");
  set1 = _groups[index].first;
  set2 = _groups[index].second;
}

void CustomNonbondedForce::setInteractionGroupParameters(int index, const std::set<int>& set1,
                                                         const std::set<int>& set2) {
  checkIndex(index, getNumInteractionGroups(), "interaction group");
  _groups[index] = {set1, set2};
}

void CustomNonbondedForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomNonbondedForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* CustomNonbondedForce::createImpl() const { return new CustomNonbondedForceImpl(*this); }

} // namespace OpenMM
