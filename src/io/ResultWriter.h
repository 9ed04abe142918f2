// ResultWriter: ls1-mardyn's .res file, one row per write frequency with the columns
// step time U_pot U_pot_avg U_kin U_kin_avg p p_avg beta_trans beta_rot c_v N.
#pragma once

#include "io/OutputPlugin.h"
#include "io/StreamingFile.h"

#include <deque>
#include <memory>
#include <optional>
#include <string>

namespace mardyn {

class ResultWriter : public OutputPlugin {
 public:
  /// `file`: path of the .res file; averages run over the last `window` steps (ls1's
  /// accumulation_steps, default 1000); c_v accumulates from step `statisticsStart` on.
  ResultWriter(std::string file, unsigned long writeFrequency, std::size_t window = 1000, int precision = 5,
               unsigned long statisticsStart = 0);
  std::string name() const override { return "ResultWriter"; }
  /// A fresh run starts the file with its header; a restart keeps the file's rows up to its start
  /// step and appends after them.
  void init(const SimulationView& sim) override;
  /// Adds the step's values to the averages and writes (and flushes) its row.
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;
  /// The running-average windows, the c_v sums and the last step they include, at full precision.
  std::string saveState() const override;
  void restoreState(const std::string& state) override;

  /// ls1's heat capacity per molecule: 1.5 + rotDOF/(2N) + var(U_pot)/(N T^2).
  double heatCapacity(const GlobalValues& g) const;

 private:
  struct Window {
    std::deque<double> values;
    double sum = 0.0;
    void add(double v, std::size_t max);
    double average() const { return values.empty() ? 0.0 : sum / values.size(); }
  };
  void write(const std::string& text);
  std::string _file;
  unsigned long _writeFrequency;
  std::size_t _window;
  int _precision;
  unsigned long _statisticsStart;
  Window _upot, _ukin, _p;
  double _sumU = 0.0, _sumUU = 0.0;
  unsigned long _countU = 0;
  std::optional<unsigned long> _lastStep;  ///< last step in the averages (restored or accumulated)
  bool _restored = false;
  std::optional<unsigned long> _skipRow;   ///< a restart's start step whose row the file keeps
  std::unique_ptr<StreamingFile> _out;
};

}  // namespace mardyn
