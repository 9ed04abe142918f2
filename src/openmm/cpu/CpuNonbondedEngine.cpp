// Implementation of the CPU nonbonded engine: list maintenance (skin criterion), packing of sorted particle
// data, and the parallel block loop whose per-thread forces and energies are summed in a fixed order.
#include "CpuNonbondedEngine.h"

#include "CpuThreadPool.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace OpenMM {

namespace {
/** Threads own contiguous ranges of blocks: the forces a thread scatters and later reduces stay in its cache. */
inline int firstBlock(int thread, int threads, int numBlocks) {
    return static_cast<int>(static_cast<long long>(numBlocks) * thread / threads);
}
} // namespace

CpuNonbondedEngine::CpuNonbondedEngine(CpuThreadPool& pool) : _pool(pool) {}

void CpuNonbondedEngine::setMethod(Method method, double cutoff) {
    if (method != Method::NoCutoff && !(cutoff > 0))
        throw std::invalid_argument("CpuNonbondedEngine: the cutoff distance must be positive, got " + std::to_string(cutoff));
    _method = method;
    _cutoff = cutoff;
    _listValid = false;
}

void CpuNonbondedEngine::setReactionFieldDielectric(double dielectric) {
    _dielectric = dielectric;
    _explicitReactionField = false;
}

void CpuNonbondedEngine::setReactionFieldConstants(double krf, double crf) {
    _explicitKrf = krf;
    _explicitCrf = crf;
    _explicitReactionField = true;
}

void CpuNonbondedEngine::setSwitching(bool use, double switchingDistance) {
    _useSwitching = use;
    _switchingDistance = switchingDistance;
}

void CpuNonbondedEngine::setEwaldAlpha(double alpha) {
    _ewaldAlpha = alpha;
    _ewaldTable.clear();
    if (alpha <= 0.0)
        return;
    // Nodes every h = 1e-3 nm up past the cutoff: the interpolation error is about h^4 alpha^4 / 384 (1e-12 for
    // alpha = 3.3/nm).
    const double h = 1e-3;
    const int nodes = static_cast<int>(std::ceil(_cutoff / h)) + 3;
    _ewaldInvH = 1.0 / h;
    _ewaldTable.resize(4 * static_cast<size_t>(nodes));
    const double g0 = 2.0 * alpha / std::sqrt(M_PI);
    for (int k = 0; k < nodes; k++) {
        const double r = k * h, g = g0 * std::exp(-alpha * alpha * r * r);
        _ewaldTable[4 * k] = std::erfc(alpha * r);
        _ewaldTable[4 * k + 1] = -g;
        _ewaldTable[4 * k + 2] = g;
        _ewaldTable[4 * k + 3] = -2.0 * alpha * alpha * r * g;
    }
}

void CpuNonbondedEngine::setCoulombConstant(double constant) {
    _coulombConstant = constant;
    _listValid = false;
}

void CpuNonbondedEngine::setSkin(double skin) {
    if (!(skin >= 0))
        throw std::invalid_argument("CpuNonbondedEngine: the neighbour-list skin must be non-negative");
    _skin = skin;
    _listValid = false;
}

void CpuNonbondedEngine::setParticleParameters(const std::vector<double>& charges, const std::vector<double>& sigmas,
                                               const std::vector<double>& epsilons) {
    if (sigmas.size() != charges.size() || epsilons.size() != charges.size())
        throw std::invalid_argument("CpuNonbondedEngine: charges, sigmas and epsilons differ in length");
    _charges = charges;
    _sigmas = sigmas;
    _epsilons = epsilons;
    _anyCharge = std::any_of(charges.begin(), charges.end(), [](double q) { return q != 0.0; });
    _uniformLJ = true;
    for (size_t i = 1; i < sigmas.size(); i++)
        if (sigmas[i] != sigmas[0] || epsilons[i] != epsilons[0])
            _uniformLJ = false;
    if (_exclusions.size() != charges.size())
        _exclusions.assign(charges.size(), {});
    _listValid = false;
}

void CpuNonbondedEngine::setExcludedPairs(const std::vector<std::pair<int, int>>& pairs) {
    const int n = static_cast<int>(_charges.size());
    _exclusions.assign(n, {});
    for (const auto& p : pairs) {
        if (p.first < 0 || p.first >= n || p.second < 0 || p.second >= n)
            throw std::invalid_argument("CpuNonbondedEngine: excluded pair (" + std::to_string(p.first) + ", " +
                                        std::to_string(p.second) + ") names a particle that does not exist");
        _exclusions[p.first].push_back(p.second);
        _exclusions[p.second].push_back(p.first);
    }
    for (auto& e : _exclusions) {
        std::sort(e.begin(), e.end());
        e.erase(std::unique(e.begin(), e.end()), e.end());
    }
    _listValid = false;
}

