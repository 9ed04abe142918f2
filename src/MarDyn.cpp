// main() of the mardyn command (placeholder until the command line lands).
#include <iostream>
int main() {
  std::cout << "mardyn " << MARDYN_VERSION << "\n";
  return 0;
}
