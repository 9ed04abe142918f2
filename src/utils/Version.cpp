// Version of the application (set by CMake from the project version).
#include "utils/Version.h"

namespace mardyn {
std::string versionString() { return std::string("mardyn ") + MARDYN_VERSION; }
}  // namespace mardyn
