// MaxWriter: ls1-mardyn's MaxWriter: the largest speed, angular momentum, force and torque and the extreme
// components of each, per component and over all molecules, since the last row; one row every writefrequency
// steps in four files (<prefix>_max_veloc.dat, _max_angmo.dat, _max_force.dat, _max_torqe.dat). The extremes are
// folded where the molecules live (MoleculeBinning: on the device under --gpu); only they cross at a row.
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

 private:
  std::string _prefix;
  unsigned long _writeFrequency;
  std::size_t _slots;
  int _extremes = -1;  ///< the handle of the extremes where the molecules live (MoleculeBinning)
  std::array<std::unique_ptr<StreamingFile>, 4> _out;
};

}  // namespace mardyn
