// XyzWriter: extended XYZ frames: "N", then Lattice="..." Properties=species:S:1:pos:R:3:id:I:1 ...,
// then one line per site. Species: the component name, with the site index for multi-site components.
#include "io/XyzWriter.h"

#include "io/AtomicFile.h"
#include "io/XyzFileReader.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace mardyn {

XyzWriter::XyzWriter(std::string file, unsigned long writeFrequency)
    : _file(std::move(file)), _writeFrequency(writeFrequency ? writeFrequency : 1) {}

void XyzWriter::init(const SimulationView& sim) {
  if (sim.rank() == 0) openFile(sim.config());
  // Rank 0 alone read the file; whether the start step's frame is written again (a gather on every rank) is
  // its decision for all of them.
  const std::string skip = sim.fromRoot(_skipFrame ? std::to_string(*_skipFrame) : std::string());
  _skipFrame.reset();
  if (!skip.empty()) _skipFrame = std::stoul(skip);
}

void XyzWriter::openFile(const SimulationConfig& config) {
  const RestartPoint& restart = config.restart;
  const XyzFileReader::Content existing = restart.active ? XyzFileReader::read(_file) : XyzFileReader::Content();
  if (!existing.exists) {
    _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Truncate);
    return;
  }
  // Only frames of the checkpoint's own run chain are continued (frames written before chains name none).
  for (const auto& f : existing.frames)
    if (f.step && *f.step <= restart.step && f.chain != restart.chain)
      throw MardynException("'" + _file + "' holds frames of another run (line " + std::to_string(f.firstLine) + ": " +
                            (f.chain.empty() ? "no run chain" : "run chain " + f.chain) + "), and the checkpoint " +
                            restart.file + " continues " +
                            (restart.chain.empty() ? "a run that names no chain" : "run chain " + restart.chain) +
                            ": a restart appends only to the trajectory of its own chain (expected the output prefix "
                            "of the run that wrote the checkpoint, or a new prefix, -p, for a new trajectory)");
  // Frames after the start step were written after the checkpoint: this run writes them again.
  for (const auto& w : existing.warnings) std::cerr << "Warning: " << w << "\n";
  std::string kept;
  for (const auto& f : existing.frames) {
    if (!f.step || *f.step > restart.step) continue;
    kept += f.text;
    if (*f.step == restart.step) _skipFrame = restart.step;
  }
  AtomicFile::write(_file, kept);
  _out = std::make_unique<StreamingFile>(_file, StreamingFile::Mode::Append);
}

void XyzWriter::writeFrame(std::ostream& out, unsigned long step, double time, const SimulationConfig& config,
                           const std::vector<Molecule>& molecules) {
  std::size_t sites = 0;
  for (const auto& m : molecules) sites += m.component().ljCenters().size() + m.component().charges().size();
  char buf[512];
  out << sites << "\n";
  std::snprintf(buf, sizeof buf,
                "Lattice=\"%.10g 0 0 0 %.10g 0 0 0 %.10g\" Origin=\"0 0 0\" "
                "Properties=species:S:1:pos:R:3:molecule:I:1:component:I:1 Time=%.10g Step=%lu%s%s pbc=\"T T T\"\n",
                config.box.x, config.box.y, config.box.z, time, step, config.runChain.empty() ? "" : " Chain=",
                config.runChain.c_str());
  out << buf;
  for (const auto& m : molecules) {
    const Component& c = m.component();
    const bool single = c.ljCenters().size() + c.charges().size() == 1;
    unsigned k = 0;
    auto site = [&](const Vec3& body) {
      const Vec3 r = m.r() + m.siteOffset(body);
      const std::string species = single ? c.name() : c.name() + "_" + std::to_string(k);
      std::snprintf(buf, sizeof buf, " %.8g %.8g %.8g %lu %u\n", r.x, r.y, r.z, m.id(), c.id() + 1);
      out << species << buf;
      ++k;
    };
    for (const auto& s : c.ljCenters()) site(s.r);
    for (const auto& s : c.charges()) site(s.r);
  }
}

void XyzWriter::afterStep(unsigned long step, double time, const SimulationView& sim) {
  if (step % _writeFrequency != 0 || (_skipFrame && step == *_skipFrame)) return;
  std::vector<Molecule> mols = sim.gatherMolecules();
  if (sim.rank() != 0 || !_out) return;
  std::sort(mols.begin(), mols.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  std::ostringstream frame;
  writeFrame(frame, step, time, sim.config(), mols);
  _out->write(frame.str());
}

void XyzWriter::finish(unsigned long, double, const SimulationView&) { _out.reset(); }

}  // namespace mardyn
