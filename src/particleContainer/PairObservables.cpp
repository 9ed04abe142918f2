// PairObservables: a cell list of its own over the owned molecules and their partners, then every owned
// molecule's pairs within the cutoff through MoleculePairInteraction::siteForces.
#include "particleContainer/PairObservables.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

void PairObservables::forEachNeighbour(const std::vector<const Molecule*>& owned,
                                       const std::vector<const Molecule*>& others, double rc,
                                       const std::function<void(std::size_t, const Molecule&, const Vec3&)>& f,
                                       bool threads) {
  if (owned.empty()) return;
  std::vector<const Molecule*> all(owned);
  all.insert(all.end(), others.begin(), others.end());
  Vec3 lo = all.front()->r(), hi = lo;
  for (const Molecule* m : all)
    for (int d = 0; d < 3; ++d) {
      lo[d] = std::min(lo[d], m->r()[d]);
      hi[d] = std::max(hi[d], m->r()[d]);
    }
  long n[3];
  for (int d = 0; d < 3; ++d) n[d] = std::max(1L, static_cast<long>(std::floor((hi[d] - lo[d]) / rc)) + 1);
  auto cellOf = [&](const Vec3& r, int d) {
    return std::min(n[d] - 1, static_cast<long>(std::floor((r[d] - lo[d]) / rc)));
  };
  std::vector<std::size_t> start(static_cast<std::size_t>(n[0] * n[1] * n[2]) + 1, 0);
  std::vector<std::size_t> cell(all.size());
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Vec3& r = all[k]->r();
    cell[k] = static_cast<std::size_t>(cellOf(r, 0) + n[0] * (cellOf(r, 1) + n[1] * cellOf(r, 2)));
    ++start[cell[k] + 1];
  }
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<std::size_t> order(all.size()), fill(start.begin(), start.end() - 1);
  for (std::size_t k = 0; k < all.size(); ++k) order[fill[cell[k]]++] = k;
  // The positions in cell order, side by side: the scan below reads them, not the molecules.
  std::vector<Vec3> sorted(all.size());
  for (std::size_t p = 0; p < all.size(); ++p) sorted[p] = all[order[p]]->r();
  const double rc2 = rc * rc;
#pragma omp parallel for schedule(dynamic, 32) if (threads)
  for (long i = 0; i < static_cast<long>(owned.size()); ++i) {
    const Vec3 ri = owned[static_cast<std::size_t>(i)]->r();
    const long cx = cellOf(ri, 0), cy = cellOf(ri, 1), cz = cellOf(ri, 2);
    for (long z = std::max(0L, cz - 1); z <= std::min(n[2] - 1, cz + 1); ++z)
      for (long y = std::max(0L, cy - 1); y <= std::min(n[1] - 1, cy + 1); ++y)
        for (long x = std::max(0L, cx - 1); x <= std::min(n[0] - 1, cx + 1); ++x) {
          const std::size_t c = static_cast<std::size_t>(x + n[0] * (y + n[1] * z));
          for (std::size_t p = start[c]; p < start[c + 1]; ++p) {
            const Vec3 dcom = ri - sorted[p];
            if (norm2(dcom) < rc2 && order[p] != static_cast<std::size_t>(i))
              f(static_cast<std::size_t>(i), *all[order[p]], dcom);
          }
        }
  }
}

