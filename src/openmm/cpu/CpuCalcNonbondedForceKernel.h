// The CPU platform's NonbondedForce kernel: the reference kernel (parameters, exceptions, dispersion
// correction) with the pair sum done by CpuNonbondedEngine; triclinic boxes fall back to the reference sum. The
// reference PME grids run on the Context's thread pool.
#pragma once

#include "CpuNonbondedEngine.h"
#include "ReferenceCalcNonbondedForceKernel.h"

#include <memory>

namespace OpenMM {

class CpuCalcNonbondedForceKernel : public ReferenceCalcNonbondedForceKernel {
public:
    CpuCalcNonbondedForceKernel(std::string name, const Platform& platform)
        : ReferenceCalcNonbondedForceKernel(std::move(name), platform) {}
    void initialize(const System& system, const NonbondedForce& force) override;
    void copyParametersToContext(ContextImpl& context, const NonbondedForce& force) override;

protected:
    void parametersChanged() override { _engineStale = true; }
    /** The PME grids (Coulomb and LJPME dispersion) spread, convolve and interpolate on the Context's threads. */
    void preparePmeGrid(ContextImpl& context, ReferencePmeGrid& grid) override;
    double computePairs(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces,
                        bool includeEnergy) override;

private:
    void configureEngine();

    std::unique_ptr<CpuNonbondedEngine> _engine;
    CpuThreadPool* _enginePool = nullptr;
    bool _engineStale = true;
};

} // namespace OpenMM
