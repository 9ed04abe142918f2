// Version of the application, as printed by `mardyn --version` and in output headers.
#pragma once

#include <string>

namespace mardyn {
std::string versionString();
}
