// Implementation of the CPU platform's neighbour list: counting sort into a grid of cells half the list
// cutoff wide, then for each block of sorted particles a scan of the surrounding rows of cells.
#include "CpuNeighborList.h"

#include "CpuPairKernels.h"
#include "CpuThreadPool.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace OpenMM {

namespace {
/** Cells are at least listCutoff / cellDivisions wide; the stencil reaches cellDivisions cells each way. */
constexpr int cellDivisions = 2;
} // namespace

void CpuNeighborList::setUpGrid(const double* positions, int n, bool periodic, const double box[3],
                                double listCutoff) {
    double origin[3] = {0, 0, 0};
    double extent[3];
    long long total = 1;
    if (!periodic) {
        double lo[3], hi[3];
        for (int d = 0; d < 3; d++) {
            lo[d] = std::numeric_limits<double>::max();
            hi[d] = std::numeric_limits<double>::lowest();
        }
        for (int i = 0; i < n; i++)
            for (int d = 0; d < 3; d++) {
                lo[d] = std::min(lo[d], positions[3 * i + d]);
                hi[d] = std::max(hi[d], positions[3 * i + d]);
            }
        for (int d = 0; d < 3; d++) {
            origin[d] = n > 0 ? lo[d] : 0.0;
            extent[d] = n > 0 ? std::max(hi[d] - lo[d], 1e-6) * (1.0 + 1e-12) : 1.0;
        }
    }
    for (int d = 0; d < 3; d++) {
        if (periodic)
            extent[d] = box[d];
        const double cells = std::isfinite(listCutoff) ? std::floor(extent[d] * cellDivisions / listCutoff) : 1.0;
        _numCells[d] = static_cast<int>(std::clamp(cells, 1.0, 1024.0));
        // A periodic stencil that wraps onto itself would visit a cell twice; one cell is always correct.
        if (periodic && _numCells[d] < 2 * cellDivisions + 1)
            _numCells[d] = 1;
        total *= _numCells[d];
    }
    // Never many more cells than particles: a sparse system would spend its time on empty cells.
    while (!periodic && total > std::max(2 * n, 1)) {
        int largest = 0;
        for (int d = 1; d < 3; d++)
            if (_numCells[d] > _numCells[largest])
                largest = d;
        _numCells[largest] = std::max(1, _numCells[largest] / 2);
        total = static_cast<long long>(_numCells[0]) * _numCells[1] * _numCells[2];
    }
    for (int d = 0; d < 3; d++) {
        // How many cells the stencil must reach so that it covers listCutoff.
        const double width = extent[d] / _numCells[d];
        _reach[d] = _numCells[d] == 1 ? 0 : std::min(_numCells[d] - 1, static_cast<int>(std::ceil(listCutoff / width)));
        if (periodic && _numCells[d] > 1)
            _reach[d] = std::min(_reach[d], (_numCells[d] - 1) / 2);
    }
    const int totalCells = static_cast<int>(total);
    std::vector<int> cellOf(n);
    std::vector<double> wrapped(3 * static_cast<size_t>(n));
    std::vector<int> count(totalCells + 1, 0);
    for (int i = 0; i < n; i++) {
        int c[3];
        for (int d = 0; d < 3; d++) {
            double f = (positions[3 * i + d] - origin[d]) / extent[d];
            if (periodic)
                f -= std::floor(f);
            wrapped[3 * i + d] = periodic ? f * extent[d] : positions[3 * i + d];
            c[d] = std::clamp(static_cast<int>(f * _numCells[d]), 0, _numCells[d] - 1);
        }
        cellOf[i] = (c[2] * _numCells[1] + c[1]) * _numCells[0] + c[0];
        count[cellOf[i] + 1]++;
    }
    for (int c = 0; c < totalCells; c++)
        count[c + 1] += count[c];
    _cellStart = count;
    _order.assign(n, 0);
    _cellOfSorted.assign(n, 0);
    // Four readable entries past the end (NaN: never within the cutoff) for the vectorised filter.
    for (auto& coordinate : _sorted)
        coordinate.assign(n + 4, std::numeric_limits<double>::quiet_NaN());
    for (int i = 0; i < n; i++) {
        const int s = count[cellOf[i]]++;
        _order[s] = i;
        _cellOfSorted[s] = cellOf[i];
        for (int d = 0; d < 3; d++)
            _sorted[d][s] = wrapped[3 * i + d];
    }
}