void CpuNonbondedEngine::setPeriodicBox(double lx, double ly, double lz) {
    _box[0] = lx;
    _box[1] = ly;
    _box[2] = lz;
}

void CpuNonbondedEngine::setForceGenericKernels(bool generic) { _forceGeneric = generic; }

bool CpuNonbondedEngine::usesAvx2Kernels() const { return !_forceGeneric && cpuHasAvx2PairKernels(); }

double CpuNonbondedEngine::getKrf() const {
    if (_explicitReactionField)
        return _explicitKrf;
    return (_dielectric - 1.0) / (2.0 * _dielectric + 1.0) / (_cutoff * _cutoff * _cutoff);
}

double CpuNonbondedEngine::getCrf() const {
    if (_explicitReactionField)
        return _explicitCrf;
    return 3.0 * _dielectric / (2.0 * _dielectric + 1.0) / _cutoff;
}

bool CpuNonbondedEngine::listOutdated() const {
    if (!_listValid)
        return true;
    if (_method == Method::CutoffPeriodic)
        for (int d = 0; d < 3; d++)
            if (_box[d] != _listBox[d])
                return true;
    return false;
}

void CpuNonbondedEngine::rebuild(const double* positions) {
    const int n = static_cast<int>(_charges.size());
    const bool periodic = _method == Method::CutoffPeriodic;
    if (periodic)
        for (int d = 0; d < 3; d++)
            if (!(_box[d] > 0) || _cutoff > 0.5 * _box[d])
                throw std::invalid_argument("CpuNonbondedEngine: the cutoff distance (" + std::to_string(_cutoff) +
                                            ") cannot be greater than half the periodic box size (" +
                                            std::to_string(_box[d]) + ")");
    double listCutoff = std::numeric_limits<double>::infinity();
    if (_method != Method::NoCutoff) {
        listCutoff = _cutoff + _skin;
        if (periodic)
            listCutoff = std::min(listCutoff, 0.5 * std::min({_box[0], _box[1], _box[2]}));
    }
    // In a small box the list cutoff is clipped to half the box: the skin actually available is what is left.
    _listSkin = _method == Method::NoCutoff ? 0.0 : listCutoff - _cutoff;
    _list.setCandidateFilter(usesAvx2Kernels() ? selectAvx2CandidateFilter() : selectGenericCandidateFilter());
    _list.build(positions, n, periodic, _box, listCutoff, _exclusions, _pool);
    for (int d = 0; d < 3; d++)
        _listBox[d] = _box[d];
    // Per-particle data in sorted order; charges carry the square root of Coulomb's constant.
    const std::vector<int>& order = _list.getOrder();
    const double sqrtK = std::sqrt(_coulombConstant);
    _packed.assign(4 * static_cast<size_t>(n), 0.0);
    _lj.assign(2 * static_cast<size_t>(n), 0.0);
    for (int s = 0; s < n; s++) {
        const int i = order[s];
        _packed[4 * s + 3] = _charges[i] * sqrtK;
        _lj[2 * s] = 0.5 * _sigmas[i];
        _lj[2 * s + 1] = 2.0 * std::sqrt(_epsilons[i]);
    }
    _listValid = true;
    _numListBuilds++;
}

bool CpuNonbondedEngine::packPositions(const double* positions, int block, bool recordReference) {
    // Copies the block's positions into sorted order and reports whether one moved more than half the
    // skin since the list was built.
    const std::vector<int>& order = _list.getOrder();
    const int first = block * CpuNeighborList::blockSize;
    const int last = std::min(static_cast<int>(order.size()), first + CpuNeighborList::blockSize);
    const double limit2 = _method == Method::NoCutoff ? std::numeric_limits<double>::infinity() : 0.25 * _listSkin * _listSkin;
    bool moved = false;
    for (int s = first; s < last; s++) {
        const double* p = positions + 3 * order[s];
        double* reference = _listPositions.data() + 3 * s;
        if (recordReference)
            for (int d = 0; d < 3; d++)
                reference[d] = p[d];
        const double dx = p[0] - reference[0], dy = p[1] - reference[1], dz = p[2] - reference[2];
        moved |= dx * dx + dy * dy + dz * dz > limit2;
        _packed[4 * s] = p[0];
        _packed[4 * s + 1] = p[1];
        _packed[4 * s + 2] = p[2];
    }
    return moved;
}

