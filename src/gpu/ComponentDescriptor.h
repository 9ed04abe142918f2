// ComponentDescriptor: the sites of every component and the mixed LJ pair parameters on the
// device; the counts (components, sites per kind) and the cutoff become #defines of the kernels.
#pragma once

#include "gpu/GpuComponent.h"
#include "compute/PrecisionArray.h"
#include "molecules/Component.h"
#include "molecules/InteractionParameters.h"

#include "compute/ComputeArray.h"
#include "compute/VectorTypes.h"

#include <iosfwd>
#include <vector>

namespace mardyn::gpu {

class ComponentDescriptor : public GpuComponent {
 public:
  /// params: LJ pair table, cutoff, reaction field and cutoff switch, as the CPU processors use them.
  ComponentDescriptor(compute::ComputeContext& context, const std::vector<Component>& components,
                      const InteractionParameters& params);

  void addDefines(compute::ComputeContext::Defines& defines) const override;
  void uploadStaticData() override;

  int maxLJ() const { return _maxLJ; }
  int maxCharges() const { return _maxCharges; }
  int maxDipoles() const { return _maxDipoles; }
  int maxQuadrupoles() const { return _maxQuadrupoles; }
  /// True when no site has a position off the centre or an axis (single-centre models): then
  /// orientations do not matter and torques vanish, so neither needs to travel.
  bool orientationFree() const { return _orientationFree; }
  /// real4 slots per molecule (LJ, charges, dipoles + axes, quadrupoles + axes).
  int sitesPerMolecule() const { return _maxLJ + _maxCharges + 2 * _maxDipoles + 2 * _maxQuadrupoles; }

  compute::PrecisionArray& sites() { return _sites; }
  compute::ComputeArray<compute::mm_int4>& counts() { return _counts; }
  compute::PrecisionArray& ljParameters() { return _ljParams; }
  /// (mass, Ixx, Iyy, Izz) per component (mixed4), for the integrator.
  compute::PrecisionArray& inertia() { return _inertia; }
  std::size_t numComponents() const { return _components.size(); }
  double cutoff() const { return _cutoff; }

  /// The tables as uploaded (DEBUG_COMPONENT_DESCRIPTORS).
  void print(std::ostream& out) const;

 private:
  std::vector<Component> _components;
  double _cutoff;
  double _epsRFInvrc3;
  double _switchStart, _switchInvWidth;
  bool _orientationFree = true;
  int _maxLJ = 0, _maxCharges = 0, _maxDipoles = 0, _maxQuadrupoles = 0;
  std::vector<double> _siteValues;              // 4 per slot
  std::vector<compute::mm_int4> _countValues;   // per component
  std::vector<double> _ljValues;                // 4 per (ci, cj, si, sj)
  compute::PrecisionArray _sites;
  compute::ComputeArray<compute::mm_int4> _counts;
  compute::PrecisionArray _ljParams;
  std::vector<double> _inertiaValues;
  compute::PrecisionArray _inertia;
};

}  // namespace mardyn::gpu
