// ReferenceRandom: the one random-number generator of a Context on the Reference platform (and platforms
// derived from it). Seeded once (first non-zero seed wins), its state is saved in checkpoints.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <random>

namespace OpenMM {

class ReferenceRandom {
public:
  ReferenceRandom();
  /** Seeds the generator unless it was already seeded explicitly; seed 0 draws a seed from the OS. */
  void initialize(int seed);
  bool isSeeded() const { return _seeded; }
  /** Standard normal deviate. */
  double gaussian();
  /** Uniform deviate in [0, 1). */
  double uniform();
  void save(std::ostream& stream) const;
  void load(std::istream& stream);

private:
  std::mt19937_64 _engine;
  std::normal_distribution<double> _normal;
  std::uniform_real_distribution<double> _uniform;
  bool _seeded = false;
};

} // namespace OpenMM
