// Implementation of the CPU NonbondedForce kernel: hands the reference kernel's parameters to the engine
// whenever they change and runs the engine on the Context's positions and thread pool.
#include "CpuCalcNonbondedForceKernel.h"

#include "CpuPlatformData.h"
#include "ReferencePlatform.h"
#include "ReferencePmeGrid.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/PhysicalConstants.h"

#include <stdexcept>
#include <utility>

namespace OpenMM {

static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 must be three packed doubles");

void CpuCalcNonbondedForceKernel::initialize(const System& system, const NonbondedForce& force) {
    ReferenceCalcNonbondedForceKernel::initialize(system, force);
    _engineStale = true;
}

void CpuCalcNonbondedForceKernel::copyParametersToContext(ContextImpl& context, const NonbondedForce& force) {
    ReferenceCalcNonbondedForceKernel::copyParametersToContext(context, force);
    _engineStale = true;
}

void CpuCalcNonbondedForceKernel::configureEngine() {
    switch (_method) {
    case NonbondedForce::NoCutoff:
        _engine->setMethod(CpuNonbondedEngine::Method::NoCutoff, _cutoff);
        break;
    case NonbondedForce::CutoffNonPeriodic:
        _engine->setMethod(CpuNonbondedEngine::Method::CutoffNonPeriodic, _cutoff);
        break;
    case NonbondedForce::CutoffPeriodic:
    case NonbondedForce::Ewald:
    case NonbondedForce::PME:
        _engine->setMethod(CpuNonbondedEngine::Method::CutoffPeriodic, _cutoff);
        break;
    default:
        throw OpenMMException("CPU platform: NonbondedForce method not supported");
    }
    _engine->setReactionFieldConstants(_krf, _crf);
    _engine->setSwitching(_useSwitching, _switchingDistance);
    _engine->setEwaldAlpha(usesEwald() ? _alpha : 0.0);
    _engine->setCoulombConstant(ONE_4PI_EPS0);
    _engine->setParticleParameters(_charges, _sigmas, _epsilons);
    std::vector<std::pair<int, int>> excluded;
    for (int i = 0; i < static_cast<int>(_exclusions.size()); i++)
        for (int j : _exclusions[i])
            if (j > i)
                excluded.emplace_back(i, j);
    _engine->setExcludedPairs(excluded);
    _engineStale = false;
}

void CpuCalcNonbondedForceKernel::preparePmeGrid(ContextImpl& context, ReferencePmeGrid& grid) {
    CpuThreadPool& pool = dynamic_cast<CpuPlatformData&>(ReferencePlatform::getPlatformData(context)).threadPool();
    grid.setExecutor(pool.getNumThreads(), [&pool](const std::function<void(int)>& task) { pool.execute(task); });
}

double CpuCalcNonbondedForceKernel::computePairs(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces,
                                                 bool includeEnergy) {
    // LJPME's direct-space pairs (Lorentz-Berthelot LJ with the dispersion grid's part backed out) are not in the
    // engine: they run in the reference kernel's all-pairs loop.
    if (_method == NonbondedForce::LJPME)
        return ReferenceCalcNonbondedForceKernel::computePairs(context, forces, includeForces, includeEnergy);
    auto& data = dynamic_cast<CpuPlatformData&>(ReferencePlatform::getPlatformData(context));
    const Vec3* box = data.box();
    const bool periodic = _method == NonbondedForce::CutoffPeriodic || usesEwald();
    if (periodic && (box[0][1] != 0 || box[0][2] != 0 || box[1][0] != 0 || box[1][2] != 0 || box[2][0] != 0 || box[2][1] != 0))
        return ReferenceCalcNonbondedForceKernel::computePairs(context, forces, includeForces, includeEnergy);
    if (!_engine || _enginePool != &data.threadPool()) {
        _engine = std::make_unique<CpuNonbondedEngine>(data.threadPool());
        _enginePool = &data.threadPool();
        _engineStale = true;
    }
    if (_engineStale)
        configureEngine();
    if (periodic)
        _engine->setPeriodicBox(box[0][0], box[1][1], box[2][2]);
    try {
        return _engine->calculate(&data.positions[0][0], &forces[0][0], includeEnergy);
    } catch (const std::invalid_argument& e) {
        throw OpenMMException(std::string("CPU platform: ") + e.what());
    }
}

} // namespace OpenMM
