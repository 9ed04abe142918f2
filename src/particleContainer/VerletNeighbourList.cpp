// VerletNeighbourList: counting sort of the points into bins (inactive first), then for every active
// point one vectorised distance filter over the surrounding bins (contiguous ranges after the sort);
// bins before the point's own contribute only their inactive points.
#include "particleContainer/VerletNeighbourList.h"

#include "utils/MardynException.h"
#include "utils/Threads.h"

#include <algorithm>
#include <cmath>
#include <limits>

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

namespace mardyn {

namespace {

// Compiled for the baseline and for x86-64-v3 (AVX2, FMA); the loader picks what the CPU supports.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MARDYN_NEIGHBOUR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MARDYN_NEIGHBOUR_CLONES
#endif

/// Appends to out the indices j in [j0, j1) with |r_j - (xi, yi, zi)|^2 < range2; returns their number.
MARDYN_NEIGHBOUR_CLONES std::size_t filterRange(double xi, double yi, double zi, const double* x, const double* y,
                                                const double* z, std::size_t j0, std::size_t j1, double range2,
                                                double* d2, std::uint32_t* out) {
  const std::size_t len = j1 - j0;
  const double *xj = x + j0, *yj = y + j0, *zj = z + j0;
#pragma GCC ivdep
  for (std::size_t k = 0; k < len; ++k) {
    const double dx = xi - xj[k], dy = yi - yj[k], dz = zi - zj[k];
    d2[k] = dx * dx + dy * dy + dz * dz;
  }
  std::size_t count = 0;
  for (std::size_t k = 0; k < len; ++k) {
    out[count] = static_cast<std::uint32_t>(j0 + k);
    count += d2[k] < range2 ? 1 : 0;
  }
  return count;
}

#if defined(__GNUC__) && defined(__x86_64__)
/// The same with AVX2: four candidates at a time, the indices of those within range packed to the front
/// of a 4-lane integer vector by a byte shuffle chosen by the comparison mask; writes up to 3 entries
/// beyond the returned count.
__attribute__((target("avx2,popcnt"))) std::size_t filterRangeAvx2(double xi, double yi, double zi, const double* x,
                                                                    const double* y, const double* z, std::size_t j0,
                                                                    std::size_t j1, double range2, std::uint32_t* out) {
  struct PackTable {
    std::uint8_t ctrl[16][16];
    PackTable() {
      for (int m = 0; m < 16; ++m) {
        int n = 0;
        for (int lane = 0; lane < 4; ++lane)
          if (m & (1 << lane)) {
            for (int byte = 0; byte < 4; ++byte) ctrl[m][4 * n + byte] = static_cast<std::uint8_t>(4 * lane + byte);
            ++n;
          }
        for (int b = 4 * n; b < 16; ++b) ctrl[m][b] = 0x80;  // zero
      }
    }
  };
  static const PackTable table;
  const __m256d vx = _mm256_set1_pd(xi), vy = _mm256_set1_pd(yi), vz = _mm256_set1_pd(zi);
  const __m256d vr2 = _mm256_set1_pd(range2);
  const std::size_t len = j1 - j0;
  __m128i index = _mm_setr_epi32(static_cast<int>(j0), static_cast<int>(j0 + 1), static_cast<int>(j0 + 2),
                                 static_cast<int>(j0 + 3));
  const __m128i four = _mm_set1_epi32(4);
  std::size_t k = 0, count = 0;
  for (; k + 4 <= len; k += 4) {
    const __m256d dx = _mm256_sub_pd(vx, _mm256_loadu_pd(x + j0 + k));
    const __m256d dy = _mm256_sub_pd(vy, _mm256_loadu_pd(y + j0 + k));
    const __m256d dz = _mm256_sub_pd(vz, _mm256_loadu_pd(z + j0 + k));
    const __m256d d2 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)), _mm256_mul_pd(dz, dz));
    const int mask = _mm256_movemask_pd(_mm256_cmp_pd(d2, vr2, _CMP_LT_OQ));
    const __m128i ctrl = _mm_loadu_si128(reinterpret_cast<const __m128i*>(table.ctrl[mask]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + count), _mm_shuffle_epi8(index, ctrl));
    count += static_cast<std::size_t>(__builtin_popcount(static_cast<unsigned>(mask)));
    index = _mm_add_epi32(index, four);
  }
  for (; k < len; ++k) {
    const double dx = xi - x[j0 + k], dy = yi - y[j0 + k], dz = zi - z[j0 + k];
    out[count] = static_cast<std::uint32_t>(j0 + k);
    count += (dx * dx + dy * dy) + dz * dz < range2 ? 1 : 0;
  }
  return count;
}
#endif

