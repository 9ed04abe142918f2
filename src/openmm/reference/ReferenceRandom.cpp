// ReferenceRandom: Mersenne Twister with normal and uniform distributions; the first explicit seed
// fixes the sequence, so one Context gives one reproducible stream.
#include "ReferenceRandom.h"

#include "openmm/OpenMMException.h"

#include <istream>
#include <ostream>
#include <sstream>

namespace OpenMM {

ReferenceRandom::ReferenceRandom() : _engine(std::random_device()()) {}

void ReferenceRandom::initialize(int seed) {
  if (_seeded)
    return;
  _engine.seed(seed != 0 ? static_cast<std::uint64_t>(static_cast<std::uint32_t>(seed))
                         : static_cast<std::uint64_t>(std::random_device()()));
  _normal.reset();
  _seeded = true;
}

double ReferenceRandom::gaussian() { return _normal(_engine); }

double ReferenceRandom::uniform() { return _uniform(_engine); }

void ReferenceRandom::save(std::ostream& stream) const {
  std::ostringstream text;
  text << _engine << ' ' << _normal << ' ' << (_seeded ? 1 : 0);
  std::string data = text.str();
  std::uint64_t size = data.size();
  stream.write(reinterpret_cast<const char*>(&size), sizeof(size));
  stream.write(data.data(), static_cast<std::streamsize>(size));
}

void ReferenceRandom::load(std::istream& stream) {
  std::uint64_t size = 0;
  stream.read(reinterpret_cast<char*>(&size), sizeof(size));
  if (!stream || size > (1u << 24))
    throw OpenMMException("Context::loadCheckpoint: corrupt random-number state in checkpoint");
  std::string data(size, ' ');
  stream.read(&data[0], static_cast<std::streamsize>(size));
  std::istringstream text(data);
  int seeded = 0;
  text >> _engine >> _normal >> seeded;
  if (!text)
    throw OpenMMException("Context::loadCheckpoint: corrupt random-number state in checkpoint");
  _seeded = seeded != 0;
}

} // namespace OpenMM
