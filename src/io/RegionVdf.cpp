// RegionVdf: ls1's SampleRegion::writeDataVDF: the layout of the counts (MoleculeBinning's VDF request, counted by
// the shared vdfCounts: the class of |v| and of |v_d|, molecules beyond the largest class left out, counts by the
// signs of v_y and v_d, slot 0 added to when it is sampled) and ls1's files.
#include "io/RegionVdf.h"

#include "io/Ls1Format.h"

#include <cmath>
#include <cstdint>
#include <sstream>

namespace mardyn {

namespace {
// The 12 histograms in ls1's file order (vdfHistogram's numbering), then the classes' file.
const char* kNames[13] = {"_pjy_abs", "_pjy_pvx", "_pjy_pvy", "_pjy_pvz", "_pjy_nvx", "_pjy_nvz", "_njy_abs",
                          "_njy_pvx", "_njy_pvz", "_njy_nvx", "_njy_nvy", "_njy_nvz", "_classes"};
}  // namespace

RegionVdf::RegionVdf(const Settings& s, int id, double lowerY, double height) : _s(s), _id(id), _lowerY(lowerY) {
  _bins = s.byWidth ? static_cast<unsigned>(std::round(height / s.width)) : s.bins;
  if (_bins == 0) _bins = 1;
  _binWidth = height / static_cast<double>(_bins);
  const MoleculeBinning::VdfRequest r = request();
  _offset = MoleculeBinning::vdfOffsets(r);
  _numVals = MoleculeBinning::vdfValues(r);
  _sums.assign(12 * _numVals, 0.0);
}

MoleculeBinning::VdfRequest RegionVdf::request() const {
  MoleculeBinning::VdfRequest r;
  r.lowerY = _lowerY;
  r.binWidth = _binWidth;
  r.bins = _bins;
  r.force = _s.force;
  r.singleComponent = _s.singleComponent;
  r.classes = _s.classes;
  return r;
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
