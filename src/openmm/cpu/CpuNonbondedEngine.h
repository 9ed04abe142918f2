// The CPU platform's nonbonded engine: Lennard-Jones plus Coulomb (no cutoff, cutoff with reaction field,
// periodic or not, optional switching) over a Verlet neighbour list; multithreaded, reproducible per thread count.
#pragma once

#include "CpuNeighborList.h"
#include "CpuPairKernels.h"

#include <utility>
#include <vector>

namespace OpenMM {

class CpuThreadPool;

class CpuNonbondedEngine {
public:
    enum class Method { NoCutoff, CutoffNonPeriodic, CutoffPeriodic };

    explicit CpuNonbondedEngine(CpuThreadPool& pool);

    void setMethod(Method method, double cutoff);
    void setReactionFieldDielectric(double dielectric);
    /** Sets the reaction-field constants directly (instead of deriving them from the dielectric). */
    void setReactionFieldConstants(double krf, double crf);
    void setSwitching(bool use, double switchingDistance);
    /** With alpha > 0 and a periodic cutoff, Coulomb pairs are erfc(alpha r)/r (the direct space of Ewald/PME). */
    void setEwaldAlpha(double alpha);
    /** Coulomb's constant 1/(4 pi eps0) in the caller's units (kJ nm / (mol e^2) in OpenMM's). */
    void setCoulombConstant(double constant);
    /** Extra distance added to the cutoff for the neighbour list; the list is rebuilt when a particle moved half of it. */
    void setSkin(double skin);
    void setParticleParameters(const std::vector<double>& charges, const std::vector<double>& sigmas,
                               const std::vector<double>& epsilons);
    /** Pairs that do not interact through this engine (exclusions and exceptions). */
    void setExcludedPairs(const std::vector<std::pair<int, int>>& pairs);
    void setPeriodicBox(double lx, double ly, double lz);
    /** Chooses the portable kernels even where AVX2 is available (for testing). */
    void setForceGenericKernels(bool generic);

    /** Adds forces (3 doubles per particle) and returns the energy (0 may be returned if includeEnergy is
     *  false). Positions hold 3 doubles per particle. */
    double calculate(const double* positions, double* forces, bool includeEnergy = true);

    int getNumListBuilds() const { return _numListBuilds; }
    bool usesAvx2Kernels() const;
    double getKrf() const;
    double getCrf() const;

private:
    bool listOutdated() const;
    void rebuild(const double* positions);
    bool packPositions(const double* positions, int block, bool recordReference);
    void packAll(const double* positions, bool recordReference, bool& anyMoved);

    CpuThreadPool& _pool;
    Method _method = Method::NoCutoff;
    double _cutoff = 1.0;
    double _dielectric = 78.3;
    bool _explicitReactionField = false;
    double _explicitKrf = 0, _explicitCrf = 0;
    bool _useSwitching = false;
    double _ewaldAlpha = 0.0;
    std::vector<double> _ewaldTable;  // see CpuPairKernelArgs::ewaldTable
    double _ewaldInvH = 0.0;
    double _switchingDistance = 0.0;
    double _coulombConstant = 138.935456;
    double _skin = 0.1;
    double _listSkin = 0.1;  // skin of the current list (smaller than _skin if clipped by the box)
    double _box[3] = {0, 0, 0};
    bool _forceGeneric = false;
    std::vector<double> _charges, _sigmas, _epsilons;
    std::vector<std::vector<int>> _exclusions;
    bool _uniformLJ = false;
    bool _anyCharge = false;

    bool _listValid = false;
    int _numListBuilds = 0;
    double _listBox[3] = {0, 0, 0};
    std::vector<double> _listPositions;  // positions at the last build, sorted order
    CpuNeighborList _list;
    std::vector<double> _packed;
    std::vector<double> _lj;
    std::vector<double> _threadEnergy;
    std::vector<std::vector<double>> _threadForces;  // per thread, 4 doubles per sorted particle
};

} // namespace OpenMM
