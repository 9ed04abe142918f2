// ComputeVirtualSites: the site tables (one row per site, one per parent) and their two launches.
#include "ComputeVirtualSites.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/VirtualSite.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <numeric>
#include <string>
#include <vector>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

ComputeVirtualSites::ComputeVirtualSites(ComputePlatformData& data, const System& system) : _data(data) {
  std::vector<mardyn::compute::mm_int4> info;
  std::vector<int> parents;
  std::vector<double> params, weights;
  for (int i = 0; i < system.getNumParticles(); i++) {
    if (!system.isVirtualSite(i))
      continue;
    const VirtualSite& site = system.getVirtualSite(i);
    const int first = static_cast<int>(parents.size()), count = site.getNumParticles();
    for (int k = 0; k < count; k++)
      parents.push_back(site.getParticle(k));
    if (auto* two = dynamic_cast<const TwoParticleAverageSite*>(&site)) {
      info.push_back({i, 0, first, count});
      for (int k = 0; k < 2; k++)
        weights.insert(weights.end(), {two->getWeight(k), 0.0, 0.0, 0.0});
      params.insert(params.end(), {0.0, 0.0, 0.0, two->getWeight(0) + two->getWeight(1)});
    } else if (auto* three = dynamic_cast<const ThreeParticleAverageSite*>(&site)) {
      info.push_back({i, 0, first, count});
      double sum = 0.0;
      for (int k = 0; k < 3; k++) {
        weights.insert(weights.end(), {three->getWeight(k), 0.0, 0.0, 0.0});
        sum += three->getWeight(k);
      }
      params.insert(params.end(), {0.0, 0.0, 0.0, sum});
    } else if (auto* plane = dynamic_cast<const OutOfPlaneSite*>(&site)) {
      info.push_back({i, 1, first, count});
      for (int k = 0; k < 3; k++)
        weights.insert(weights.end(), {0.0, 0.0, 0.0, 0.0});
      params.insert(params.end(), {plane->getWeight12(), plane->getWeight13(), plane->getWeightCross(), 1.0});
    } else if (auto* local = dynamic_cast<const LocalCoordinatesSite*>(&site)) {
      info.push_back({i, 2, first, count});
      std::vector<double> origin, x, y;
      local->getOriginWeights(origin);
      local->getXWeights(x);
      local->getYWeights(y);
      for (int k = 0; k < count; k++)
        weights.insert(weights.end(), {origin[k], x[k], y[k], 0.0});
      const Vec3& l = local->getLocalPosition();
      params.insert(params.end(), {l[0], l[1], l[2], std::accumulate(origin.begin(), origin.end(), 0.0)});
    } else {
      throw OpenMMException(_data.platformName() + " platform: particle " + std::to_string(i) +
                            " is a virtual site of a kind it does not know");
    }
  }
  _numSites = static_cast<int>(info.size());
  if (_numSites == 0)
    return;
  auto& ctx = _data.context();
  _info.initialize(ctx, info.size(), "virtualSiteInfo");
  _info.upload(info);
  _parents.initialize(ctx, parents.size(), "virtualSiteParents");
  _parents.upload(parents);
  _params = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, info.size(), "virtualSiteParams");
  _params.upload(params);
  _weights = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, parents.size(), "virtualSiteWeights");
  _weights.upload(weights);
  try {
    _program = ctx.compileProgram(mardyn::compute::KernelSources::withRequirements(
                                      std::vector<std::string>{"openmm/common/kernels/VirtualSites.cc"}),
                                  _data.commonDefines(), "openmm-virtual-sites");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(_data.platformName() + " platform: compiling the virtual-site kernels failed: " + e.what());
  }
  _place = _program->createKernel("computeVirtualSites");
  _distribute = _program->createKernel("distributeVirtualSiteForces");
}

ComputeVirtualSites::~ComputeVirtualSites() = default;

void ComputeVirtualSites::computePositions() {
  if (_numSites == 0)
    return;
  _place->call()
      .arg(_numSites)
      .arg(_info)
      .arg(_params.array())
      .arg(_parents)
      .arg(_weights.array())
      .arg(_data.slotOfAtom())
      .arg(_data.posq())
      .execute(static_cast<std::size_t>(_numSites));
}

void ComputeVirtualSites::distributeForces() {
  if (_numSites == 0)
    return;
  _distribute->call()
      .arg(_numSites)
      .arg(_info)
      .arg(_params.array())
      .arg(_parents)
      .arg(_weights.array())
      .arg(_data.slotOfAtom())
      .arg(_data.posq())
      .arg(_data.force())
      .execute(static_cast<std::size_t>(_numSites));
}

} // namespace OpenMM
