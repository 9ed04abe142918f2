// XyzWriter: trajectory in extended XYZ (OVITO and ParaView read it): one frame per write
// frequency with every LJ centre and charge in the space frame, box in the Lattice field; each
// frame is flushed to the file as soon as it is written.
#pragma once

#include "io/OutputPlugin.h"
#include "io/StreamingFile.h"

#include <memory>
#include <optional>
#include <string>

namespace mardyn {

class XyzWriter : public OutputPlugin {
 public:
  XyzWriter(std::string file, unsigned long writeFrequency);
  std::string name() const override { return "XyzWriter"; }
  /// A fresh run starts the file; a restart keeps its complete frames up to its start step and
  /// appends after them (frames of the checkpoint's run chain only, else it throws MardynException).
  /// Collective: rank 0 tells every rank whether the start step's frame is written again.
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// Appends one frame to `out` (its comment line names the run chain, Chain=..., when the run has one).
  static void writeFrame(std::ostream& out, unsigned long step, double time, const SimulationConfig& config,
                         const std::vector<Molecule>& molecules);

 private:
  /// Rank 0's part of init(): opens the file, keeping a restart's earlier frames.
  void openFile(const SimulationConfig& config);
  std::string _file;
  unsigned long _writeFrequency;
  std::unique_ptr<StreamingFile> _out;  ///< each frame is written and flushed whole
  std::optional<unsigned long> _skipFrame;  ///< a restart's start step whose frame the file keeps
};

}  // namespace mardyn
