// ReferenceUpdateStateDataKernel: direct copies to and from ReferencePlatformData; checkpoints hold time,
// step count, positions, velocities, box vectors and the random-number state in binary form.
#include "ReferenceUpdateStateDataKernel.h"

#include "ReferencePlatform.h"
#include "openmm/OpenMMException.h"

#include <istream>
#include <ostream>

namespace OpenMM {

namespace {
template <class T> void writeRaw(std::ostream& stream, const T* values, size_t count) {
  stream.write(reinterpret_cast<const char*>(values), static_cast<std::streamsize>(sizeof(T) * count));
}
template <class T> void readRaw(std::istream& stream, T* values, size_t count) {
  stream.read(reinterpret_cast<char*>(values), static_cast<std::streamsize>(sizeof(T) * count));
  if (!stream)
    throw OpenMMException("Context::loadCheckpoint: the checkpoint is truncated");
}
} // namespace

void ReferenceUpdateStateDataKernel::initialize(const System&) {}

double ReferenceUpdateStateDataKernel::getTime(const ContextImpl& context) const {
  return ReferencePlatform::getPlatformData(context).time;
}

void ReferenceUpdateStateDataKernel::setTime(ContextImpl& context, double time) {
  ReferencePlatform::getPlatformData(context).time = time;
}

long long ReferenceUpdateStateDataKernel::getStepCount(const ContextImpl& context) const {
  return ReferencePlatform::getPlatformData(context).stepCount;
}

void ReferenceUpdateStateDataKernel::setStepCount(const ContextImpl& context, long long count) {
  const_cast<ReferencePlatform::PlatformData&>(ReferencePlatform::getPlatformData(context)).stepCount = count;
}

void ReferenceUpdateStateDataKernel::getPositions(ContextImpl& context, std::vector<Vec3>& positions) {
  positions = ReferencePlatform::getPlatformData(context).positions;
}

void ReferenceUpdateStateDataKernel::setPositions(ContextImpl& context, const std::vector<Vec3>& positions) {
  ReferencePlatform::getPlatformData(context).positions = positions;
}

void ReferenceUpdateStateDataKernel::getVelocities(ContextImpl& context, std::vector<Vec3>& velocities) {
  velocities = ReferencePlatform::getPlatformData(context).velocities;
}

void ReferenceUpdateStateDataKernel::setVelocities(ContextImpl& context, const std::vector<Vec3>& velocities) {
  auto& data = ReferencePlatform::getPlatformData(context);
  data.velocities = velocities;
  for (int i = 0; i < data.numParticles; i++)
    if (data.masses[i] == 0.0)
      data.velocities[i] = Vec3();
}

void ReferenceUpdateStateDataKernel::getForces(ContextImpl& context, std::vector<Vec3>& forces) {
  forces = ReferencePlatform::getPlatformData(context).forces;
}

void ReferenceUpdateStateDataKernel::getEnergyParameterDerivatives(ContextImpl& context,
                                                                   std::map<std::string, double>& derivs) {
  derivs = ReferencePlatform::getPlatformData(context).energyParameterDerivatives;
}

void ReferenceUpdateStateDataKernel::getPeriodicBoxVectors(ContextImpl& context, Vec3& a, Vec3& b, Vec3& c) const {
  const auto& data = ReferencePlatform::getPlatformData(context);
  a = data.periodicBoxVectors[0];
  b = data.periodicBoxVectors[1];
  c = data.periodicBoxVectors[2];
}

void ReferenceUpdateStateDataKernel::setPeriodicBoxVectors(ContextImpl& context, const Vec3& a, const Vec3& b,
                                                           const Vec3& c) {
  auto& data = ReferencePlatform::getPlatformData(context);
  data.periodicBoxVectors[0] = a;
  data.periodicBoxVectors[1] = b;
  data.periodicBoxVectors[2] = c;
}

void ReferenceUpdateStateDataKernel::createCheckpoint(ContextImpl& context, std::ostream& stream) {
  const auto& data = ReferencePlatform::getPlatformData(context);
  writeRaw(stream, &data.time, 1);
  writeRaw(stream, &data.stepCount, 1);
  writeRaw(stream, data.positions.data(), data.positions.size());
  writeRaw(stream, data.velocities.data(), data.velocities.size());
  writeRaw(stream, data.periodicBoxVectors, 3);
  data.random.save(stream);
}

void ReferenceUpdateStateDataKernel::loadCheckpoint(ContextImpl& context, std::istream& stream) {
  auto& data = ReferencePlatform::getPlatformData(context);
  readRaw(stream, &data.time, 1);
  readRaw(stream, &data.stepCount, 1);
  readRaw(stream, data.positions.data(), data.positions.size());
  readRaw(stream, data.velocities.data(), data.velocities.size());
  readRaw(stream, data.periodicBoxVectors, 3);
  data.random.load(stream);
}

} // namespace OpenMM