/// The same with AVX-512: eight candidates at a time (the last ones through a masked load), the indices
/// within range compressed to the front of a register and stored whole; writes up to 15 entries beyond
/// the returned count.
__attribute__((target("avx512f,popcnt"))) std::size_t filterRangeAvx512(double xi, double yi, double zi,
                                                                         const double* x, const double* y,
                                                                         const double* z, std::size_t j0,
                                                                         std::size_t j1, double range2,
                                                                         std::uint32_t* out) {
  const __m512d vx = _mm512_set1_pd(xi), vy = _mm512_set1_pd(yi), vz = _mm512_set1_pd(zi);
  const __m512d vr2 = _mm512_set1_pd(range2);
  const std::size_t len = j1 - j0;
  __m512i index = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(j0)),
                                   _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  const __m512i eight = _mm512_set1_epi32(8);
  std::size_t count = 0;
  for (std::size_t k = 0; k < len; k += 8) {
    const __mmask8 load = len - k >= 8 ? static_cast<__mmask8>(0xff) : static_cast<__mmask8>((1u << (len - k)) - 1u);
    const __m512d dx = _mm512_sub_pd(vx, _mm512_maskz_loadu_pd(load, x + j0 + k));
    const __m512d dy = _mm512_sub_pd(vy, _mm512_maskz_loadu_pd(load, y + j0 + k));
    const __m512d dz = _mm512_sub_pd(vz, _mm512_maskz_loadu_pd(load, z + j0 + k));
    // The scalar and AVX2 filters' order of operations (no FMA): the same pairs on every CPU.
    const __m512d d2 = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(dx, dx), _mm512_mul_pd(dy, dy)), _mm512_mul_pd(dz, dz));
    const __mmask8 within = _mm512_mask_cmp_pd_mask(load, d2, vr2, _CMP_LT_OQ);
    _mm512_storeu_si512(out + count, _mm512_maskz_compress_epi32(static_cast<__mmask16>(within), index));
    count += static_cast<std::size_t>(__builtin_popcount(static_cast<unsigned>(within)));
    index = _mm512_add_epi32(index, eight);
  }
  return count;
}

/// filterRange with AVX-512 or AVX2 where the CPU has it; out needs room for 15 entries beyond the result.
std::size_t filter(double xi, double yi, double zi, const double* x, const double* y, const double* z, std::size_t j0,
                   std::size_t j1, double range2, double* d2, std::uint32_t* out) {
#if defined(__GNUC__) && defined(__x86_64__)
  static const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("popcnt");
  if (avx512) return filterRangeAvx512(xi, yi, zi, x, y, z, j0, j1, range2, out);
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
  if (avx2) return filterRangeAvx2(xi, yi, zi, x, y, z, j0, j1, range2, out);
#endif
  return filterRange(xi, yi, zi, x, y, z, j0, j1, range2, d2, out);
}

}  // namespace

