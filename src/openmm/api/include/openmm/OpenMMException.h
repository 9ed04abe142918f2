// OpenMMException: the one exception type of the platform library. Messages name the class and the
// offending value, e.g. "HarmonicBondForce: Illegal particle index for a bond: 7".
#pragma once

#include <exception>
#include <string>

namespace OpenMM {

class OpenMMException : public std::exception {
public:
  explicit OpenMMException(const std::string& message) : _message(message) {}
  const char* what() const noexcept override { return _message.c_str(); }

private:
  std::string _message;
};

} // namespace OpenMM