void PairObservables::forEachPairOnce(const std::vector<const Molecule*>& owned,
                                      const std::vector<const Molecule*>& others, double rc,
                                      const std::function<void(const Molecule&, const Molecule&, const Vec3&)>& f) {
  if (owned.empty()) return;
  std::vector<const Molecule*> all(owned);
  all.insert(all.end(), others.begin(), others.end());
  Vec3 lo = all.front()->r(), hi = lo;
  for (const Molecule* m : all)
    for (int d = 0; d < 3; ++d) {
      lo[d] = std::min(lo[d], m->r()[d]);
      hi[d] = std::max(hi[d], m->r()[d]);
    }
  long n[3];
  for (int d = 0; d < 3; ++d) n[d] = std::max(1L, static_cast<long>(std::floor((hi[d] - lo[d]) / rc)) + 1);
  auto cellOf = [&](const Vec3& r, int d) {
    return std::min(n[d] - 1, static_cast<long>(std::floor((r[d] - lo[d]) / rc)));
  };
  const std::size_t cells = static_cast<std::size_t>(n[0] * n[1] * n[2]);
  std::vector<std::size_t> start(cells + 1, 0), cell(all.size());
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Vec3& r = all[k]->r();
    cell[k] = static_cast<std::size_t>(cellOf(r, 0) + n[0] * (cellOf(r, 1) + n[1] * cellOf(r, 2)));
    ++start[cell[k] + 1];
  }
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  // Cell by cell, side by side: positions, the molecule, whether it is owned; and per cell whether any is.
  std::vector<std::size_t> fill(start.begin(), start.end() - 1), order(all.size());
  for (std::size_t k = 0; k < all.size(); ++k) order[fill[cell[k]]++] = k;
  std::vector<double> x(all.size()), y(all.size()), z(all.size());
  std::vector<char> isOwned(all.size()), cellOwned(cells, 0);
  for (std::size_t p = 0; p < all.size(); ++p) {
    const Vec3& r = all[order[p]]->r();
    x[p] = r.x, y[p] = r.y, z[p] = r.z;
    isOwned[p] = order[p] < owned.size();
    if (isOwned[p]) cellOwned[cell[order[p]]] = 1;
  }
  const double rc2 = rc * rc;
  std::vector<double> d2;
  auto pairs = [&](std::size_t p, std::size_t from, std::size_t to) {  // p with every q in [from, to)
    if (from >= to) return;
    d2.resize(to - from);
    const double px = x[p], py = y[p], pz = z[p];
    for (std::size_t q = from; q < to; ++q) {
      const double dx = px - x[q], dy = py - y[q], dz = pz - z[q];
      d2[q - from] = dx * dx + dy * dy + dz * dz;
    }
    for (std::size_t q = from; q < to; ++q) {
      if (!(d2[q - from] < rc2) || !(isOwned[p] || isOwned[q])) continue;
      const Molecule& a = *all[order[p]];
      const Molecule& b = *all[order[q]];
      if (isOwned[p] && isOwned[q]) f(a, b, a.r() - b.r());
      else if (isOwned[p] ? a.id() < b.id() : b.id() < a.id()) {
        const Molecule& mine = isOwned[p] ? a : b;
        const Molecule& other = isOwned[p] ? b : a;
        f(mine, other, mine.r() - other.r());
      }
    }
  };
  for (long cz = 0; cz < n[2]; ++cz)
    for (long cy = 0; cy < n[1]; ++cy)
      for (long cx = 0; cx < n[0]; ++cx) {
        const std::size_t c = static_cast<std::size_t>(cx + n[0] * (cy + n[1] * cz));
        // the cell itself, then the 13 cells after it in z-major order: each pair of cells once
        for (std::size_t p = start[c]; p < start[c + 1]; ++p) pairs(p, p + 1, start[c + 1]);
        for (long dz = 0; dz <= 1; ++dz)
          for (long dy = dz ? -1 : 0; dy <= 1; ++dy)
            for (long dx = (dz || dy) ? -1 : 1; dx <= 1; ++dx) {
              const long ox = cx + dx, oy = cy + dy, oz = cz + dz;
              if (ox < 0 || oy < 0 || ox >= n[0] || oy >= n[1] || oz >= n[2]) continue;
              const std::size_t o = static_cast<std::size_t>(ox + n[0] * (oy + n[1] * oz));
              if (!cellOwned[c] && !cellOwned[o]) continue;  // halo copies only: no pair counts here
              for (std::size_t p = start[c]; p < start[c + 1]; ++p) pairs(p, start[o], start[o + 1]);
            }
      }
}

PairObservables::Result PairObservables::compute(const std::vector<const Molecule*>& owned,
                                                 const std::vector<const Molecule*>& others, bool sites) const {
  Result out;
  out.virial.assign(owned.size(), Vec3());
  out.siteStart.assign(owned.size() + 1, 0);
  for (std::size_t i = 0; i < owned.size(); ++i)
    out.siteStart[i + 1] = out.siteStart[i] + (sites ? owned[i]->component().numSites() : 0);
  out.siteForces.assign(out.siteStart.back(), Vec3());
  forEachNeighbour(owned, others, _params.cutoff(), [&](std::size_t i, const Molecule& partner, const Vec3& dcom) {
    Vec3 f;
    _pair.siteForces(*owned[i], partner, dcom, sites ? &out.siteForces[out.siteStart[i]] : nullptr, f);
    out.virial[i] += Vec3{0.5 * dcom.x * f.x, 0.5 * dcom.y * f.y, 0.5 * dcom.z * f.z};
  });
  return out;
}

std::vector<Molecule> PairObservables::periodicImages(const std::vector<Molecule>& molecules, const Vec3& box,
                                                      double width) {
  std::vector<Molecule> images;
  for (const Molecule& m : molecules)
    for (int sx = -1; sx <= 1; ++sx)
      for (int sy = -1; sy <= 1; ++sy)
        for (int sz = -1; sz <= 1; ++sz) {
          if (sx == 0 && sy == 0 && sz == 0) continue;
          const int s[3] = {sx, sy, sz};
          bool near = true;
          for (int d = 0; d < 3 && near; ++d) {
            if (s[d] < 0) near = m.r()[d] >= box[d] - width;  // image below the lower face
            if (s[d] > 0) near = m.r()[d] < width;            // image above the upper face
          }
          if (!near) continue;
          Molecule image = m;
          image.setR(m.r() + Vec3{sx * box.x, sy * box.y, sz * box.z});
          images.push_back(image);
        }
  return images;
}

}  // namespace mardyn
