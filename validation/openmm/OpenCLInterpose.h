// OpenCLInterpose: what the LD_PRELOAD tools of this folder (OpenCLHostTimes.cpp, OpenCLTimeline.cpp) share: the
// OpenCL entry point that a wrapper of the same name forwards to.
#pragma once

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

/// The next definition of OpenCL entry point `name` after the preloaded tool's own; `tool` names the tool in the
/// message if there is none (a program without OpenCL cannot be interposed: the tool stops it).
template <class F>
F nextOpenCL(const char* tool, const char* name) {
  void* symbol = dlsym(RTLD_NEXT, name);
  if (!symbol) {
    // The ICD loader came in with a plugin opened with RTLD_LOCAL, out of the global scope's reach.
    for (const char* library : {"libOpenCL.so.1", "libOpenCL.so"})
      if (void* handle = dlopen(library, RTLD_NOW | RTLD_NOLOAD)) {
        symbol = dlsym(handle, name);
        if (symbol) break;
      }
  }
  if (!symbol) {
    std::fprintf(stderr, "%s: %s not found\n", tool, name);
    std::abort();
  }
  return reinterpret_cast<F>(symbol);
}
