// The application's exception types: MardynException for every error below main(), InputError
// for a problem in the user's input, carrying where it is (file, line, element path).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace mardyn {

class MardynException : public std::runtime_error {
 public:
  explicit MardynException(const std::string& what) : std::runtime_error(what) {}
};

/// One problem found in an input file: where it is and what was expected there.
struct InputProblem {
  std::string file;     ///< path of the file as the user named it
  int line = 0;         ///< 1-based line, 0 if unknown
  std::string element;  ///< element path, e.g. /mardyn/simulation/integrator/timestep
  std::string message;  ///< what is wrong and what was expected

  std::string format() const {
    std::string s = file;
    if (line > 0) s += ":" + std::to_string(line);
    if (!element.empty()) s += ": " + element;
    return s + ": " + message;
  }
};

/// Thrown once input reading is over when any problem was collected; what() lists them all.
class InputError : public MardynException {
 public:
  explicit InputError(std::vector<InputProblem> problems)
      : MardynException(join(problems)), _problems(std::move(problems)) {}
  explicit InputError(InputProblem problem) : InputError(std::vector<InputProblem>{std::move(problem)}) {}
  const std::vector<InputProblem>& problems() const { return _problems; }

 private:
  static std::string join(const std::vector<InputProblem>& problems) {
    std::string s;
    for (const auto& p : problems) s += (s.empty() ? "" : "\n") + p.format();
    return s;
  }
  std::vector<InputProblem> _problems;
};

}  // namespace mardyn
