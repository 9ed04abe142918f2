// ComputeVirtualSites: the site tables (one row per site, one per parent, sites by level) and their launches.
#include "ComputeVirtualSites.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/VirtualSite.h"
#include "openmm/internal/VirtualSiteLevels.h"

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
  // The table in the order of placement, one level of dependency after another (_levelStart[k] ..
  // _levelStart[k + 1] - 1 is level k).
  std::vector<int> order;
  for (const auto& level : virtualSiteLevels(system)) {
    _levelStart.push_back(static_cast<int>(order.size()));
    order.insert(order.end(), level.begin(), level.end());
  }
  _levelStart.push_back(static_cast<int>(order.size()));
  for (int i : order) {
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
  // One launch per level, in order: a site's parents are placed before it.
  for (std::size_t k = 0; k + 1 < _levelStart.size(); k++) {
    const int first = _levelStart[k], end = _levelStart[k + 1];
    _place->call()
        .arg(first)
        .arg(end)
        .arg(_info)
        .arg(_params.array())
        .arg(_parents)
        .arg(_weights.array())
        .arg(_data.slotOfAtom())
        .arg(_data.posq())
        .execute(static_cast<std::size_t>(end - first));
  }
}

void ComputeVirtualSites::distributeForces() {
  // One launch per level, last level first: a site holds the forces of the sites placed from it before it passes
  // its own on.
  for (std::size_t k = _levelStart.size(); k-- > 1;) {
    const int first = _levelStart[k - 1], end = _levelStart[k];
    _distribute->call()
        .arg(first)
        .arg(end)
        .arg(_info)
        .arg(_params.array())
        .arg(_parents)
        .arg(_weights.array())
        .arg(_data.slotOfAtom())
        .arg(_data.posq())
        .arg(_data.force())
        .execute(static_cast<std::size_t>(end - first));
  }
}

} // namespace OpenMM