std::vector<std::size_t> VerletNeighbourList::sortIntoBins(const std::vector<double>& x, const std::vector<double>& y,
                                                           const std::vector<double>& z,
                                                           const std::vector<std::uint8_t>& active, double range) {
  if (!(range > 0.0)) throw MardynException("VerletNeighbourList: range must be positive");
  const std::size_t n = x.size();
  if (y.size() != n || z.size() != n || active.size() != n)
    throw MardynException("VerletNeighbourList: coordinate and flag arrays differ in length");
  _range = range;
  const std::vector<double>* coords[3] = {&x, &y, &z};
  for (int d = 0; d < 3; ++d) {
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    for (double v : *coords[d]) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    if (n == 0) lo = hi = 0.0;
    const double extent = hi - lo;
    _bins[d] = std::max(1, static_cast<int>(std::min(std::floor(extent / range), 1024.0)));
    _binWidth[d] = std::max(extent / _bins[d], range);
    _origin[d] = lo;
  }
  const std::size_t numBins = static_cast<std::size_t>(_bins[0]) * _bins[1] * _bins[2];
  _start.assign(2 * numBins + 1, 0);
  _binOfPoint.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t c[3];
    const double r[3] = {x[i], y[i], z[i]};
    for (int d = 0; d < 3; ++d)
      c[d] = static_cast<std::size_t>(
          std::clamp(static_cast<int>((r[d] - _origin[d]) / _binWidth[d]), 0, _bins[d] - 1));
    const std::size_t key = 2 * (c[0] + _bins[0] * (c[1] + _bins[1] * c[2])) + (active[i] ? 1 : 0);
    _binOfPoint[i] = key;
    ++_start[key + 1];
  }
  for (std::size_t b = 0; b < 2 * numBins; ++b) _start[b + 1] += _start[b];
  std::vector<std::size_t> fill(_start.begin(), _start.end() - 1), order(n);
  for (std::size_t i = 0; i < n; ++i) order[fill[_binOfPoint[i]]++] = i;
  return order;
}

void VerletNeighbourList::build(const double* x, const double* y, const double* z,
                                const std::vector<std::uint8_t>& active) {
  const std::size_t n = active.size();
  if (_start.empty() || n != _start.back() || n > std::numeric_limits<std::uint32_t>::max())
    throw MardynException("VerletNeighbourList: build() needs the points of the last sortIntoBins()");
  const double range2 = _range * _range * (1.0 + 1e-12);  // pairs at the range, up to rounding, too
  _rowStart.assign(n + 1, 0);
  // Runs of bins with about equal numbers of points, one per thread; each lists its points' rows into
  // a buffer of its own (row ends relative to it), joined in bin order: the list is the same for any
  // number of threads.
  const std::size_t numBins = static_cast<std::size_t>(_bins[0]) * _bins[1] * _bins[2];
  const std::size_t runs = std::min<std::size_t>(static_cast<std::size_t>(std::max(1, maxThreads())),
                                                 std::max<std::size_t>(numBins, 1));
  std::vector<std::size_t> firstBin(runs + 1, numBins);
  firstBin[0] = 0;
  for (std::size_t r = 1; r < runs; ++r) {
    const std::size_t target = n * r / runs;
    std::size_t b = firstBin[r - 1];
    while (b < numBins && _start[2 * b] < target) ++b;
    firstBin[r] = b;
  }
  _chunks.resize(runs);
  const long count = static_cast<long>(runs);
#pragma omp parallel for schedule(static, 1) num_threads(static_cast<int>(runs)) if (runs > 1)
  for (long r = 0; r < count; ++r) buildBins(firstBin[r], firstBin[r + 1], x, y, z, range2, _chunks[r]);
  if (runs == 1) {
    _neighbours.swap(_chunks[0].neighbours);
    return;
  }
  std::vector<std::size_t> offset(runs + 1, 0);
  for (std::size_t r = 0; r < runs; ++r) offset[r + 1] = offset[r] + _chunks[r].neighbours.size();
  _neighbours.resize(offset[runs]);
#pragma omp parallel for schedule(static, 1) num_threads(static_cast<int>(runs))
  for (long r = 0; r < count; ++r) {
    const Chunk& chunk = _chunks[r];
    std::copy(chunk.neighbours.begin(), chunk.neighbours.end(), _neighbours.begin() + offset[r]);
    for (std::size_t i = _start[2 * firstBin[r]], end = _start[2 * firstBin[r + 1]]; i < end; ++i)
      _rowStart[i + 1] += offset[r];
  }
}

