// ResultWriter: ls1-mardyn's .res file, one row per write frequency with the columns
// step time U_pot U_pot_avg U_kin U_kin_avg p p_avg beta_trans beta_rot c_v N.
#pragma once

#include "io/OutputPlugin.h"

#include <chrono>
#include <deque>
#include <string>

namespace mardyn {

class ResultWriter : public OutputPlugin {
 public:
  /// `file`: path of the .res file; averages run over the last `window` steps (ls1's
  /// accumulation_steps, default 1000); c_v accumulates from step `statisticsStart` on.
  ResultWriter(std::string file, unsigned long writeFrequency, std::size_t window = 1000, int precision = 5,
               unsigned long statisticsStart = 0);
  std::string name() const override { return "ResultWriter"; }
  void init(const SimulationView& sim) override;
  void afterStep(unsigned long step, double time, const SimulationView& sim) override;
  void finish(unsigned long step, double time, const SimulationView& sim) override;

  /// ls1's heat capacity per molecule: 1.5 + rotDOF/(2N) + var(U_pot)/(N T^2).
  double heatCapacity(const GlobalValues& g) const;

 private:
  struct Window {
    std::deque<double> values;
    double sum = 0.0;
    void add(double v, std::size_t max);
    double average() const { return values.empty() ? 0.0 : sum / values.size(); }
  };
  void flush();
  std::string _file;
  unsigned long _writeFrequency;
  std::size_t _window;
  int _precision;
  unsigned long _statisticsStart;
  Window _upot, _ukin, _p;
  double _sumU = 0.0, _sumUU = 0.0;
  unsigned long _countU = 0;
  std::string _content;
  std::chrono::steady_clock::time_point _lastFlush;
};

}  // namespace mardyn
