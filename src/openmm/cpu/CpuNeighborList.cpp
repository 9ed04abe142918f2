// Implementation of the CPU platform's neighbour list: counting sort into a cell grid, then for each block
// of sorted particles a scan of the 27 (or fewer) surrounding cells with minimum-image distances.
#include "CpuNeighborList.h"

#include "CpuThreadPool.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace OpenMM {

void CpuNeighborList::setUpGrid(const double* positions, int n, bool periodic, const double box[3],
                                double listCutoff) {
    double origin[3] = {0, 0, 0};
    double extent[3];
    if (periodic) {
        for (int d = 0; d < 3; d++) {
            extent[d] = box[d];
            const int cells = std::isfinite(listCutoff) ? static_cast<int>(std::floor(box[d] / listCutoff)) : 1;
            // With fewer than three cells the stencil would visit a cell twice; one cell is always correct.
            _numCells[d] = cells >= 3 ? std::min(cells, 1024) : 1;
        }
    } else {
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
        long long total = 1;
        for (int d = 0; d < 3; d++) {
            origin[d] = n > 0 ? lo[d] : 0.0;
            extent[d] = n > 0 ? std::max(hi[d] - lo[d], 1e-6) : 1.0;
            const double cells = std::isfinite(listCutoff) ? std::floor(extent[d] / listCutoff) : 1.0;
            _numCells[d] = static_cast<int>(std::clamp(cells, 1.0, 1024.0));
            total *= _numCells[d];
        }
        // Never more cells than particles: a sparse system would spend its time on empty cells.
        while (total > std::max(n, 1)) {
            int largest = 0;
            for (int d = 1; d < 3; d++)
                if (_numCells[d] > _numCells[largest])
                    largest = d;
            _numCells[largest] = std::max(1, _numCells[largest] / 2);
            total = static_cast<long long>(_numCells[0]) * _numCells[1] * _numCells[2];
        }
    }
    const int totalCells = _numCells[0] * _numCells[1] * _numCells[2];
    std::vector<int> cellOf(n);
    std::vector<int> count(totalCells + 1, 0);
    for (int i = 0; i < n; i++) {
        int c[3];
        for (int d = 0; d < 3; d++) {
            double f = (positions[3 * i + d] - origin[d]) / extent[d];
            if (periodic)
                f -= std::floor(f);
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
    _sortedXyz.assign(3 * static_cast<size_t>(n), 0.0);
    for (int i = 0; i < n; i++) {
        const int s = count[cellOf[i]]++;
        _order[s] = i;
        _cellOfSorted[s] = cellOf[i];
        for (int d = 0; d < 3; d++)
            _sortedXyz[3 * s + d] = positions[3 * i + d];
    }
}

void CpuNeighborList::buildBlock(int block, bool periodic, const double box[3], double listCutoff2,
                                 const std::vector<std::vector<int>>& exclusions) {
    const int n = getNumParticles();
    const int first = block * blockSize;
    const int last = std::min(n, first + blockSize);
    Block& out = _blocks[block];
    out.neighbors.clear();
    out.offsets.assign(last - first + 1, 0);
    const double invBox[3] = {1.0 / box[0], 1.0 / box[1], 1.0 / box[2]};
    int range[3][3];
    int rangeCount[3];
    for (int i = first; i < last; i++) {
        const int cell = _cellOfSorted[i];
        const int c[3] = {cell % _numCells[0], (cell / _numCells[0]) % _numCells[1], cell / (_numCells[0] * _numCells[1])};
        for (int d = 0; d < 3; d++) {
            rangeCount[d] = 0;
            if (_numCells[d] == 1) {
                range[d][rangeCount[d]++] = 0;
                continue;
            }
            for (int o = -1; o <= 1; o++) {
                int v = c[d] + o;
                if (periodic)
                    v = (v + _numCells[d]) % _numCells[d];
                else if (v < 0 || v >= _numCells[d])
                    continue;
                range[d][rangeCount[d]++] = v;
            }
        }
        const double xi = _sortedXyz[3 * i], yi = _sortedXyz[3 * i + 1], zi = _sortedXyz[3 * i + 2];
        const std::vector<int>* excluded = exclusions.empty() ? nullptr : &exclusions[_order[i]];
        const size_t start = out.neighbors.size();
        for (int a = 0; a < rangeCount[2]; a++)
            for (int b = 0; b < rangeCount[1]; b++)
                for (int e = 0; e < rangeCount[0]; e++) {
                    const int other = (range[2][a] * _numCells[1] + range[1][b]) * _numCells[0] + range[0][e];
                    const int jEnd = _cellStart[other + 1];
                    for (int j = _cellStart[other]; j < jEnd; j++) {
                        double dx = _sortedXyz[3 * j] - xi;
                        double dy = _sortedXyz[3 * j + 1] - yi;
                        double dz = _sortedXyz[3 * j + 2] - zi;
                        if (periodic) {
                            dx -= box[0] * std::nearbyint(dx * invBox[0]);
                            dy -= box[1] * std::nearbyint(dy * invBox[1]);
                            dz -= box[2] * std::nearbyint(dz * invBox[2]);
                        }
                        const double r2 = dx * dx + dy * dy + dz * dz;
                        if (r2 < listCutoff2 && j != i)
                            out.neighbors.push_back(j);
                    }
                }
        if (excluded != nullptr && !excluded->empty()) {
            auto end = std::remove_if(out.neighbors.begin() + start, out.neighbors.end(), [&](int j) {
                return std::binary_search(excluded->begin(), excluded->end(), _order[j]);
            });
            out.neighbors.erase(end, out.neighbors.end());
        }
        while ((out.neighbors.size() - start) % padding != 0)
            out.neighbors.push_back(i);
        out.offsets[i - first + 1] = static_cast<int>(out.neighbors.size());
    }
}

void CpuNeighborList::build(const double* positions, int numParticles, bool periodic, const double box[3],
                            double listCutoff, const std::vector<std::vector<int>>& exclusions, CpuThreadPool& pool) {
    setUpGrid(positions, numParticles, periodic, box, listCutoff);
    const int numBlocks = (numParticles + blockSize - 1) / blockSize;
    _blocks.resize(numBlocks);
    const double listCutoff2 = std::isfinite(listCutoff) ? listCutoff * listCutoff : std::numeric_limits<double>::infinity();
    pool.parallelFor(numBlocks, [&](int block, int) { buildBlock(block, periodic, box, listCutoff2, exclusions); });
}

long long CpuNeighborList::getNumEntries() const {
    long long total = 0;
    for (const auto& b : _blocks)
        total += static_cast<long long>(b.neighbors.size());
    return total;
}

} // namespace OpenMM
