// DomainTraverser: conflict-free launches of cell pairs over the linked-cell grid.
#include "gpu/DomainTraverser.h"

#include "utils/MardynException.h"

#include <cstdlib>

namespace mardyn::gpu {

DomainTraverser::DomainTraverser(compute::ComputeContext& context, const DeviceGrid& grid)
    : _context(context), _grid(grid) {}

void DomainTraverser::build(const std::array<int, 3>& dims, const std::vector<char>& isHalo,
                            const std::vector<std::array<int, 3>>& forwardOffsets,
                            std::vector<compute::mm_int2>& pairs, std::vector<Launch>& launches) {
  pairs.clear();
  launches.clear();
  const auto index = [&dims](int x, int y, int z) { return x + dims[0] * (y + dims[1] * z); };
  Launch intra;
  intra.label = "intra";
  for (int c = 0; c < dims[0] * dims[1] * dims[2]; ++c)
    if (!isHalo[c]) pairs.push_back({c, c});
  intra.count = static_cast<int>(pairs.size());
  if (intra.count > 0) launches.push_back(intra);

  for (const auto& d : forwardOffsets) {
    int axis = 0;
    for (int a = 1; a < 3; ++a)
      if (std::abs(d[a]) > std::abs(d[axis])) axis = a;
    if (d[axis] == 0) throw MardynException("DomainTraverser: zero neighbour offset");
    const int k = std::abs(d[axis]);
    // Layers along `axis` grouped in slabs of k = |d[axis]|: a pair links a slab to its neighbour
    // slab; taking the pairs whose first cell lies in an even (odd) slab, every cell is the first
    // cell of at most one pair or the second cell of at most one, never both.
    for (int parity = 0; parity < 2; ++parity) {
      Launch launch;
      launch.first = static_cast<int>(pairs.size());
      launch.label = "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + ") " +
                     (parity == 0 ? "even" : "odd");
      for (int z = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
          for (int x = 0; x < dims[0]; ++x) {
            const int c[3] = {x, y, z};
            const int n[3] = {x + d[0], y + d[1], z + d[2]};
            if (n[0] < 0 || n[1] < 0 || n[2] < 0 || n[0] >= dims[0] || n[1] >= dims[1] || n[2] >= dims[2]) continue;
            if ((c[axis] / k) % 2 != parity) continue;
            const int a = index(x, y, z), b = index(n[0], n[1], n[2]);
            if (isHalo[a] && isHalo[b]) continue;
            pairs.push_back({a, b});
          }
      launch.count = static_cast<int>(pairs.size()) - launch.first;
      if (launch.count > 0) launches.push_back(launch);
    }
  }
}

void DomainTraverser::uploadStaticData() {
  build(_grid.dims, _grid.isHalo, _grid.forwardOffsets, _hostPairs, _launches);
  if (_hostPairs.empty()) _hostPairs.push_back({0, 0});  // keeps the array non-empty; no launch uses it
  _pairs.initialize(_context, _hostPairs.size(), "cellPairs");
  _pairs.upload(_hostPairs);
}

}  // namespace mardyn::gpu
