// CMAPTorsionForce: the maps and torsion pairs with their index and size checks.
#include "openmm/CMAPTorsionForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CMAPTorsionForceImpl.h"

namespace OpenMM {

namespace {
void checkIndex(int index, int size, const char* what) {
  if (index < 0 || index >= size)
    throw OpenMMException(std::string("CMAPTorsionForce: Illegal ") + what + " index: " + std::to_string(index));
}
void checkMap(int size, const std::vector<double>& energy) {
  if (size < 2)
    throw OpenMMException("CMAPTorsionForce: a map must have a size of at least 2, got " + std::to_string(size));
  if (energy.size() != static_cast<size_t>(size) * size)
    throw OpenMMException("CMAPTorsionForce: a map of size " + std::to_string(size) + " needs " +
                          std::to_string(size * size) + " energies, got " + std::to_string(energy.size()));
}
} // namespace

int CMAPTorsionForce::addMap(int size, const std::vector<double>& energy) {
  checkMap(size, energy);
  _maps.push_back({size, energy});
  return getNumMaps() - 1;
}

void CMAPTorsionForce::getMapParameters(int index, int& size, std::vector<double>& energy) const {
  checkIndex(index, getNumMaps(), "map");
  size = _maps[index].size;
  energy = _maps[index].energy;
}

void CMAPTorsionForce::setMapParameters(int index, int size, const std::vector<double>& energy) {
  checkIndex(index, getNumMaps(), "map");
  checkMap(size, energy);
  _maps[index] = {size, energy};
}

int CMAPTorsionForce::addTorsion(int map, int a1, int a2, int a3, int a4, int b1, int b2, int b3, int b4) {
  _torsions.push_back({map, {a1, a2, a3, a4, b1, b2, b3, b4}});
  return getNumTorsions() - 1;
}

void CMAPTorsionForce::getTorsionParameters(int index, int& map, int& a1, int& a2, int& a3, int& a4, int& b1, int& b2,
                                            int& b3, int& b4) const {
  checkIndex(index, getNumTorsions(), "torsion");
  const TorsionInfo& t = _torsions[index];
  map = t.map;
  a1 = t.particles[0];
  a2 = t.particles[1];
  a3 = t.particles[2];
  a4 = t.particles[3];
  b1 = t.particles[4];
  b2 = t.particles[5];
  b3 = t.particles[6];
  b4 = t.particles[7];
}

void CMAPTorsionForce::setTorsionParameters(int index, int map, int a1, int a2, int a3, int a4, int b1, int b2,
                                            int b3, int b4) {
  checkIndex(index, getNumTorsions(), "torsion");
  _torsions[index] = {map, {a1, a2, a3, a4, b1, b2, b3, b4}};
}

void CMAPTorsionForce::updateParametersInContext(Context& context) {
  dynamic_cast<CMAPTorsionForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* CMAPTorsionForce::createImpl() const { return new CMAPTorsionForceImpl(*this); }

} // namespace OpenMM
