// XyzWriter: trajectory in extended XYZ (OVITO and ParaView read it): one frame per write
// frequency with every LJ centre and charge in the space frame, box in the Lattice field.
#pragma once

#include "io/AtomicFile.h"
#include "io/OutputPlugin.h"

#include <memory>
#include <string>

namespace mardyn {

class XyzWriter : public OutputPlugin {
 public:
  XyzWriter(std::string file, unsigned long writeFrequency);
  std::string name() const override { return "XyzWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// Appends one frame to `out`.
  static void writeFrame(std::ostream& out, unsigned long step, double time, const SimulationConfig& config,
                         const std::vector<Molecule>& molecules);

 private:
  std::string _file;
  unsigned long _writeFrequency;
  std::unique_ptr<AtomicFile> _out;  ///< frames stream into a temporary file, renamed at finish()
};

}  // namespace mardyn
