// RestartUnderMpiTest: a run under mpirun restarted from its own checkpoint with the same output prefix, as
// a batch job chain does. Rank 0 alone reads the trajectory and the .res it continues; whether it writes the
// start step's frame again (a gather on every rank) is its decision for all ranks, so the restart neither
// hangs (it used to: rank 0 skipped the gather that the other ranks entered) nor repeats a frame or a row.
#include "ConfigurationReader.h"
#include "Simulation.h"
#include "io/OutputPluginRegistry.h"
#include "io/ResultFileReader.h"
#include "io/XyzFileReader.h"
#include "parallel/ParallelEnvironment.h"
#include "parallel/ParallelInput.h"

#include <cppunit/extensions/HelperMacros.h>
#include <mpi.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

using namespace mardyn;

namespace {
std::filesystem::path sourceDir() {
  const char* dir = std::getenv("MARDYN_SOURCE_DIR");
  return dir ? dir : ".";
}

std::string readText(const std::filesystem::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// input/lj-restart (256 LJ atoms) with `phasespace` for its .inp and a trajectory every 5 steps, a row
/// every step and a checkpoint every 10 steps, up to step 20.
std::string configText(const std::string& phasespace) {
  std::string cfg = readText(sourceDir() / "input/lj-restart/config.xml");
  const auto p0 = cfg.find("<file type=\"ASCII\">"), p1 = cfg.find("</file>") + 7;
  cfg.replace(p0, p1 - p0, phasespace);
  const auto s0 = cfg.find("<steps>2000</steps>");
  cfg.replace(s0, 19, "<steps>20</steps>");
  const auto o0 = cfg.find("<output>"), o1 = cfg.find("</output>") + 9;
  return cfg.replace(o0, o1 - o0,
                     "<output><outputplugin name=\"ResultWriter\"><writefrequency>1</writefrequency></outputplugin>"
                     "<outputplugin name=\"XyzWriter\"><writefrequency>5</writefrequency></outputplugin>"
                     "<outputplugin name=\"CheckpointWriter\"><writefrequency>10</writefrequency></outputplugin>"
                     "</output>");
}

/// Reads `config` as main does (rank 0 reads the phase space) and runs it with its output plugins under `prefix`.
void runAsMain(const std::filesystem::path& config, const std::string& prefix) {
  SimulationConfig cfg = ParallelInput::read(config.string(), ConfigurationReader::readers());
  cfg.outputPrefix = prefix;
  cfg.quiet = true;
  cfg.finalCheckpoint = false;
  Simulation sim(std::move(cfg));
  std::ostringstream warnings, log;
  for (auto& plugin : OutputPluginRegistry::createAll(sim.config(), warnings)) sim.addOutputPlugin(std::move(plugin));
  sim.run(log);
}
}  // namespace

class RestartUnderMpiTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(RestartUnderMpiTest);
  CPPUNIT_TEST(restartWithTheSamePrefix);
  CPPUNIT_TEST_SUITE_END();

 public:
  void restartWithTheSamePrefix() {
    long id = static_cast<long>(getpid());
    MPI_Bcast(&id, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    const auto dir = std::filesystem::temp_directory_path() / ("mardyn-mpi-restart-" + std::to_string(id));
    const auto src = sourceDir() / "input/lj-restart";
    if (ParallelEnvironment::rank() == 0) {
      std::filesystem::create_directories(dir);
      for (const char* f : {"components.xml", "lj-liquid-256.inp"})
        std::filesystem::copy_file(src / f, dir / f, std::filesystem::copy_options::overwrite_existing);
      std::ofstream(dir / "first.xml") << configText("<file type=\"ASCII\">lj-liquid-256.inp</file>");
      std::ofstream(dir / "restart.xml") << configText("<file type=\"ASCII\">p-000000010.restart.dat</file>");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const std::string prefix = (dir / "p").string();
    runAsMain(dir / "first.xml", prefix);  // steps 0..20: frames 0, 5, 10, 15, 20
    MPI_Barrier(MPI_COMM_WORLD);
    // The trajectory holds the frame of step 10, the checkpoint's: the restart keeps it, writes 15 and 20 again.
    runAsMain(dir / "restart.xml", prefix);
    MPI_Barrier(MPI_COMM_WORLD);
    int ok = 1;
    if (ParallelEnvironment::rank() == 0) {
      std::vector<unsigned long> frames, rows;
      for (const auto& f : XyzFileReader::read(prefix + ".xyz").frames) frames.push_back(f.step.value_or(~0ul));
      for (const auto& r : ResultFileReader::rows(ResultFileReader::read(prefix + ".res"))) rows.push_back(r.step);
      std::vector<unsigned long> allSteps;
      for (unsigned long s = 0; s <= 20; ++s) allSteps.push_back(s);
      std::cout << "\n  restart on " << ParallelEnvironment::size() << " process(es): " << frames.size()
                << " frames, " << rows.size() << " rows";
      ok = frames == std::vector<unsigned long>{0, 5, 10, 15, 20} && rows == allSteps;
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CPPUNIT_ASSERT(ok == 1);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RestartUnderMpiTest);
