// ParallelInputTest: the phase space read by rank 0 alone and sent to every process gives the same
// molecules and per-step values as the serial run; a broken .inp that only rank 0 reads makes every
// process throw InputError (rank 0 with the problem) instead of waiting forever; a checkpoint's
// restart point (step, saved plugin states) reaches every process.
#include "Simulation.h"
#include "ConfigurationReader.h"
#include "io/XmlConfigReader.h"
#include "parallel/DomainDecompMPI.h"
#include "parallel/DomainDecompSequential.h"
#include "parallel/ParallelEnvironment.h"
#include "parallel/ParallelInput.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <unistd.h>

using namespace mardyn;

class ParallelInputTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ParallelInputTest);
  CPPUNIT_TEST(moleculesFromRankZeroMatchSerialRun);
  CPPUNIT_TEST(truncatedInpFailsOnEveryRank);
  CPPUNIT_TEST(restartPointReachesEveryRank);
  CPPUNIT_TEST_SUITE_END();

 public:
  static std::filesystem::path sourceDir() {
    const char* dir = std::getenv("MARDYN_SOURCE_DIR");
    return dir ? dir : ".";  // ctest sets it; by hand, run from the source root
  }
  static std::string restartConfig() { return (sourceDir() / "input/lj-restart/config.xml").string(); }

  struct Trace {
    std::vector<double> t, u, p;
  };
  static Trace run(const SimulationConfig& cfg, std::unique_ptr<DomainDecompBase> decomp, unsigned long steps) {
    Simulation sim(cfg, std::move(decomp));
    sim.prepare();
    Trace tr;
    auto record = [&] {
      tr.t.push_back(sim.globals().temperature);
      tr.u.push_back(sim.globals().uPot);
      tr.p.push_back(sim.globals().pressure);
    };
    record();
    for (unsigned long s = 0; s < steps; ++s) {
      sim.step();
      record();
    }
    return tr;
  }

  void moleculesFromRankZeroMatchSerialRun() {
    const SimulationConfig shared = ParallelInput::read(restartConfig(), ConfigurationReader::readers());
    const SimulationConfig own = ConfigurationReader::read(restartConfig());  // reference: this rank reads all
    CPPUNIT_ASSERT(own.molecules.size() == 256);
    XmlConfigReader::Options xmlOnly;
    xmlOnly.readPhaseSpace = false;  // what the other ranks read themselves: no molecules, the XML's time
    const SimulationConfig skipped = ConfigurationReader::read(restartConfig(), xmlOnly);
    CPPUNIT_ASSERT(skipped.molecules.empty());
    CPPUNIT_ASSERT_EQUAL(10.0, skipped.currentTime);
    CPPUNIT_ASSERT(own.currentTime != 10.0);  // the .inp header's 10.000000000000163
    CPPUNIT_ASSERT_EQUAL(own.molecules.size(), shared.molecules.size());
    CPPUNIT_ASSERT_EQUAL(own.currentTime, shared.currentTime);
    for (std::size_t i = 0; i < own.molecules.size(); ++i) {
      const MoleculeRecord &a = own.molecules[i], &b = shared.molecules[i];
      CPPUNIT_ASSERT(a.id == b.id && a.component == b.component);
      for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(a.r[d] == b.r[d] && a.v[d] == b.v[d] && a.L[d] == b.L[d]);
    }
    // Box 6.72, cutoff 2.5: at most 2 processes along each direction.
    const int np = ParallelEnvironment::size();
    std::array<int, 3> grid{0, 0, 0};
    if (np == 4) grid = {1, 2, 2};
    if (np > 8 || np == 3) return;
    const unsigned long steps = 30;
    const Trace serial = run(own, std::make_unique<DomainDecompSequential>(), steps);
    const Trace par = run(shared, np == 1 ? std::unique_ptr<DomainDecompBase>(std::make_unique<DomainDecompSequential>())
                                          : std::make_unique<DomainDecompMPI>(grid),
                          steps);
    double dev = 0.0;
    for (std::size_t i = 0; i <= steps; ++i)
      dev = std::max({dev, std::abs(par.t[i] - serial.t[i]) / std::abs(serial.t[i]),
                      std::abs(par.u[i] - serial.u[i]) / std::abs(serial.u[i]),
                      std::abs(par.p[i] - serial.p[i]) / std::abs(serial.p[i])});
    if (ParallelEnvironment::rank() == 0)
      std::cout << "\n  LJ restart, phase space from rank 0 on " << np << " process(es): max rel. dev. of T, U_pot, p"
                << " over " << steps << " steps = " << dev;
    CPPUNIT_ASSERT(dev <= 1e-10);
  }

  void truncatedInpFailsOnEveryRank() {
    // One directory for every rank, named by rank 0; rank 0 writes the broken input.
    long id = static_cast<long>(getpid());
    MPI_Bcast(&id, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    const auto dir = std::filesystem::temp_directory_path() / ("mardyn-parallel-input-" + std::to_string(id));
    const auto src = sourceDir() / "input/lj-restart";
    if (ParallelEnvironment::rank() == 0) {
      std::filesystem::create_directories(dir);
      std::filesystem::copy_file(src / "config.xml", dir / "config.xml", std::filesystem::copy_options::overwrite_existing);
      std::filesystem::copy_file(src / "components.xml", dir / "components.xml",
                                 std::filesystem::copy_options::overwrite_existing);
      std::ifstream in(src / "lj-liquid-256.inp");
      std::ofstream out(dir / "lj-liquid-256.inp");
      std::string line;
      for (int n = 0; n < 100 && std::getline(in, line); ++n) out << line << "\n";  // 256 molecules announced
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int threw = 0;
    std::string message;
    try {
      ParallelInput::read((dir / "config.xml").string(), ConfigurationReader::readers());
    } catch (const InputError& e) {
      threw = 1;
      message = e.what();
    }
    int everyRankThrew = 0;
    MPI_Allreduce(&threw, &everyRankThrew, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (ParallelEnvironment::rank() == 0) {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
      std::cout << "\n  truncated .inp on " << ParallelEnvironment::size() << " process(es), rank 0 reports: " << message;
      CPPUNIT_ASSERT(message.find("lj-liquid-256.inp") != std::string::npos);
    }
    CPPUNIT_ASSERT(everyRankThrew == 1);
  }

  /// A checkpoint's step and saved plugin states, read by rank 0 alone, reach every process.
  void restartPointReachesEveryRank() {
    long id = static_cast<long>(getpid());
    MPI_Bcast(&id, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    const auto dir = std::filesystem::temp_directory_path() / ("mardyn-parallel-restart-" + std::to_string(id));
    const auto src = sourceDir() / "input/lj-restart";
    if (ParallelEnvironment::rank() == 0) {
      std::filesystem::create_directories(dir);
      for (const char* f : {"config.xml", "components.xml"})
        std::filesystem::copy_file(src / f, dir / f, std::filesystem::copy_options::overwrite_existing);
      std::ifstream in(src / "lj-liquid-256.inp");
      std::ofstream out(dir / "lj-liquid-256.inp");
      std::string line;
      for (int n = 0; std::getline(in, line); ++n) {
        out << line << "\n";
        if (n == 0) out << "# mardyn-step 2000\n# mardyn-state ResultWriter 1 2 3\n# mardyn-state Other x y\n";
      }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    SimulationConfig c;
    int ok = 0;
    try {
      c = ParallelInput::read((dir / "config.xml").string(), ConfigurationReader::readers());
      ok = c.restart.active && c.restart.step == 2000 && c.restart.pluginStates.size() == 2 &&
           c.restart.pluginStates[0].first == "ResultWriter" && c.restart.pluginStates[0].second == "1 2 3" &&
           c.restart.pluginStates[1].second == "x y" && c.restart.file == (dir / "lj-liquid-256.inp").string() &&
           c.molecules.size() == 256;
    } catch (const std::exception& e) {
      std::cout << "\n  rank " << ParallelEnvironment::rank() << ": " << e.what();
    }
    int everyRank = 0;
    MPI_Allreduce(&ok, &everyRank, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (ParallelEnvironment::rank() == 0) {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
    CPPUNIT_ASSERT(everyRank == 1);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ParallelInputTest);
