// LinkCheckMain: the program of mardyn_link_check (cmake/MardynLinkCheck.cmake): linked with
// --no-as-needed against everything mardyn links; that it starts at all is half of the check.
#include "utils/Version.h"

#include <iostream>

int main() {
  std::cout << mardyn::versionString() << " starts without the CUDA driver library\n";
  return 0;
}
