// RegionVdf: ls1's SampleRegion::sampleVDF and writeDataVDF: the class of |v| and of |v_d|, molecules beyond the
// largest class left out, counts by the signs of v_y and v_d (a y component only for like signs), slot 0 added
// to when it is sampled.
#include "io/RegionVdf.h"

#include "io/Ls1Format.h"

#include <cmath>
#include <sstream>

namespace mardyn {

namespace {
// The 12 histograms in ls1's file order; sign-split velocity components map onto them as ls1's _dataPtrs do.
enum Histogram { PjyAbs, PjyPvx, PjyPvy, PjyPvz, PjyNvx, PjyNvz, NjyAbs, NjyPvx, NjyPvz, NjyNvx, NjyNvy, NjyNvz };
// [dimension][2 * (v_y > 0) + (v_d > 0)] -> histogram, -1 where ls1 keeps none (impossible sign pairs of y)
const int kComponent[3][4] = {{NjyNvx, NjyPvx, PjyNvx, PjyPvx}, {NjyNvy, -1, -1, PjyPvy}, {NjyNvz, NjyPvz, PjyNvz, PjyPvz}};
const char* kNames[13] = {"_pjy_abs", "_pjy_pvx", "_pjy_pvy", "_pjy_pvz", "_pjy_nvx", "_pjy_nvz", "_njy_abs",
                          "_njy_pvx", "_njy_pvz", "_njy_nvx", "_njy_nvy", "_njy_nvz", "_classes"};
}  // namespace

RegionVdf::RegionVdf(const Settings& s, int id, double lowerY, double height) : _s(s), _id(id), _lowerY(lowerY) {
  _bins = s.byWidth ? static_cast<unsigned>(std::round(height / s.width)) : s.bins;
  if (_bins == 0) _bins = 1;
  _binWidth = height / static_cast<double>(_bins);
  _offset.assign(_s.classes.size(), 0);
  for (std::size_t c = 0; c < _s.classes.size(); ++c) {
    if (_s.classes[c].first == 0) continue;
    _offset[c] = _numVals;
    _numVals += static_cast<std::size_t>(_bins) * _s.classes[c].first;
  }
  _sums.assign(12 * _numVals, 0.0);
}

void RegionVdf::add(const Molecule& m) {
  const unsigned cid = _s.singleComponent ? 1u : m.componentId() + 1;
  if (cid >= _s.classes.size() || _s.classes[cid].first == 0) return;
  const unsigned classes = _s.classes[cid].first;
  const double width = _s.classes[cid].second / static_cast<double>(classes), invWidth = 1. / width;
  const double fb = std::floor((m.r().y - _lowerY) * (1. / _binWidth));
  if (!(fb >= 0.0) || fb > static_cast<double>(_bins - 1)) return;
  const std::size_t binOffset = static_cast<std::size_t>(fb) * classes;
  const std::size_t offset = _offset[cid] + binOffset;
  const Vec3& v = _s.force ? m.F() : m.v();
  const double absV = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  const double absClass = std::floor(absV * invWidth);
  unsigned idx[3];
  for (int d = 0; d < 3; ++d) {
    const double k = std::floor(std::fabs(v[d]) * invWidth);
    if (!(k <= classes - 1)) return;  // beyond the largest class
    idx[d] = static_cast<unsigned>(k);
  }
  const bool sum = _s.classes[0].first > 0;
  auto count = [&](int histogram, std::size_t at) { _sums[histogram * _numVals + at] += 1; };
  for (int d = 0; d < 3; ++d) {
    const int h = kComponent[d][2 * (v.y > 0.) + (v[d] > 0.)];
    if (h < 0) continue;
    count(h, offset + idx[d]);
    if (sum) count(h, binOffset + idx[d]);
  }
  if (!(absClass <= classes - 1)) return;
  const int h = v.y > 0. ? PjyAbs : NjyAbs;
  const std::size_t k = static_cast<std::size_t>(absClass);
  if (sum) count(h, binOffset + k);
  count(h, offset + k);
}

std::vector<std::pair<std::string, std::string>> RegionVdf::files(unsigned long step) const {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string prefix = _s.force ? "FDF" : "VDF";
  const std::string ts = "_TS" + Ls1Format::padded(step, 9) + ".dat";
  for (std::size_t c = 0; c < _s.classes.size(); ++c) {
    const unsigned classes = _s.classes[c].first;
    if (classes == 0) continue;
    const double width = _s.classes[c].second / static_cast<double>(classes);
    const std::string base = prefix + "_reg" + std::to_string(_id) + "_cid" + std::to_string(c);
    for (int h = 0; h < 12; ++h) {
      std::string data;
      const std::uint32_t meta[2] = {classes, _bins};
      data.append(reinterpret_cast<const char*>(meta), 8);
      for (std::size_t k = _offset[c]; k < _offset[c] + static_cast<std::size_t>(_bins) * classes; ++k) {
        const std::uint64_t n = static_cast<std::uint64_t>(_sums[h * _numVals + k]);
        data.append(reinterpret_cast<const char*>(&n), 8);
      }
      out.emplace_back(base + kNames[h] + ts, data);
    }
    std::ostringstream cl;
    cl << "            classes_cid" << c << "\n";
    for (unsigned k = 0; k < classes; ++k) cl << Ls1Format::sci(width * (k + 0.5)) << "\n";
    out.emplace_back(base + kNames[12] + ts, cl.str());
  }
  std::ostringstream coords;
  coords << "                  coords\n";
  for (unsigned b = 0; b < _bins; ++b) coords << Ls1Format::sci((b + 0.5) * _binWidth + _lowerY) << "\n";
  out.emplace_back("VDF_reg" + std::to_string(_id) + "_bin_coords" + ts, coords.str());
  return out;
}

}  // namespace mardyn
