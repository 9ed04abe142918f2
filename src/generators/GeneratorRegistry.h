// GeneratorRegistry: the one table of phase-space generators by name (ls1's <generator name="...">), which
// the XML reader walks; adding a generator is one entry in GeneratorRegistry.cpp.
#pragma once

#include "config/ElementReaders.h"

namespace mardyn {

class GeneratorRegistry {
 public:
  /// Appends one reader per generator name (compared without case) to readers.generators.
  static void addReaders(ElementReaders& readers);
};

}  // namespace mardyn
