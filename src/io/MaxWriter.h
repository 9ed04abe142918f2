// MaxWriter: ls1-mardyn's MaxWriter: the largest speed, angular momentum, force and torque and the extreme
// components of each, per component and over all molecules, since the last row; one row every writefrequency
// steps in four files (<prefix>_max_veloc.dat, _max_angmo.dat, _max_force.dat, _max_torqe.dat).
#pragma once

#include "config/XmlInput.h"
#include "io/OutputPlugin.h"
#include "io/StreamingFile.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace mardyn {

class MaxWriter : public OutputPlugin {
 public:
  MaxWriter(std::string prefix, unsigned long writeFrequency, std::size_t components);
  std::string name() const override { return "MaxWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long, double, const SimulationView&) override;

  /// Per component slot (0: all) and quantity (v, L, F, M): |Q|^2, max Q_x, Q_y, Q_z, min Q_x, Q_y, Q_z, starting
  /// from 0 (as ls1); folds one molecule in.
  static void fold(std::vector<double>& values, const Molecule& m);
  static constexpr int kPerQuantity = 7;
  static constexpr int kQuantities = 4;

 private:
  std::string _prefix;
  unsigned long _writeFrequency;
  std::size_t _slots;
  std::vector<double> _values;
  std::array<std::unique_ptr<StreamingFile>, 4> _out;
};

}  // namespace mardyn