void VerletNeighbourList::buildBins(std::size_t firstBin, std::size_t endBin, const double* x, const double* y,
                                    const double* z, double range2, Chunk& chunk) {
  std::vector<std::uint32_t>& out = chunk.neighbours;
  const std::size_t expected = out.size();
  out.clear();
  out.reserve(expected + expected / 8);
  const int nx = _bins[0], ny = _bins[1], nz = _bins[2];
  for (std::size_t b = firstBin; b < endBin; ++b) {
    const int bx = static_cast<int>(b % nx), by = static_cast<int>((b / nx) % ny);
    const int bz = static_cast<int>(b / nx / ny);
    // Ranges of candidate points: bins before b give their inactive points only (an active one
    // lists the pair itself), bins after b everything (x neighbours adjacent: one range); of b's
    // own points the inactive ones and the active ones after i (added per i below).
    std::size_t ranges[18][2];  // 4 rows before x 3 bins, 2 in b's row, 4 rows after
    int numRanges = 0;
    const int x0 = std::max(bx - 1, 0), x1 = std::min(bx + 1, nx - 1);
    std::size_t ownEnd = 0;  // end of the points of b and of its +x neighbour
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy) {
        const int y2 = by + dy, z2 = bz + dz;
        if (y2 < 0 || z2 < 0 || y2 >= ny || z2 >= nz) continue;
        const std::size_t row = nx * (y2 + static_cast<std::size_t>(ny) * z2);
        if (dz < 0 || (dz == 0 && dy < 0)) {
          for (int x2 = x0; x2 <= x1; ++x2) {
            ranges[numRanges][0] = _start[2 * (row + x2)];
            ranges[numRanges++][1] = _start[2 * (row + x2) + 1];
          }
        } else if (dz == 0 && dy == 0) {
          if (bx > 0) {
            ranges[numRanges][0] = _start[2 * (b - 1)];
            ranges[numRanges++][1] = _start[2 * (b - 1) + 1];
          }
          ranges[numRanges][0] = _start[2 * b];
          ranges[numRanges++][1] = _start[2 * b + 1];
          ownEnd = _start[2 * (row + x1) + 2];
        } else {
          ranges[numRanges][0] = _start[2 * (row + x0)];
          ranges[numRanges++][1] = _start[2 * (row + x1) + 2];
        }
      }
    std::size_t total = ownEnd - _start[2 * b + 1];
    for (int r = 0; r < numRanges; ++r) total += ranges[r][1] - ranges[r][0];
    if (chunk.found.size() < total + 16) {
      chunk.dist2.resize(total + 16);
      chunk.found.resize(total + 16);  // the AVX-512 filter writes up to 15 entries ahead
    }
    for (std::size_t i = _start[2 * b]; i < _start[2 * b + 1]; ++i) _rowStart[i + 1] = out.size();
    for (std::size_t i = _start[2 * b + 1]; i < _start[2 * b + 2]; ++i) {  // the active points of b
      const double xi = x[i], yi = y[i], zi = z[i];
      std::size_t count = 0;
      for (int r = 0; r < numRanges; ++r)
        count += filter(xi, yi, zi, x, y, z, ranges[r][0], ranges[r][1], range2, chunk.dist2.data(),
                        chunk.found.data() + count);
      count += filter(xi, yi, zi, x, y, z, i + 1, ownEnd, range2, chunk.dist2.data(), chunk.found.data() + count);
      out.insert(out.end(), chunk.found.data(), chunk.found.data() + count);
      _rowStart[i + 1] = out.size();
    }
  }
}

}  // namespace mardyn
