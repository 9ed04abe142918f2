// Verlet neighbour list of the CPU platform: particles sorted by cell, then for each particle the neighbours
// with a larger sorted index within cutoff + skin (each pair once), built in parallel blocks, padded to 4.
#pragma once

#include <vector>

namespace OpenMM {

class CpuThreadPool;
struct CpuCandidateScan;

/** Writes to out the indices j in [j0, j1) closer than the cutoff (minimum image for wrapped coordinates);
 *  returns how many. out must have room for j1 - j0 + 4 entries. */
using CpuCandidateFilter = int (*)(const CpuCandidateScan& scan, int j0, int j1, int* out);

class CpuNeighborList {
public:
    /** Number of sorted particles per block: the unit of work of the list builder and the force kernels. */
    static constexpr int blockSize = 64;
    /** Neighbour lists are padded with the particle's own index to a multiple of this. */
    static constexpr int padding = 4;

    /**
     * Builds the list.
     * @param positions   3*n coordinates in the original particle order
     * @param periodic    use the minimum image convention in a rectangular box
     * @param box         box edge lengths (used if periodic)
     * @param listCutoff  cutoff plus skin; may be infinite (every pair is listed)
     * @param exclusions  for every original particle, the sorted original indices it must not interact with
     */
    void build(const double* positions, int numParticles, bool periodic, const double box[3], double listCutoff,
               const std::vector<std::vector<int>>& exclusions, CpuThreadPool& pool);
    /** The distance filter used by build() (portable by default). */
    void setCandidateFilter(CpuCandidateFilter filter) { _filter = filter; }

    int getNumParticles() const { return static_cast<int>(_order.size()); }
    int getNumBlocks() const { return static_cast<int>(_blocks.size()); }
    /** Original index of the particle at a sorted position. */
    const std::vector<int>& getOrder() const { return _order; }
    /** Neighbours (sorted indices, padded) of the k-th particle of a block, as [begin, end). */
    const int* neighborsBegin(int block, int k) const { return _blocks[block].neighbors.data() + _blocks[block].offsets[k]; }
    const int* neighborsEnd(int block, int k) const { return _blocks[block].neighbors.data() + _blocks[block].offsets[k + 1]; }
    /** Total number of listed (padded) entries, for diagnostics. */
    long long getNumEntries() const;

private:
    struct Block {
        std::vector<int> neighbors;
        std::vector<int> offsets;
    };
    void setUpGrid(const double* positions, int n, bool periodic, const double box[3], double listCutoff);
    void buildBlock(int block, bool periodic, const double box[3], double listCutoff2,
                    const std::vector<std::vector<int>>& exclusions, std::vector<int>& scratch);

    std::vector<int> _order;
    std::vector<int> _cellStart;   // per cell, first sorted index; one extra entry at the end
    std::vector<int> _cellOfSorted;
    std::vector<double> _sorted[3];  // coordinates per sorted particle (wrapped into the box if periodic)
    int _numCells[3] = {1, 1, 1};
    int _reach[3] = {0, 0, 0};      // stencil half-width in cells per dimension
    std::vector<Block> _blocks;
    CpuCandidateFilter _filter = nullptr;
};

} // namespace OpenMM
