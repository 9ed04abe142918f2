// The core kernels of the common-compute platforms.
#include "ComputeCoreKernels.h"

#include "ComputePlatform.h"
#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"

#include <istream>
#include <ostream>

namespace OpenMM {

void ComputeCalcForcesAndEnergyKernel::initialize(const System&) {}

void ComputeCalcForcesAndEnergyKernel::beginComputation(ContextImpl& context, bool, bool, int) {
  ComputePlatformData& data = ComputePlatform::getData(context);
  data.beginForces();
  data.virtualSites().computePositions();
}

double ComputeCalcForcesAndEnergyKernel::finishComputation(ContextImpl& context, bool, bool includeEnergy, int groups,
                                                           bool& valid) {
  ComputePlatformData& data = ComputePlatform::getData(context);
  data.computeInteractions(groups, includeEnergy);
  data.virtualSites().distributeForces();
  valid = true;
  return includeEnergy ? data.downloadEnergy() : 0.0;
}

void ComputeUpdateStateDataKernel::initialize(const System&) {}

double ComputeUpdateStateDataKernel::getTime(const ContextImpl& context) const {
  return ComputePlatform::getData(context).time;
}

void ComputeUpdateStateDataKernel::setTime(ContextImpl& context, double time) {
  ComputePlatform::getData(context).time = time;
}

long long ComputeUpdateStateDataKernel::getStepCount(const ContextImpl& context) const {
  return ComputePlatform::getData(context).stepCount;
}

void ComputeUpdateStateDataKernel::setStepCount(const ContextImpl& context, long long count) {
  const_cast<ComputePlatformData&>(ComputePlatform::getData(context)).stepCount = count;
}

void ComputeUpdateStateDataKernel::getPositions(ContextImpl& context, std::vector<Vec3>& positions) {
  // A constraint failure since the last look surfaces with the coordinates it spoilt.
  ComputePlatform::getData(context).constraints().checkFailure();
  ComputePlatform::getData(context).getPositions(positions);
}

void ComputeUpdateStateDataKernel::setPositions(ContextImpl& context, const std::vector<Vec3>& positions) {
  ComputePlatform::getData(context).setPositions(positions);
}

void ComputeUpdateStateDataKernel::getVelocities(ContextImpl& context, std::vector<Vec3>& velocities) {
  ComputePlatform::getData(context).getVelocities(velocities);
}

void ComputeUpdateStateDataKernel::setVelocities(ContextImpl& context, const std::vector<Vec3>& velocities) {
  ComputePlatform::getData(context).setVelocities(velocities);
}

void ComputeUpdateStateDataKernel::getForces(ContextImpl& context, std::vector<Vec3>& forces) {
  ComputePlatform::getData(context).getForces(forces);
}

void ComputeUpdateStateDataKernel::getEnergyParameterDerivatives(ContextImpl& context,
                                                                 std::map<std::string, double>& derivs) {
  derivs = ComputePlatform::getData(context).downloadEnergyDerivatives();
}

void ComputeUpdateStateDataKernel::getPeriodicBoxVectors(ContextImpl& context, Vec3& a, Vec3& b, Vec3& c) const {
  const ComputePlatformData& data = ComputePlatform::getData(context);
  a = data.box[0];
  b = data.box[1];
  c = data.box[2];
}

void ComputeUpdateStateDataKernel::setPeriodicBoxVectors(ContextImpl& context, const Vec3& a, const Vec3& b,
                                                         const Vec3& c) {
  ComputePlatformData& data = ComputePlatform::getData(context);
  if (a[1] != 0 || a[2] != 0 || b[0] != 0 || b[2] != 0 || c[0] != 0 || c[1] != 0)
    throw OpenMMException(data.platformName() + " platform: only rectangular periodic boxes are supported");
  // Positions keep their wrapped values and image counts: read them with the old box first.
  std::vector<Vec3> positions;
  data.getPositions(positions);
  data.box[0] = a;
  data.box[1] = b;
  data.box[2] = c;
  data.setPositions(positions);
}

namespace {
template <class T> void writeRaw(std::ostream& stream, const T* values, std::size_t count) {
  stream.write(reinterpret_cast<const char*>(values), static_cast<std::streamsize>(sizeof(T) * count));
}
template <class T> void readRaw(std::istream& stream, T* values, std::size_t count) {
  stream.read(reinterpret_cast<char*>(values), static_cast<std::streamsize>(sizeof(T) * count));
  if (!stream)
    throw OpenMMException("Context::loadCheckpoint: the checkpoint is truncated");
}
} // namespace

void ComputeUpdateStateDataKernel::createCheckpoint(ContextImpl& context, std::ostream& stream) {
  ComputePlatformData& data = ComputePlatform::getData(context);
  std::vector<Vec3> positions, velocities;
  data.getPositions(positions);
  data.getVelocities(velocities);
  writeRaw(stream, &data.time, 1);
  writeRaw(stream, &data.stepCount, 1);
  writeRaw(stream, positions.data(), positions.size());
  writeRaw(stream, velocities.data(), velocities.size());
  writeRaw(stream, data.box, 3);
  writeRaw(stream, &data.randomSeed, 1);
  writeRaw(stream, &data.randomCounter, 1);
  // This Context goes on from the state a Context loading the checkpoint starts from: the same positions and
  // velocities set again, so the same slot order and a fresh tile list (else pairs computed about other block
  // centres would round differently, and a trajectory resumed from the checkpoint would not be the same bits).
  data.setPositions(positions);
  data.setVelocities(velocities);
}

void ComputeUpdateStateDataKernel::loadCheckpoint(ContextImpl& context, std::istream& stream) {
  ComputePlatformData& data = ComputePlatform::getData(context);
  std::vector<Vec3> positions(data.numAtoms()), velocities(data.numAtoms());
  readRaw(stream, &data.time, 1);
  readRaw(stream, &data.stepCount, 1);
  readRaw(stream, positions.data(), positions.size());
  readRaw(stream, velocities.data(), velocities.size());
  readRaw(stream, data.box, 3);
  readRaw(stream, &data.randomSeed, 1);
  readRaw(stream, &data.randomCounter, 1);
  data.setPositions(positions);
  data.setVelocities(velocities);
}

void ComputeApplyConstraintsKernel::initialize(const System&) {}

void ComputeApplyConstraintsKernel::apply(ContextImpl&, double tol) {
  _data.constraints().applyToCurrentPositions(tol);
  _data.constraints().checkFailure();
  _data.virtualSites().computePositions(); // as in OpenMM: the sites follow the constrained positions
}

void ComputeApplyConstraintsKernel::applyToVelocities(ContextImpl&, double tol) {
  _data.constraints().applyToVelocities(tol);
  _data.constraints().checkFailure();
}

} // namespace OpenMM