void CpuNeighborList::buildBlock(int block, bool periodic, const double box[3], double listCutoff2,
                                 const std::vector<std::vector<int>>& exclusions, std::vector<int>& scratch) {
    const int n = getNumParticles();
    const int first = block * blockSize;
    const int last = std::min(n, first + blockSize);
    Block& out = _blocks[block];
    out.neighbors.clear();
    out.offsets.assign(last - first + 1, 0);
    CpuCandidateScan scan;
    scan.x = _sorted[0].data();
    scan.y = _sorted[1].data();
    scan.z = _sorted[2].data();
    scan.cutoff2 = listCutoff2;
    // With wrapped coordinates a difference lies in (-L, L): one conditional shift gives the minimum image.
    for (int d = 0; d < 3; d++) {
        scan.half[d] = periodic ? 0.5 * box[d] : std::numeric_limits<double>::infinity();
        scan.full[d] = periodic ? box[d] : 0.0;
    }
    const CpuCandidateFilter filter = _filter != nullptr ? _filter : selectGenericCandidateFilter();
    for (int i = first; i < last; i++) {
        const int cell = _cellOfSorted[i];
        const int cx = cell % _numCells[0], cy = (cell / _numCells[0]) % _numCells[1];
        const int cz = cell / (_numCells[0] * _numCells[1]);
        // The x extent of the stencil as up to two contiguous runs of cells.
        int xRuns[2][2];
        int numXRuns = 0;
        const int lo = cx - _reach[0], hi = cx + _reach[0];
        if (!periodic || (lo >= 0 && hi < _numCells[0])) {
            xRuns[numXRuns][0] = std::max(lo, 0);
            xRuns[numXRuns++][1] = std::min(hi, _numCells[0] - 1);
        } else if (lo < 0) {
            xRuns[numXRuns][0] = 0;
            xRuns[numXRuns++][1] = hi;
            xRuns[numXRuns][0] = lo + _numCells[0];
            xRuns[numXRuns++][1] = _numCells[0] - 1;
        } else {
            xRuns[numXRuns][0] = lo;
            xRuns[numXRuns++][1] = _numCells[0] - 1;
            xRuns[numXRuns][0] = 0;
            xRuns[numXRuns++][1] = hi - _numCells[0];
        }
        scan.centre[0] = scan.x[i];
        scan.centre[1] = scan.y[i];
        scan.centre[2] = scan.z[i];
        scan.self = i;
        int count = 0;
        for (int oz = -_reach[2]; oz <= _reach[2]; oz++) {
            int z = cz + oz;
            if (periodic)
                z = (z + _numCells[2]) % _numCells[2];
            else if (z < 0 || z >= _numCells[2])
                continue;
            for (int oy = -_reach[1]; oy <= _reach[1]; oy++) {
                int y = cy + oy;
                if (periodic)
                    y = (y + _numCells[1]) % _numCells[1];
                else if (y < 0 || y >= _numCells[1])
                    continue;
                const int row = (z * _numCells[1] + y) * _numCells[0];
                for (int r = 0; r < numXRuns; r++) {
                    const int j0 = std::max(_cellStart[row + xRuns[r][0]], i + 1);  // each pair once
                    const int j1 = _cellStart[row + xRuns[r][1] + 1];
                    if (j1 <= j0)
                        continue;
                    if (scratch.size() < static_cast<size_t>(count + (j1 - j0) + 8))
                        scratch.resize(2 * (count + (j1 - j0) + 8));
                    count += filter(scan, j0, j1, scratch.data() + count);
                }
            }
        }
        const std::vector<int>* excluded = exclusions.empty() ? nullptr : &exclusions[_order[i]];
        if (excluded != nullptr && !excluded->empty()) {
            auto end = std::remove_if(scratch.begin(), scratch.begin() + count, [&](int j) {
                return std::binary_search(excluded->begin(), excluded->end(), _order[j]);
            });
            count = static_cast<int>(end - scratch.begin());
        }
        out.neighbors.insert(out.neighbors.end(), scratch.begin(), scratch.begin() + count);
        while (count % padding != 0) {
            out.neighbors.push_back(i);
            count++;
        }
        out.offsets[i - first + 1] = static_cast<int>(out.neighbors.size());
    }
}

void CpuNeighborList::build(const double* positions, int numParticles, bool periodic, const double box[3],
                            double listCutoff, const std::vector<std::vector<int>>& exclusions, CpuThreadPool& pool) {
    setUpGrid(positions, numParticles, periodic, box, listCutoff);
    const int numBlocks = (numParticles + blockSize - 1) / blockSize;
    _blocks.resize(numBlocks);
    const double listCutoff2 = std::isfinite(listCutoff) ? listCutoff * listCutoff : std::numeric_limits<double>::infinity();
    std::vector<std::vector<int>> scratch(pool.getNumThreads());
    pool.parallelFor(numBlocks, [&](int block, int thread) {
        buildBlock(block, periodic, box, listCutoff2, exclusions, scratch[thread]);
    });
}

long long CpuNeighborList::getNumEntries() const {
    long long total = 0;
    for (const auto& b : _blocks)
        total += static_cast<long long>(b.neighbors.size());
    return total;
}

} // namespace OpenMM