void CpuNonbondedEngine::packAll(const double* positions, bool recordReference, bool& anyMoved) {
    const int numBlocks = _list.getNumBlocks();
    const int threads = _pool.getNumThreads();
    std::vector<char> moved(threads, 0);
    _pool.execute([&](int thread) {
        bool any = false;
        for (int b = firstBlock(thread, threads, numBlocks); b < firstBlock(thread + 1, threads, numBlocks); b++)
            any |= packPositions(positions, b, recordReference);
        moved[thread] = any ? 1 : 0;
    });
    anyMoved = false;
    for (char m : moved)
        anyMoved |= m != 0;
}

double CpuNonbondedEngine::calculate(const double* positions, double* forces, bool includeEnergy) {
    if (_charges.empty())
        return 0.0;
    bool moved = true;
    if (!listOutdated())
        packAll(positions, false, moved);
    if (moved) {
        rebuild(positions);
        _listPositions.assign(3 * _list.getOrder().size(), 0.0);
        packAll(positions, true, moved);
    }
    CpuPairKernelArgs args;
    CpuPairKernelFlags flags;
    flags.periodic = _method == Method::CutoffPeriodic;
    flags.coulomb = !_anyCharge ? 0 : (_method == Method::NoCutoff ? 1 : 2);
    const bool ewald = _anyCharge && _method == Method::CutoffPeriodic && _ewaldAlpha > 0.0;
    if (ewald) {
        flags.coulomb = 3;
        args.ewaldAlpha = _ewaldAlpha;
        args.ewaldTable = _ewaldTable.data();
        args.ewaldInvH = _ewaldInvH;
    }
    flags.mixedLJ = !_uniformLJ;
    flags.switching = _useSwitching && _method != Method::NoCutoff && _switchingDistance < _cutoff;
    flags.energy = includeEnergy;
    args.packed = _packed.data();
    args.lj = _lj.data();
    for (int d = 0; d < 3; d++) {
        args.box[d] = _box[d];
        args.invBox[d] = _box[d] > 0 ? 1.0 / _box[d] : 0.0;
    }
    args.cutoff2 = _method == Method::NoCutoff ? std::numeric_limits<double>::infinity() : _cutoff * _cutoff;
    if (_method != Method::NoCutoff) {
        args.krf = getKrf();
        args.crf = getCrf();
    }
    if (flags.switching) {
        args.switchStart = _switchingDistance;
        args.switchInvWidth = 1.0 / (_cutoff - _switchingDistance);
    }
    args.uniformSigma2 = _sigmas[0] * _sigmas[0];
    args.uniformEps4 = 4.0 * _epsilons[0];
    const CpuBlockKernel kernel = usesAvx2Kernels() ? selectAvx2PairKernel(flags) : selectGenericPairKernel(flags);
    const int numBlocks = _list.getNumBlocks();
    // Blocks are assigned to threads in a fixed pattern and each thread adds into its own buffer, so the
    // result is reproducible for a given thread count.
    const int threads = _pool.getNumThreads();
    const size_t bufferSize = 4 * _list.getOrder().size();
    _threadForces.resize(threads);
    constexpr int stride = 8;  // one cache line per thread's energy
    _threadEnergy.assign(stride * static_cast<size_t>(threads), 0.0);
    _pool.execute([&](int thread) {
        std::vector<double>& buffer = _threadForces[thread];
        buffer.assign(bufferSize, 0.0);
        double energy = 0;
        for (int b = firstBlock(thread, threads, numBlocks); b < firstBlock(thread + 1, threads, numBlocks); b++)
            energy += kernel(args, _list, b, buffer.data());
        _threadEnergy[stride * thread] = energy;
    });
    _pool.execute([&](int thread) {
        const std::vector<int>& order = _list.getOrder();
        for (int b = firstBlock(thread, threads, numBlocks); b < firstBlock(thread + 1, threads, numBlocks); b++) {
            const int first = b * CpuNeighborList::blockSize;
            const int last = std::min(static_cast<int>(order.size()), first + CpuNeighborList::blockSize);
            for (int s = first; s < last; s++) {
                double f[3] = {0, 0, 0};
                for (int t = 0; t < threads; t++) {
                    const double* buffer = _threadForces[t].data() + 4 * s;
                    for (int d = 0; d < 3; d++)
                        f[d] += buffer[d];
                }
                double* out = forces + 3 * order[s];
                for (int d = 0; d < 3; d++)
                    out[d] += f[d];
            }
        }
    });
    double energy = 0;
    for (int t = 0; t < threads; t++)
        energy += _threadEnergy[stride * t];
    return energy;
}

} // namespace OpenMM
